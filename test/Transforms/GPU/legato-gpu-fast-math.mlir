// RUN: %legato_opt %s --pass-pipeline="builtin.module(gpu.module(legato-gpu-fast-math))" | FileCheck %s

// Tests that f32 divisions and math functions in kernels (scalars and
// vectors) get the `afn` flag, keeping flags they had; that f64 ops,
// multiplies and code outside gpu.module are left as they are.
// CHECK-LABEL: gpu.func @kernel
// CHECK: arith.divf %{{.*}}, %{{.*}} fastmath<afn> : f32
// CHECK: math.exp %{{.*}} fastmath<afn> : vector<4xf32>
// CHECK: math.sqrt %{{.*}} fastmath<contract,afn> : f32
// CHECK: math.log %{{.*}} : f64
// CHECK-NOT: fastmath
// CHECK: arith.divf %{{.*}}, %{{.*}} : f64
// CHECK: arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK-LABEL: func.func @host
// CHECK: arith.divf %{{.*}}, %{{.*}} : f32
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%x: f32, %y: f32, %v: vector<4xf32>, %d: f64) -> (f32, vector<4xf32>, f32, f64, f64, f32) {
      %q = arith.divf %x, %y : f32
      %e = math.exp %v : vector<4xf32>
      %r = math.sqrt %x fastmath<contract> : f32
      %l = math.log %d : f64
      %qd = arith.divf %d, %d : f64
      %m = arith.mulf %x, %y : f32
      gpu.return %q, %e, %r, %l, %qd, %m : f32, vector<4xf32>, f32, f64, f64, f32
    }
  }
  func.func @host(%a: f32) -> f32 {
    %q = arith.divf %a, %a : f32
    return %q : f32
  }
}
