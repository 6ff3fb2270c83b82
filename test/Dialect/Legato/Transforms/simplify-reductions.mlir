// RUN: %legato_opt %s --legato-simplify | FileCheck %s

// Tests that the sum of a broadcast is the sum of its input times the
// number of copies, and a max of a broadcast ignores the copies.
// CHECK-LABEL: func @reduce_of_broadcast
// CHECK-SAME: (%[[V:.+]]: tensor<8xf64>, %[[C:.+]]: tensor<4x1xf64>)
// CHECK-DAG: %[[N:.+]] = legato.constant dense<3.000000e+00> : tensor<f64>
// CHECK-DAG: %[[K:.+]] = legato.constant dense<6.000000e+00> : tensor<4xf64>
// CHECK: %[[S:.+]] = legato.reduce sum %[[V]] over [0] : tensor<8xf64> -> tensor<f64>
// CHECK: %[[T:.+]] = legato.mul %[[S]], %[[N]]
// CHECK: %[[R:.+]] = legato.reduce sum %[[C]] over [1] : tensor<4x1xf64> -> tensor<4xf64>
// CHECK: %[[U:.+]] = legato.mul %[[R]], %[[K]]
// CHECK: %[[M:.+]] = legato.reduce max %[[V]] over [0] : tensor<8xf64> -> tensor<f64>
// CHECK: %[[B:.+]] = legato.broadcast %[[M]] : tensor<f64> -> tensor<3xf64>
// CHECK: return %[[T]], %[[U]], %[[B]]
func.func @reduce_of_broadcast(%v: tensor<8xf64>, %c: tensor<4x1xf64>) -> (tensor<f64>, tensor<4xf64>, tensor<3xf64>) {
  %0 = legato.broadcast %v : tensor<8xf64> -> tensor<3x8xf64>
  %1 = legato.reduce sum %0 over [0, 1] : tensor<3x8xf64> -> tensor<f64>
  %2 = legato.broadcast %c : tensor<4x1xf64> -> tensor<4x6xf64>
  %3 = legato.reduce sum %2 over [1] : tensor<4x6xf64> -> tensor<4xf64>
  %4 = legato.reduce max %0 over [1] : tensor<3x8xf64> -> tensor<3xf64>
  return %1, %3, %4 : tensor<f64>, tensor<4xf64>, tensor<3xf64>
}

// Tests that a reduction over the concatenation axis combines the parts'
// reductions, and one over another axis concatenates them.
// CHECK-LABEL: func @reduce_of_concatenate
// CHECK-SAME: (%[[A:.+]]: tensor<2x5xf64>, %[[B:.+]]: tensor<3x5xf64>)
// CHECK: %[[RA:.+]] = legato.reduce max %[[A]] over [0, 1]
// CHECK: %[[RB:.+]] = legato.reduce max %[[B]] over [0, 1]
// CHECK: %[[M:.+]] = legato.max %[[RA]], %[[RB]] : tensor<f64>
// CHECK: %[[SA:.+]] = legato.reduce sum %[[A]] over [1] : tensor<2x5xf64> -> tensor<2xf64>
// CHECK: %[[SB:.+]] = legato.reduce sum %[[B]] over [1] : tensor<3x5xf64> -> tensor<3xf64>
// CHECK: %[[C:.+]] = legato.concatenate %[[SA]], %[[SB]] along 0
// CHECK-NOT: tensor<5x5xf64>
// CHECK: return %[[M]], %[[C]]
func.func @reduce_of_concatenate(%a: tensor<2x5xf64>, %b: tensor<3x5xf64>) -> (tensor<f64>, tensor<5xf64>) {
  %0 = legato.concatenate %a, %b along 0 : (tensor<2x5xf64>, tensor<3x5xf64>) -> tensor<5x5xf64>
  %1 = legato.reduce max %0 over [0, 1] : tensor<5x5xf64> -> tensor<f64>
  %2 = legato.concatenate %a, %b along 0 : (tensor<2x5xf64>, tensor<3x5xf64>) -> tensor<5x5xf64>
  %3 = legato.reduce sum %2 over [1] : tensor<5x5xf64> -> tensor<5xf64>
  return %1, %3 : tensor<f64>, tensor<5xf64>
}

// Tests that mean (traced as sum / n) over 8 elements multiplies by 1/8.
// CHECK-LABEL: func @mean
// CHECK-DAG: %[[C:.+]] = legato.constant dense<1.250000e-01> : tensor<f64>
// CHECK-DAG: %[[S:.+]] = legato.reduce sum
// CHECK: legato.mul %[[S]], %[[C]]
func.func @mean(%a: tensor<8xf64>) -> tensor<f64> {
  %0 = legato.reduce sum %a over [0] : tensor<8xf64> -> tensor<f64>
  %n = legato.constant dense<8.0> : tensor<f64>
  %1 = legato.div %0, %n : tensor<f64>
  return %1 : tensor<f64>
}

// Tests that the max of a splat is the splat, and so are the any and all
// (sum and prod) of a bool splat: np.any(x <= x) of integers is a constant.
// A float sum of a splat is left alone (n copies of c need not add to n * c),
// and so is a max over an empty extent.
// CHECK-LABEL: func @reduce_of_splat
// CHECK-SAME: (%[[X:.+]]: tensor<6xi32>)
// CHECK-DAG: %[[T:.+]] = legato.constant dense<true> : tensor<i1>
// CHECK-DAG: %[[M:.+]] = legato.constant dense<2.500000e+00> : tensor<3xf64>
// CHECK-DAG: %[[S:.+]] = legato.reduce sum %{{.+}} over [0] : tensor<4x3xf64> -> tensor<3xf64>
// CHECK-DAG: %[[E:.+]] = legato.reduce max %{{.+}} over [0] : tensor<0x3xf64> -> tensor<3xf64>
// CHECK: return %[[T]], %[[T]], %[[M]], %[[S]], %[[E]]
func.func @reduce_of_splat(%x: tensor<6xi32>) -> (tensor<i1>, tensor<i1>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>) {
  %le = legato.compare le, %x, %x : tensor<6xi32> -> tensor<6xi1>
  %any = legato.reduce sum %le over [0] : tensor<6xi1> -> tensor<i1>
  %all = legato.reduce prod %le over [0] : tensor<6xi1> -> tensor<i1>
  %c = legato.constant dense<2.5> : tensor<4x3xf64>
  %max = legato.reduce max %c over [0] : tensor<4x3xf64> -> tensor<3xf64>
  %sum = legato.reduce sum %c over [0] : tensor<4x3xf64> -> tensor<3xf64>
  %z = legato.constant dense<2.5> : tensor<0x3xf64>
  %empty = legato.reduce max %z over [0] : tensor<0x3xf64> -> tensor<3xf64>
  return %any, %all, %max, %sum, %empty : tensor<i1>, tensor<i1>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>
}
