// RUN: %legato_opt %s --legato-convert-linalg-to-loops="threads=2" | FileCheck %s
// RUN: %legato_opt %s --legato-convert-linalg-to-loops="threads=1" | FileCheck %s --check-prefix=SERIAL
// RUN: %legato_opt %s --legato-convert-linalg-to-loops="threads=2 min-parallel-rows=4" | FileCheck %s --check-prefix=ROWS

#id = affine_map<(d0) -> (d0)>

// The loops of kernels too small for threads do not unroll (below).
// CHECK: #[[$UNROLL:.+]] = #llvm.loop_unroll<disable = true>
// CHECK: #[[$NO_UNROLLING:.+]] = #llvm.loop_annotation<unroll = #[[$UNROLL]]>
// SERIAL: #[[$UNROLL:.+]] = #llvm.loop_unroll<disable = true>
// SERIAL: #[[$NO_UNROLLING:.+]] = #llvm.loop_annotation<unroll = #[[$UNROLL]]>

// Tests that a kernel of 65536 iterations gets a parallel loop when threads
// are available, and sequential loops on one thread; LLVM may unroll them.
// CHECK-LABEL: func @large
// CHECK: scf.parallel
// CHECK-NOT: loop_annotation
// CHECK: return
// SERIAL-LABEL: func @large
// SERIAL-NOT: scf.parallel
// SERIAL: scf.for
// SERIAL-NOT: loop_annotation
// SERIAL: return
func.func @large(%a: memref<65536xf64>, %b: memref<65536xf64>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<65536xf64>) outs(%b : memref<65536xf64>) {
  ^bb0(%x: f64, %y: f64):
    %0 = arith.mulf %x, %x : f64
    linalg.yield %0 : f64
  }
  return
}

// Tests that a tiny kernel stays sequential: threads would cost more than
// its work; and that its loop does not unroll, on any number of threads
// (compile time, for microseconds of work).
// CHECK-LABEL: func @tiny
// CHECK-NOT: scf.parallel
// CHECK: scf.for
// CHECK: } {loop_annotation = #[[$NO_UNROLLING]]}
// SERIAL-LABEL: func @tiny
// SERIAL: } {loop_annotation = #[[$NO_UNROLLING]]}
func.func @tiny(%a: memref<8xf64>, %b: memref<8xf64>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<8xf64>) outs(%b : memref<8xf64>) {
  ^bb0(%x: f64, %y: f64):
    %0 = arith.mulf %x, %x : f64
    linalg.yield %0 : f64
  }
  return
}

#row = affine_map<(d0, d1) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#all = affine_map<(d0) -> ()>

// Tests that a row sum carries its accumulators in registers: eight lanes
// (one 512-bit vector of f64) through the innermost loop, which LLVM must
// not unroll (a short row's loop unrolled in full lost its vectors: 0.1x
// NumPy), a tail loop for the 4 columns that do not fill the lanes, then
// the lanes combined in order, added to the stored value and stored once
// per row; the elementwise output is stored at every point.
// CHECK-LABEL: func @row_sum_lanes
// CHECK: scf.parallel (%[[I:.+]]) =
// CHECK: %[[INIT:.+]] = memref.load %{{.*}}[%[[I]]]
// CHECK: %[[MAIN:.+]]:8 = scf.for %[[J:.+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK-COUNT-8: memref.store
// CHECK: scf.yield
// CHECK-NEXT: } {loop_annotation = #[[$NO_UNROLLING]]}
// CHECK: %[[TAIL:.+]] = scf.for {{.*}} iter_args(%{{.*}} = %[[MAIN]]#0)
// CHECK: %[[S1:.+]] = arith.addf %[[TAIL]], %[[MAIN]]#1
// CHECK: %[[S2:.+]] = arith.addf %[[S1]], %[[MAIN]]#2
// CHECK: %[[LANES:.+]] = arith.addf %{{.*}}, %[[MAIN]]#7
// CHECK-NEXT: %[[TOTAL:.+]] = arith.addf %[[INIT]], %[[LANES]]
// CHECK-NEXT: memref.store %[[TOTAL]], %{{.*}}[%[[I]]]
func.func @row_sum_lanes(%a: memref<4096x36xf64>, %sq: memref<4096x36xf64>, %s: memref<4096xf64>) {
  linalg.generic {indexing_maps = [#id2, #id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<4096x36xf64>) outs(%sq, %s : memref<4096x36xf64>, memref<4096xf64>) {
  ^bb0(%x: f64, %o: f64, %acc: f64):
    %0 = arith.mulf %x, %x : f64
    %1 = arith.addf %acc, %0 : f64
    linalg.yield %0, %1 : f64, f64
  }
  return
}

// Tests that an integer row sum keeps one accumulator (any order gives its
// result, and LLVM vectorises the loop itself; with eight lanes it read the
// row with a stride of 8, 10x slower than a float64 sum).
// CHECK-LABEL: func @int_row_sum
// CHECK: scf.parallel (%[[I:.+]]) =
// CHECK: %[[INIT:.+]] = memref.load %{{.*}}[%[[I]]]
// CHECK: %[[SUM:.+]] = scf.for {{.*}} iter_args(%{{.*}} = %[[INIT]]) -> (i64)
// CHECK: memref.store %[[SUM]], %{{.*}}[%[[I]]]
func.func @int_row_sum(%a: memref<4096x36xi64>, %s: memref<4096xi64>) {
  linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<4096x36xi64>) outs(%s : memref<4096xi64>) {
  ^bb0(%x: i64, %acc: i64):
    %0 = arith.addi %acc, %x : i64
    linalg.yield %0 : i64
  }
  return
}

