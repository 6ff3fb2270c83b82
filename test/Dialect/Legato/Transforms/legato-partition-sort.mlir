// RUN: %legato_opt --split-input-file --legato-partition="ranks=2 rank=1" %s | FileCheck %s

// Rows split over ranks and sorted along the row: each rank sorts its own
// rows, nothing moves.
// CHECK-LABEL: func.func @rows_sorted_along_the_row
// CHECK-SAME:    -> (tensor<2x8xi64> {legato.boxes = array<i64: 0, 0, 2, 8, 2, 0, 4, 8>})
// CHECK-NOT:     legato.exchange
// CHECK:         legato.sort %arg0 along 1 positions : tensor<2x8xf64> -> tensor<2x8xi64>
func.func @rows_sorted_along_the_row(%a: tensor<4x8xf64> {legato.boxes = array<i64: 0,0, 2,8,  2,0, 4,8>}) -> tensor<4x8xi64> {
  %y = legato.sort %a along 1 positions : tensor<4x8xf64> -> tensor<4x8xi64>
  return %y : tensor<4x8xi64>
}

// -----

// Split across the sorted axis: each line is gathered whole, then sorted;
// the rank keeps its block of the result.
// CHECK-LABEL: func.func @split_across_the_axis
// CHECK:         %[[A:.+]] = legato.exchange %arg0 have [0, 0, 2, 3, 2, 0, 4, 3] need [0, 0, 4, 3, 0, 0, 4, 3] of [4, 3] on 1 : tensor<2x3xi32> -> tensor<4x3xi32>
// CHECK:         %[[Y:.+]] = legato.sort %[[A]] along 0 : tensor<4x3xi32> -> tensor<4x3xi32>
// CHECK:         legato.slice %[[Y]]{{\[}}[2, 0], [1, 1]] : tensor<4x3xi32> -> tensor<2x3xi32>
func.func @split_across_the_axis(%a: tensor<4x3xi32> {legato.boxes = array<i64: 0,0, 2,3,  2,0, 4,3>}) -> tensor<4x3xi32> {
  %y = legato.sort %a along 0 : tensor<4x3xi32> -> tensor<4x3xi32>
  return %y : tensor<4x3xi32>
}
