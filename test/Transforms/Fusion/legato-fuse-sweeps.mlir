// RUN: %legato_opt %s --legato-fuse-sweeps --canonicalize | FileCheck %s
// RUN: %legato_opt %s --legato-fuse-sweeps=recompute=false --canonicalize | FileCheck %s --check-prefix=TILE

#id = affine_map<(d0, d1) -> (d0, d1)>
#east = affine_map<(d0, d1) -> (d0 + 1, (d1 + 1) mod 16)>
#west = affine_map<(d0, d1) -> (d0 + 1, (d1 + 15) mod 16)>

// Tests that of two Jacobi sweeps on rows 1..14 of a 16 x 16 array, with
// periodic columns and wall rows copied from their neighbours (CFD's
// pressure sweeps), the second is split into runs of rows (row 0, whose
// south neighbour is wall row 0, a copy of row 1; rows 1..12; row 13, whose
// north neighbour is wall row 15) and each run recomputes the first
// sweep's values from the first sweep's inputs: no kernel reads the first
// sweep's result, four copies of its body (5 ops each) sit in each run.
// CHECK-LABEL: func @two_sweeps
// CHECK-SAME: (%[[P:.*]]: tensor<16x16xf64>, %[[B:.*]]: tensor<14x16xf64>)
// CHECK: %[[ROW0:.*]] = linalg.generic
// CHECK-COUNT-25: arith.
// CHECK: } -> tensor<1x16xf64>
// The runs write their rows straight into the new array, at rows 1, 2..13
// and 14 (between its walls).
// CHECK: %[[A:.*]] = tensor.insert_slice %[[ROW0]] into %{{.*}}[1, 0] [1, 16]
// CHECK: %[[MID:.*]] = linalg.generic
// CHECK: } -> tensor<12x16xf64>
// CHECK: %[[AB:.*]] = tensor.insert_slice %[[MID]] into %[[A]][2, 0] [12, 16]
// CHECK: %[[ROW13:.*]] = linalg.generic
// CHECK: } -> tensor<1x16xf64>
// CHECK: %[[ABC:.*]] = tensor.insert_slice %[[ROW13]] into %[[AB]][14, 0] [1, 16]
// CHECK-NOT: linalg.generic
// CHECK: return
// With recompute=false (the CPU's), the first sweep stays a kernel and the
// same runs read rows of its result, all marked as one tiled pair: row 0
// reads its rows 1, 0, 0, 0 (north, south through the wall, east, west),
// rows 1..12 its rows i + 2, i, i + 1, i + 1, row 13 its rows 13, 12, 13, 13.
// TILE-LABEL: func @two_sweeps
// TILE: %[[FIRST:.*]] = linalg.generic
// TILE-COUNT-5: arith.
// TILE-NEXT: linalg.yield
// TILE: } -> tensor<14x16xf64>
// TILE: tensor.extract_slice %[[FIRST]][1, 0] [1, 16]
// TILE: tensor.extract_slice %[[FIRST]][0, 0] [1, 16]
// TILE: %[[ROW0:.*]] = linalg.generic
// TILE-SAME: legato.sweep_tile = 0
// TILE-COUNT-5: arith.
// TILE-NEXT: linalg.yield
// TILE: } -> tensor<1x16xf64>
// TILE: tensor.extract_slice %[[FIRST]][2, 0] [12, 16]
// TILE: tensor.extract_slice %[[FIRST]][0, 0] [12, 16]
// TILE: tensor.extract_slice %[[FIRST]][1, 0] [12, 16]
// TILE: linalg.generic
// TILE-SAME: legato.sweep_tile = 0
// TILE: } -> tensor<12x16xf64>
// TILE: tensor.extract_slice %[[FIRST]][13, 0] [1, 16]
// TILE: tensor.extract_slice %[[FIRST]][12, 0] [1, 16]
// TILE: linalg.generic
// TILE-SAME: legato.sweep_tile = 0
// TILE: } -> tensor<1x16xf64>
// TILE-NOT: linalg.generic
// TILE: return
func.func @two_sweeps(%p: tensor<16x16xf64>, %b: tensor<14x16xf64>) -> tensor<16x16xf64> {
  %c = arith.constant 0.25 : f64
  %e0 = tensor.empty() : tensor<14x16xf64>
  %n0 = tensor.extract_slice %p[2, 0] [14, 16] [1, 1] : tensor<16x16xf64> to tensor<14x16xf64>
  %s0 = tensor.extract_slice %p[0, 0] [14, 16] [1, 1] : tensor<16x16xf64> to tensor<14x16xf64>
  %k1 = linalg.generic {indexing_maps = [#id, #id, #east, #west, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%n0, %s0, %p, %p, %b : tensor<14x16xf64>, tensor<14x16xf64>, tensor<16x16xf64>, tensor<16x16xf64>, tensor<14x16xf64>) outs(%e0 : tensor<14x16xf64>) {
  ^bb0(%n: f64, %s: f64, %e: f64, %w: f64, %r: f64, %o: f64):
    %0 = arith.addf %n, %s : f64
    %1 = arith.addf %e, %w : f64
    %2 = arith.addf %0, %1 : f64
    %3 = arith.mulf %2, %c : f64
    %4 = arith.subf %3, %r : f64
    linalg.yield %4 : f64
  } -> tensor<14x16xf64>
  %f1 = tensor.empty() : tensor<16x16xf64>
  %p1a = tensor.insert_slice %k1 into %f1[1, 0] [14, 16] [1, 1] : tensor<14x16xf64> into tensor<16x16xf64>
  %r1 = tensor.extract_slice %p1a[1, 0] [1, 16] [1, 1] : tensor<16x16xf64> to tensor<1x16xf64>
  %p1b = tensor.insert_slice %r1 into %p1a[0, 0] [1, 16] [1, 1] : tensor<1x16xf64> into tensor<16x16xf64>
  %r14 = tensor.extract_slice %p1b[14, 0] [1, 16] [1, 1] : tensor<16x16xf64> to tensor<1x16xf64>
  %p1 = tensor.insert_slice %r14 into %p1b[15, 0] [1, 16] [1, 1] : tensor<1x16xf64> into tensor<16x16xf64>
  %e1 = tensor.empty() : tensor<14x16xf64>
  %n1 = tensor.extract_slice %p1[2, 0] [14, 16] [1, 1] : tensor<16x16xf64> to tensor<14x16xf64>
  %s1 = tensor.extract_slice %p1[0, 0] [14, 16] [1, 1] : tensor<16x16xf64> to tensor<14x16xf64>
  %k2 = linalg.generic {indexing_maps = [#id, #id, #east, #west, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%n1, %s1, %p1, %p1, %b : tensor<14x16xf64>, tensor<14x16xf64>, tensor<16x16xf64>, tensor<16x16xf64>, tensor<14x16xf64>) outs(%e1 : tensor<14x16xf64>) {
  ^bb0(%n: f64, %s: f64, %e: f64, %w: f64, %r: f64, %o: f64):
    %0 = arith.addf %n, %s : f64
    %1 = arith.addf %e, %w : f64
    %2 = arith.addf %0, %1 : f64
    %3 = arith.mulf %2, %c : f64
    %4 = arith.subf %3, %r : f64
    linalg.yield %4 : f64
  } -> tensor<14x16xf64>
  %f2 = tensor.empty() : tensor<16x16xf64>
  %p2a = tensor.insert_slice %k2 into %f2[1, 0] [14, 16] [1, 1] : tensor<14x16xf64> into tensor<16x16xf64>
  %q1 = tensor.extract_slice %p2a[1, 0] [1, 16] [1, 1] : tensor<16x16xf64> to tensor<1x16xf64>
  %p2b = tensor.insert_slice %q1 into %p2a[0, 0] [1, 16] [1, 1] : tensor<1x16xf64> into tensor<16x16xf64>
  %q14 = tensor.extract_slice %p2b[14, 0] [1, 16] [1, 1] : tensor<16x16xf64> to tensor<1x16xf64>
  %p2 = tensor.insert_slice %q14 into %p2b[15, 0] [1, 16] [1, 1] : tensor<1x16xf64> into tensor<16x16xf64>
  return %p2 : tensor<16x16xf64>
}

// Tests that sweeps stay apart when the first one's array is also a result
// of the function: it must be stored anyway, and recomputing it would only
// add work.
// CHECK-LABEL: func @first_sweep_returned
// CHECK-COUNT-2: linalg.generic
// CHECK-NOT: linalg.generic
// TILE-LABEL: func @first_sweep_returned
// TILE-NOT: legato.sweep_tile
// TILE: return
func.func @first_sweep_returned(%p: tensor<16x16xf64>, %b: tensor<14x16xf64>) -> (tensor<16x16xf64>, tensor<16x16xf64>) {
  %c = arith.constant 0.25 : f64
  %e0 = tensor.empty() : tensor<14x16xf64>
  %n0 = tensor.extract_slice %p[2, 0] [14, 16] [1, 1] : tensor<16x16xf64> to tensor<14x16xf64>
  %s0 = tensor.extract_slice %p[0, 0] [14, 16] [1, 1] : tensor<16x16xf64> to tensor<14x16xf64>
  %k1 = linalg.generic {indexing_maps = [#id, #id, #east, #west, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%n0, %s0, %p, %p, %b : tensor<14x16xf64>, tensor<14x16xf64>, tensor<16x16xf64>, tensor<16x16xf64>, tensor<14x16xf64>) outs(%e0 : tensor<14x16xf64>) {
  ^bb0(%n: f64, %s: f64, %e: f64, %w: f64, %r: f64, %o: f64):
    %0 = arith.addf %n, %s : f64
    %1 = arith.addf %e, %w : f64
    %2 = arith.addf %0, %1 : f64
    %3 = arith.mulf %2, %c : f64
    %4 = arith.subf %3, %r : f64
    linalg.yield %4 : f64
  } -> tensor<14x16xf64>
  %f1 = tensor.empty() : tensor<16x16xf64>
  %p1a = tensor.insert_slice %k1 into %f1[1, 0] [14, 16] [1, 1] : tensor<14x16xf64> into tensor<16x16xf64>
  %r1 = tensor.extract_slice %p1a[1, 0] [1, 16] [1, 1] : tensor<16x16xf64> to tensor<1x16xf64>
  %p1b = tensor.insert_slice %r1 into %p1a[0, 0] [1, 16] [1, 1] : tensor<1x16xf64> into tensor<16x16xf64>
  %r14 = tensor.extract_slice %p1b[14, 0] [1, 16] [1, 1] : tensor<16x16xf64> to tensor<1x16xf64>
  %p1 = tensor.insert_slice %r14 into %p1b[15, 0] [1, 16] [1, 1] : tensor<1x16xf64> into tensor<16x16xf64>
  %e1 = tensor.empty() : tensor<14x16xf64>
  %n1 = tensor.extract_slice %p1[2, 0] [14, 16] [1, 1] : tensor<16x16xf64> to tensor<14x16xf64>
  %s1 = tensor.extract_slice %p1[0, 0] [14, 16] [1, 1] : tensor<16x16xf64> to tensor<14x16xf64>
  %k2 = linalg.generic {indexing_maps = [#id, #id, #east, #west, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%n1, %s1, %p1, %p1, %b : tensor<14x16xf64>, tensor<14x16xf64>, tensor<16x16xf64>, tensor<16x16xf64>, tensor<14x16xf64>) outs(%e1 : tensor<14x16xf64>) {
  ^bb0(%n: f64, %s: f64, %e: f64, %w: f64, %r: f64, %o: f64):
    %0 = arith.addf %n, %s : f64
    %1 = arith.addf %e, %w : f64
    %2 = arith.addf %0, %1 : f64
    %3 = arith.mulf %2, %c : f64
    %4 = arith.subf %3, %r : f64
    linalg.yield %4 : f64
  } -> tensor<14x16xf64>
  %f2 = tensor.empty() : tensor<16x16xf64>
  %p2a = tensor.insert_slice %k2 into %f2[1, 0] [14, 16] [1, 1] : tensor<14x16xf64> into tensor<16x16xf64>
  %q1 = tensor.extract_slice %p2a[1, 0] [1, 16] [1, 1] : tensor<16x16xf64> to tensor<1x16xf64>
  %p2b = tensor.insert_slice %q1 into %p2a[0, 0] [1, 16] [1, 1] : tensor<1x16xf64> into tensor<16x16xf64>
  %q14 = tensor.extract_slice %p2b[14, 0] [1, 16] [1, 1] : tensor<16x16xf64> to tensor<1x16xf64>
  %p2 = tensor.insert_slice %q14 into %p2b[15, 0] [1, 16] [1, 1] : tensor<1x16xf64> into tensor<16x16xf64>
  return %p1, %p2 : tensor<16x16xf64>, tensor<16x16xf64>
}

// Tests two sweeps of a Jacobi stencil on an 8 x 8 grid whose border stays
// fixed: each sweep writes its 6 x 6 interior by slice assignment into a new
// array whose border rows and columns are copied from the array before. The
// second sweep's loops are cut into nine cells (corners, edges, the 4 x 4
// middle) in which each of its five reads comes from one piece: the first
// sweep's kernel, whose values the cell recomputes (five copies of its 5 ops
// beside its own 5 in the middle), or the border of %g. The first sweep's
// array is gone; the second array's border is copied from %g itself.
// CHECK-LABEL: func @interior_sweeps
// CHECK-SAME: (%[[G:.*]]: tensor<8x8xf64>)
// CHECK-DAG: tensor.extract_slice %[[G]][0, 0] [1, 8]
// CHECK-DAG: tensor.extract_slice %[[G]][7, 0] [1, 8]
// CHECK-DAG: tensor.extract_slice %[[G]][1, 0] [6, 1]
// CHECK-DAG: tensor.extract_slice %[[G]][1, 7] [6, 1]
// CHECK: } -> tensor<1x1xf64>
// CHECK: tensor.insert_slice %{{.*}}[1, 1] [1, 1]
// CHECK: } -> tensor<1x4xf64>
// CHECK: tensor.insert_slice %{{.*}}[1, 2] [1, 4]
// CHECK: } -> tensor<1x1xf64>
// CHECK: tensor.insert_slice %{{.*}}[1, 6] [1, 1]
// CHECK: } -> tensor<4x1xf64>
// CHECK: tensor.insert_slice %{{.*}}[2, 1] [4, 1]
// CHECK: linalg.generic
// CHECK-COUNT-30: arith.
// CHECK-NEXT: linalg.yield
// CHECK-NEXT: } -> tensor<4x4xf64>
// CHECK: tensor.insert_slice %{{.*}}[2, 2] [4, 4]
// CHECK: } -> tensor<4x1xf64>
// CHECK: tensor.insert_slice %{{.*}}[2, 6] [4, 1]
// CHECK: } -> tensor<1x1xf64>
// CHECK: tensor.insert_slice %{{.*}}[6, 1] [1, 1]
// CHECK: } -> tensor<1x4xf64>
// CHECK: tensor.insert_slice %{{.*}}[6, 2] [1, 4]
// CHECK: } -> tensor<1x1xf64>
// CHECK: tensor.insert_slice %{{.*}}[6, 6] [1, 1]
// CHECK-NOT: linalg.generic
// CHECK: return
// The CPU's tiled pairs take runs of whole rows only: both sweeps stay.
// TILE-LABEL: func @interior_sweeps
// TILE-NOT: legato.sweep_tile
// TILE-COUNT-2: linalg.generic
// TILE-NOT: legato.sweep_tile
// TILE: return
func.func @interior_sweeps(%g: tensor<8x8xf64>) -> tensor<8x8xf64> {
  %cst = arith.constant 2.000000e-01 : f64
  %0 = tensor.empty() : tensor<8x8xf64>
  %extracted_slice = tensor.extract_slice %g[0, 0] [1, 8] [1, 1] : tensor<8x8xf64> to tensor<1x8xf64>
  %inserted_slice = tensor.insert_slice %extracted_slice into %0[0, 0] [1, 8] [1, 1] : tensor<1x8xf64> into tensor<8x8xf64>
  %extracted_slice_0 = tensor.extract_slice %g[7, 0] [1, 8] [1, 1] : tensor<8x8xf64> to tensor<1x8xf64>
  %inserted_slice_1 = tensor.insert_slice %extracted_slice_0 into %inserted_slice[7, 0] [1, 8] [1, 1] : tensor<1x8xf64> into tensor<8x8xf64>
  %extracted_slice_2 = tensor.extract_slice %g[1, 0] [6, 1] [1, 1] : tensor<8x8xf64> to tensor<6x1xf64>
  %inserted_slice_3 = tensor.insert_slice %extracted_slice_2 into %inserted_slice_1[1, 0] [6, 1] [1, 1] : tensor<6x1xf64> into tensor<8x8xf64>
  %extracted_slice_4 = tensor.extract_slice %g[1, 7] [6, 1] [1, 1] : tensor<8x8xf64> to tensor<6x1xf64>
  %inserted_slice_5 = tensor.insert_slice %extracted_slice_4 into %inserted_slice_3[1, 7] [6, 1] [1, 1] : tensor<6x1xf64> into tensor<8x8xf64>
  %extracted_slice_6 = tensor.extract_slice %g[0, 1] [6, 6] [1, 1] : tensor<8x8xf64> to tensor<6x6xf64>
  %extracted_slice_7 = tensor.extract_slice %g[1, 1] [6, 6] [1, 1] : tensor<8x8xf64> to tensor<6x6xf64>
  %extracted_slice_8 = tensor.extract_slice %g[2, 1] [6, 6] [1, 1] : tensor<8x8xf64> to tensor<6x6xf64>
  %extracted_slice_9 = tensor.extract_slice %g[1, 0] [6, 6] [1, 1] : tensor<8x8xf64> to tensor<6x6xf64>
  %extracted_slice_10 = tensor.extract_slice %g[1, 2] [6, 6] [1, 1] : tensor<8x8xf64> to tensor<6x6xf64>
  %1 = tensor.empty() : tensor<6x6xf64>
  %2 = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_7, %extracted_slice_6, %extracted_slice_8, %extracted_slice_9, %extracted_slice_10 : tensor<6x6xf64>, tensor<6x6xf64>, tensor<6x6xf64>, tensor<6x6xf64>, tensor<6x6xf64>) outs(%1 : tensor<6x6xf64>) {
  ^bb0(%in: f64, %in_25: f64, %in_26: f64, %in_27: f64, %in_28: f64, %out: f64):
    %6 = arith.addf %in, %in_25 : f64
    %7 = arith.addf %6, %in_26 : f64
    %8 = arith.addf %7, %in_27 : f64
    %9 = arith.addf %8, %in_28 : f64
    %10 = arith.mulf %9, %cst : f64
    linalg.yield %10 : f64
  } -> tensor<6x6xf64>
  %inserted_slice_11 = tensor.insert_slice %2 into %inserted_slice_5[1, 1] [6, 6] [1, 1] : tensor<6x6xf64> into tensor<8x8xf64>
  %3 = tensor.empty() : tensor<8x8xf64>
  %extracted_slice_12 = tensor.extract_slice %inserted_slice_11[0, 0] [1, 8] [1, 1] : tensor<8x8xf64> to tensor<1x8xf64>
  %inserted_slice_13 = tensor.insert_slice %extracted_slice_12 into %3[0, 0] [1, 8] [1, 1] : tensor<1x8xf64> into tensor<8x8xf64>
  %extracted_slice_14 = tensor.extract_slice %inserted_slice_11[7, 0] [1, 8] [1, 1] : tensor<8x8xf64> to tensor<1x8xf64>
  %inserted_slice_15 = tensor.insert_slice %extracted_slice_14 into %inserted_slice_13[7, 0] [1, 8] [1, 1] : tensor<1x8xf64> into tensor<8x8xf64>
  %extracted_slice_16 = tensor.extract_slice %inserted_slice_11[1, 0] [6, 1] [1, 1] : tensor<8x8xf64> to tensor<6x1xf64>
  %inserted_slice_17 = tensor.insert_slice %extracted_slice_16 into %inserted_slice_15[1, 0] [6, 1] [1, 1] : tensor<6x1xf64> into tensor<8x8xf64>
  %extracted_slice_18 = tensor.extract_slice %inserted_slice_11[1, 7] [6, 1] [1, 1] : tensor<8x8xf64> to tensor<6x1xf64>
  %inserted_slice_19 = tensor.insert_slice %extracted_slice_18 into %inserted_slice_17[1, 7] [6, 1] [1, 1] : tensor<6x1xf64> into tensor<8x8xf64>
  %extracted_slice_20 = tensor.extract_slice %inserted_slice_11[0, 1] [6, 6] [1, 1] : tensor<8x8xf64> to tensor<6x6xf64>
  %extracted_slice_21 = tensor.extract_slice %inserted_slice_11[2, 1] [6, 6] [1, 1] : tensor<8x8xf64> to tensor<6x6xf64>
  %extracted_slice_22 = tensor.extract_slice %inserted_slice_11[1, 0] [6, 6] [1, 1] : tensor<8x8xf64> to tensor<6x6xf64>
  %extracted_slice_23 = tensor.extract_slice %inserted_slice_11[1, 2] [6, 6] [1, 1] : tensor<8x8xf64> to tensor<6x6xf64>
  %4 = tensor.empty() : tensor<6x6xf64>
  %5 = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%2, %extracted_slice_20, %extracted_slice_21, %extracted_slice_22, %extracted_slice_23 : tensor<6x6xf64>, tensor<6x6xf64>, tensor<6x6xf64>, tensor<6x6xf64>, tensor<6x6xf64>) outs(%4 : tensor<6x6xf64>) {
  ^bb0(%in: f64, %in_25: f64, %in_26: f64, %in_27: f64, %in_28: f64, %out: f64):
    %6 = arith.addf %in, %in_25 : f64
    %7 = arith.addf %6, %in_26 : f64
    %8 = arith.addf %7, %in_27 : f64
    %9 = arith.addf %8, %in_28 : f64
    %10 = arith.mulf %9, %cst : f64
    linalg.yield %10 : f64
  } -> tensor<6x6xf64>
  %inserted_slice_24 = tensor.insert_slice %5 into %inserted_slice_19[1, 1] [6, 6] [1, 1] : tensor<6x6xf64> into tensor<8x8xf64>
  return %inserted_slice_24 : tensor<8x8xf64>
}

// Tests the same two sweeps as one rank of two holds them (legato-partition,
// rank 0 of an 8 x 8 grid split in rows): the first sweep computes rows 1..4
// of the rank's six rows (its four and two ghost rows), the second rows 1..3.
// The next array's border copies are taken from the partitioner's 4 x 8
// slice of the first sweep's array; they read %g's border through it and
// are forwarded there, so the first array is gone. No bottom border on this
// rank: six cells (the top corners and edge, the left and right edges, the
// middle).
// CHECK-LABEL: func @rank_sweeps
// CHECK-SAME: (%[[G:.*]]: tensor<6x8xf64>)
// CHECK-NOT: tensor<5x8xf64>
// CHECK-DAG: tensor.extract_slice %[[G]][0, 0] [1, 8]
// CHECK-DAG: tensor.extract_slice %[[G]][1, 0] [3, 1]
// CHECK-DAG: tensor.extract_slice %[[G]][1, 7] [3, 1]
// CHECK: } -> tensor<1x1xf64>
// CHECK: tensor.insert_slice %{{.*}}[1, 1] [1, 1]
// CHECK: } -> tensor<1x4xf64>
// CHECK: tensor.insert_slice %{{.*}}[1, 2] [1, 4]
// CHECK: } -> tensor<1x1xf64>
// CHECK: tensor.insert_slice %{{.*}}[1, 6] [1, 1]
// CHECK: } -> tensor<2x1xf64>
// CHECK: tensor.insert_slice %{{.*}}[2, 1] [2, 1]
// CHECK: linalg.generic
// CHECK-COUNT-30: arith.
// CHECK-NEXT: linalg.yield
// CHECK-NEXT: } -> tensor<2x4xf64>
// CHECK: tensor.insert_slice %{{.*}}[2, 2] [2, 4]
// CHECK: } -> tensor<2x1xf64>
// CHECK: tensor.insert_slice %{{.*}}[2, 6] [2, 1]
// CHECK-NOT: linalg.generic
// CHECK-NOT: tensor<5x8xf64>
// CHECK: return
// TILE-LABEL: func @rank_sweeps
// TILE-NOT: legato.sweep_tile
// TILE-COUNT-2: linalg.generic
// TILE-NOT: legato.sweep_tile
// TILE: return
func.func @rank_sweeps(%g: tensor<6x8xf64>) -> tensor<4x8xf64> {
  %cst = arith.constant 2.000000e-01 : f64
  %extracted_slice = tensor.extract_slice %g[0, 1] [4, 6] [1, 1] : tensor<6x8xf64> to tensor<4x6xf64>
  %extracted_slice_0 = tensor.extract_slice %g[2, 1] [4, 6] [1, 1] : tensor<6x8xf64> to tensor<4x6xf64>
  %extracted_slice_1 = tensor.extract_slice %g[1, 0] [4, 6] [1, 1] : tensor<6x8xf64> to tensor<4x6xf64>
  %extracted_slice_2 = tensor.extract_slice %g[1, 2] [4, 6] [1, 1] : tensor<6x8xf64> to tensor<4x6xf64>
  %extracted_slice_3 = tensor.extract_slice %g[1, 1] [4, 6] [1, 1] : tensor<6x8xf64> to tensor<4x6xf64>
  %0 = tensor.empty() : tensor<4x6xf64>
  %1 = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_3, %extracted_slice, %extracted_slice_0, %extracted_slice_1, %extracted_slice_2 : tensor<4x6xf64>, tensor<4x6xf64>, tensor<4x6xf64>, tensor<4x6xf64>, tensor<4x6xf64>) outs(%0 : tensor<4x6xf64>) {
  ^bb0(%in: f64, %in_24: f64, %in_25: f64, %in_26: f64, %in_27: f64, %out: f64):
    %6 = arith.addf %in, %in_24 : f64
    %7 = arith.addf %6, %in_25 : f64
    %8 = arith.addf %7, %in_26 : f64
    %9 = arith.addf %8, %in_27 : f64
    %10 = arith.mulf %9, %cst : f64
    linalg.yield %10 : f64
  } -> tensor<4x6xf64>
  %extracted_slice_4 = tensor.extract_slice %g[0, 0] [5, 8] [1, 1] : tensor<6x8xf64> to tensor<5x8xf64>
  %2 = tensor.empty() : tensor<5x8xf64>
  %extracted_slice_5 = tensor.extract_slice %extracted_slice_4[0, 0] [1, 8] [1, 1] : tensor<5x8xf64> to tensor<1x8xf64>
  %inserted_slice = tensor.insert_slice %extracted_slice_5 into %2[0, 0] [1, 8] [1, 1] : tensor<1x8xf64> into tensor<5x8xf64>
  %extracted_slice_6 = tensor.extract_slice %extracted_slice_4[1, 0] [4, 1] [1, 1] : tensor<5x8xf64> to tensor<4x1xf64>
  %inserted_slice_7 = tensor.insert_slice %extracted_slice_6 into %inserted_slice[1, 0] [4, 1] [1, 1] : tensor<4x1xf64> into tensor<5x8xf64>
  %extracted_slice_8 = tensor.extract_slice %extracted_slice_4[1, 7] [4, 1] [1, 1] : tensor<5x8xf64> to tensor<4x1xf64>
  %inserted_slice_9 = tensor.insert_slice %extracted_slice_8 into %inserted_slice_7[1, 7] [4, 1] [1, 1] : tensor<4x1xf64> into tensor<5x8xf64>
  %inserted_slice_10 = tensor.insert_slice %1 into %inserted_slice_9[1, 1] [4, 6] [1, 1] : tensor<4x6xf64> into tensor<5x8xf64>
  %extracted_slice_11 = tensor.extract_slice %inserted_slice_10[0, 1] [3, 6] [1, 1] : tensor<5x8xf64> to tensor<3x6xf64>
  %extracted_slice_12 = tensor.extract_slice %inserted_slice_10[2, 1] [3, 6] [1, 1] : tensor<5x8xf64> to tensor<3x6xf64>
  %extracted_slice_13 = tensor.extract_slice %inserted_slice_10[1, 0] [3, 6] [1, 1] : tensor<5x8xf64> to tensor<3x6xf64>
  %extracted_slice_14 = tensor.extract_slice %inserted_slice_10[1, 2] [3, 6] [1, 1] : tensor<5x8xf64> to tensor<3x6xf64>
  %extracted_slice_15 = tensor.extract_slice %inserted_slice_10[1, 1] [3, 6] [1, 1] : tensor<5x8xf64> to tensor<3x6xf64>
  %3 = tensor.empty() : tensor<3x6xf64>
  %4 = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice_15, %extracted_slice_11, %extracted_slice_12, %extracted_slice_13, %extracted_slice_14 : tensor<3x6xf64>, tensor<3x6xf64>, tensor<3x6xf64>, tensor<3x6xf64>, tensor<3x6xf64>) outs(%3 : tensor<3x6xf64>) {
  ^bb0(%in: f64, %in_24: f64, %in_25: f64, %in_26: f64, %in_27: f64, %out: f64):
    %6 = arith.addf %in, %in_24 : f64
    %7 = arith.addf %6, %in_25 : f64
    %8 = arith.addf %7, %in_26 : f64
    %9 = arith.addf %8, %in_27 : f64
    %10 = arith.mulf %9, %cst : f64
    linalg.yield %10 : f64
  } -> tensor<3x6xf64>
  %extracted_slice_16 = tensor.extract_slice %inserted_slice_10[0, 0] [4, 8] [1, 1] : tensor<5x8xf64> to tensor<4x8xf64>
  %5 = tensor.empty() : tensor<4x8xf64>
  %extracted_slice_17 = tensor.extract_slice %extracted_slice_16[0, 0] [1, 8] [1, 1] : tensor<4x8xf64> to tensor<1x8xf64>
  %inserted_slice_18 = tensor.insert_slice %extracted_slice_17 into %5[0, 0] [1, 8] [1, 1] : tensor<1x8xf64> into tensor<4x8xf64>
  %extracted_slice_19 = tensor.extract_slice %extracted_slice_16[1, 0] [3, 1] [1, 1] : tensor<4x8xf64> to tensor<3x1xf64>
  %inserted_slice_20 = tensor.insert_slice %extracted_slice_19 into %inserted_slice_18[1, 0] [3, 1] [1, 1] : tensor<3x1xf64> into tensor<4x8xf64>
  %extracted_slice_21 = tensor.extract_slice %extracted_slice_16[1, 7] [3, 1] [1, 1] : tensor<4x8xf64> to tensor<3x1xf64>
  %inserted_slice_22 = tensor.insert_slice %extracted_slice_21 into %inserted_slice_20[1, 7] [3, 1] [1, 1] : tensor<3x1xf64> into tensor<4x8xf64>
  %inserted_slice_23 = tensor.insert_slice %4 into %inserted_slice_22[1, 1] [3, 6] [1, 1] : tensor<3x6xf64> into tensor<4x8xf64>
  return %inserted_slice_23 : tensor<4x8xf64>
}

