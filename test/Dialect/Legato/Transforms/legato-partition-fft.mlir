// RUN: %legato_opt --split-input-file --legato-partition="ranks=2 rank=1" %s | FileCheck %s

// An array split along rows and transformed along its columns' axis (each
// row a line) is transformed where it lies: nothing moves.
// CHECK-LABEL: func.func @rows_transformed_along_the_row
// CHECK-SAME:    -> (tensor<2x5xcomplex<f64>> {legato.boxes = array<i64: 0, 0, 2, 5, 2, 0, 4, 5>})
// CHECK-NOT:     legato.exchange
// CHECK:         legato.fft real_forward %arg0 along 1 : tensor<2x8xf64> -> tensor<2x5xcomplex<f64>>
func.func @rows_transformed_along_the_row(%a: tensor<4x8xf64> {legato.boxes = array<i64: 0,0, 2,8,  2,0, 4,8>}) -> tensor<4x5xcomplex<f64>> {
  %y = legato.fft real_forward %a along 1 : tensor<4x8xf64> -> tensor<4x5xcomplex<f64>>
  return %y : tensor<4x5xcomplex<f64>>
}

// -----

// Split across the transformed axis: each line is gathered whole, then
// transformed; the rank keeps its block of the result.
// CHECK-LABEL: func.func @split_across_the_axis
// CHECK:         %[[A:.+]] = legato.exchange %arg0 have [0, 0, 2, 3, 2, 0, 4, 3] need [0, 0, 4, 3, 0, 0, 4, 3] of [4, 3] on 1 : tensor<2x3xcomplex<f64>> -> tensor<4x3xcomplex<f64>>
// CHECK:         %[[Y:.+]] = legato.fft forward %[[A]] along 0 : tensor<4x3xcomplex<f64>> -> tensor<4x3xcomplex<f64>>
// CHECK:         legato.slice %[[Y]]{{\[}}[2, 0], [1, 1]] : tensor<4x3xcomplex<f64>> -> tensor<2x3xcomplex<f64>>
func.func @split_across_the_axis(%a: tensor<4x3xcomplex<f64>> {legato.boxes = array<i64: 0,0, 2,3,  2,0, 4,3>}) -> tensor<4x3xcomplex<f64>> {
  %y = legato.fft forward %a along 0 : tensor<4x3xcomplex<f64>> -> tensor<4x3xcomplex<f64>>
  return %y : tensor<4x3xcomplex<f64>>
}
