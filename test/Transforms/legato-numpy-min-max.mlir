// RUN: %legato_opt %s --pass-pipeline="builtin.module(gpu.module(legato-numpy-min-max))" | FileCheck %s
// RUN: %legato_opt %s --legato-numpy-min-max="loop-carried-only=true" | FileCheck %s --check-prefix=CARRIED

// Tests that float maximum and minimum in kernels become NumPy's rule, the
// lhs where it is beyond the rhs or NaN, else the rhs (so of -0.0 and 0.0
// the second is returned), for scalars and vectors; that integer max and
// min, and code outside gpu.module, keep their ops.
// CHECK-LABEL: gpu.func @kernel
// CHECK-SAME: (%[[A:[^:]*]]: f64, %[[B:[^:]*]]: f64, %[[V:[^:]*]]: vector<4xf32>, %[[W:[^:]*]]: vector<4xf32>, %[[I:[^:]*]]: i32, %[[J:[^:]*]]: i32)
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[A]], %[[B]] : f64
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[A]], %[[A]] : f64
// CHECK: %[[PICK:.*]] = arith.ori %[[GT]], %[[NAN]] : i1
// CHECK: %[[MAX:.*]] = arith.select %[[PICK]], %[[A]], %[[B]] : f64
// CHECK: %[[LT:.*]] = arith.cmpf olt, %[[MAX]], %[[A]] : f64
// CHECK: %[[NAN2:.*]] = arith.cmpf uno, %[[MAX]], %[[MAX]] : f64
// CHECK: %[[PICK2:.*]] = arith.ori %[[LT]], %[[NAN2]] : i1
// CHECK: arith.select %[[PICK2]], %[[MAX]], %[[A]] : f64
// CHECK: %[[VGT:.*]] = arith.cmpf ogt, %[[V]], %[[W]] : vector<4xf32>
// CHECK: %[[VNAN:.*]] = arith.cmpf uno, %[[V]], %[[V]] : vector<4xf32>
// CHECK: %[[VPICK:.*]] = arith.ori %[[VGT]], %[[VNAN]] : vector<4xi1>
// CHECK: arith.select %[[VPICK]], %[[V]], %[[W]] : vector<4xi1>, vector<4xf32>
// CHECK: arith.maxsi %[[I]], %[[J]] : i32
// CHECK-NOT: arith.maximumf
// CHECK-NOT: arith.minimumf
// CHECK-LABEL: func.func @host
// CHECK: arith.maximumf
// CHECK-LABEL: func.func @loops
// CHECK: arith.maximumf
// CHECK: arith.maximumf
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%a: f64, %b: f64, %v: vector<4xf32>, %w: vector<4xf32>, %i: i32, %j: i32)
        -> (f64, vector<4xf32>, i32) {
      %max = arith.maximumf %a, %b : f64
      %min = arith.minimumf %max, %a : f64
      %vmax = arith.maximumf %v, %w : vector<4xf32>
      %imax = arith.maxsi %i, %j : i32
      gpu.return %min, %vmax, %imax : f64, vector<4xf32>, i32
    }
  }
  func.func @host(%a: f64) -> f64 {
    %m = arith.maximumf %a, %a : f64
    return %m : f64
  }
  func.func @loops(%x: memref<8xf64>, %out: memref<8xf64>) -> f64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %init = arith.constant 0xFFF0000000000000 : f64
    %carried = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %init) -> (f64) {
      %v = memref.load %x[%i] : memref<8xf64>
      %next = arith.maximumf %acc, %v : f64
      scf.yield %next : f64
    }
    scf.for %i = %c0 to %c8 step %c1 {
      %v = memref.load %x[%i] : memref<8xf64>
      %o = memref.load %out[%i] : memref<8xf64>
      %m = arith.maximumf %o, %v : f64
      memref.store %m, %out[%i] : memref<8xf64>
    }
    return %carried : f64
  }
}

// Tests that on the CPU (loop-carried-only) only the maximum an scf.for
// carries becomes NumPy's rule; one stored to memory each step, and those
// outside loops, stay arith.maximumf.
// CARRIED-LABEL: gpu.func @kernel
// CARRIED: arith.maximumf
// CARRIED-LABEL: func.func @host
// CARRIED: arith.maximumf
// CARRIED-LABEL: func.func @loops
// CARRIED: scf.for
// CARRIED: %[[GT:.*]] = arith.cmpf ogt
// CARRIED: arith.select
// CARRIED: scf.yield
// CARRIED: scf.for
// CARRIED: arith.maximumf
// CARRIED: memref.store
