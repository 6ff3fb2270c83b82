// RUN: %legato_opt %s --legato-simplify | FileCheck %s
// RUN: %legato_opt %s --legato-simplify=merge-products-max-elements=1000000 | FileCheck %s --check-prefix=BUDGET
// RUN: %legato_opt %s --legato-simplify=assume-finite=true | FileCheck %s --check-prefix=FINITE

// Tests that products with eye(n), as the tracer builds it, vanish, and that
// a product with c·eye(n) is the operand times c. The product's zeros make
// NaN of an inf or NaN: an element becomes NaN where another element of its
// row (A @ eye) or column (eye @ B) is inf or NaN; under assume-finite the
// operand is the result.
// CHECK-LABEL: func @identity
// CHECK-SAME: (%[[A:.+]]: tensor<8x8xf64>, %[[V:.+]]: tensor<8xf64>)
// CHECK-DAG: %[[THREE:.+]] = legato.constant dense<3.000000e+00> : tensor<8x8xf64>
// CHECK-DAG: %[[NAN:.+]] = legato.constant dense<0x7FF8000000000000> : tensor<8x8xf64>
// CHECK-DAG: %[[ZERO:.+]] = legato.constant dense<0.000000e+00> : tensor<8x8xf64>
// CHECK-NOT: legato.matmul
// CHECK: %[[Z:.+]] = legato.mul %[[A]], %[[ZERO]]
// CHECK: %[[NF:.+]] = legato.compare ne, %[[Z]], %[[Z]]
// CHECK: %[[ONES:.+]] = legato.convert %[[NF]] : tensor<8x8xi1> -> tensor<8x8xi64>
// CHECK: %[[ROWS:.+]] = legato.reduce sum %[[ONES]] over [1]
// CHECK: %[[ROW:.+]] = legato.reshape %[[ROWS]] : tensor<8xi64> -> tensor<8x1xi64>
// CHECK: %[[COUNT:.+]] = legato.broadcast %[[ROW]] : tensor<8x1xi64> -> tensor<8x8xi64>
// CHECK: %[[OTHERS:.+]] = legato.sub %[[COUNT]], %[[ONES]]
// CHECK: %[[POISON:.+]] = legato.compare gt, %[[OTHERS]]
// CHECK: %[[R0:.+]] = legato.select %[[POISON]], %[[NAN]], %[[A]]
// CHECK: legato.reduce sum %{{.+}} over [0] : tensor<8xi64> -> tensor<i64>
// CHECK: %[[R1:.+]] = legato.select %{{.+}}, %{{.+}}, %[[V]]
// CHECK: %[[S:.+]] = legato.mul %[[A]], %[[THREE]]
// CHECK: legato.reduce sum %{{.+}} over [0] : tensor<8x8xi64> -> tensor<8xi64>
// CHECK: legato.reshape %{{.+}} : tensor<8xi64> -> tensor<1x8xi64>
// CHECK: %[[R2:.+]] = legato.select %{{.+}}, %[[NAN]], %[[S]]
// CHECK: return %[[R0]], %[[R1]], %[[R2]]
// FINITE-LABEL: func @identity
// FINITE-SAME: (%[[A:.+]]: tensor<8x8xf64>, %[[V:.+]]: tensor<8xf64>)
// FINITE-NOT: legato.matmul
// FINITE: %[[S:.+]] = legato.mul %[[A]], %{{.+}} : tensor<8x8xf64>
// FINITE: return %[[A]], %[[V]], %[[S]]
func.func @identity(%a: tensor<8x8xf64>, %v: tensor<8xf64>) -> (tensor<8x8xf64>, tensor<8xf64>, tensor<8x8xf64>) {
  %r = legato.iota 0 : tensor<8x8xi64>
  %c = legato.iota 1 : tensor<8x8xi64>
  %d = legato.compare eq, %r, %c : tensor<8x8xi64> -> tensor<8x8xi1>
  %eye = legato.convert %d : tensor<8x8xi1> -> tensor<8x8xf64>
  %0 = legato.matmul %a, %eye : tensor<8x8xf64>, tensor<8x8xf64> -> tensor<8x8xf64>
  %1 = legato.matmul %eye, %v : tensor<8x8xf64>, tensor<8xf64> -> tensor<8xf64>
  %three = legato.constant dense<3.0> : tensor<8x8xf64>
  %ceye = legato.mul %eye, %three : tensor<8x8xf64>
  %2 = legato.matmul %ceye, %a : tensor<8x8xf64>, tensor<8x8xf64> -> tensor<8x8xf64>
  return %0, %1, %2 : tensor<8x8xf64>, tensor<8xf64>, tensor<8x8xf64>
}

