// RUN: %legato_opt %s --legato-partition-pipeline="ranks=2 rank=0" | FileCheck %s
// RUN: %legato_opt %s --legato-partition-pipeline="ranks=2 rank=0 simplify=false" | FileCheck %s --check-prefix=RAW

// The partition pipeline simplifies first (the double negation goes, so
// only the sum is placed), then builds rank 0's program: its block of rows,
// and one ghost row from rank 1 for the shifted slice.
// CHECK-LABEL: func.func @shifted_sum
// CHECK-NOT:     legato.neg
// CHECK:         legato.exchange {{.+}} on 0 : tensor<4x6xf64> -> tensor<5x6xf64>
// CHECK:         legato.add
// RAW-LABEL:   func.func @shifted_sum
// RAW:           legato.exchange {{.+}} on 0 : tensor<4x6xf64> -> tensor<5x6xf64>
// RAW:           legato.neg
// RAW:           legato.neg
func.func @shifted_sum(%u: tensor<8x6xf64> {legato.boxes = array<i64: 0,0, 4,6,  4,0, 8,6>})
    -> (tensor<7x6xf64> {legato.boxes = array<i64: 0,0, 4,6,  4,0, 7,6>}) {
  %a = legato.slice %u[[0, 0], [1, 1]] : tensor<8x6xf64> -> tensor<7x6xf64>
  %b = legato.slice %u[[1, 0], [1, 1]] : tensor<8x6xf64> -> tensor<7x6xf64>
  %n = legato.neg %b : tensor<7x6xf64>
  %m = legato.neg %n : tensor<7x6xf64>
  %r = legato.add %a, %m : tensor<7x6xf64>
  return %r : tensor<7x6xf64>
}

// The pipeline ends by outlining the rank's @main (legato-outline-segments):
// the argument's ghost row comes first (level 0), then one segment computes
// the exp (of its rows and the ghost row) and the sum.
// CHECK-LABEL: func.func @main
// CHECK:         %[[X:.+]] = legato.exchange %{{.+}} {legato.segment = 0 : i64}
// CHECK:         call @segment_1(%[[X]]) {legato.segment = 1 : i64}
// CHECK:       func.func private @segment_1
// CHECK:         legato.exp
// CHECK:         legato.add
func.func @main(%u: tensor<8x6xf64> {legato.boxes = array<i64: 0,0, 4,6,  4,0, 8,6>})
    -> (tensor<7x6xf64> {legato.boxes = array<i64: 0,0, 4,6,  4,0, 7,6>}) {
  %e = legato.exp %u : tensor<8x6xf64>
  %a = legato.slice %e[[0, 0], [1, 1]] : tensor<8x6xf64> -> tensor<7x6xf64>
  %b = legato.slice %e[[1, 0], [1, 1]] : tensor<8x6xf64> -> tensor<7x6xf64>
  %r = legato.add %a, %b : tensor<7x6xf64>
  return %r : tensor<7x6xf64>
}
