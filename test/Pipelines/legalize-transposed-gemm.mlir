// RUN: %legato_opt %s --legato-optimize --legato-cpu-buffers | FileCheck %s
// RUN: %legato_opt %s --legato-optimize="gemm-transposed-operands=false" --legato-cpu-buffers="gemm-transposed-operands=false" | FileCheck %s --check-prefix=EXPLICIT

// Tests that a transposed GEMM operand reaches BLAS as a transposed view
// (a transpose flag) when the target's GEMM reads transposes, and as an
// explicit transpose kernel into a temporary when it does not.
// CHECK-LABEL: func @main
// CHECK-SAME: (%[[A:.+]]: memref<8x4xf64>, %[[B:.+]]: memref<8x5xf64>
// CHECK-NOT: linalg.generic
// CHECK-NOT: memref.alloc
// CHECK: %[[T:.+]] = memref.transpose %[[A]] (d0, d1) -> (d1, d0)
// CHECK: %[[C:.+]] = memref.cast %[[T]]
// CHECK: call @legato_gemm_f64(%[[C]]
// EXPLICIT-LABEL: func @main
// EXPLICIT: %[[ALLOC:.+]] = memref.alloc() {{.*}} : memref<4x8xf64>
// EXPLICIT: linalg.generic
// EXPLICIT: %[[C:.+]] = memref.cast %[[ALLOC]]
// EXPLICIT: call @legato_gemm_f64(%[[C]]
// EXPLICIT-NOT: memref.transpose
func.func @main(%a: tensor<8x4xf64>, %b: tensor<8x5xf64>) -> tensor<4x5xf64> {
  %t = legato.transpose %a, [1, 0] : tensor<8x4xf64> -> tensor<4x8xf64>
  %0 = legato.matmul %t, %b : tensor<4x8xf64>, tensor<8x5xf64> -> tensor<4x5xf64>
  return %0 : tensor<4x5xf64>
}