// Tests that an epilogue (Jacobi's update after the matvec) runs in the
// reduction's parallel loop, right after each row's sum is stored, and has
// no loops of its own.
// CHECK-LABEL: func @matvec_epilogue
// CHECK: scf.parallel (%[[I:.+]]) =
// CHECK: scf.for
// CHECK: memref.store %{{.*}}, %[[S:.+]][%[[I]]]
// CHECK-NEXT: %[[B:.+]] = memref.load %{{.*}}[%[[I]]]
// CHECK-NEXT: %[[SI:.+]] = memref.load %[[S]][%[[I]]]
// CHECK-NEXT: %[[R:.+]] = arith.subf %[[B]], %[[SI]]
// CHECK-NEXT: memref.store %[[R]], %{{.*}}[%[[I]]]
// CHECK-NEXT: scf.reduce
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @matvec_epilogue(%a: memref<2048x64xf64>, %x: memref<64xf64>, %b: memref<2048xf64>,
                           %s: memref<2048xf64>, %out: memref<2048xf64>) {
  linalg.generic {indexing_maps = [#id2, affine_map<(d0, d1) -> (d1)>, #row],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a, %x : memref<2048x64xf64>, memref<64xf64>) outs(%s : memref<2048xf64>) {
  ^bb0(%m: f64, %v: f64, %acc: f64):
    %0 = arith.mulf %m, %v : f64
    %1 = arith.addf %acc, %0 : f64
    linalg.yield %1 : f64
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>,
                                   affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%b, %s : memref<2048xf64>, memref<2048xf64>) outs(%out : memref<2048xf64>)
      attrs = {legato.epilogue} {
  ^bb0(%bi: f64, %si: f64, %o: f64):
    %0 = arith.subf %bi, %si : f64
    linalg.yield %0 : f64
  }
  return
}

// Tests that a short reduction keeps one accumulator (no lanes to fill).
// CHECK-LABEL: func @short_sum
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (f64)
// CHECK-NOT: scf.for
func.func @short_sum(%a: memref<10xf64>, %s: memref<f64>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, #all], iterator_types = ["reduction"]}
      ins(%a : memref<10xf64>) outs(%s : memref<f64>) {
  ^bb0(%x: f64, %acc: f64):
    %0 = arith.addf %acc, %x : f64
    linalg.yield %0 : f64
  }
  return
}

// Tests that a 2-D kernel shares out its rows among the threads and runs
// each row as a plain loop (which LLVM vectorises), not as one collapsed
// loop nest.
// CHECK-LABEL: func @rows_parallel_columns_sequential
// CHECK: scf.parallel (%[[I:.+]]) =
// CHECK-NEXT: scf.for %[[J:.+]] =
// CHECK: affine.apply #{{.*}}(%[[I]])
// CHECK: affine.apply #{{.*}}(%[[J]])
// CHECK: memref.load
// SERIAL-LABEL: func @rows_parallel_columns_sequential
// SERIAL-NOT: scf.parallel
func.func @rows_parallel_columns_sequential(%a: memref<256x256xf64>, %b: memref<256x256xf64>) {
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<256x256xf64>) outs(%b : memref<256x256xf64>) {
  ^bb0(%x: f64, %y: f64):
    %0 = arith.mulf %x, %x : f64
    linalg.yield %0 : f64
  }
  return
}