// Tests that a second sweep recomputes several first sweeps at once (with
// recompute, the GPU's): a face flux reading the slopes of u, v and w at
// shifted columns (shallow water's MUSCL) recomputes those of u and v from
// u and v; that of w is also a result, so it stays a kernel that the flux
// reads. With recompute=false (the CPU's) a tiled pair has one first sweep:
// u's, and the flux reads the others.
// CHECK-LABEL: func @slopes_of_three_arrays
// CHECK-SAME: (%[[U:.*]]: tensor<4x10xf64>, %[[V:.*]]: tensor<4x10xf64>, %[[W:.*]]: tensor<4x10xf64>)
// CHECK-DAG: %[[U1:.*]] = tensor.extract_slice %[[U]][0, 1] [4, 9]
// CHECK-DAG: %[[V1:.*]] = tensor.extract_slice %[[V]][0, 1] [4, 9]
// CHECK: %[[SW:.*]] = linalg.generic
// CHECK: } -> tensor<4x9xf64>
// CHECK-DAG: tensor.extract_slice %[[U1]][0, 0] [4, 7]
// CHECK-DAG: tensor.extract_slice %[[V1]][0, 2] [4, 7]
// CHECK-DAG: tensor.extract_slice %[[SW]][0, 1] [4, 7]
// CHECK: %[[F:.*]] = linalg.generic
// CHECK-COUNT-4: arith.subf
// CHECK-COUNT-4: arith.{{mulf|addf}}
// CHECK-NEXT: linalg.yield
// CHECK: } -> tensor<4x7xf64>
// CHECK-NOT: linalg.generic
// CHECK: return %[[F]], %[[SW]]
// TILE-LABEL: func @slopes_of_three_arrays
// TILE: linalg.generic
// TILE-SAME: legato.sweep_tile = [[PAIR:[0-9]+]]
// TILE: } -> tensor<4x9xf64>
// TILE-NOT: legato.sweep_tile
// TILE: } -> tensor<4x9xf64>
// TILE-NOT: legato.sweep_tile
// TILE: } -> tensor<4x9xf64>
// TILE: linalg.generic
// TILE-SAME: legato.sweep_tile = [[PAIR]]
// TILE: } -> tensor<4x7xf64>
// TILE-NOT: legato.sweep_tile
func.func @slopes_of_three_arrays(%u: tensor<4x10xf64>, %v: tensor<4x10xf64>, %w: tensor<4x10xf64>) -> (tensor<4x7xf64>, tensor<4x9xf64>) {
  %u1 = tensor.extract_slice %u[0, 1] [4, 9] [1, 1] : tensor<4x10xf64> to tensor<4x9xf64>
  %u0 = tensor.extract_slice %u[0, 0] [4, 9] [1, 1] : tensor<4x10xf64> to tensor<4x9xf64>
  %e0 = tensor.empty() : tensor<4x9xf64>
  %su = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%u1, %u0 : tensor<4x9xf64>, tensor<4x9xf64>) outs(%e0 : tensor<4x9xf64>) {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %d = arith.subf %a, %b : f64
    linalg.yield %d : f64
  } -> tensor<4x9xf64>
  %v1 = tensor.extract_slice %v[0, 1] [4, 9] [1, 1] : tensor<4x10xf64> to tensor<4x9xf64>
  %v0 = tensor.extract_slice %v[0, 0] [4, 9] [1, 1] : tensor<4x10xf64> to tensor<4x9xf64>
  %e1 = tensor.empty() : tensor<4x9xf64>
  %sv = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%v1, %v0 : tensor<4x9xf64>, tensor<4x9xf64>) outs(%e1 : tensor<4x9xf64>) {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %d = arith.subf %a, %b : f64
    linalg.yield %d : f64
  } -> tensor<4x9xf64>
  %w1 = tensor.extract_slice %w[0, 1] [4, 9] [1, 1] : tensor<4x10xf64> to tensor<4x9xf64>
  %w0 = tensor.extract_slice %w[0, 0] [4, 9] [1, 1] : tensor<4x10xf64> to tensor<4x9xf64>
  %e2 = tensor.empty() : tensor<4x9xf64>
  %sw = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%w1, %w0 : tensor<4x9xf64>, tensor<4x9xf64>) outs(%e2 : tensor<4x9xf64>) {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %d = arith.subf %a, %b : f64
    linalg.yield %d : f64
  } -> tensor<4x9xf64>
  %su0 = tensor.extract_slice %su[0, 0] [4, 7] [1, 1] : tensor<4x9xf64> to tensor<4x7xf64>
  %su1 = tensor.extract_slice %su[0, 1] [4, 7] [1, 1] : tensor<4x9xf64> to tensor<4x7xf64>
  %sv0 = tensor.extract_slice %sv[0, 0] [4, 7] [1, 1] : tensor<4x9xf64> to tensor<4x7xf64>
  %sv2 = tensor.extract_slice %sv[0, 2] [4, 7] [1, 1] : tensor<4x9xf64> to tensor<4x7xf64>
  %sw1 = tensor.extract_slice %sw[0, 1] [4, 7] [1, 1] : tensor<4x9xf64> to tensor<4x7xf64>
  %e3 = tensor.empty() : tensor<4x7xf64>
  %f = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%su0, %su1, %sv0, %sv2, %sw1 : tensor<4x7xf64>, tensor<4x7xf64>, tensor<4x7xf64>, tensor<4x7xf64>, tensor<4x7xf64>) outs(%e3 : tensor<4x7xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64, %d: f64, %e: f64, %o: f64):
    %0 = arith.mulf %b, %c : f64
    %1 = arith.addf %a, %0 : f64
    %2 = arith.addf %1, %d : f64
    %3 = arith.addf %2, %e : f64
    linalg.yield %3 : f64
  } -> tensor<4x7xf64>
  return %f, %sw : tensor<4x7xf64>, tensor<4x9xf64>
}

