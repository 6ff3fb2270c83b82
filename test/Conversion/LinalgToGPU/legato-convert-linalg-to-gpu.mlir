// RUN: %legato_opt %s --legato-convert-linalg-to-gpu | FileCheck %s

#id = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#all = affine_map<(d0, d1) -> ()>

// The ticket counter of the reduction below that combines its partials in
// its last block (@full_sum): a zero-initialised device global per output.
// CHECK-COUNT-1: memref.global "private" @__legato_tickets{{.*}} : memref<1xi32> = dense<0>

// Tests that an elementwise op on whole contiguous buffers becomes one
// launch of a grid-stride loop over 128-bit vectors: 2^20 f32 elements are
// 2^18 vectors of 4; 256 threads and 2 vectors per thread and round make 512
// blocks; both vectors of a round are loaded before either is stored.
// CHECK-LABEL: func @elementwise
// CHECK: %[[BLOCKS:.*]] = arith.constant 512 : index
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %[[BLOCKS]],
// CHECK: scf.for
// CHECK-COUNT-2: vector.load %arg0{{.*}} {alignment = 16 : i64} : memref<1048576xf32>, vector<4xf32>
// CHECK-COUNT-4: math.exp
// CHECK: vector.from_elements
// CHECK: vector.store {{.*}}, %arg1{{.*}} {alignment = 16 : i64}
func.func @elementwise(%x: memref<1048576xf32>, %y: memref<1048576xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<1048576xf32>) outs(%y : memref<1048576xf32>) {
  ^bb0(%a: f32, %b: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  }
  return
}

