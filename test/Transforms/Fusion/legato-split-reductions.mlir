// RUN: %legato_opt %s --convert-legato-to-linalg --legato-fuse-kernels -canonicalize --legato-split-reductions | FileCheck %s

// Tests that a full reduction of 256x256 becomes 16 parallel partials over
// row blocks (16 = the largest divisor of 256 not above 65536 / 4096), then
// a combine over the partials.
// CHECK-LABEL: func @sum_of_squares
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2]] output_shape [16, 16, 256]
// CHECK: linalg.fill {{.*}} -> tensor<16xf64>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "reduction"]
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction"]
// CHECK-SAME: ins(%{{.*}} : tensor<16xf64>)
func.func @sum_of_squares(%a: tensor<256x256xf64>) -> tensor<f64> {
  %0 = legato.mul %a, %a : tensor<256x256xf64>
  %1 = legato.reduce sum %0 over [0, 1] : tensor<256x256xf64> -> tensor<f64>
  return %1 : tensor<f64>
}

// Tests that a reduction whose result already offers parallelism (a row sum
// of a tall array) is left alone.
// CHECK-LABEL: func @row_sums
// CHECK-NOT: expand_shape
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
func.func @row_sums(%a: tensor<4096x64xf64>) -> tensor<4096xf64> {
  %0 = legato.reduce sum %a over [1] : tensor<4096x64xf64> -> tensor<4096xf64>
  return %0 : tensor<4096xf64>
}

// Tests that a small reduction stays sequential.
// CHECK-LABEL: func @small
// CHECK-NOT: expand_shape
func.func @small(%a: tensor<1000xf64>) -> tensor<f64> {
  %0 = legato.reduce max %a over [0] : tensor<1000xf64> -> tensor<f64>
  return %0 : tensor<f64>
}

// Tests that a reduction over a prime number of rows (257: no divisor to
// split them by) is cut into 256 rows, split into 32 parallel partials and
// combined, and the last row, reduced after them into the same result.
// CHECK-LABEL: func @prime_rows
// CHECK: %[[HEAD:.+]] = tensor.extract_slice %{{.*}}[0, 0] [256, 512] [1, 1]
// CHECK: tensor.expand_shape %[[HEAD]] {{\[}}[0, 1], [2]] output_shape [32, 8, 512]
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "reduction"]
// CHECK: %[[COMBINED:.+]] = linalg.generic {{.*}} iterator_types = ["reduction"]
// CHECK-SAME: ins(%{{.*}} : tensor<32xf64>)
// CHECK: %[[TAIL:.+]] = tensor.extract_slice %{{.*}}[256, 0] [1, 512] [1, 1]
// CHECK: %[[SUM:.+]] = linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]
// CHECK-SAME: ins(%[[TAIL]] : tensor<1x512xf64>) outs(%[[COMBINED]] : tensor<f64>)
// CHECK: return %[[SUM]]
func.func @prime_rows(%a: tensor<257x512xf64>) -> tensor<f64> {
  %0 = legato.mul %a, %a : tensor<257x512xf64>
  %1 = legato.reduce sum %0 over [0, 1] : tensor<257x512xf64> -> tensor<f64>
  return %1 : tensor<f64>
}
