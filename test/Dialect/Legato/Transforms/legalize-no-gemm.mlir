// RUN: %legato_opt %s --legato-legalize="gemm=false" | FileCheck %s
// RUN: %legato_opt %s --split-input-file --verify-diagnostics --legato-legalize="gemm=false reductions=false"

// Tests that without GEMM a product becomes a broadcast multiply and a sum
// over the contraction dim (which the target's kernels implement).
// CHECK-LABEL: func @matmul
// CHECK-SAME: (%[[A:.+]]: tensor<4x5xf64>, %[[B:.+]]: tensor<5x6xf64>)
// CHECK: %[[R:.+]] = legato.reshape %[[A]] : tensor<4x5xf64> -> tensor<4x5x1xf64>
// CHECK: %[[BA:.+]] = legato.broadcast %[[R]] : tensor<4x5x1xf64> -> tensor<4x5x6xf64>
// CHECK: %[[BB:.+]] = legato.broadcast %[[B]] : tensor<5x6xf64> -> tensor<4x5x6xf64>
// CHECK: %[[M:.+]] = legato.mul %[[BA]], %[[BB]]
// CHECK: legato.reduce sum %[[M]] over [1] : tensor<4x5x6xf64> -> tensor<4x6xf64>
// CHECK-NOT: legato.matmul
func.func @matmul(%a: tensor<4x5xf64>, %b: tensor<5x6xf64>) -> tensor<4x6xf64> {
  // expected-error @+1 {{'legato.matmul' op needs the 'gemm' capability, which the target lacks}}
  %0 = legato.matmul %a, %b : tensor<4x5xf64>, tensor<5x6xf64> -> tensor<4x6xf64>
  return %0 : tensor<4x6xf64>
}

// -----

// Tests that a reduction on a target without reduction kernels is an error
// naming the op and the capability.
func.func @sum(%a: tensor<4xf64>) -> tensor<f64> {
  // expected-error @+1 {{'legato.reduce' op needs the 'reductions' capability, which the target lacks}}
  %0 = legato.reduce sum %a over [0] : tensor<4xf64> -> tensor<f64>
  return %0 : tensor<f64>
}