// Tests that a full sum of 2^22 elements becomes one launch of 1024 blocks
// whose threads add their elements one at a time (a reduction split over
// blocks keeps one load in flight per thread) and combine them with
// gpu.all_reduce into a partial. Warp 0 of each block goes on: thread 0
// stores the partial and takes a ticket (fenced after the partial); the
// block that takes the last one combines the 1024 partials with its warp 0
// (8 loads in flight per lane, then shuffles) into the output and resets the
// counter for the next launch.
// CHECK-LABEL: func @full_sum
// CHECK: %[[PARTIALS:.*]] = memref.alloc() {{.*}} : memref<1024xf64>
// CHECK: gpu.launch
// CHECK: scf.for {{.*}} step %c262144
// CHECK: memref.load %arg0
// CHECK-NEXT: arith.addf
// CHECK-NEXT: scf.yield
// CHECK: gpu.all_reduce
// CHECK: arith.addf
// CHECK: %[[WARP0:.*]] = arith.cmpi ult, %{{.*}}, %c32
// CHECK: scf.if %[[WARP0]]
// CHECK: %[[COUNTERS:.*]] = memref.get_global @__legato_tickets
// CHECK: scf.if
// CHECK: memref.store {{.*}}, %[[PARTIALS]]
// CHECK-NEXT: nvvm.memory.barrier <gpu>
// CHECK: %[[TAKEN:.*]] = memref.atomic_rmw addi {{.*}}, %[[COUNTERS]]
// CHECK: arith.cmpi eq, %[[TAKEN]], %c1023_i32
// CHECK: gpu.shuffle idx
// CHECK: scf.if
// CHECK: nvvm.memory.barrier <gpu>
// CHECK: scf.for {{.*}} to %c1024{{.*}} step %c256
// CHECK-COUNT-8: memref.load %[[PARTIALS]]
// CHECK-COUNT-5: gpu.shuffle xor
// CHECK: scf.if
// CHECK: memref.store {{.*}}, %arg1[]
// CHECK: memref.store %c0_i32, %[[COUNTERS]]
// CHECK-NOT: gpu.all_reduce
// CHECK: gpu.terminator
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[PARTIALS]]
// CHECK-NOT: gpu.launch
// CHECK: return
func.func @full_sum(%x: memref<2048x2048xf64>, %out: memref<f64>) {
  linalg.generic {indexing_maps = [#id2, #all], iterator_types = ["reduction", "reduction"]}
      ins(%x : memref<2048x2048xf64>) outs(%out : memref<f64>) {
  ^bb0(%a: f64, %acc: f64):
    %s = arith.addf %acc, %a : f64
    linalg.yield %s : f64
  }
  return
}

// Tests that row sums with many rows run one thread per row, the reduced
// dimension looped over with the sum in a register.
// CHECK-LABEL: func @row_sums
// CHECK: gpu.launch
// CHECK-NOT: gpu.all_reduce
// CHECK: scf.for {{.*}} iter_args
// CHECK-NOT: gpu.launch
func.func @row_sums(%x: memref<131072x8xf64>, %out: memref<131072xf64>) {
  linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<131072x8xf64>) outs(%out : memref<131072xf64>) {
  ^bb0(%a: f64, %acc: f64):
    %s = arith.addf %acc, %a : f64
    linalg.yield %s : f64
  }
  return
}

// Tests that a reduction whose payload ignores its output (max(true, acc)
// folded to true: `x <= x` of integers reduced by np.any; fuzzer seed
// 486439) still carries a value through its loop, a constant: the output
// is never loaded, and the loop yields the payload's value.
// CHECK-LABEL: func @reduction_ignoring_its_output
// CHECK: gpu.launch
// CHECK: %[[START:.*]] = arith.constant false
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[START]]) -> (i1)
// CHECK-NOT: memref.load %arg1
// CHECK: memref.store {{.*}}, %arg1
func.func @reduction_ignoring_its_output(%x: memref<3xi32>, %out: memref<i1>) {
  %true = arith.constant true
  linalg.generic {indexing_maps = [#id, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%x : memref<3xi32>) outs(%out : memref<i1>) {
  ^bb0(%a: i32, %acc: i1):
    linalg.yield %true : i1
  }
  return
}

// Tests that a thread of a reduction with a block per output (2048 rows of
// 3000) loads 8 elements before adding them, in their order, while a whole
// group of 8 lies before the row's end (columns below 3000 - 7 * 256), then
// adds the rest one by one; the block then combines its threads.
// CHECK-LABEL: func @row_blocks
// CHECK: gpu.launch
// CHECK: %[[GROUPS:.*]]:2 = scf.for %{{.*}} = %[[FIRST:.*]] to %c1208 step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %{{.*}} = %[[FIRST]])
// CHECK-COUNT-8: memref.load %arg0
// CHECK-NOT: memref.load
// CHECK: arith.addf %[[ACC]]
// CHECK-COUNT-7: arith.addf
// CHECK: scf.yield
// CHECK: scf.for %{{.*}} = %[[GROUPS]]#1 to %c3000 step %{{.*}} iter_args(%{{.*}} = %[[GROUPS]]#0)
// CHECK: memref.load %arg0
// CHECK-NEXT: arith.addf
// CHECK-NEXT: scf.yield
// CHECK: gpu.all_reduce
// CHECK-NOT: gpu.launch
func.func @row_blocks(%x: memref<2048x3000xf64>, %out: memref<2048xf64>) {
  linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<2048x3000xf64>) outs(%out : memref<2048xf64>) {
  ^bb0(%a: f64, %acc: f64):
    %s = arith.addf %acc, %a : f64
    linalg.yield %s : f64
  }
  return
}

