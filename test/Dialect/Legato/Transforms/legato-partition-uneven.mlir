// RUN: %legato_opt --split-input-file --verify-diagnostics --legato-partition="ranks=3 rank=2" %s | FileCheck %s

// 8 rows over 3 ranks (3/3/2): the last rank receives the ghost row 5 and
// nothing else; every rank's need is in the op.
// CHECK-LABEL: func.func @stencil
// CHECK: legato.exchange %arg0 have [0, 0, 3, 6, 3, 0, 6, 6, 6, 0, 8, 6] need [0, 0, 4, 6, 2, 0, 7, 6, 5, 0, 8, 6] of [8, 6] on 2 : tensor<2x6xf64> -> tensor<3x6xf64>
// CHECK: legato.insert_slice %{{.+}} into %{{.+}}{{\[}}[0, 1], [1, 1]] : tensor<1x4xf64> into tensor<2x6xf64>
func.func @stencil(%u: tensor<8x6xf64> {legato.boxes = array<i64: 0,0, 3,6,  3,0, 6,6,  6,0, 8,6>}) -> tensor<8x6xf64> {
  %n = legato.slice %u[[0, 1], [1, 1]] : tensor<8x6xf64> -> tensor<6x4xf64>
  %s = legato.slice %u[[2, 1], [1, 1]] : tensor<8x6xf64> -> tensor<6x4xf64>
  %a = legato.add %n, %s : tensor<6x4xf64>
  %r = legato.insert_slice %a into %u[[1, 1], [1, 1]] : tensor<6x4xf64> into tensor<8x6xf64>
  return %r : tensor<8x6xf64>
}

// -----

// Results: default row blocks (here uneven) unless the leading dimension is
// shorter than the number of ranks.
// CHECK-LABEL: func.func @create
// CHECK-SAME: -> (tensor<2x2xf64> {legato.boxes = array<i64: 0, 0, 3, 2, 3, 0, 6, 2, 6, 0, 8, 2>}, tensor<2xi64> {legato.boxes = array<i64: 0, 2, 0, 2, 0, 2>})
// CHECK: legato.random 7 {global_shape = array<i64: 8, 2>, offsets = array<i64: 6, 0>} : tensor<2x2xf64>
// CHECK: legato.iota 0 : tensor<2xi64>
func.func @create() -> (tensor<8x2xf64>, tensor<2xi64>) {
  %r = legato.random 7 : tensor<8x2xf64>
  %i = legato.iota 0 : tensor<2xi64>
  return %r, %i : tensor<8x2xf64>, tensor<2xi64>
}

// -----

// expected-error @+1 {{argument 0: legato.boxes must hold 3 boxes of rank 1}}
func.func @bad_boxes(%x: tensor<4xf64> {legato.boxes = array<i64: 0, 2, 2, 4>}) -> tensor<4xf64> {
  return %x : tensor<4xf64>
}

// -----

// A scan along the split axis: each rank scans its rows, receives the last
// row of each block before its own (3 blocks: an array of 3 rows, of which
// rank 2 needs rows 0 and 1) and adds their sum. Along the other axis, each
// rank scans its rows alone.
// CHECK-LABEL: func.func @scan_of_blocks
// CHECK: %[[S:.+]] = legato.scan sum %arg0 along 0 : tensor<2x6xf64>
// CHECK: %[[T:.+]] = legato.slice %[[S]]{{\[}}[1, 0], [1, 1]] : tensor<2x6xf64> -> tensor<1x6xf64>
// CHECK: %[[B:.+]] = legato.exchange %[[T]] have [0, 0, 1, 6, 1, 0, 2, 6, 2, 0, 3, 6] need [0, 0, 0, 6, 0, 0, 1, 6, 0, 0, 2, 6] of [3, 6] on 2 : tensor<1x6xf64> -> tensor<2x6xf64>
// CHECK: %[[C:.+]] = legato.reduce sum %[[B]] over [0] : tensor<2x6xf64> -> tensor<6xf64>
// CHECK: %[[R:.+]] = legato.reshape %[[C]] : tensor<6xf64> -> tensor<1x6xf64>
// CHECK: %[[BC:.+]] = legato.broadcast %[[R]] : tensor<1x6xf64> -> tensor<2x6xf64>
// CHECK: %[[Y:.+]] = legato.add %[[BC]], %[[S]] : tensor<2x6xf64>
// CHECK: %[[P:.+]] = legato.scan prod %arg0 along 1 : tensor<2x6xf64>
// CHECK: return %[[Y]], %[[P]]
func.func @scan_of_blocks(%x: tensor<8x6xf64> {legato.boxes = array<i64: 0,0, 3,6,  3,0, 6,6,  6,0, 8,6>}) -> (tensor<8x6xf64>, tensor<8x6xf64>) {
  %0 = legato.scan sum %x along 0 : tensor<8x6xf64>
  %1 = legato.scan prod %x along 1 : tensor<8x6xf64>
  return %0, %1 : tensor<8x6xf64>, tensor<8x6xf64>
}

