// RUN: %legato_opt %s --legato-exact-math-calls | FileCheck %s

// expm1 and log1p become libm calls (convert-math-to-llvm would lower them
// to exp(x) - 1 and log(1 + x)); every other math op is left for
// convert-math-to-llvm.
// CHECK-DAG: func.func private @expm1(f64) -> f64
// CHECK-DAG: func.func private @log1pf(f32) -> f32
// CHECK-LABEL: func.func @small_arguments
// CHECK: call @expm1(%{{.+}}) : (f64) -> f64
// CHECK: call @log1pf(%{{.+}}) : (f32) -> f32
// CHECK: math.tan %{{.+}} : f64
// CHECK: math.exp %{{.+}} : f64
// CHECK-NOT: math.expm1
// CHECK-NOT: math.log1p
func.func @small_arguments(%x: f64, %y: f32) -> (f64, f32, f64, f64) {
  %0 = math.expm1 %x : f64
  %1 = math.log1p %y : f32
  %2 = math.tan %x : f64
  %3 = math.exp %x : f64
  return %0, %1, %2, %3 : f64, f32, f64, f64
}
