// RUN: %legato_opt %s --legato-simplify | FileCheck %s

// Tests that two transposes become one, and two reshapes one.
// CHECK-LABEL: func @chains
// CHECK-SAME: (%[[A:.+]]: tensor<2x3x4xf64>)
// CHECK: %[[T:.+]] = legato.transpose %[[A]], [2, 1, 0]
// CHECK: %[[R:.+]] = legato.reshape %[[A]] : tensor<2x3x4xf64> -> tensor<4x6xf64>
// CHECK: return %[[T]], %[[R]]
func.func @chains(%a: tensor<2x3x4xf64>) -> (tensor<4x3x2xf64>, tensor<4x6xf64>) {
  %0 = legato.transpose %a, [1, 0, 2] : tensor<2x3x4xf64> -> tensor<3x2x4xf64>
  %1 = legato.transpose %0, [2, 0, 1] : tensor<3x2x4xf64> -> tensor<4x3x2xf64>
  %2 = legato.reshape %a : tensor<2x3x4xf64> -> tensor<24xf64>
  %3 = legato.reshape %2 : tensor<24xf64> -> tensor<4x6xf64>
  return %1, %3 : tensor<4x3x2xf64>, tensor<4x6xf64>
}

// Tests that a transpose moving only a size-1 dim is a reshape, and one
// that moves data is not.
// CHECK-LABEL: func @transpose_as_reshape
// CHECK: legato.reshape %{{.+}} : tensor<1x5xf64> -> tensor<5x1xf64>
// CHECK: legato.transpose %{{.+}}, [1, 0] : tensor<2x5xf64>
func.func @transpose_as_reshape(%a: tensor<1x5xf64>, %b: tensor<2x5xf64>) -> (tensor<5x1xf64>, tensor<5x2xf64>) {
  %0 = legato.transpose %a, [1, 0] : tensor<1x5xf64> -> tensor<5x1xf64>
  %1 = legato.transpose %b, [1, 0] : tensor<2x5xf64> -> tensor<5x2xf64>
  return %0, %1 : tensor<5x1xf64>, tensor<5x2xf64>
}

// Tests that a slice of a slice is one slice (offsets and strides composed).
// CHECK-LABEL: func @slice_of_slice
// CHECK: legato.slice %{{.+}}{{\[}}[3], [4]] : tensor<20xf64> -> tensor<4xf64>
// CHECK-NOT: legato.slice
func.func @slice_of_slice(%a: tensor<20xf64>) -> tensor<4xf64> {
  %0 = legato.slice %a[[1], [2]] : tensor<20xf64> -> tensor<9xf64>
  %1 = legato.slice %0[[1], [2]] : tensor<9xf64> -> tensor<4xf64>
  return %1 : tensor<4xf64>
}

// Tests that a slice moves through elementwise ops to the inputs, so only
// the used elements are computed; not when the whole value is also used.
// CHECK-LABEL: func @slice_of_elementwise
// CHECK-SAME: (%[[A:.+]]: tensor<100xf64>, %[[B:.+]]: tensor<100xf64>)
// CHECK: %[[SA:.+]] = legato.slice %[[A]]{{\[}}[90], [1]] : tensor<100xf64> -> tensor<10xf64>
// CHECK: %[[E:.+]] = legato.exp %[[SA]] : tensor<10xf64>
// CHECK: %[[SB:.+]] = legato.slice %[[B]]{{\[}}[90], [1]] : tensor<100xf64> -> tensor<10xf64>
// CHECK: legato.mul %[[E]], %[[SB]] : tensor<10xf64>
func.func @slice_of_elementwise(%a: tensor<100xf64>, %b: tensor<100xf64>) -> tensor<10xf64> {
  %0 = legato.exp %a : tensor<100xf64>
  %1 = legato.mul %0, %b : tensor<100xf64>
  %2 = legato.slice %1[[90], [1]] : tensor<100xf64> -> tensor<10xf64>
  return %2 : tensor<10xf64>
}
// CHECK-LABEL: func @slice_of_used_elementwise
// CHECK: legato.exp %{{.+}} : tensor<100xf64>
// CHECK: legato.slice
func.func @slice_of_used_elementwise(%a: tensor<100xf64>) -> (tensor<100xf64>, tensor<10xf64>) {
  %0 = legato.exp %a : tensor<100xf64>
  %1 = legato.slice %0[[90], [1]] : tensor<100xf64> -> tensor<10xf64>
  return %0, %1 : tensor<100xf64>, tensor<10xf64>
}

