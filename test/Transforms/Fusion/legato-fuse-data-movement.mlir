// RUN: %legato_opt %s --convert-legato-to-linalg --legato-fuse-kernels -canonicalize | FileCheck %s

// Tests that np.roll (a concatenation of two column windows of one array) is
// a copy through a `mod` map that fuses into its consumer: one kernel reads
// `a` directly, nothing is concatenated.
// CHECK-DAG: #[[$ROLL:map[0-9]*]] = affine_map<(d0, d1) -> (d0, (d1 + 7) mod 8)>
// CHECK-DAG: #[[$ROLL2:map[0-9]*]] = affine_map<(d0, d1) -> (d0 + 1, (d1 + 1) mod 5)>
// CHECK-LABEL: func @roll_fused
// CHECK-NOT: tensor.insert_slice
// CHECK: linalg.generic {indexing_maps = [{{.*}}#[[$ROLL]],{{.*}} ins(%{{.+}}, %{{.+}} : tensor<4x8xf64>, tensor<4x8xf64>)
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @roll_fused(%a: tensor<4x8xf64>) -> tensor<4x8xf64> {
  %0 = legato.slice %a[[0, 7], [1, 1]] : tensor<4x8xf64> -> tensor<4x1xf64>
  %1 = legato.slice %a[[0, 0], [1, 1]] : tensor<4x8xf64> -> tensor<4x7xf64>
  %2 = legato.concatenate %0, %1 along 1 : (tensor<4x1xf64>, tensor<4x7xf64>) -> tensor<4x8xf64>
  %3 = legato.sub %a, %2 : tensor<4x8xf64>
  return %3 : tensor<4x8xf64>
}

// Tests that a rolled window with two consumers (CFD's west(u) after CSE)
// is read by each of them through the `mod` map, not materialised by a
// kernel of its own; the two consumers then share one kernel.
// CHECK-LABEL: func @roll_two_consumers
// CHECK: %{{.+}}:2 = linalg.generic {indexing_maps = [#[[$ROLL2]],
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @roll_two_consumers(%a: tensor<6x5xf64>, %b: tensor<4x5xf64>) -> (tensor<4x5xf64>, tensor<4x5xf64>) {
  %0 = legato.slice %a[[1, 1], [1, 1]] : tensor<6x5xf64> -> tensor<4x4xf64>
  %1 = legato.slice %a[[1, 0], [1, 1]] : tensor<6x5xf64> -> tensor<4x1xf64>
  %2 = legato.concatenate %0, %1 along 1 : (tensor<4x4xf64>, tensor<4x1xf64>) -> tensor<4x5xf64>
  %3 = legato.add %2, %b : tensor<4x5xf64>
  %4 = legato.sqrt %b : tensor<4x5xf64>
  %5 = legato.mul %2, %4 : tensor<4x5xf64>
  return %3, %5 : tensor<4x5xf64>, tensor<4x5xf64>
}

// Tests that a roll of the leading rows of an array (on a rank, the inner
// rows of the last block) reads a slice of those rows through the `mod` map:
// linalg takes the loop's rows from an operand that the map reads as is.
// CHECK-LABEL: func @roll_of_leading_rows
// CHECK-SAME: (%[[A:.*]]: tensor<4x8xf64>,
// CHECK: %[[ROWS:.*]] = tensor.extract_slice %[[A]][0, 0] [3, 8] [1, 1]
// CHECK: linalg.generic {indexing_maps = [#[[$ROLL]],{{.*}} ins(%[[ROWS]], %{{.+}} : tensor<3x8xf64>, tensor<3x8xf64>)
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @roll_of_leading_rows(%a: tensor<4x8xf64>, %b: tensor<3x8xf64>) -> tensor<3x8xf64> {
  %0 = legato.slice %a[[0, 7], [1, 1]] : tensor<4x8xf64> -> tensor<3x1xf64>
  %1 = legato.slice %a[[0, 0], [1, 1]] : tensor<4x8xf64> -> tensor<3x7xf64>
  %2 = legato.concatenate %0, %1 along 1 : (tensor<3x1xf64>, tensor<3x7xf64>) -> tensor<3x8xf64>
  %3 = legato.sub %b, %2 : tensor<3x8xf64>
  return %3 : tensor<3x8xf64>
}

// Tests that a concatenation that is not a rotation (a repeated edge
// column) still becomes insertions.
// CHECK-LABEL: func @concat_not_roll
// CHECK: tensor.insert_slice
func.func @concat_not_roll(%a: tensor<4x8xf64>) -> tensor<4x9xf64> {
  %0 = legato.slice %a[[0, 0], [1, 1]] : tensor<4x8xf64> -> tensor<4x1xf64>
  %1 = legato.concatenate %0, %a along 1 : (tensor<4x1xf64>, tensor<4x8xf64>) -> tensor<4x9xf64>
  return %1 : tensor<4x9xf64>
}
