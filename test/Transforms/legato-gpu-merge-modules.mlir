// RUN: %legato_opt %s --legato-gpu-merge-modules | FileCheck %s

// Tests that every outlined kernel moves into the first gpu.module, renamed
// on a clash, with the launches following; that a device global a kernel
// uses (a reduction's ticket counters) moves with it; and that the host copy
// of the global, which outlining left unused, is gone.
// CHECK-NOT: memref.global
// CHECK: gpu.module @k0 {
// CHECK-DAG: memref.global "private" @__legato_tickets : memref<1xi32> = dense<0>
// CHECK-DAG: gpu.func @f(
// CHECK-DAG: gpu.func @f_0(
// CHECK: memref.get_global @__legato_tickets
// CHECK: }
// CHECK-NOT: gpu.module
// CHECK: func.func @main
// CHECK: gpu.launch_func @k0::@f blocks
// CHECK: gpu.launch_func @k0::@f_0 blocks
module attributes {gpu.container_module} {
  memref.global "private" @__legato_tickets : memref<1xi32> = dense<0>
  gpu.module @k0 {
    gpu.func @f(%out: memref<1xi32>) kernel {
      gpu.return
    }
  }
  gpu.module @k1 {
    memref.global "private" @__legato_tickets : memref<1xi32> = dense<0>
    gpu.func @f(%out: memref<1xi32>) kernel {
      %c0 = arith.constant 0 : index
      %t = memref.get_global @__legato_tickets : memref<1xi32>
      %v = memref.load %t[%c0] : memref<1xi32>
      memref.store %v, %out[%c0] : memref<1xi32>
      gpu.return
    }
  }
  func.func @main(%out: memref<1xi32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k0::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%out : memref<1xi32>)
    gpu.launch_func @k1::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%out : memref<1xi32>)
    return
  }
}