#mirror = affine_map<(d0, d1) -> (d0, -d1 + 1)>

// Tests that with recompute (the GPU's) a kernel reading an array assembled
// from an argument and two ghost strips (shallow water's reflective walls:
// the strips mirror q's edge columns, read in reverse, so they stay kernels)
// is cut into cells that read q and the strips where they are: column 0
// reads strip column 1 and q column 0, columns 1..7 read q twice, column 8
// q column 7 and strip column 0. The ghosted array, a copy of q, is never
// built. Without recompute (the CPU's) the kernel reads it as it is.
// CHECK-LABEL: func @ghost_cells
// CHECK-SAME: (%[[Q:.*]]: tensor<4x8xf64>)
// CHECK-NOT: tensor.insert_slice %[[Q]]
// CHECK: %[[LEFT:.*]] = linalg.generic
// CHECK: %[[RIGHT:.*]] = linalg.generic
// CHECK-DAG: tensor.extract_slice %[[LEFT]][0, 1] [4, 1]
// CHECK-DAG: tensor.extract_slice %[[Q]][0, 0] [4, 1]
// CHECK: linalg.generic
// CHECK: } -> tensor<4x1xf64>
// CHECK-DAG: tensor.extract_slice %[[Q]][0, 0] [4, 7]
// CHECK-DAG: tensor.extract_slice %[[Q]][0, 1] [4, 7]
// CHECK: linalg.generic
// CHECK: } -> tensor<4x7xf64>
// CHECK-DAG: tensor.extract_slice %[[Q]][0, 7] [4, 1]
// CHECK-DAG: tensor.extract_slice %[[RIGHT]][0, 0] [4, 1]
// CHECK: linalg.generic
// CHECK: } -> tensor<4x1xf64>
// CHECK-NOT: linalg.generic
// CHECK: return
// TILE-LABEL: func @ghost_cells
// TILE: tensor.insert_slice %{{.*}} into %{{.*}}[0, 2] [4, 8]
// TILE: linalg.generic
// TILE: } -> tensor<4x9xf64>
func.func @ghost_cells(%q: tensor<4x8xf64>) -> tensor<4x9xf64> {
  %e = tensor.empty() : tensor<4x12xf64>
  %g0 = tensor.insert_slice %q into %e[0, 2] [4, 8] [1, 1] : tensor<4x8xf64> into tensor<4x12xf64>
  %l = tensor.extract_slice %q[0, 0] [4, 2] [1, 1] : tensor<4x8xf64> to tensor<4x2xf64>
  %el = tensor.empty() : tensor<4x2xf64>
  %lr = linalg.generic {indexing_maps = [#mirror, #id], iterator_types = ["parallel", "parallel"]}
      ins(%l : tensor<4x2xf64>) outs(%el : tensor<4x2xf64>) {
  ^bb0(%a: f64, %o: f64):
    %n = arith.negf %a : f64
    linalg.yield %n : f64
  } -> tensor<4x2xf64>
  %g1 = tensor.insert_slice %lr into %g0[0, 0] [4, 2] [1, 1] : tensor<4x2xf64> into tensor<4x12xf64>
  %r = tensor.extract_slice %q[0, 6] [4, 2] [1, 1] : tensor<4x8xf64> to tensor<4x2xf64>
  %er = tensor.empty() : tensor<4x2xf64>
  %rr = linalg.generic {indexing_maps = [#mirror, #id], iterator_types = ["parallel", "parallel"]}
      ins(%r : tensor<4x2xf64>) outs(%er : tensor<4x2xf64>) {
  ^bb0(%a: f64, %o: f64):
    %n = arith.negf %a : f64
    linalg.yield %n : f64
  } -> tensor<4x2xf64>
  %g = tensor.insert_slice %rr into %g1[0, 10] [4, 2] [1, 1] : tensor<4x2xf64> into tensor<4x12xf64>
  %a = tensor.extract_slice %g[0, 1] [4, 9] [1, 1] : tensor<4x12xf64> to tensor<4x9xf64>
  %b = tensor.extract_slice %g[0, 2] [4, 9] [1, 1] : tensor<4x12xf64> to tensor<4x9xf64>
  %ef = tensor.empty() : tensor<4x9xf64>
  %f = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<4x9xf64>, tensor<4x9xf64>) outs(%ef : tensor<4x9xf64>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %d = arith.subf %y, %x : f64
    linalg.yield %d : f64
  } -> tensor<4x9xf64>
  return %f : tensor<4x9xf64>
}

// Tests that an array assembled from a kernel's result and walls copied from
// its edges is read as it is: the kernel writes it in place (its result goes
// nowhere else), so reading its pieces would save nothing.
// CHECK-LABEL: func @walled_kernel
// CHECK: %[[K:.*]] = linalg.generic
// CHECK: %[[P:.*]] = tensor.insert_slice %[[K]] into %{{.*}}[0, 1] [4, 8]
// CHECK: linalg.generic
// CHECK: } -> tensor<4x9xf64>
// CHECK-NOT: linalg.generic
func.func @walled_kernel(%q: tensor<4x8xf64>) -> tensor<4x9xf64> {
  %ek = tensor.empty() : tensor<4x8xf64>
  %k = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%q : tensor<4x8xf64>) outs(%ek : tensor<4x8xf64>) {
  ^bb0(%a: f64, %o: f64):
    %m = math.sqrt %a : f64
    linalg.yield %m : f64
  } -> tensor<4x8xf64>
  %e = tensor.empty() : tensor<4x10xf64>
  %p0 = tensor.insert_slice %k into %e[0, 1] [4, 8] [1, 1] : tensor<4x8xf64> into tensor<4x10xf64>
  %l = tensor.extract_slice %p0[0, 1] [4, 1] [1, 1] : tensor<4x10xf64> to tensor<4x1xf64>
  %p1 = tensor.insert_slice %l into %p0[0, 0] [4, 1] [1, 1] : tensor<4x1xf64> into tensor<4x10xf64>
  %r = tensor.extract_slice %k[0, 7] [4, 1] [1, 1] : tensor<4x8xf64> to tensor<4x1xf64>
  %p = tensor.insert_slice %r into %p1[0, 9] [4, 1] [1, 1] : tensor<4x1xf64> into tensor<4x10xf64>
  %a = tensor.extract_slice %p[0, 0] [4, 9] [1, 1] : tensor<4x10xf64> to tensor<4x9xf64>
  %b = tensor.extract_slice %p[0, 1] [4, 9] [1, 1] : tensor<4x10xf64> to tensor<4x9xf64>
  %ef = tensor.empty() : tensor<4x9xf64>
  %f = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<4x9xf64>, tensor<4x9xf64>) outs(%ef : tensor<4x9xf64>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %d = arith.subf %y, %x : f64
    linalg.yield %d : f64
  } -> tensor<4x9xf64>
  return %f : tensor<4x9xf64>
}
