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
