// RUN: %legato_opt %s --split-input-file --legato-gpu-merge-modules | FileCheck %s

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

// -----

// Tests that a function outlining copied into every kernel module calling it
// (an integer power's helper from convert-math-to-funcs) is kept once, and
// both kernels call it.
// CHECK-LABEL: gpu.module @p0 {
// CHECK-COUNT-1: func.func private @__mlir_math_ipowi_i64
// CHECK-NOT: func.func private @__mlir_math_ipowi_i64
// CHECK: gpu.func @f(
// CHECK: call @__mlir_math_ipowi_i64
// CHECK: gpu.func @g(
// CHECK: call @__mlir_math_ipowi_i64
// CHECK: }
// CHECK-NOT: gpu.module
module attributes {gpu.container_module} {
  gpu.module @p0 {
    func.func private @__mlir_math_ipowi_i64(%b: i64, %e: i64) -> i64 {
      %r = arith.muli %b, %e : i64
      return %r : i64
    }
    gpu.func @f(%out: memref<1xi64>) kernel {
      %c0 = arith.constant 0 : index
      %v = memref.load %out[%c0] : memref<1xi64>
      %p = func.call @__mlir_math_ipowi_i64(%v, %v) : (i64, i64) -> i64
      memref.store %p, %out[%c0] : memref<1xi64>
      gpu.return
    }
  }
  gpu.module @p1 {
    func.func private @__mlir_math_ipowi_i64(%b: i64, %e: i64) -> i64 {
      %r = arith.muli %b, %e : i64
      return %r : i64
    }
    gpu.func @g(%out: memref<1xi64>) kernel {
      %c0 = arith.constant 0 : index
      %v = memref.load %out[%c0] : memref<1xi64>
      %p = func.call @__mlir_math_ipowi_i64(%v, %v) : (i64, i64) -> i64
      memref.store %p, %out[%c0] : memref<1xi64>
      gpu.return
    }
  }
  func.func @main(%out: memref<1xi64>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @p0::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%out : memref<1xi64>)
    gpu.launch_func @p1::@g blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%out : memref<1xi64>)
    return
  }
}
