// RUN: %legato_opt %s --convert-legato-to-linalg | FileCheck %s

// Complex numbers stay complex through linalg: the bodies use the
// `complex` dialect (lowered to float ops on the parts later).

// CHECK-LABEL: func @complex_arithmetic
// CHECK: complex.mul %{{.*}}, %{{.*}} : complex<f64>
// CHECK: complex.div %{{.*}}, %{{.*}} : complex<f64>
func.func @complex_arithmetic(%a: tensor<4xcomplex<f64>>, %b: tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>> {
  %0 = legato.mul %a, %b : tensor<4xcomplex<f64>>
  %1 = legato.div %0, %b : tensor<4xcomplex<f64>>
  return %1 : tensor<4xcomplex<f64>>
}

// Tests that the parts and |z| are floats of the parts' type.
// CHECK-LABEL: func @complex_parts
// CHECK: complex.re %{{.*}} : complex<f32>
// CHECK: complex.im %{{.*}} : complex<f32>
// CHECK: complex.abs %{{.*}} : complex<f32>
func.func @complex_parts(%a: tensor<4xcomplex<f32>>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = legato.real %a : tensor<4xcomplex<f32>> -> tensor<4xf32>
  %1 = legato.imag %a : tensor<4xcomplex<f32>> -> tensor<4xf32>
  %2 = legato.magnitude %a : tensor<4xcomplex<f32>> -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// Tests a complex sum: the sums of the real and the imaginary parts in
// float accumulators, joined per result element; a product stays complex.
// CHECK-LABEL: func @complex_sum
// CHECK: %[[RE:.+]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<3x4xcomplex<f64>>) outs(%{{.*}} : tensor<3xf64>)
// CHECK:   complex.re
// CHECK:   arith.addf
// CHECK: %[[IM:.+]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<3x4xcomplex<f64>>) outs(%{{.*}} : tensor<3xf64>)
// CHECK:   complex.im
// CHECK:   arith.addf
// CHECK: linalg.generic {{.*}} ins(%[[RE]], %[[IM]] : tensor<3xf64>, tensor<3xf64>) outs(%{{.*}} : tensor<3xcomplex<f64>>)
// CHECK:   complex.create
// CHECK-LABEL: func @complex_prod
// CHECK: complex.constant [1.000000e+00, 0.000000e+00] : complex<f64>
// CHECK: complex.mul
func.func @complex_sum(%a: tensor<3x4xcomplex<f64>>) -> tensor<3xcomplex<f64>> {
  %0 = legato.reduce sum %a over [1] : tensor<3x4xcomplex<f64>> -> tensor<3xcomplex<f64>>
  return %0 : tensor<3xcomplex<f64>>
}
func.func @complex_prod(%a: tensor<3x4xcomplex<f64>>) -> tensor<3xcomplex<f64>> {
  %0 = legato.reduce prod %a over [1] : tensor<3x4xcomplex<f64>> -> tensor<3xcomplex<f64>>
  return %0 : tensor<3xcomplex<f64>>
}

// Tests conversions: a float becomes (x, 0); a complex number to bool is
// "either part nonzero".
// CHECK-LABEL: func @complex_conversions
// CHECK: complex.create %{{.*}}, %{{.*}} : complex<f64>
// CHECK: complex.neq
func.func @complex_conversions(%a: tensor<4xf32>, %b: tensor<4xcomplex<f64>>) -> (tensor<4xcomplex<f64>>, tensor<4xi1>) {
  %0 = legato.convert %a : tensor<4xf32> -> tensor<4xcomplex<f64>>
  %1 = legato.convert %b : tensor<4xcomplex<f64>> -> tensor<4xi1>
  return %0, %1 : tensor<4xcomplex<f64>>, tensor<4xi1>
}
