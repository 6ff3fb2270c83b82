// RUN: %legato_opt %s --split-input-file --verify-diagnostics --legato-gpu-modules-to-ptx | FileCheck %s

// Tests that each gpu.module becomes, in place and under its name, a
// gpu.binary holding its own PTX module for the chip of its target: a
// kernel's code and no other's, whichever thread made it.
// CHECK-NOT: gpu.module
// CHECK: gpu.binary @a {{.*}}#nvvm.target<chip = "sm_90", features = "+ptx80">
// CHECK-SAME: assembly = "{{.*}}.version 8.0\0A.target sm_90
// CHECK-SAME: .entry add_one(
// CHECK-SAME: add.rn.f32
// CHECK-NOT: .entry
// CHECK-SAME: ">]
// CHECK: gpu.binary @b {{.*}}#nvvm.target<chip = "sm_80">
// CHECK-SAME: .target sm_80
// CHECK-SAME: .entry twice(
// CHECK-SAME: add.rn.f64
// CHECK-NOT: .entry
// CHECK-SAME: ">]
// CHECK: gpu.binary @c {{.*}}.entry negate(
// CHECK-SAME: neg.f32
// CHECK-NOT: .entry
// CHECK-SAME: ">]
// CHECK: func.func @main
// CHECK: gpu.launch_func @a::@add_one
// CHECK: gpu.launch_func @b::@twice
// CHECK: gpu.launch_func @c::@negate
module attributes {gpu.container_module} {
  gpu.module @a [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    llvm.func @add_one(%p: !llvm.ptr<1>) attributes {gpu.kernel, nvvm.kernel} {
      %v = llvm.load %p : !llvm.ptr<1> -> f32
      %one = llvm.mlir.constant(1.0 : f32) : f32
      %s = llvm.fadd %v, %one : f32
      llvm.store %s, %p : f32, !llvm.ptr<1>
      llvm.return
    }
  }
  gpu.module @b [#nvvm.target<chip = "sm_80">] {
    llvm.func @twice(%p: !llvm.ptr<1>) attributes {gpu.kernel, nvvm.kernel} {
      %v = llvm.load %p : !llvm.ptr<1> -> f64
      %s = llvm.fadd %v, %v : f64
      llvm.store %s, %p : f64, !llvm.ptr<1>
      llvm.return
    }
  }
  gpu.module @c [#nvvm.target<chip = "sm_90">] {
    llvm.func @negate(%p: !llvm.ptr<1>) attributes {gpu.kernel, nvvm.kernel} {
      %v = llvm.load %p : !llvm.ptr<1> -> f32
      %s = llvm.fneg %v : f32
      llvm.store %s, %p : f32, !llvm.ptr<1>
      llvm.return
    }
  }
  func.func @main(%a: memref<1xf32>, %b: memref<1xf64>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @a::@add_one blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<1xf32>)
    gpu.launch_func @b::@twice blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%b : memref<1xf64>)
    gpu.launch_func @c::@negate blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<1xf32>)
    return
  }
}

// -----

// Tests that a module with no GPU target is an error (legato attaches
// exactly one).
module attributes {gpu.container_module} {
  // expected-error @+1 {{expected one GPU target attribute}}
  gpu.module @untargeted {
  }
}

// -----

// Tests that a module with two targets is an error: one PTX module each.
module attributes {gpu.container_module} {
  // expected-error @+1 {{expected one GPU target attribute}}
  gpu.module @twice_targeted [#nvvm.target<chip = "sm_90">, #nvvm.target<chip = "sm_80">] {
  }
}

// -----

// Tests that every module that cannot be serialised says so, in the order of
// the modules, whichever threads serialised them (here ops left unlowered).
module attributes {gpu.container_module} {
  // expected-error @+1 {{Failed creating the llvm::Module}}
  gpu.module @first [#nvvm.target<chip = "sm_90">] {
    llvm.func @k(%p: !llvm.ptr<1>) attributes {gpu.kernel, nvvm.kernel} {
      %v = llvm.load %p : !llvm.ptr<1> -> f32
      // expected-error @+1 {{cannot be converted to LLVM IR}}
      %s = arith.addf %v, %v : f32
      llvm.store %s, %p : f32, !llvm.ptr<1>
      llvm.return
    }
  }
  gpu.module @fine [#nvvm.target<chip = "sm_90">] {
    llvm.func @k(%p: !llvm.ptr<1>) attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
  // expected-error @+1 {{Failed creating the llvm::Module}}
  gpu.module @second [#nvvm.target<chip = "sm_90">] {
    llvm.func @k(%p: !llvm.ptr<1>) attributes {gpu.kernel, nvvm.kernel} {
      %v = llvm.load %p : !llvm.ptr<1> -> f32
      // expected-error @+1 {{cannot be converted to LLVM IR}}
      %s = arith.mulf %v, %v : f32
      llvm.store %s, %p : f32, !llvm.ptr<1>
      llvm.return
    }
  }
}