// -----

// Blocks of a 2-D mesh's kind (rows and columns cut) have no rank order
// along the axis: each rank's part scans everything before it, received.
// CHECK-LABEL: func.func @scan_of_tiles
// CHECK: %[[X:.+]] = legato.exchange %arg0 have [0, 0, 4, 3, 0, 3, 4, 6, 4, 0, 8, 6] need [0, 0, 4, 3, 0, 3, 4, 6, 0, 0, 8, 6] of [8, 6] on 2 : tensor<4x6xf64> -> tensor<8x6xf64>
// CHECK: %[[S:.+]] = legato.scan sum %[[X]] along 0 : tensor<8x6xf64>
// CHECK: legato.slice %[[S]]{{\[}}[4, 0], [1, 1]] : tensor<8x6xf64> -> tensor<4x6xf64>
func.func @scan_of_tiles(%x: tensor<8x6xf64> {legato.boxes = array<i64: 0,0, 4,3,  0,3, 4,6,  4,0, 8,6>}) -> tensor<8x6xf64> {
  %0 = legato.scan sum %x along 0 : tensor<8x6xf64>
  return %0 : tensor<8x6xf64>
}

// -----

// Taking columns of row blocks: each rank gathers from its own rows, with
// the (replicated) indices; nothing moves.
// CHECK-LABEL: func.func @gather_beside_rows
// CHECK-SAME: -> (tensor<2x4xf64> {legato.boxes = array<i64: 0, 0, 3, 4, 3, 0, 6, 4, 6, 0, 8, 4>})
// CHECK-NOT: legato.exchange
// CHECK: legato.gather %arg0[%arg1] along 1 : tensor<2x6xf64>, tensor<4xi64> -> tensor<2x4xf64>
func.func @gather_beside_rows(%x: tensor<8x6xf64> {legato.boxes = array<i64: 0,0, 3,6,  3,0, 6,6,  6,0, 8,6>}, %i: tensor<4xi64>) -> tensor<8x4xf64> {
  %0 = legato.gather %x[%i] along 1 : tensor<8x6xf64>, tensor<4xi64> -> tensor<8x4xf64>
  return %0 : tensor<8x4xf64>
}

// -----

// Gathering along the split axis: the result lives under the indices'
// blocks, and each rank receives the whole input (its indices may point
// anywhere).
// CHECK-LABEL: func.func @gather_under_indices
// CHECK-SAME: -> (tensor<3xf64> {legato.boxes = array<i64: 0, 3, 3, 6, 6, 9>})
// CHECK: %[[X:.+]] = legato.exchange %arg0 have [0, 3, 3, 6, 6, 8] need [0, 8, 0, 8, 0, 8] of [8] on 2 : tensor<2xf64> -> tensor<8xf64>
// CHECK: legato.gather %[[X]][%arg1] along 0 : tensor<8xf64>, tensor<3xi64> -> tensor<3xf64>
func.func @gather_under_indices(%x: tensor<8xf64> {legato.boxes = array<i64: 0, 3,  3, 6,  6, 8>}, %i: tensor<9xi64> {legato.boxes = array<i64: 0, 3,  3, 6,  6, 9>}) -> tensor<9xf64> {
  %0 = legato.gather %x[%i] along 0 : tensor<8xf64>, tensor<9xi64> -> tensor<9xf64>
  return %0 : tensor<9xf64>
}

// -----

// An input whole on every rank (its boxes are the whole array) does not
// decide where the result lives: the indices' blocks do.
// CHECK-LABEL: func.func @gather_of_a_whole_input
// CHECK-SAME: -> (tensor<3xf64> {legato.boxes = array<i64: 0, 3, 3, 6, 6, 9>})
// CHECK-NOT: legato.exchange
// CHECK: legato.gather %arg0[%arg1] along 0 : tensor<8xf64>, tensor<3xi64> -> tensor<3xf64>
func.func @gather_of_a_whole_input(%x: tensor<8xf64> {legato.boxes = array<i64: 0, 8,  0, 8,  0, 8>}, %i: tensor<9xi64> {legato.boxes = array<i64: 0, 3,  3, 6,  6, 9>}) -> tensor<9xf64> {
  %0 = legato.gather %x[%i] along 0 : tensor<8xf64>, tensor<9xi64> -> tensor<9xf64>
  return %0 : tensor<9xf64>
}

