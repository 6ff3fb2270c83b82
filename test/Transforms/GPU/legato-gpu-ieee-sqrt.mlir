// RUN: %legato_opt %s --pass-pipeline="builtin.module(gpu.module(legato-gpu-ieee-sqrt))" | FileCheck %s

// Tests that f32 square roots in kernels become PTX's correctly rounded
// sqrt.rn.f32 (the NVVM intrinsic), vectors lane by lane; that f64 roots
// and code outside gpu.module keep math.sqrt.
// CHECK-LABEL: gpu.func @kernel
// CHECK-SAME: (%[[X:[^:]*]]: f32, %[[V:[^:]*]]: vector<2xf32>, %[[D:[^:]*]]: f64)
// CHECK: %[[R:.*]] = llvm.call_intrinsic "llvm.nvvm.sqrt.rn.f"(%[[X]]) : (f32) -> f32
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.0{{.*}}> : vector<2xf32>
// CHECK: %[[L0:.*]] = vector.extract %[[V]][0] : f32 from vector<2xf32>
// CHECK: %[[R0:.*]] = llvm.call_intrinsic "llvm.nvvm.sqrt.rn.f"(%[[L0]]) : (f32) -> f32
// CHECK: %[[W0:.*]] = vector.insert %[[R0]], %[[ZERO]] [0] : f32 into vector<2xf32>
// CHECK: %[[L1:.*]] = vector.extract %[[V]][1] : f32 from vector<2xf32>
// CHECK: %[[R1:.*]] = llvm.call_intrinsic "llvm.nvvm.sqrt.rn.f"(%[[L1]]) : (f32) -> f32
// CHECK: %[[W1:.*]] = vector.insert %[[R1]], %[[W0]] [1] : f32 into vector<2xf32>
// CHECK: %[[RD:.*]] = math.sqrt %[[D]] : f64
// CHECK: gpu.return %[[R]], %[[W1]], %[[RD]]
// CHECK-LABEL: func.func @host
// CHECK: math.sqrt
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%x: f32, %v: vector<2xf32>, %d: f64) -> (f32, vector<2xf32>, f64) {
      %r = math.sqrt %x : f32
      %w = math.sqrt %v : vector<2xf32>
      %rd = math.sqrt %d : f64
      gpu.return %r, %w, %rd : f32, vector<2xf32>, f64
    }
  }
  func.func @host(%a: f32) -> f32 {
    %r = math.sqrt %a : f32
    return %r : f32
  }
}
