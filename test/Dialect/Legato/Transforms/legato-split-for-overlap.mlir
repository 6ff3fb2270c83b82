// RUN: %legato_opt %s --split-input-file --legato-split-for-overlap="ranks=3 rank=1" | FileCheck %s

// Tests a segment after a halo exchange (rank 1 of 3 holds rows [8, 16) of
// 24 and needs one ghost row above and two below) that returns its rows of
// a three-point sum and a dot product: three pieces of its 8 output rows,
// the first row, the interior [1, 6) and the last two, each the segment
// partitioned as one of three ranks. The interior reads only the rank's own
// rows (exchanged rows [1, 9)); the dot product becomes each piece's
// partial sum over its rows. The call names the pieces and keeps its
// callee.
// CHECK-LABEL: func.func @main
// CHECK: call @segment_1(%{{.*}}) {legato.overlap = [@segment_1_first_rows, @segment_1_interior, @segment_1_last_rows], legato.segment = 1 : i64}
// CHECK: func.func private @segment_1(
// CHECK: func.func private @segment_1_first_rows(%{{.*}}: tensor<11xf64>) -> (tensor<f64> {legato.boxes = array<i64>, legato.partial = 0 : i32}, tensor<1xf64> {legato.boxes = array<i64: 0, 1, 1, 6, 6, 8>})
// CHECK-NOT: legato.exchange
// CHECK: legato.reduce sum %{{.*}} over [0] : tensor<1xf64> -> tensor<f64>
// CHECK: func.func private @segment_1_interior(%[[IN:.*]]: tensor<11xf64>) -> (tensor<f64> {legato.boxes = array<i64>, legato.partial = 0 : i32}, tensor<5xf64> {legato.boxes = array<i64: 0, 1, 1, 6, 6, 8>})
// CHECK: legato.slice %[[IN]]{{\[}}[1], [1]] : tensor<11xf64> -> tensor<6xf64>
// CHECK: legato.slice %[[IN]]{{\[}}[3], [1]] : tensor<11xf64> -> tensor<6xf64>
// CHECK: legato.reduce sum %{{.*}} over [0] : tensor<5xf64> -> tensor<f64>
// CHECK: func.func private @segment_1_last_rows(%{{.*}}: tensor<11xf64>) -> (tensor<f64> {legato.boxes = array<i64>, legato.partial = 0 : i32}, tensor<2xf64> {legato.boxes = array<i64: 0, 1, 1, 6, 6, 8>})
// CHECK: legato.reduce sum %{{.*}} over [0] : tensor<2xf64> -> tensor<f64>
func.func @main(%arg0: tensor<8xf64>) -> (tensor<8xf64>, tensor<f64>) {
  %0 = legato.exchange %arg0 have [0, 8, 8, 16, 16, 24] need [0, 10, 7, 18, 15, 24] of [24] on 1 {legato.segment = 0 : i64} : tensor<8xf64> -> tensor<11xf64>
  %1:2 = call @segment_1(%0) {legato.segment = 1 : i64} : (tensor<11xf64>) -> (tensor<f64>, tensor<8xf64>)
  %2 = legato.all_reduce sum %1#0 {legato.segment = 1 : i64} : tensor<f64>
  return %1#1, %2 : tensor<8xf64>, tensor<f64>
}
func.func private @segment_1(%arg0: tensor<11xf64>) -> (tensor<f64>, tensor<8xf64>) {
  %l = legato.slice %arg0[[0], [1]] : tensor<11xf64> -> tensor<9xf64>
  %r = legato.slice %arg0[[2], [1]] : tensor<11xf64> -> tensor<9xf64>
  %s = legato.add %l, %r : tensor<9xf64>
  %6 = legato.slice %s[[1], [1]] : tensor<9xf64> -> tensor<8xf64>
  %7 = legato.slice %arg0[[2], [1]] : tensor<11xf64> -> tensor<8xf64>
  %8 = legato.mul %6, %7 : tensor<8xf64>
  %9 = legato.reduce sum %8 over [0] : tensor<8xf64> -> tensor<f64>
  %10 = legato.slice %s[[0], [1]] : tensor<9xf64> -> tensor<8xf64>
  return %9, %10 : tensor<f64>, tensor<8xf64>
}

// -----

// Tests a rank whose exchange brings ghost rows only below its own (as the
// first rank's): no piece of first rows, a unit in its place.
// CHECK-LABEL: func.func @main
// CHECK: call @segment_1(%{{.*}}) {legato.overlap = [unit, @segment_1_interior, @segment_1_last_rows], legato.segment = 1 : i64}
// CHECK-NOT: @segment_1_first_rows
func.func @main(%arg0: tensor<8xf64>) -> tensor<8xf64> {
  %0 = legato.exchange %arg0 have [0, 8, 8, 16, 16, 24] need [0, 9, 8, 17, 16, 24] of [24] on 1 {legato.segment = 0 : i64} : tensor<8xf64> -> tensor<9xf64>
  %1 = call @segment_1(%0) {legato.segment = 1 : i64} : (tensor<9xf64>) -> tensor<8xf64>
  return %1 : tensor<8xf64>
}
func.func private @segment_1(%arg0: tensor<9xf64>) -> tensor<8xf64> {
  %l = legato.slice %arg0[[0], [1]] : tensor<9xf64> -> tensor<8xf64>
  %r = legato.slice %arg0[[1], [1]] : tensor<9xf64> -> tensor<8xf64>
  %s = legato.add %l, %r : tensor<8xf64>
  return %s : tensor<8xf64>
}

// -----

// Tests segments that stay whole: one whose margins would leave the
// interior less than half the rows (ghost rows of 3 and 3 around 8 own
// rows), and the first segment, which reads no exchange.
// CHECK-LABEL: func.func @main
// CHECK: call @segment_0(%{{.*}}) {legato.segment = 0 : i64}
// CHECK: call @segment_1(%{{.*}}) {legato.segment = 1 : i64}
// CHECK-NOT: legato.overlap
// CHECK-NOT: func.func private @segment_1_interior
func.func @main(%arg0: tensor<8xf64>) -> tensor<8xf64> {
  %a = call @segment_0(%arg0) {legato.segment = 0 : i64} : (tensor<8xf64>) -> tensor<8xf64>
  %0 = legato.exchange %a have [0, 8, 8, 16, 16, 24] need [0, 11, 5, 19, 13, 24] of [24] on 1 {legato.segment = 0 : i64} : tensor<8xf64> -> tensor<14xf64>
  %1 = call @segment_1(%0) {legato.segment = 1 : i64} : (tensor<14xf64>) -> tensor<8xf64>
  return %1 : tensor<8xf64>
}
func.func private @segment_0(%arg0: tensor<8xf64>) -> tensor<8xf64> {
  %s = legato.add %arg0, %arg0 : tensor<8xf64>
  return %s : tensor<8xf64>
}
func.func private @segment_1(%arg0: tensor<14xf64>) -> tensor<8xf64> {
  %l = legato.slice %arg0[[0], [1]] : tensor<14xf64> -> tensor<8xf64>
  %r = legato.slice %arg0[[6], [1]] : tensor<14xf64> -> tensor<8xf64>
  %s = legato.add %l, %r : tensor<8xf64>
  return %s : tensor<8xf64>
}