// -----

// Scattering into row blocks along the columns: each rank scatters into
// its own rows with every index and its rows of the values; nothing moves.
// CHECK-LABEL: func.func @scatter_beside_rows
// CHECK-SAME: -> (tensor<2x6xf64> {legato.boxes = array<i64: 0, 0, 3, 6, 3, 0, 6, 6, 6, 0, 8, 6>})
// CHECK-NOT: legato.exchange
// CHECK: legato.scatter %arg0[%arg1] along 1 = %arg2 : tensor<2x6xf64>, tensor<4xi64>, tensor<2x4xf64>
func.func @scatter_beside_rows(%x: tensor<8x6xf64> {legato.boxes = array<i64: 0,0, 3,6,  3,0, 6,6,  6,0, 8,6>}, %i: tensor<4xi64>, %v: tensor<8x4xf64> {legato.boxes = array<i64: 0,0, 3,4,  3,0, 6,4,  6,0, 8,4>}) -> tensor<8x6xf64> {
  %0 = legato.scatter %x[%i] along 1 = %v : tensor<8x6xf64>, tensor<4xi64>, tensor<8x4xf64>
  return %0 : tensor<8x6xf64>
}

// -----

// Scattering along the split axis: the result keeps the destination's
// blocks; each rank scatters every value into the whole destination and
// keeps its block.
// CHECK-LABEL: func.func @scatter_along_the_split
// CHECK-SAME: -> (tensor<2xf64> {legato.boxes = array<i64: 0, 3, 3, 6, 6, 8>})
// CHECK-DAG: %[[X:.+]] = legato.exchange %arg0 have [0, 3, 3, 6, 6, 8] need [0, 8, 0, 8, 0, 8] of [8] on 2 : tensor<2xf64> -> tensor<8xf64>
// CHECK-DAG: %[[I:.+]] = legato.exchange %arg1 have [0, 3, 3, 6, 6, 9] need [0, 9, 0, 9, 0, 9] of [9] on 2 : tensor<3xi64> -> tensor<9xi64>
// CHECK-DAG: %[[V:.+]] = legato.exchange %arg2 have [0, 3, 3, 6, 6, 9] need [0, 9, 0, 9, 0, 9] of [9] on 2 : tensor<3xf64> -> tensor<9xf64>
// CHECK: %[[S:.+]] = legato.scatter %[[X]][%[[I]]] along 0 = %[[V]] combine sum : tensor<8xf64>, tensor<9xi64>, tensor<9xf64>
// CHECK: legato.slice %[[S]]{{\[}}[6], [1]] : tensor<8xf64> -> tensor<2xf64>
func.func @scatter_along_the_split(%x: tensor<8xf64> {legato.boxes = array<i64: 0, 3,  3, 6,  6, 8>}, %i: tensor<9xi64> {legato.boxes = array<i64: 0, 3,  3, 6,  6, 9>}, %v: tensor<9xf64> {legato.boxes = array<i64: 0, 3,  3, 6,  6, 9>}) -> tensor<8xf64> {
  %0 = legato.scatter %x[%i] along 0 = %v combine sum : tensor<8xf64>, tensor<9xi64>, tensor<9xf64>
  return %0 : tensor<8xf64>
}

// -----

// Sums of split values into a constant (bincount's counts): each rank adds
// its own values into zeros (rank 0 would add into the destination), and
// an all-reduce of the 4 counts sums the ranks'; no value moves.
// CHECK-LABEL: func.func @sums_into_a_constant
// CHECK-NOT: legato.exchange
// CHECK: %[[S:.+]] = legato.scatter %{{.+}}[%arg0] along 0 = %arg1 combine sum : tensor<4xf64>, tensor<3xi64>, tensor<3xf64>
// CHECK: legato.all_reduce sum %[[S]] : tensor<4xf64>
func.func @sums_into_a_constant(%i: tensor<9xi64> {legato.boxes = array<i64: 0, 3,  3, 6,  6, 9>}, %v: tensor<9xf64> {legato.boxes = array<i64: 0, 3,  3, 6,  6, 9>}) -> tensor<4xf64> {
  %z = legato.constant dense<0.0> : tensor<4xf64>
  %0 = legato.scatter %z[%i] along 0 = %v combine sum : tensor<4xf64>, tensor<9xi64>, tensor<9xf64>
  return %0 : tensor<4xf64>
}
