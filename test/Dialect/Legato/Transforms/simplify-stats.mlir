// RUN: %legato_opt %s --legato-simplify=stats=true -o /dev/null 2>&1 | FileCheck %s

// `stats` reports each pattern that fired and how often.
// CHECK: legato-simplify: 3 rewrites
// CHECK-DAG: add-zero: 2
// CHECK-DAG: transpose-of-transpose: 1
func.func @f(%a: tensor<2x3xf64>) -> (tensor<2x3xf64>, tensor<2x3xf64>) {
  %z = legato.constant dense<-0.0> : tensor<2x3xf64>
  %0 = legato.add %a, %z : tensor<2x3xf64>
  %1 = legato.add %z, %0 : tensor<2x3xf64>
  %t = legato.transpose %a, [1, 0] : tensor<2x3xf64> -> tensor<3x2xf64>
  %u = legato.transpose %t, [1, 0] : tensor<3x2xf64> -> tensor<2x3xf64>
  return %1, %u : tensor<2x3xf64>, tensor<2x3xf64>
}
