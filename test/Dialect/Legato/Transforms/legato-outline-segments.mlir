// RUN: %legato_opt %s --split-input-file --legato-outline-segments="ranks=2 rank=0" | FileCheck %s

// Tests the schedule of a rank's program with one all-reduce (a dot
// product, then a value scaled by it): @main calls the segment before the
// all-reduce, the all-reduce, then the segment after it, each marked with
// its level. 2 * p is cheap to recompute from p (an argument): the second
// segment recomputes it instead of the first returning it, so the first
// returns only the partial sum.
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[P:.*]]: tensor<4xf64>)
// CHECK: %[[PART:.*]] = call @segment_0(%[[P]]) {legato.segment = 0 : i64} : (tensor<4xf64>) -> tensor<f64>
// CHECK: %[[SUM:.*]] = legato.all_reduce sum %[[PART]] {legato.segment = 0 : i64} : tensor<f64>
// CHECK: %[[OUT:.*]] = call @segment_1(%[[SUM]], %[[P]]) {legato.segment = 1 : i64}
// CHECK: return %[[OUT]], %[[SUM]]
// CHECK: func.func private @segment_0(%[[A:.*]]: tensor<4xf64>) -> tensor<f64>
// CHECK: legato.constant dense<2.000000e+00
// CHECK: legato.mul
// CHECK: legato.reduce sum
// CHECK: func.func private @segment_1(%{{.*}}: tensor<f64>, %{{.*}}: tensor<4xf64>) -> tensor<4xf64>
// CHECK: legato.constant dense<2.000000e+00
// CHECK: legato.broadcast
// CHECK: legato.mul
// CHECK: legato.mul
func.func @main(%p: tensor<4xf64>) -> (tensor<4xf64>, tensor<f64>) {
  %two = legato.constant dense<2.0> : tensor<4xf64>
  %0 = legato.mul %p, %two : tensor<4xf64>
  %1 = legato.reduce sum %0 over [0] : tensor<4xf64> -> tensor<f64>
  %2 = legato.all_reduce sum %1 : tensor<f64>
  %3 = legato.broadcast %2 : tensor<f64> -> tensor<4xf64>
  %4 = legato.mul %0, %3 : tensor<4xf64>
  return %4, %2 : tensor<4xf64>, tensor<f64>
}

// -----

// Tests that a splat constant the program returns stays in @main (it gets
// a buffer of its own), while the segment clones it, and that a program
// without collectives is one segment.
// CHECK-LABEL: func.func @main
// CHECK: %[[C:.*]] = legato.constant dense<1.000000e+00
// CHECK: %[[R:.*]] = call @segment_0(%{{.*}}) {legato.segment = 0 : i64}
// CHECK: return %[[R]], %[[C]]
// CHECK: func.func private @segment_0
// CHECK: legato.constant dense<1.000000e+00
// CHECK: legato.add
func.func @main(%a: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
  %one = legato.constant dense<1.0> : tensor<4xf64>
  %0 = legato.add %a, %one : tensor<4xf64>
  return %0, %one : tensor<4xf64>, tensor<4xf64>
}