// Tests that an integer product with eye(n) is its operand (no NaN to keep),
// and that a product with inf·eye(n), whose zeros are NaN, stays a product.
// CHECK-LABEL: func @identity_int_and_inf
// CHECK-SAME: (%[[A:.+]]: tensor<4x4xi64>, %[[F:.+]]: tensor<4x4xf64>)
// CHECK: %[[P:.+]] = legato.matmul %[[F]]
// CHECK: return %[[A]], %[[P]]
func.func @identity_int_and_inf(%a: tensor<4x4xi64>, %f: tensor<4x4xf64>) -> (tensor<4x4xi64>, tensor<4x4xf64>) {
  %r = legato.iota 0 : tensor<4x4xi64>
  %c = legato.iota 1 : tensor<4x4xi64>
  %d = legato.compare eq, %r, %c : tensor<4x4xi64> -> tensor<4x4xi1>
  %ieye = legato.convert %d : tensor<4x4xi1> -> tensor<4x4xi64>
  %0 = legato.matmul %a, %ieye : tensor<4x4xi64>, tensor<4x4xi64> -> tensor<4x4xi64>
  %feye = legato.convert %d : tensor<4x4xi1> -> tensor<4x4xf64>
  %inf = legato.constant dense<0x7FF0000000000000> : tensor<4x4xf64>
  %infeye = legato.mul %feye, %inf : tensor<4x4xf64>
  %1 = legato.matmul %f, %infeye : tensor<4x4xf64>, tensor<4x4xf64> -> tensor<4x4xf64>
  return %0, %1 : tensor<4x4xi64>, tensor<4x4xf64>
}

// Tests that iota compared with itself along the same dim is not an eye.
// CHECK-LABEL: func @not_identity
// CHECK: legato.matmul
func.func @not_identity(%a: tensor<8x8xf64>) -> tensor<8x8xf64> {
  %r = legato.iota 0 : tensor<8x8xi64>
  %d = legato.compare eq, %r, %r : tensor<8x8xi64> -> tensor<8x8xi1>
  %m = legato.convert %d : tensor<8x8xi1> -> tensor<8x8xf64>
  %0 = legato.matmul %a, %m : tensor<8x8xf64>, tensor<8x8xf64> -> tensor<8x8xf64>
  return %0 : tensor<8x8xf64>
}

// Tests that (2A)(3B) is 6(AB).
// CHECK-LABEL: func @scalars
// CHECK-SAME: (%[[A:.+]]: tensor<4x4xf64>, %[[B:.+]]: tensor<4x4xf64>)
// CHECK-DAG: %[[C:.+]] = legato.constant dense<6.000000e+00>
// CHECK-DAG: %[[P:.+]] = legato.matmul %[[A]], %[[B]]
// CHECK: legato.mul %[[P]], %[[C]]
func.func @scalars(%a: tensor<4x4xf64>, %b: tensor<4x4xf64>) -> tensor<4x4xf64> {
  %c2 = legato.constant dense<2.0> : tensor<4x4xf64>
  %c3 = legato.constant dense<3.0> : tensor<4x4xf64>
  %a2 = legato.mul %a, %c2 : tensor<4x4xf64>
  %b3 = legato.mul %c3, %b : tensor<4x4xf64>
  %0 = legato.matmul %a2, %b3 : tensor<4x4xf64>, tensor<4x4xf64> -> tensor<4x4xf64>
  return %0 : tensor<4x4xf64>
}