// Tests that a slice of a broadcast slices the broadcast's input (the
// stretched dim keeps its one element).
// CHECK-LABEL: func @slice_of_broadcast
// CHECK-SAME: (%[[A:.+]]: tensor<1x8xf64>)
// CHECK: %[[S:.+]] = legato.slice %[[A]]{{\[}}[0, 2], [1, 1]] : tensor<1x8xf64> -> tensor<1x3xf64>
// CHECK: legato.broadcast %[[S]] : tensor<1x3xf64> -> tensor<5x2x3xf64>
func.func @slice_of_broadcast(%a: tensor<1x8xf64>) -> tensor<5x2x3xf64> {
  %0 = legato.broadcast %a : tensor<1x8xf64> -> tensor<6x4x8xf64>
  %1 = legato.slice %0[[1, 1, 2], [1, 1, 1]] : tensor<6x4x8xf64> -> tensor<5x2x3xf64>
  return %1 : tensor<5x2x3xf64>
}

// Tests that a slice inside one input of a concatenation slices that input,
// and one spanning two concatenates their slices.
// CHECK-LABEL: func @slice_of_concatenate
// CHECK-SAME: (%[[A:.+]]: tensor<4x3xf64>, %[[B:.+]]: tensor<6x3xf64>)
// CHECK-DAG: %[[IN:.+]] = legato.slice %[[B]]{{\[}}[1, 0], [1, 1]] : tensor<6x3xf64> -> tensor<2x3xf64>
// CHECK-DAG: %[[PA:.+]] = legato.slice %[[A]]{{\[}}[3, 0], [2, 1]] : tensor<4x3xf64> -> tensor<1x3xf64>
// CHECK-DAG: %[[PB:.+]] = legato.slice %[[B]]{{\[}}[1, 0], [2, 1]] : tensor<6x3xf64> -> tensor<3x3xf64>
// CHECK-DAG: %[[C:.+]] = legato.concatenate %[[PA]], %[[PB]] along 0
// CHECK: return %[[IN]], %[[C]]
func.func @slice_of_concatenate(%a: tensor<4x3xf64>, %b: tensor<6x3xf64>) -> (tensor<2x3xf64>, tensor<4x3xf64>) {
  %0 = legato.concatenate %a, %b along 0 : (tensor<4x3xf64>, tensor<6x3xf64>) -> tensor<10x3xf64>
  %1 = legato.slice %0[[5, 0], [1, 1]] : tensor<10x3xf64> -> tensor<2x3xf64>
  %2 = legato.slice %0[[3, 0], [2, 1]] : tensor<10x3xf64> -> tensor<4x3xf64>
  return %1, %2 : tensor<2x3xf64>, tensor<4x3xf64>
}

