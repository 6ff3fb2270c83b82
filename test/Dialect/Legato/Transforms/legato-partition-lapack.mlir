// RUN: %legato_opt --split-input-file --legato-partition="ranks=2 rank=1" %s | FileCheck %s

// A stack of matrices split along its batch axis is solved where it lies:
// each rank factors its own matrices, nothing moves.
// CHECK-LABEL: func.func @stack_split_by_batch
// CHECK-SAME:    -> (tensor<2x3x3xf64> {legato.boxes = array<i64: 0, 0, 0, 2, 3, 3, 2, 0, 0, 4, 3, 3>})
// CHECK-NOT:     legato.exchange
// CHECK:         legato.lapack cholesky %arg0 : tensor<2x3x3xf64> -> tensor<2x3x3xf64>
func.func @stack_split_by_batch(%a: tensor<4x3x3xf64> {legato.boxes = array<i64: 0,0,0, 2,3,3,  2,0,0, 4,3,3>}) -> tensor<4x3x3xf64> {
  %p = legato.lapack cholesky %a : tensor<4x3x3xf64> -> tensor<4x3x3xf64>
  return %p : tensor<4x3x3xf64>
}

// -----

// A matrix split by rows is gathered whole on every rank, which computes
// all of the (small) result and keeps its block of it.
// CHECK-LABEL: func.func @matrix_split_by_rows
// CHECK:         %[[A:.+]] = legato.exchange %arg0 have [0, 0, 2, 3, 2, 0, 4, 3] need [0, 0, 4, 3, 0, 0, 4, 3] of [4, 3] on 1 : tensor<2x3xf64> -> tensor<4x3xf64>
// CHECK:         %[[S:.+]] = legato.lapack svd %[[A]] : tensor<4x3xf64> -> tensor<3xf64>
// CHECK:         legato.slice %[[S]]{{\[}}[2], [1]] : tensor<3xf64> -> tensor<1xf64>
func.func @matrix_split_by_rows(%a: tensor<4x3xf64> {legato.boxes = array<i64: 0,0, 2,3,  2,0, 4,3>}) -> tensor<3xf64> {
  %p = legato.lapack svd %a : tensor<4x3xf64> -> tensor<3xf64>
  return %p : tensor<3xf64>
}

// -----

// A solve of systems split alike (matrices and right-hand sides by batch):
// each rank solves its own.
// CHECK-LABEL: func.func @solve_stack
// CHECK:         legato.lapack solve %arg0, %arg1 : tensor<1x2x2xf64>, tensor<1x2x1xf64> -> tensor<1x2x1xf64>
func.func @solve_stack(%a: tensor<2x2x2xf64> {legato.boxes = array<i64: 0,0,0, 1,2,2,  1,0,0, 2,2,2>},
                       %b: tensor<2x2x1xf64> {legato.boxes = array<i64: 0,0,0, 1,2,1,  1,0,0, 2,2,1>}) -> tensor<2x2x1xf64> {
  %x = legato.lapack solve %a, %b : tensor<2x2x2xf64>, tensor<2x2x1xf64> -> tensor<2x2x1xf64>
  return %x : tensor<2x2x1xf64>
}