// Tests that AX + BX is (A + B)X and XA - XB is X(A - B).
// CHECK-LABEL: func @factor
// CHECK-SAME: (%[[A:.+]]: tensor<4x4xf64>, %[[B:.+]]: tensor<4x4xf64>, %[[X:.+]]: tensor<4x4xf64>)
// CHECK: %[[S:.+]] = legato.add %[[A]], %[[B]]
// CHECK: %[[P:.+]] = legato.matmul %[[S]], %[[X]]
// CHECK: %[[D:.+]] = legato.sub %[[A]], %[[B]]
// CHECK: %[[Q:.+]] = legato.matmul %[[X]], %[[D]]
// CHECK: return %[[P]], %[[Q]]
func.func @factor(%a: tensor<4x4xf64>, %b: tensor<4x4xf64>, %x: tensor<4x4xf64>) -> (tensor<4x4xf64>, tensor<4x4xf64>) {
  %ax = legato.matmul %a, %x : tensor<4x4xf64>, tensor<4x4xf64> -> tensor<4x4xf64>
  %bx = legato.matmul %b, %x : tensor<4x4xf64>, tensor<4x4xf64> -> tensor<4x4xf64>
  %0 = legato.add %ax, %bx : tensor<4x4xf64>
  %xa = legato.matmul %x, %a : tensor<4x4xf64>, tensor<4x4xf64> -> tensor<4x4xf64>
  %xb = legato.matmul %x, %b : tensor<4x4xf64>, tensor<4x4xf64> -> tensor<4x4xf64>
  %1 = legato.sub %xa, %xb : tensor<4x4xf64>
  return %0, %1 : tensor<4x4xf64>, tensor<4x4xf64>
}

// Tests that the sum of a product of two vectors is a dot product.
// CHECK-LABEL: func @dot
// CHECK-SAME: (%[[X:.+]]: tensor<16xf64>, %[[Y:.+]]: tensor<16xf64>)
// CHECK: legato.matmul %[[X]], %[[Y]] : tensor<16xf64>, tensor<16xf64> -> tensor<f64>
// CHECK-NOT: legato.reduce
func.func @dot(%x: tensor<16xf64>, %y: tensor<16xf64>) -> tensor<f64> {
  %0 = legato.mul %x, %y : tensor<16xf64>
  %1 = legato.reduce sum %0 over [0] : tensor<16xf64> -> tensor<f64>
  return %1 : tensor<f64>
}

// Tests that three products sharing A become one product with the
// concatenated right operands, sliced.
// CHECK-LABEL: func @shared_lhs
// CHECK-SAME: (%[[A:.+]]: tensor<8x6xf64>, %[[B1:.+]]: tensor<6x2xf64>, %[[B2:.+]]: tensor<6x3xf64>, %[[B3:.+]]: tensor<6x4xf64>)
// CHECK: %[[C:.+]] = legato.concatenate %[[B1]], %[[B2]], %[[B3]] along 1
// CHECK: %[[P:.+]] = legato.matmul %[[A]], %[[C]] : tensor<8x6xf64>, tensor<6x9xf64> -> tensor<8x9xf64>
// CHECK-NOT: legato.matmul
// CHECK-DAG: %[[S1:.+]] = legato.slice %[[P]]{{\[}}[0, 0], [1, 1]] : tensor<8x9xf64> -> tensor<8x2xf64>
// CHECK-DAG: %[[S2:.+]] = legato.slice %[[P]]{{\[}}[0, 2], [1, 1]] : tensor<8x9xf64> -> tensor<8x3xf64>
// CHECK-DAG: %[[S3:.+]] = legato.slice %[[P]]{{\[}}[0, 5], [1, 1]] : tensor<8x9xf64> -> tensor<8x4xf64>
// CHECK: return %[[S1]], %[[S2]], %[[S3]]
func.func @shared_lhs(%a: tensor<8x6xf64>, %b1: tensor<6x2xf64>, %b2: tensor<6x3xf64>, %b3: tensor<6x4xf64>) -> (tensor<8x2xf64>, tensor<8x3xf64>, tensor<8x4xf64>) {
  %0 = legato.matmul %a, %b1 : tensor<8x6xf64>, tensor<6x2xf64> -> tensor<8x2xf64>
  %1 = legato.matmul %a, %b2 : tensor<8x6xf64>, tensor<6x3xf64> -> tensor<8x3xf64>
  %2 = legato.matmul %a, %b3 : tensor<8x6xf64>, tensor<6x4xf64> -> tensor<8x4xf64>
  return %0, %1, %2 : tensor<8x2xf64>, tensor<8x3xf64>, tensor<8x4xf64>
}