// Tests that a 2-D kernel with too few rows keeps both dims parallel, and
// that the threshold is the pass's option (Target::minParallelRows).
// CHECK-LABEL: func @few_rows
// CHECK: scf.parallel (%{{.+}}, %{{.+}}) =
// ROWS-LABEL: func @few_rows
// ROWS: scf.parallel (%{{.+}}) =
// ROWS-NEXT: scf.for
func.func @few_rows(%a: memref<4x65536xf64>, %b: memref<4x65536xf64>) {
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<4x65536xf64>) outs(%b : memref<4x65536xf64>) {
  ^bb0(%x: f64, %y: f64):
    %0 = arith.mulf %x, %x : f64
    linalg.yield %0 : f64
  }
  return
}

// Tests that the kernels of one launch (legato-group-launches) are one loop
// over their rows: a one-row border kernel is piece 0, the 64 rows of the
// interior pieces 1..64 (row = piece - 1), parallel as the launch has work
// enough for threads, sequential on one thread.
// CHECK-LABEL: func @one_launch
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG: %[[C65:.+]] = arith.constant 65 : index
// CHECK: scf.parallel (%[[K:.+]]) = (%{{.+}}) to (%[[C65]])
// CHECK: %[[FIRST:.+]] = arith.cmpi ult, %[[K]], %[[C1]]
// CHECK: scf.if %[[FIRST]] {
// CHECK: scf.for
// CHECK: } else {
// CHECK: %[[ROW:.+]] = arith.subi %[[K]]
// CHECK: scf.for
// CHECK: memref.load %{{.+}}[%{{.+}}, %{{.+}}]
// CHECK-NOT: scf.parallel
// CHECK: return
// SERIAL-LABEL: func @one_launch
// SERIAL-NOT: scf.parallel
// SERIAL: scf.for %{{.+}} = %{{.+}} to %{{.+}} step
// SERIAL: scf.if
func.func @one_launch(%p: memref<64x1024xf64>, %pad: memref<65x1024xf64>) {
  %zero = arith.constant 0.0 : f64
  %top = memref.subview %pad[0, 0] [1, 1024] [1, 1] : memref<65x1024xf64> to memref<1x1024xf64, strided<[1024, 1]>>
  linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%top : memref<1x1024xf64, strided<[1024, 1]>>) attrs = {legato.launch = 0 : i64} {
  ^bb0(%o: f64):
    linalg.yield %zero : f64
  }
  %rest = memref.subview %pad[1, 0] [64, 1024] [1, 1] : memref<65x1024xf64> to memref<64x1024xf64, strided<[1024, 1], offset: 1024>>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%p : memref<64x1024xf64>) outs(%rest : memref<64x1024xf64, strided<[1024, 1], offset: 1024>>)
      attrs = {legato.launch = 0 : i64} {
  ^bb0(%x: f64, %o: f64):
    %y = arith.mulf %x, %x : f64
    linalg.yield %y : f64
  }
  return
}

// Tests that a launch too small for threads (a one-row border and 4 interior
// rows of 64) is one sequential loop over its pieces whose loops, the
// pieces' row loops included, do not unroll.
// CHECK-LABEL: func @small_launch
// CHECK-NOT: scf.parallel
// CHECK: scf.for
// CHECK: scf.if
// CHECK: scf.for
// CHECK: } {loop_annotation = #[[$NO_UNROLLING]]}
// CHECK: } else {
// CHECK: scf.for
// CHECK: } {loop_annotation = #[[$NO_UNROLLING]]}
// CHECK: } {loop_annotation = #[[$NO_UNROLLING]]}
// CHECK: return
func.func @small_launch(%p: memref<4x64xf64>, %pad: memref<5x64xf64>) {
  %zero = arith.constant 0.0 : f64
  %top = memref.subview %pad[0, 0] [1, 64] [1, 1] : memref<5x64xf64> to memref<1x64xf64, strided<[64, 1]>>
  linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%top : memref<1x64xf64, strided<[64, 1]>>) attrs = {legato.launch = 1 : i64} {
  ^bb0(%o: f64):
    linalg.yield %zero : f64
  }
  %rest = memref.subview %pad[1, 0] [4, 64] [1, 1] : memref<5x64xf64> to memref<4x64xf64, strided<[64, 1], offset: 64>>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%p : memref<4x64xf64>) outs(%rest : memref<4x64xf64, strided<[64, 1], offset: 64>>)
      attrs = {legato.launch = 1 : i64} {
  ^bb0(%x: f64, %o: f64):
    %y = arith.mulf %x, %x : f64
    linalg.yield %y : f64
  }
  return
}