// Tests that a matrix-vector product with an epilogue (Jacobi's update) is
// one launch: a block per row, whose first thread stores the row's sum and
// then computes the epilogue at that row.
// CHECK-LABEL: func @matvec_epilogue
// CHECK: gpu.launch
// CHECK: gpu.all_reduce
// CHECK: scf.if
// CHECK: memref.store %{{.*}}, %[[S:.+]][%[[I:.+]]] : memref<64xf64>
// CHECK-NEXT: %[[B:.+]] = memref.load %{{.*}}[%[[I]]]
// CHECK-NEXT: %[[SI:.+]] = memref.load %[[S]][%[[I]]]
// CHECK-NEXT: %[[R:.+]] = arith.subf %[[B]], %[[SI]]
// CHECK-NEXT: memref.store %[[R]], %{{.*}}[%[[I]]]
// CHECK-NOT: gpu.launch
func.func @matvec_epilogue(%a: memref<64x4096xf64>, %x: memref<4096xf64>, %b: memref<64xf64>,
                           %s: memref<64xf64>, %out: memref<64xf64>) {
  linalg.generic {indexing_maps = [#id2, affine_map<(d0, d1) -> (d1)>, #row],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a, %x : memref<64x4096xf64>, memref<4096xf64>) outs(%s : memref<64xf64>) {
  ^bb0(%m: f64, %v: f64, %acc: f64):
    %0 = arith.mulf %m, %v : f64
    %1 = arith.addf %acc, %0 : f64
    linalg.yield %1 : f64
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>,
                                   affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%b, %s : memref<64xf64>, memref<64xf64>) outs(%out : memref<64xf64>)
      attrs = {legato.epilogue} {
  ^bb0(%bi: f64, %si: f64, %o: f64):
    %0 = arith.subf %bi, %si : f64
    linalg.yield %0 : f64
  }
  return
}

// Tests that integer abs, which NVVM cannot lower, becomes max(x, 0 - x).
// CHECK-LABEL: func @abs_int
// CHECK-NOT: math.absi
// CHECK: arith.subi
// CHECK: arith.maxsi
func.func @abs_int(%x: memref<16xi64>, %y: memref<16xi64>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<16xi64>) outs(%y : memref<16xi64>) {
  ^bb0(%a: i64, %b: i64):
    %e = math.absi %a : i64
    linalg.yield %e : i64
  }
  return
}

