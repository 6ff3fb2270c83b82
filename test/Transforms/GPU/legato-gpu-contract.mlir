// RUN: %legato_opt %s --pass-pipeline="builtin.module(gpu.module(legato-gpu-contract))" | FileCheck %s

// Tests that float adds, subtracts and multiplies in kernels get the
// `contract` flag (kept beside flags they had), and nothing else changes:
// divisions, integer ops and code outside gpu.module keep theirs.
// CHECK-LABEL: gpu.func @kernel
// CHECK: arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : f64
// CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<contract> : f64
// CHECK: arith.subf %{{.*}}, %{{.*}} fastmath<nnan,contract> : f32
// CHECK: arith.divf %{{.*}}, %{{.*}} : f64
// CHECK: arith.addi %{{.*}}, %{{.*}} : i32
// CHECK-LABEL: func.func @host
// CHECK: arith.mulf %{{.*}}, %{{.*}} : f64
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%a: f64, %b: f64, %c: f32, %i: i32) kernel {
      %m = arith.mulf %a, %b : f64
      %s = arith.addf %m, %a : f64
      %d = arith.subf %c, %c fastmath<nnan> : f32
      %q = arith.divf %s, %b : f64
      %j = arith.addi %i, %i : i32
      gpu.return
    }
  }
  func.func @host(%a: f64) -> f64 {
    %m = arith.mulf %a, %a : f64
    return %m : f64
  }
}
