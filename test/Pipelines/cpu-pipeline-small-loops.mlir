// RUN: %legato_opt %s --legato-cpu-pipeline | FileCheck %s

// Tests that the loops of a kernel too small for threads reach the LLVM
// dialect with unrolling turned off, as llvm.br's `loop_annotation` property
// on both latches (the form that LLVM IR translation turns into
// !llvm.loop metadata; a discardable `llvm.loop_annotation` would be lost).
// CHECK: #[[$UNROLL:.+]] = #llvm.loop_unroll<disable = true>
// CHECK: #[[$NO_UNROLLING:.+]] = #llvm.loop_annotation<unroll = #[[$UNROLL]]>
// CHECK-LABEL: llvm.func @main
// CHECK: llvm.br ^{{.*}} {loop_annotation = #[[$NO_UNROLLING]]}
// CHECK: llvm.br ^{{.*}} {loop_annotation = #[[$NO_UNROLLING]]}
// CHECK-NOT: llvm.loop_annotation
func.func @main(%x: tensor<512x2xf64>) -> tensor<512x2xf64> {
  %two = legato.constant dense<2.000000e+00> : tensor<512x2xf64>
  %0 = legato.mul %x, %two : tensor<512x2xf64>
  return %0 : tensor<512x2xf64>
}
