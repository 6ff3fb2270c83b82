// RUN: %legato_opt %s --convert-legato-to-linalg | FileCheck %s

// NumPy's complex functions that the complex dialect lacks are built from
// real ops on the parts: arcsin by Kahan's formula (square roots of 1 - z
// and 1 + z apart, atan2 and asinh of their products), sinh from the
// parts' sin, cos, sinh and cosh (not exponentials, which cancel).

// CHECK-LABEL: func @arcsin
// CHECK:       linalg.generic
// CHECK-COUNT-2: complex.sqrt
// CHECK-DAG:   math.asinh
// CHECK-DAG:   math.atan2
// CHECK:       complex.create
func.func @arcsin(%z: tensor<8xcomplex<f64>>) -> tensor<8xcomplex<f64>> {
  %r = legato.asin %z : tensor<8xcomplex<f64>>
  return %r : tensor<8xcomplex<f64>>
}

// CHECK-LABEL: func @sinh
// CHECK:       linalg.generic
// CHECK-DAG:   math.sin
// CHECK-DAG:   math.cos
// CHECK-DAG:   math.sinh
// CHECK-DAG:   math.cosh
// CHECK-NOT:   math.exp
// CHECK:       complex.create
func.func @sinh(%z: tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>> {
  %r = legato.sinh %z : tensor<8xcomplex<f32>>
  return %r : tensor<8xcomplex<f32>>
}
