// RUN: %legato_opt %s -canonicalize | FileCheck %s
// Tests the folders: identities of shape ops, involutions, splat constants.

// CHECK-LABEL: func @identities
// CHECK-SAME: (%[[A:.+]]: tensor<3x4xf64>)
// CHECK-NOT: legato.
// CHECK: return %[[A]], %[[A]], %[[A]], %[[A]], %[[A]], %[[A]]
func.func @identities(%a: tensor<3x4xf64>) -> (tensor<3x4xf64>, tensor<3x4xf64>, tensor<3x4xf64>, tensor<3x4xf64>, tensor<3x4xf64>, tensor<3x4xf64>) {
  %0 = legato.transpose %a, [0, 1] : tensor<3x4xf64> -> tensor<3x4xf64>
  %1 = legato.reshape %a : tensor<3x4xf64> -> tensor<3x4xf64>
  %2 = legato.broadcast %a : tensor<3x4xf64> -> tensor<3x4xf64>
  %3 = legato.convert %a : tensor<3x4xf64> -> tensor<3x4xf64>
  %4 = legato.slice %a[[0, 0], [1, 1]] : tensor<3x4xf64> -> tensor<3x4xf64>
  %n = legato.neg %a : tensor<3x4xf64>
  %5 = legato.neg %n : tensor<3x4xf64>
  return %0, %1, %2, %3, %4, %5 : tensor<3x4xf64>, tensor<3x4xf64>, tensor<3x4xf64>, tensor<3x4xf64>, tensor<3x4xf64>, tensor<3x4xf64>
}

// CHECK-LABEL: func @splats
// CHECK-DAG: legato.constant dense<-2.000000e+00> : tensor<2x3xf64>
// CHECK-DAG: legato.constant dense<7> : tensor<4x2xi32>
// CHECK-NOT: legato.broadcast
// CHECK-NOT: legato.neg
// CHECK-NOT: legato.transpose
func.func @splats() -> (tensor<2x3xf64>, tensor<4x2xi32>) {
  %c = legato.constant dense<2.0> : tensor<3xf64>
  %b = legato.broadcast %c : tensor<3xf64> -> tensor<2x3xf64>
  %n = legato.neg %b : tensor<2x3xf64>
  %i = legato.constant dense<7> : tensor<2x4xi32>
  %t = legato.transpose %i, [1, 0] : tensor<2x4xi32> -> tensor<4x2xi32>
  return %n, %t : tensor<2x3xf64>, tensor<4x2xi32>
}

// CHECK-LABEL: func @not_not
// CHECK-SAME: (%[[M:.+]]: tensor<4xi1>)
// CHECK: return %[[M]]
func.func @not_not(%m: tensor<4xi1>) -> tensor<4xi1> {
  %0 = legato.not %m : tensor<4xi1>
  %1 = legato.not %0 : tensor<4xi1>
  return %1 : tensor<4xi1>
}

// Tests that an integer or bool compared with itself folds to its known
// answer, and a float does not (NaN compares unequal to itself).
// CHECK-LABEL: func @compare_with_itself
// CHECK-SAME: (%[[I:.+]]: tensor<3xi32>, %[[B:.+]]: tensor<3xi1>, %[[F:.+]]: tensor<3xf64>)
// CHECK-DAG: %[[T:.+]] = legato.constant dense<true> : tensor<3xi1>
// CHECK-DAG: %[[N:.+]] = legato.constant dense<false> : tensor<3xi1>
// CHECK-DAG: %[[FLE:.+]] = legato.compare le, %[[F]], %[[F]]
// CHECK: return %[[T]], %[[N]], %[[T]], %[[N]], %[[FLE]]
func.func @compare_with_itself(%i: tensor<3xi32>, %b: tensor<3xi1>, %f: tensor<3xf64>) -> (tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>) {
  %0 = legato.compare le, %i, %i : tensor<3xi32> -> tensor<3xi1>
  %1 = legato.compare lt, %i, %i : tensor<3xi32> -> tensor<3xi1>
  %2 = legato.compare eq, %b, %b : tensor<3xi1> -> tensor<3xi1>
  %3 = legato.compare ne, %b, %b : tensor<3xi1> -> tensor<3xi1>
  %4 = legato.compare le, %f, %f : tensor<3xf64> -> tensor<3xi1>
  return %0, %1, %2, %3, %4 : tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>
}

// A scan along an axis of one element is its input; along a longer one, kept.
// CHECK-LABEL: func @scan_of_one_element
// CHECK-SAME: (%[[A:.+]]: tensor<1x4xf64>)
// CHECK: %[[S:.+]] = legato.scan sum %[[A]] along 1
// CHECK: return %[[A]], %[[S]]
func.func @scan_of_one_element(%a: tensor<1x4xf64>) -> (tensor<1x4xf64>, tensor<1x4xf64>) {
  %0 = legato.scan sum %a along 0 : tensor<1x4xf64>
  %1 = legato.scan sum %a along 1 : tensor<1x4xf64>
  return %0, %1 : tensor<1x4xf64>, tensor<1x4xf64>
}
