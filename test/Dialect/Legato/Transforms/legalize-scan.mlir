// RUN: %legato_opt %s --split-input-file --legato-legalize -canonicalize | FileCheck %s
// RUN: %legato_opt %s --split-input-file --verify-diagnostics --legato-legalize="reductions=false"

// Tests that scans become reductions: a short axis one masked reduction
// (element j combines the elements k <= j, the others replaced by the
// identity), a long one whole chunks of 8, whose totals are scanned the same
// way but exclusively (k < j: the totals before each chunk), and each
// chunk's masked reduction starting from them; the elements after the last
// whole chunk start from all of them.

// CHECK-LABEL: func @short
// CHECK-SAME: (%[[X:.+]]: tensor<3x5xi64>)
// CHECK-DAG: %[[ZERO:.+]] = legato.constant dense<0> : tensor<3x5x5xi64>
// CHECK-DAG: %[[J:.+]] = legato.iota 1 : tensor<3x5x5xi64>
// CHECK-DAG: %[[K:.+]] = legato.iota 2 : tensor<3x5x5xi64>
// CHECK: %[[ROW:.+]] = legato.reshape %[[X]] : tensor<3x5xi64> -> tensor<3x1x5xi64>
// CHECK: %[[XS:.+]] = legato.broadcast %[[ROW]] : tensor<3x1x5xi64> -> tensor<3x5x5xi64>
// CHECK: %[[BELOW:.+]] = legato.compare le, %[[K]], %[[J]]
// CHECK: %[[M:.+]] = legato.select %[[BELOW]], %[[XS]], %[[ZERO]]
// CHECK: %[[R:.+]] = legato.reduce sum %[[M]] over [2] : tensor<3x5x5xi64> -> tensor<3x5xi64>
// CHECK: return %[[R]]
func.func @short(%x: tensor<3x5xi64>) -> tensor<3x5xi64> {
  // expected-error @+1 {{'legato.scan' op needs the 'reductions' capability, which the target lacks}}
  %0 = legato.scan sum %x along 1 : tensor<3x5xi64>
  return %0 : tensor<3x5xi64>
}

// -----

// 20 elements: 2 chunks of 8 and 4 more. The chunks' products are scanned
// exclusively (2 elements: 1, then the first), and each starts its chunk's
// masked product at k = 0; the last 4 start from the product of both
// chunks (the second's exclusive scan times its own product).
// CHECK-LABEL: func @long
// CHECK-SAME: (%[[X:.+]]: tensor<20xf64>)
// CHECK: %[[W:.+]] = legato.slice %[[X]]{{\[}}[0], [1]] : tensor<20xf64> -> tensor<16xf64>
// CHECK: %[[C:.+]] = legato.reshape %[[W]] : tensor<16xf64> -> tensor<2x8xf64>
// CHECK: %[[T:.+]] = legato.reduce prod %[[C]] over [1] : tensor<2x8xf64> -> tensor<2xf64>
// CHECK: %[[BEFORE:.+]] = legato.compare lt, %{{.+}}, %{{.+}} : tensor<2x2xi64>
// CHECK: %[[EX:.+]] = legato.reduce prod %{{.+}} over [1] : tensor<2x2xf64> -> tensor<2xf64>
// CHECK: %[[BELOW:.+]] = legato.compare le, %[[K:.+]], %{{.+}} : tensor<2x8x8xi64>
// CHECK: %[[TERMS:.+]] = legato.select %[[BELOW]], %{{.+}}, %{{.+}} : tensor<2x8x8xi1>, tensor<2x8x8xf64>
// CHECK: %[[SR:.+]] = legato.reshape %[[EX]] : tensor<2xf64> -> tensor<2x1x1xf64>
// CHECK: %[[START:.+]] = legato.broadcast %[[SR]] : tensor<2x1x1xf64> -> tensor<2x8x8xf64>
// CHECK: %[[FIRST:.+]] = legato.compare eq, %[[K]], %{{.+}} : tensor<2x8x8xi64>
// CHECK: %[[ON:.+]] = legato.mul %[[START]], %[[TERMS]] : tensor<2x8x8xf64>
// CHECK: %[[T2:.+]] = legato.select %[[FIRST]], %[[ON]], %[[TERMS]]
// CHECK: %[[OWN:.+]] = legato.reduce prod %[[T2]] over [2] : tensor<2x8x8xf64> -> tensor<2x8xf64>
// CHECK: %[[HEAD:.+]] = legato.reshape %[[OWN]] : tensor<2x8xf64> -> tensor<16xf64>
// CHECK: %[[LT:.+]] = legato.slice %[[T]]{{\[}}[1], [1]] : tensor<2xf64> -> tensor<1xf64>
// CHECK: %[[LE:.+]] = legato.slice %[[EX]]{{\[}}[1], [1]] : tensor<2xf64> -> tensor<1xf64>
// CHECK: %[[ALL:.+]] = legato.mul %[[LE]], %[[LT]] : tensor<1xf64>
// CHECK: %[[REST:.+]] = legato.slice %[[X]]{{\[}}[16], [1]] : tensor<20xf64> -> tensor<4xf64>
// CHECK: %[[TAIL:.+]] = legato.reduce prod %{{.+}} over [1] : tensor<4x4xf64> -> tensor<4xf64>
// CHECK: %[[R:.+]] = legato.concatenate %[[HEAD]], %[[TAIL]] along 0
// CHECK: return %[[R]]
// CHECK-NOT: legato.scan
func.func @long(%x: tensor<20xf64>) -> tensor<20xf64> {
  // expected-error @+1 {{'legato.scan' op needs the 'reductions' capability, which the target lacks}}
  %0 = legato.scan prod %x along 0 : tensor<20xf64>
  return %0 : tensor<20xf64>
}

// -----

// Along another axis than the last: transposed there and back.
// CHECK-LABEL: func @first_axis
// CHECK: %[[T:.+]] = legato.transpose %{{.+}}, [1, 0] : tensor<4x2xf32> -> tensor<2x4xf32>
// CHECK: %[[R:.+]] = legato.reduce sum %{{.+}} over [2] : tensor<2x4x4xf32> -> tensor<2x4xf32>
// CHECK: legato.transpose %[[R]], [1, 0] : tensor<2x4xf32> -> tensor<4x2xf32>
func.func @first_axis(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'legato.scan' op needs the 'reductions' capability, which the target lacks}}
  %0 = legato.scan sum %x along 0 : tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}
