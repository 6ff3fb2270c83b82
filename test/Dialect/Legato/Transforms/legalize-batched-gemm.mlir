// RUN: %legato_opt %s --legato-legalize="batched-gemm=false" | FileCheck %s
// RUN: %legato_opt %s --legato-legalize="batched-gemm=true" | FileCheck %s --check-prefix=BATCHED

// Tests that without batched GEMM, a batch of products whose right operand
// is shared (a broadcast matrix) is one GEMM on the reshaped left operand.
// CHECK-LABEL: func @shared_rhs
// CHECK-SAME: (%[[A:.+]]: tensor<3x4x5xf64>, %[[B:.+]]: tensor<5x6xf64>)
// CHECK: %[[R:.+]] = legato.reshape %[[A]] : tensor<3x4x5xf64> -> tensor<12x5xf64>
// CHECK: %[[P:.+]] = legato.matmul %[[R]], %{{.+}} : tensor<12x5xf64>, tensor<5x6xf64> -> tensor<12x6xf64>
// CHECK: legato.reshape %[[P]] : tensor<12x6xf64> -> tensor<3x4x6xf64>
// CHECK-NOT: legato.batch_matmul
// BATCHED-LABEL: func @shared_rhs
// BATCHED: legato.batch_matmul
func.func @shared_rhs(%a: tensor<3x4x5xf64>, %b: tensor<5x6xf64>) -> tensor<3x4x6xf64> {
  %bb = legato.broadcast %b : tensor<5x6xf64> -> tensor<3x5x6xf64>
  %0 = legato.batch_matmul %a, %bb : tensor<3x4x5xf64>, tensor<3x5x6xf64> -> tensor<3x4x6xf64>
  return %0 : tensor<3x4x6xf64>
}

// Tests that without batched GEMM, a general batch becomes one GEMM per
// batch on slices, concatenated.
// CHECK-LABEL: func @per_batch
// CHECK-SAME: (%[[A:.+]]: tensor<2x4x5xf64>, %[[B:.+]]: tensor<2x5x6xf64>)
// CHECK: legato.slice %[[A]]{{\[}}[0, 0, 0], [1, 1, 1]]
// CHECK: legato.slice %[[B]]{{\[}}[0, 0, 0], [1, 1, 1]]
// CHECK: %[[P0:.+]] = legato.matmul {{.+}} : tensor<4x5xf64>, tensor<5x6xf64> -> tensor<4x6xf64>
// CHECK: %[[R0:.+]] = legato.reshape %[[P0]] : tensor<4x6xf64> -> tensor<1x4x6xf64>
// CHECK: legato.slice %[[A]]{{\[}}[1, 0, 0], [1, 1, 1]]
// CHECK: legato.slice %[[B]]{{\[}}[1, 0, 0], [1, 1, 1]]
// CHECK: %[[P1:.+]] = legato.matmul {{.+}} : tensor<4x5xf64>, tensor<5x6xf64> -> tensor<4x6xf64>
// CHECK: %[[R1:.+]] = legato.reshape %[[P1]]
// CHECK: legato.concatenate %[[R0]], %[[R1]] along 0
// CHECK-NOT: legato.batch_matmul
func.func @per_batch(%a: tensor<2x4x5xf64>, %b: tensor<2x5x6xf64>) -> tensor<2x4x6xf64> {
  %0 = legato.batch_matmul %a, %b : tensor<2x4x5xf64>, tensor<2x5x6xf64> -> tensor<2x4x6xf64>
  return %0 : tensor<2x4x6xf64>
}
