// RUN: %legato_opt %s --legato-legalize | FileCheck %s
// RUN: %legato_opt %s --verify-diagnostics --legato-legalize="sort=false"

// Tests that a target with a sort keeps the op, and that one without it
// (the API composes sorts for such targets) refuses it, naming the
// capability.
// CHECK-LABEL: func @sort
// CHECK: legato.sort %{{.*}} along 0
func.func @sort(%a: tensor<8xf64>) -> tensor<8xf64> {
  // expected-error @+1 {{'legato.sort' op needs the 'sort' capability, which the target lacks}}
  %0 = legato.sort %a along 0 : tensor<8xf64> -> tensor<8xf64>
  return %0 : tensor<8xf64>
}
