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