// Tests a sum over axis 0 (the reduced dim outer, the contiguous one
// parallel) as NumPy runs it: blocks of the 2048 outputs in parallel (two
// per thread), inside each the rows in order, inside each row the block's
// contiguous outputs updated in memory. On one thread, blocks of 1024 in
// sequence.
// CHECK-LABEL: func @column_sums
// CHECK: %[[C512:.*]] = arith.constant 512 : index
// CHECK: scf.parallel (%[[B:.*]]) = (%{{.*}}) to (%{{.*}}) step (%[[C512]])
// CHECK: %[[END:.*]] = arith.minsi
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: scf.for %[[J:.*]] = %[[B]] to %[[END]] step
// CHECK-NEXT: %[[X:.*]] = memref.load %{{.*}}[%[[I]], %[[J]]] : memref<2048x2048xf64>
// CHECK-NEXT: %[[S:.*]] = memref.load %{{.*}}[%[[J]]] : memref<2048xf64>
// CHECK-NEXT: %[[T:.*]] = arith.addf %[[S]], %[[X]] : f64
// CHECK-NEXT: memref.store %[[T]], %{{.*}}[%[[J]]] : memref<2048xf64>
// SERIAL-LABEL: func @column_sums
// SERIAL-NOT: scf.parallel
// SERIAL: arith.constant 1024 : index
// SERIAL: scf.for
// SERIAL: scf.for
// SERIAL: scf.for
// SERIAL: arith.addf
#col_in = affine_map<(d0, d1) -> (d0, d1)>
#col_out = affine_map<(d0, d1) -> (d1)>
func.func @column_sums(%a: memref<2048x2048xf64>, %s: memref<2048xf64>) {
  linalg.generic {indexing_maps = [#col_in, #col_out], iterator_types = ["reduction", "parallel"]}
      ins(%a : memref<2048x2048xf64>) outs(%s : memref<2048xf64>) {
  ^bb0(%x: f64, %acc: f64):
    %0 = arith.addf %acc, %x : f64
    linalg.yield %0 : f64
  }
  return
}

// Tests a sum over the middle axis of a 3-D array: the outer parallel dim
// and blocks of the inner rows in parallel, the reduced dim, then each
// block's rows and columns (a block of 16 rows of 64: 1024 outputs, two per
// thread of the 64 x 64 outputs of each of the 8 outer indices).
// CHECK-LABEL: func @middle_axis_sums
// CHECK: %[[C16:.*]] = arith.constant 16 : index
// CHECK: scf.parallel (%[[P:.*]], %[[B:.*]]) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step (%{{.*}}, %[[C16]])
// CHECK: scf.for %[[R:.*]] =
// CHECK: scf.for %[[J:.*]] = %[[B]] to
// CHECK: scf.for %[[K:.*]] =
// CHECK: memref.load %{{.*}}[%[[P]], %[[R]], %[[J]], %[[K]]] : memref<8x32x64x64xf64>
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[P]], %[[J]], %[[K]]] : memref<8x64x64xf64>
#mid_in = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#mid_out = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
func.func @middle_axis_sums(%a: memref<8x32x64x64xf64>, %s: memref<8x64x64xf64>) {
  linalg.generic {indexing_maps = [#mid_in, #mid_out],
                  iterator_types = ["parallel", "reduction", "parallel", "parallel"]}
      ins(%a : memref<8x32x64x64xf64>) outs(%s : memref<8x64x64xf64>) {
  ^bb0(%x: f64, %acc: f64):
    %0 = arith.addf %acc, %x : f64
    linalg.yield %0 : f64
  }
  return
}
