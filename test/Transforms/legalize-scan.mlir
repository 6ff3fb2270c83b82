// RUN: %legato_opt %s --split-input-file --legato-legalize -canonicalize | FileCheck %s
// RUN: %legato_opt %s --split-input-file --verify-diagnostics --legato-legalize="reductions=false"

// Tests that scans become reductions: a short axis one masked reduction
// (element j combines the elements k <= j, the others replaced by the
// identity), a long one chunks of 8, their totals scanned the same way and
// combined with each chunk's masked reduction.

// CHECK-LABEL: func @short
// CHECK-SAME: (%[[X:.+]]: tensor<3x5xi64>)
// CHECK-DAG: %[[ZERO:.+]] = legato.constant dense<0> : tensor<3x5x5xi64>
// CHECK-DAG: %[[J:.+]] = legato.iota 0 : tensor<5x5xi64>
// CHECK-DAG: %[[K:.+]] = legato.iota 1 : tensor<5x5xi64>
// CHECK: %[[BELOW:.+]] = legato.compare le, %[[K]], %[[J]]
// CHECK: %[[MASK:.+]] = legato.broadcast %[[BELOW]] : tensor<5x5xi1> -> tensor<3x5x5xi1>
// CHECK: %[[ROW:.+]] = legato.reshape %[[X]] : tensor<3x5xi64> -> tensor<3x1x5xi64>
// CHECK: %[[XS:.+]] = legato.broadcast %[[ROW]] : tensor<3x1x5xi64> -> tensor<3x5x5xi64>
// CHECK: %[[M:.+]] = legato.select %[[MASK]], %[[XS]], %[[ZERO]]
// CHECK: %[[R:.+]] = legato.reduce sum %[[M]] over [2] : tensor<3x5x5xi64> -> tensor<3x5xi64>
// CHECK: return %[[R]]
func.func @short(%x: tensor<3x5xi64>) -> tensor<3x5xi64> {
  // expected-error @+1 {{'legato.scan' op needs the 'reductions' capability, which the target lacks}}
  %0 = legato.scan sum %x along 1 : tensor<3x5xi64>
  return %0 : tensor<3x5xi64>
}

// -----

// 20 elements: the identity (1) pads them to 3 chunks of 8; the chunks'
// products are scanned (3 elements), shifted by one with 1 in front, and
// multiply each chunk's own scan.
// CHECK-LABEL: func @long
// CHECK-SAME: (%[[X:.+]]: tensor<20xf64>)
// CHECK: %[[P:.+]] = legato.pad %[[X]] low [0] high [4] value 1.0{{.*}} : tensor<20xf64> -> tensor<24xf64>
// CHECK: %[[C:.+]] = legato.reshape %[[P]] : tensor<24xf64> -> tensor<3x8xf64>
// CHECK: %[[T:.+]] = legato.reduce prod %[[C]] over [1] : tensor<3x8xf64> -> tensor<3xf64>
// CHECK: %[[TS:.+]] = legato.reduce prod %{{.+}} over [1] : tensor<3x3xf64> -> tensor<3xf64>
// CHECK: %[[SH:.+]] = legato.pad %[[TS]] low [1] high [0] value 1.0{{.*}} : tensor<3xf64> -> tensor<4xf64>
// CHECK: %[[B:.+]] = legato.slice %[[SH]]{{\[}}[0], [1]] : tensor<4xf64> -> tensor<3xf64>
// CHECK: %[[BC:.+]] = legato.reshape %[[B]] : tensor<3xf64> -> tensor<3x1xf64>
// CHECK: %[[OFF:.+]] = legato.broadcast %[[BC]] : tensor<3x1xf64> -> tensor<3x8xf64>
// CHECK: %[[OWN:.+]] = legato.reduce prod %{{.+}} over [2] : tensor<3x8x8xf64> -> tensor<3x8xf64>
// CHECK: %[[Y:.+]] = legato.mul %[[OFF]], %[[OWN]] : tensor<3x8xf64>
// CHECK: %[[F:.+]] = legato.reshape %[[Y]] : tensor<3x8xf64> -> tensor<24xf64>
// CHECK: %[[R:.+]] = legato.slice %[[F]]{{\[}}[0], [1]] : tensor<24xf64> -> tensor<20xf64>
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