// Tests that a window across the seam of a roll stays a window of the roll
// (which lowers to one cyclic copy that fuses into its readers; its pieces
// would not), so that a roll of it along the other axis, np.roll over both
// axes, is still a roll; a window inside one of the roll's pieces slices
// that piece.
// CHECK-LABEL: func @slice_of_roll
// CHECK-SAME: (%[[A:.+]]: tensor<8x6xf64>)
// CHECK: %[[ROWS:.+]] = legato.concatenate {{.+}} along 0
// CHECK-DAG: %[[E:.+]] = legato.slice %[[ROWS]]{{\[}}[0, 1], [1, 1]] : tensor<8x6xf64> -> tensor<8x5xf64>
// CHECK-DAG: %[[W:.+]] = legato.slice %[[ROWS]]{{\[}}[0, 0], [1, 1]] : tensor<8x6xf64> -> tensor<8x1xf64>
// CHECK: %[[BOTH:.+]] = legato.concatenate %[[E]], %[[W]] along 1
// CHECK: %[[IN:.+]] = legato.slice %[[A]]{{\[}}[0, 0], [1, 1]] : tensor<8x6xf64> -> tensor<3x6xf64>
// CHECK: return %[[BOTH]], %[[IN]]
func.func @slice_of_roll(%a: tensor<8x6xf64>) -> (tensor<8x6xf64>, tensor<3x6xf64>) {
  %0 = legato.slice %a[[7, 0], [1, 1]] : tensor<8x6xf64> -> tensor<1x6xf64>
  %1 = legato.slice %a[[0, 0], [1, 1]] : tensor<8x6xf64> -> tensor<7x6xf64>
  %2 = legato.concatenate %0, %1 along 0 : (tensor<1x6xf64>, tensor<7x6xf64>) -> tensor<8x6xf64>
  %3 = legato.slice %2[[0, 1], [1, 1]] : tensor<8x6xf64> -> tensor<8x5xf64>
  %4 = legato.slice %2[[0, 0], [1, 1]] : tensor<8x6xf64> -> tensor<8x1xf64>
  %5 = legato.concatenate %3, %4 along 1 : (tensor<8x5xf64>, tensor<8x1xf64>) -> tensor<8x6xf64>
  %6 = legato.slice %2[[1, 0], [1, 1]] : tensor<8x6xf64> -> tensor<3x6xf64>
  return %5, %6 : tensor<8x6xf64>, tensor<3x6xf64>
}

// Tests that the last rows of a product are the product of the last rows.
// CHECK-LABEL: func @slice_of_matmul
// CHECK-SAME: (%[[A:.+]]: tensor<64x32xf64>, %[[B:.+]]: tensor<32x16xf64>)
// CHECK: %[[R:.+]] = legato.slice %[[A]]{{\[}}[54, 0], [1, 1]] : tensor<64x32xf64> -> tensor<10x32xf64>
// CHECK: %[[C:.+]] = legato.slice %[[B]]{{\[}}[0, 1], [1, 2]] : tensor<32x16xf64> -> tensor<32x8xf64>
// CHECK: legato.matmul %[[R]], %[[C]] : tensor<10x32xf64>, tensor<32x8xf64> -> tensor<10x8xf64>
func.func @slice_of_matmul(%a: tensor<64x32xf64>, %b: tensor<32x16xf64>) -> tensor<10x8xf64> {
  %0 = legato.matmul %a, %b : tensor<64x32xf64>, tensor<32x16xf64> -> tensor<64x16xf64>
  %1 = legato.slice %0[[54, 1], [1, 2]] : tensor<64x16xf64> -> tensor<10x8xf64>
  return %1 : tensor<10x8xf64>
}

// Tests that the transpose of Aᵀ @ B is Bᵀ @ A: the transposes cancel.
// CHECK-LABEL: func @transpose_of_matmul
// CHECK-SAME: (%[[A:.+]]: tensor<8x4xf64>, %[[B:.+]]: tensor<8x5xf64>)
// CHECK: %[[BT:.+]] = legato.transpose %[[B]], [1, 0]
// CHECK-NEXT: %[[P:.+]] = legato.matmul %[[BT]], %[[A]] : tensor<5x8xf64>, tensor<8x4xf64> -> tensor<5x4xf64>
// CHECK-NEXT: return %[[P]]
func.func @transpose_of_matmul(%a: tensor<8x4xf64>, %b: tensor<8x5xf64>) -> tensor<5x4xf64> {
  %at = legato.transpose %a, [1, 0] : tensor<8x4xf64> -> tensor<4x8xf64>
  %0 = legato.matmul %at, %b : tensor<4x8xf64>, tensor<8x5xf64> -> tensor<4x5xf64>
  %1 = legato.transpose %0, [1, 0] : tensor<4x5xf64> -> tensor<5x4xf64>
  return %1 : tensor<5x4xf64>
}
