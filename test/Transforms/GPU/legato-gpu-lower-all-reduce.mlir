// RUN: %legato_opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(gpu.module(legato-gpu-lower-all-reduce))" | FileCheck %s

// A block sum of an outlined kernel: each warp reduces with xor shuffles
// (offsets 1 to 16), its first lane stores the warp's sum in a workgroup
// buffer of 32 values added to the kernel, and after a barrier the first
// warp reduces those. The pass runs alone: the cf and arith ops it creates
// are loaded by the pass itself.
// CHECK-LABEL: gpu.func @block_sum(
// CHECK-SAME:    workgroup(%[[SHARED:.*]] : memref<32xf32, #gpu.address_space<workgroup>>) kernel
// CHECK-NOT:     gpu.all_reduce
// CHECK:         gpu.shuffle  xor %{{.*}}, %c1_i32,
// CHECK:         arith.addf
// CHECK:         gpu.shuffle  xor %{{.*}}, %c16_i32,
// CHECK:         memref.store %{{.*}}, %[[SHARED]]
// CHECK:         gpu.barrier
// CHECK:         memref.load %[[SHARED]]
// CHECK:         gpu.shuffle  xor
// CHECK-NOT:     gpu.all_reduce
// CHECK:         gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @block_sum(%in: memref<256xf32>, %out: memref<1xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tid = gpu.thread_id x
      %v = memref.load %in[%tid] : memref<256xf32>
      %sum = gpu.all_reduce add %v uniform {} : (f32) -> f32
      %c0 = arith.constant 0 : index
      memref.store %sum, %out[%c0] : memref<1xf32>
      gpu.return
    }
  }
}

// -----

// The region form, as legato-convert-linalg-to-gpu emits it (uniform: every
// thread of the block reaches it): the combiner it holds is used at each
// step, here float64 maximumf (NaN propagates, as in NumPy).
// CHECK-LABEL: gpu.func @block_max(
// CHECK-NOT:     gpu.all_reduce
// CHECK:         gpu.shuffle  xor
// CHECK:         arith.maximumf %{{.*}} : f64
// CHECK:         gpu.barrier
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @block_max(%in: memref<128xf64>, %out: memref<1xf64>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tid = gpu.thread_id x
      %v = memref.load %in[%tid] : memref<128xf64>
      %m = gpu.all_reduce %v uniform {
      ^bb0(%a: f64, %b: f64):
        %r = arith.maximumf %a, %b : f64
        gpu.yield %r : f64
      } : (f64) -> f64
      %c0 = arith.constant 0 : index
      memref.store %m, %out[%c0] : memref<1xf64>
      gpu.return
    }
  }
}

// -----

// Not known to be reached by every thread: left as it is, not lowered to
// shuffles that would wait for threads that never come (legato emits only
// uniform reductions).
// CHECK-LABEL: gpu.func @not_uniform(
// CHECK:         gpu.all_reduce add
// CHECK-NOT:     gpu.shuffle
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @not_uniform(%in: memref<64xi32>, %out: memref<1xi32>) kernel {
      %tid = gpu.thread_id x
      %v = memref.load %in[%tid] : memref<64xi32>
      %s = gpu.all_reduce add %v {} : (i32) -> i32
      %c0 = arith.constant 0 : index
      memref.store %s, %out[%c0] : memref<1xi32>
      gpu.return
    }
  }
}