// Tests that a full reduction over what the previous elementwise kernel
// writes is computed inside that kernel: each block writes one partial,
// and warp 0 of the block that takes the last ticket combines the partials
// (as in @full_sum) into the output. The fill that initialised the output
// is gone: its value, hoisted above the kernel, is folded into that
// combination. One launch.
// CHECK-LABEL: func @fused_dot
// CHECK: %[[ZERO:.*]] = arith.constant 0.0
// 2^20 elements, 256 threads and 4 elements per thread and round: 1024
// blocks, capped at 256, so 256 partials.
// CHECK: %[[PARTIALS:.*]] = memref.alloc() {{.*}} : memref<256xf64>
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c256,
// CHECK: scf.for
// CHECK-COUNT-4: math.exp
// CHECK: memref.store {{.*}}, %arg1
// CHECK: arith.mulf
// CHECK: gpu.all_reduce
// CHECK: %[[COUNTERS:.*]] = memref.get_global @__legato_tickets
// CHECK: scf.if
// CHECK: memref.store {{.*}}, %[[PARTIALS]]
// CHECK-NEXT: nvvm.memory.barrier <gpu>
// CHECK: %[[TAKEN:.*]] = memref.atomic_rmw addi {{.*}}, %[[COUNTERS]]
// CHECK: arith.cmpi eq, %[[TAKEN]], %c255_i32
// CHECK: gpu.shuffle idx
// CHECK: scf.if
// CHECK: nvvm.memory.barrier <gpu>
// CHECK-COUNT-8: memref.load %[[PARTIALS]]
// CHECK-COUNT-5: gpu.shuffle xor
// CHECK: scf.if
// CHECK: %[[TOTAL:.*]] = arith.addf %[[ZERO]],
// CHECK: memref.store %[[TOTAL]], %arg2[]
// CHECK: memref.store %c0_i32, %[[COUNTERS]]
// CHECK: gpu.terminator
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[PARTIALS]]
// CHECK-NOT: gpu.launch
// CHECK: return
func.func @fused_dot(%p: memref<1024x1024xf64>, %ap: memref<1024x1024xf64>, %out: memref<f64>) {
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%p : memref<1024x1024xf64>) outs(%ap : memref<1024x1024xf64>) {
  ^bb0(%a: f64, %b: f64):
    %e = math.exp %a : f64
    linalg.yield %e : f64
  }
  %zero = arith.constant 0.0 : f64
  linalg.fill ins(%zero : f64) outs(%out : memref<f64>)
  linalg.generic {indexing_maps = [#id2, #id2, #all], iterator_types = ["reduction", "reduction"]}
      ins(%p, %ap : memref<1024x1024xf64>, memref<1024x1024xf64>) outs(%out : memref<f64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %m = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %m : f64
    linalg.yield %s : f64
  }
  return
}

// Tests that the reduction is still computed in its producer's kernel when
// the producer's input is freed between them (the buffer's last use was
// the producer, where the fused kernel runs), and that an output allocated
// after the producer is allocated before it instead: CG's update of r, then
// sum(r * r).
// CHECK-LABEL: func @fused_across_a_dealloc
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<f64>
// CHECK: gpu.launch
// CHECK: gpu.all_reduce
// CHECK: memref.store {{.*}}, %[[OUT]][]
// CHECK: memref.dealloc %arg0
// CHECK-NOT: gpu.launch
// CHECK: return %[[OUT]]
func.func @fused_across_a_dealloc(%old: memref<1024x1024xf64>, %r: memref<1024x1024xf64>) -> memref<f64> {
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%old : memref<1024x1024xf64>) outs(%r : memref<1024x1024xf64>) {
  ^bb0(%a: f64, %b: f64):
    %h = arith.mulf %a, %a : f64
    linalg.yield %h : f64
  }
  memref.dealloc %old : memref<1024x1024xf64>
  %out = memref.alloc() : memref<f64>
  %zero = arith.constant 0.0 : f64
  linalg.fill ins(%zero : f64) outs(%out : memref<f64>)
  linalg.generic {indexing_maps = [#id2, #all], iterator_types = ["reduction", "reduction"]}
      ins(%r : memref<1024x1024xf64>) outs(%out : memref<f64>) {
  ^bb0(%a: f64, %acc: f64):
    %m = arith.mulf %a, %a : f64
    %s = arith.addf %acc, %m : f64
    linalg.yield %s : f64
  }
  return %out : memref<f64>
}

// Tests that a reduction reading a view made after its producer (a rank's
// held rows of p, next to ap over the rows the next stencil needs) is still
// computed in the producer's kernel: the view moves above the kernel.
// CHECK-LABEL: func @fused_view_made_after
// CHECK: %[[ROWS:.*]] = memref.subview %arg0[1, 0] [1026, 1024] [1, 1]
// CHECK: gpu.launch
// CHECK: memref.load %[[ROWS]]
// CHECK: gpu.all_reduce
// CHECK-NOT: gpu.launch
// CHECK: return
func.func @fused_view_made_after(%pext: memref<1027x1024xf64>, %ap: memref<1026x1024xf64>, %out: memref<f64>) {
  %up = memref.subview %pext[0, 0] [1026, 1024] [1, 1] : memref<1027x1024xf64> to memref<1026x1024xf64, strided<[1024, 1]>>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%up : memref<1026x1024xf64, strided<[1024, 1]>>) outs(%ap : memref<1026x1024xf64>) {
  ^bb0(%a: f64, %b: f64):
    %e = math.exp %a : f64
    linalg.yield %e : f64
  }
  %zero = arith.constant 0.0 : f64
  linalg.fill ins(%zero : f64) outs(%out : memref<f64>)
  %p = memref.subview %pext[1, 0] [1026, 1024] [1, 1] : memref<1027x1024xf64> to memref<1026x1024xf64, strided<[1024, 1], offset: 1024>>
  linalg.generic {indexing_maps = [#id2, #id2, #all], iterator_types = ["reduction", "reduction"]}
      ins(%p, %ap : memref<1026x1024xf64, strided<[1024, 1], offset: 1024>>, memref<1026x1024xf64>) outs(%out : memref<f64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %m = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %m : f64
    linalg.yield %s : f64
  }
  return
}

// Tests that a fused reduction that adds to what its output holds (no
// initial fill) is combined by a launch of its own, where it was.
// CHECK-LABEL: func @fused_accumulating
// CHECK: gpu.launch
// CHECK: memref.store {{.*}}, %[[PARTIALS:alloc[_0-9]*]][%
// CHECK-NOT: memref.get_global
// CHECK: gpu.launch
// CHECK: memref.load %[[PARTIALS]]
// CHECK: memref.load %arg1[]
// CHECK: memref.store {{.*}}, %arg1[]
// CHECK: memref.dealloc %[[PARTIALS]]
func.func @fused_accumulating(%r: memref<1024x1024xf64>, %out: memref<f64>) {
  linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%r : memref<1024x1024xf64>) {
  ^bb0(%b: f64):
    %h = arith.mulf %b, %b : f64
    linalg.yield %h : f64
  }
  linalg.generic {indexing_maps = [#id2, #all], iterator_types = ["reduction", "reduction"]}
      ins(%r : memref<1024x1024xf64>) outs(%out : memref<f64>) {
  ^bb0(%a: f64, %acc: f64):
    %s = arith.addf %acc, %a : f64
    linalg.yield %s : f64
  }
  return
}

// Tests that an elementwise op on a strided view keeps scalar accesses,
// two elements per thread and round, loads first: 2^20 elements make 2048
// blocks of 256 threads.
// CHECK-LABEL: func @strided
// CHECK: %[[BLOCKS:.*]] = arith.constant 2048 : index
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %[[BLOCKS]],
// CHECK-NOT: vector.load
// CHECK-COUNT-2: memref.load
// CHECK: memref.store
func.func @strided(%x: memref<1024x1026xf32>, %y: memref<1024x1024xf32>) {
  %v = memref.subview %x[0, 1] [1024, 1024] [1, 1] : memref<1024x1026xf32> to memref<1024x1024xf32, strided<[1026, 1], offset: 1>>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%v : memref<1024x1024xf32, strided<[1026, 1], offset: 1>>) outs(%y : memref<1024x1024xf32>) {
  ^bb0(%a: f32, %b: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  }
  return
}

// Tests that when the payload calls libdevice (log, exp: functions with
// branches), an empty inline asm with side effects reads every value the
// round loaded (two elements of two f64 inputs, register class "d"), so that
// LLVM cannot sink the second element's loads past the first one's log.
// CHECK-LABEL: func @library_math
// CHECK: scf.for
// CHECK-COUNT-4: memref.load
// CHECK-NEXT: llvm.inline_asm has_side_effects "", "d,d,d,d" %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (f64, f64, f64, f64) -> ()
// CHECK: math.log
// CHECK: math.exp
// CHECK: math.log
// CHECK-NOT: llvm.inline_asm
// CHECK: gpu.terminator
func.func @library_math(%x: memref<1024x1026xf64>, %t: memref<1024x1024xf64>, %y: memref<1024x1024xf64>) {
  %v = memref.subview %x[0, 1] [1024, 1024] [1, 1] : memref<1024x1026xf64> to memref<1024x1024xf64, strided<[1026, 1], offset: 1>>
  linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%v, %t : memref<1024x1024xf64, strided<[1026, 1], offset: 1>>, memref<1024x1024xf64>) outs(%y : memref<1024x1024xf64>) {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %l = math.log %a : f64
    %e = math.exp %b : f64
    %s = arith.addf %l, %e : f64
    linalg.yield %s : f64
  }
  return
}

// Tests that without library calls (sqrt is one instruction) nothing holds
// the loads: the barrier would only constrain LLVM's layout of the loop.
// CHECK-LABEL: func @instruction_math
// CHECK-COUNT-2: memref.load
// CHECK-NOT: llvm.inline_asm
// CHECK: gpu.terminator
func.func @instruction_math(%x: memref<1024x1026xf64>, %y: memref<1024x1024xf64>) {
  %v = memref.subview %x[0, 1] [1024, 1024] [1, 1] : memref<1024x1026xf64> to memref<1024x1024xf64, strided<[1026, 1], offset: 1>>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%v : memref<1024x1024xf64, strided<[1026, 1], offset: 1>>) outs(%y : memref<1024x1024xf64>) {
  ^bb0(%a: f64, %o: f64):
    %r = math.sqrt %a : f64
    linalg.yield %r : f64
  }
  return
}

// Tests that an elementwise op of more than 8 inputs whose windows do not
// overlap from row to row (here shifted along the rows only) handles one
// element per thread and round: 2^16 elements make 256 blocks of 256
// threads, and a round loads 9 inputs.
// CHECK-LABEL: func @many_inputs
// CHECK: %[[BLOCKS:.*]] = arith.constant 256 : index
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %[[BLOCKS]],
// CHECK-COUNT-9: memref.load
// CHECK-NOT: memref.load
// CHECK: memref.store
// CHECK-NOT: memref.load
// CHECK: gpu.terminator
func.func @many_inputs(%x: memref<256x264xf64>, %y: memref<256x256xf64>) {
  %v0 = memref.subview %x[0, 0] [256, 256] [1, 1] : memref<256x264xf64> to memref<256x256xf64, strided<[264, 1]>>
  %v1 = memref.subview %x[0, 1] [256, 256] [1, 1] : memref<256x264xf64> to memref<256x256xf64, strided<[264, 1], offset: 1>>
  %v2 = memref.subview %x[0, 2] [256, 256] [1, 1] : memref<256x264xf64> to memref<256x256xf64, strided<[264, 1], offset: 2>>
  %v3 = memref.subview %x[0, 3] [256, 256] [1, 1] : memref<256x264xf64> to memref<256x256xf64, strided<[264, 1], offset: 3>>
  %v4 = memref.subview %x[0, 4] [256, 256] [1, 1] : memref<256x264xf64> to memref<256x256xf64, strided<[264, 1], offset: 4>>
  %v5 = memref.subview %x[0, 5] [256, 256] [1, 1] : memref<256x264xf64> to memref<256x256xf64, strided<[264, 1], offset: 5>>
  %v6 = memref.subview %x[0, 6] [256, 256] [1, 1] : memref<256x264xf64> to memref<256x256xf64, strided<[264, 1], offset: 6>>
  %v7 = memref.subview %x[0, 7] [256, 256] [1, 1] : memref<256x264xf64> to memref<256x256xf64, strided<[264, 1], offset: 7>>
  %v8 = memref.subview %x[0, 8] [256, 256] [1, 1] : memref<256x264xf64> to memref<256x256xf64, strided<[264, 1], offset: 8>>
  linalg.generic {indexing_maps = [#id2, #id2, #id2, #id2, #id2, #id2, #id2, #id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8 : memref<256x256xf64, strided<[264, 1]>>, memref<256x256xf64, strided<[264, 1], offset: 1>>, memref<256x256xf64, strided<[264, 1], offset: 2>>, memref<256x256xf64, strided<[264, 1], offset: 3>>, memref<256x256xf64, strided<[264, 1], offset: 4>>, memref<256x256xf64, strided<[264, 1], offset: 5>>, memref<256x256xf64, strided<[264, 1], offset: 6>>, memref<256x256xf64, strided<[264, 1], offset: 7>>, memref<256x256xf64, strided<[264, 1], offset: 8>>)
      outs(%y : memref<256x256xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64, %d: f64, %e: f64, %f: f64, %g: f64, %h: f64, %i: f64, %o: f64):
    %0 = arith.addf %a, %b : f64
    %1 = arith.addf %0, %c : f64
    %2 = arith.addf %1, %d : f64
    %3 = arith.addf %2, %e : f64
    %4 = arith.addf %3, %f : f64
    %5 = arith.addf %4, %g : f64
    %6 = arith.addf %5, %h : f64
    %7 = arith.addf %6, %i : f64
    linalg.yield %7 : f64
  }
  return
}

// Tests that a thread computes 4 vertically adjacent elements of an op whose
// windows overlap from row to row (a 5-point stencil): the round loads
// the 4 elements' inputs (20 loads of 14 addresses, which LLVM merges) before
// its 4 stores. 255 rows make 63 groups of 4 rows times 256 columns for 63
// blocks of 256 threads; the last 3 rows (from row 252) follow one element
// per thread and round.
// CHECK-LABEL: func @stencil_rows
// CHECK: %[[BLOCKS:.*]] = arith.constant 63 : index
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %[[BLOCKS]],
// CHECK: %[[GROUPS:.*]] = arith.constant 16128 : index
// CHECK: scf.for
// CHECK: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK: %[[R0:.*]] = arith.muli %{{.*}}, %[[FOUR]]
// CHECK: %[[R1:.*]] = arith.addi %[[R0]], %{{.*}}
// CHECK: %[[R2:.*]] = arith.addi %[[R0]], %{{.*}}
// CHECK: %[[R3:.*]] = arith.addi %[[R0]], %{{.*}}
// CHECK-COUNT-20: memref.load
// CHECK-NOT: memref.load
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[R0]]
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[R1]]
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[R2]]
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[R3]]
// CHECK-NOT: memref.load
// CHECK: arith.constant 768 : index
// CHECK: scf.for
// CHECK: %[[LAST:.*]] = arith.constant 252 : index
// CHECK: %[[ROW:.*]] = arith.addi %{{.*}}, %[[LAST]]
// CHECK-COUNT-5: memref.load %{{.*}}[%[[ROW]],
// CHECK-NOT: memref.load
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[ROW]],
// CHECK: gpu.terminator
func.func @stencil_rows(%x: memref<257x258xf64>, %y: memref<255x256xf64>) {
  %v01 = memref.subview %x[0, 1] [255, 256] [1, 1] : memref<257x258xf64> to memref<255x256xf64, strided<[258, 1], offset: 1>>
  %v10 = memref.subview %x[1, 0] [255, 256] [1, 1] : memref<257x258xf64> to memref<255x256xf64, strided<[258, 1], offset: 258>>
  %v11 = memref.subview %x[1, 1] [255, 256] [1, 1] : memref<257x258xf64> to memref<255x256xf64, strided<[258, 1], offset: 259>>
  %v12 = memref.subview %x[1, 2] [255, 256] [1, 1] : memref<257x258xf64> to memref<255x256xf64, strided<[258, 1], offset: 260>>
  %v21 = memref.subview %x[2, 1] [255, 256] [1, 1] : memref<257x258xf64> to memref<255x256xf64, strided<[258, 1], offset: 517>>
  linalg.generic {indexing_maps = [#id2, #id2, #id2, #id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%v01, %v10, %v11, %v12, %v21 : memref<255x256xf64, strided<[258, 1], offset: 1>>, memref<255x256xf64, strided<[258, 1], offset: 258>>, memref<255x256xf64, strided<[258, 1], offset: 259>>, memref<255x256xf64, strided<[258, 1], offset: 260>>, memref<255x256xf64, strided<[258, 1], offset: 517>>)
      outs(%y : memref<255x256xf64>) {
  ^bb0(%n: f64, %w: f64, %c: f64, %e: f64, %s: f64, %o: f64):
    %0 = arith.addf %n, %w : f64
    %1 = arith.addf %0, %c : f64
    %2 = arith.addf %1, %e : f64
    %3 = arith.addf %2, %s : f64
    linalg.yield %3 : f64
  }
  return
}

// Tests the grid's caps on 2^28 elements: a scalar kernel takes at most
// 65,536 blocks (the pass's max-blocks), a vectorised one 8,192; the rest
// is covered by rounds of the grid-stride loop.
// CHECK-LABEL: func @large
// CHECK: %[[SCALAR:.*]] = arith.constant 65536 : index
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %[[SCALAR]],
// CHECK: memref.load
// CHECK: %[[VECTOR:.*]] = arith.constant 8192 : index
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %[[VECTOR]],
// CHECK: vector.load
func.func @large(%x: memref<16384x16386xf32>, %y: memref<16384x16384xf32>, %z: memref<16384x16384xf32>) {
  %v = memref.subview %x[0, 1] [16384, 16384] [1, 1] : memref<16384x16386xf32> to memref<16384x16384xf32, strided<[16386, 1], offset: 1>>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%v : memref<16384x16384xf32, strided<[16386, 1], offset: 1>>) outs(%y : memref<16384x16384xf32>) {
  ^bb0(%a: f32, %b: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  }
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%y : memref<16384x16384xf32>) outs(%z : memref<16384x16384xf32>) {
  ^bb0(%a: f32, %b: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  }
  return
}

// A scatter loop becomes grid-stride launches over its values (1000 values,
// 256 threads: 4 blocks). A store keeps the last of repeated positions, as
// on the CPU: a launch marks each position with the last iteration storing
// there (atomic max into zeroed marks), the next stores where the mark is
// the thread's. An accumulation into the destination (load, add, store at
// one position) becomes an atomic add.
// CHECK-LABEL: func @scatter_loops
// CHECK: %[[MARKS:.*]] = memref.alloc() {{.*}} : memref<64xi64>
// CHECK: gpu.launch
// CHECK: memref.store %{{.*}}, %[[MARKS]][%{{.*}}] : memref<64xi64>
// CHECK: %[[BLOCKS:.*]] = arith.constant 4 : index
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %[[BLOCKS]],
// CHECK: scf.for
// CHECK-NOT: memref.store
// CHECK: memref.atomic_rmw maxs %{{.*}}, %[[MARKS]][%{{.*}}] : (i64, memref<64xi64>) -> i64
// CHECK: gpu.launch
// CHECK: scf.for
// CHECK: %[[MARK:.*]] = memref.load %[[MARKS]]
// CHECK: %[[LAST:.*]] = arith.cmpi eq, %[[MARK]]
// CHECK: scf.if %[[LAST]]
// CHECK: memref.store %{{.*}}, %arg2[%{{.*}}] : memref<64xf64>
// CHECK: memref.dealloc %[[MARKS]]
// CHECK: gpu.launch
// CHECK: scf.for
// CHECK-NOT: memref.store
// CHECK: memref.atomic_rmw addf %{{.*}}, %arg3[%{{.*}}] : (f64, memref<64xf64>) -> f64
// CHECK-NOT: scf.for {{.*}} {legato.scatter}
func.func @scatter_loops(%i: memref<1000xi64>, %v: memref<1000xf64>, %d: memref<64xf64>,
                         %e: memref<64xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1000 = arith.constant 1000 : index
  scf.for %j = %c0 to %c1000 step %c1 {
    %k = memref.load %i[%j] : memref<1000xi64>
    %at = arith.index_cast %k : i64 to index
    %x = memref.load %v[%j] : memref<1000xf64>
    memref.store %x, %d[%at] : memref<64xf64>
  } {legato.scatter}
  scf.for %j = %c0 to %c1000 step %c1 {
    %k = memref.load %i[%j] : memref<1000xi64>
    %at = arith.index_cast %k : i64 to index
    %x = memref.load %v[%j] : memref<1000xf64>
    %old = memref.load %e[%at] : memref<64xf64>
    %sum = arith.addf %old, %x : f64
    memref.store %sum, %e[%at] : memref<64xf64>
  } {legato.scatter}
  return
}