// Tests that large products sharing A stay separate: the concatenation and
// the result slices would copy 3 x (512x128 + 512x128) elements, more than
// the default budget (2^18), and cost more than the two launches saved.
// With a larger budget they merge.
// CHECK-LABEL: func @shared_lhs_large
// CHECK-NOT: legato.concatenate
// CHECK-COUNT-3: legato.matmul
// CHECK-NOT: legato.concatenate
// BUDGET-LABEL: func @shared_lhs_large
// BUDGET: legato.concatenate
// BUDGET: legato.matmul {{.+}} -> tensor<512x384xf64>
// BUDGET-NOT: legato.matmul
// BUDGET: return
func.func @shared_lhs_large(%a: tensor<512x512xf64>, %b1: tensor<512x128xf64>, %b2: tensor<512x128xf64>, %b3: tensor<512x128xf64>) -> (tensor<512x128xf64>, tensor<512x128xf64>, tensor<512x128xf64>) {
  %0 = legato.matmul %a, %b1 : tensor<512x512xf64>, tensor<512x128xf64> -> tensor<512x128xf64>
  %1 = legato.matmul %a, %b2 : tensor<512x512xf64>, tensor<512x128xf64> -> tensor<512x128xf64>
  %2 = legato.matmul %a, %b3 : tensor<512x512xf64>, tensor<512x128xf64> -> tensor<512x128xf64>
  return %0, %1, %2 : tensor<512x128xf64>, tensor<512x128xf64>, tensor<512x128xf64>
}

// Tests that products sharing their right operand stack the left ones.
// CHECK-LABEL: func @shared_rhs
// CHECK: %[[C:.+]] = legato.concatenate %{{.+}}, %{{.+}} along 0 : (tensor<3x6xf64>, tensor<5x6xf64>) -> tensor<8x6xf64>
// CHECK: legato.matmul %[[C]], %{{.+}} : tensor<8x6xf64>, tensor<6x4xf64> -> tensor<8x4xf64>
// CHECK-NOT: legato.matmul
func.func @shared_rhs(%a1: tensor<3x6xf64>, %a2: tensor<5x6xf64>, %b: tensor<6x4xf64>) -> (tensor<3x4xf64>, tensor<5x4xf64>) {
  %0 = legato.matmul %a1, %b : tensor<3x6xf64>, tensor<6x4xf64> -> tensor<3x4xf64>
  %1 = legato.matmul %a2, %b : tensor<5x6xf64>, tensor<6x4xf64> -> tensor<5x4xf64>
  return %0, %1 : tensor<3x4xf64>, tensor<5x4xf64>
}

// Tests that A @ B @ v is reassociated to A @ (B @ v) (two matrix-vector
// products instead of a GEMM), and v @ A @ B to (v @ A) @ B, but a chain
// already in the cheaper order is kept.
// CHECK-LABEL: func @chains
// CHECK-SAME: (%[[A:.+]]: tensor<32x32xf64>, %[[B:.+]]: tensor<32x32xf64>, %[[V:.+]]: tensor<32xf64>, %[[T:.+]]: tensor<32x2xf64>)
// CHECK: %[[BV:.+]] = legato.matmul %[[B]], %[[V]] : tensor<32x32xf64>, tensor<32xf64> -> tensor<32xf64>
// CHECK: legato.matmul %[[A]], %[[BV]]
// CHECK: %[[VA:.+]] = legato.matmul %[[V]], %[[A]] : tensor<32xf64>, tensor<32x32xf64> -> tensor<32xf64>
// CHECK: legato.matmul %[[VA]], %[[B]]
// CHECK: %[[BT:.+]] = legato.matmul %[[B]], %[[T]] : tensor<32x32xf64>, tensor<32x2xf64> -> tensor<32x2xf64>
// CHECK: legato.matmul %[[A]], %[[BT]]
func.func @chains(%a: tensor<32x32xf64>, %b: tensor<32x32xf64>, %v: tensor<32xf64>, %t: tensor<32x2xf64>) -> (tensor<32xf64>, tensor<32xf64>, tensor<32x2xf64>) {
  %ab = legato.matmul %a, %b : tensor<32x32xf64>, tensor<32x32xf64> -> tensor<32x32xf64>
  %0 = legato.matmul %ab, %v : tensor<32x32xf64>, tensor<32xf64> -> tensor<32xf64>
  %ab2 = legato.matmul %b, %b : tensor<32x32xf64>, tensor<32x32xf64> -> tensor<32x32xf64>
  %bb = legato.matmul %a, %b : tensor<32x32xf64>, tensor<32x32xf64> -> tensor<32x32xf64>
  %1 = legato.matmul %v, %bb : tensor<32xf64>, tensor<32x32xf64> -> tensor<32xf64>
  %bt = legato.matmul %b, %t : tensor<32x32xf64>, tensor<32x2xf64> -> tensor<32x2xf64>
  %2 = legato.matmul %a, %bt : tensor<32x32xf64>, tensor<32x2xf64> -> tensor<32x2xf64>
  return %0, %1, %2 : tensor<32xf64>, tensor<32xf64>, tensor<32x2xf64>
}
