// RUN: %legato_opt %s --legato-forward-copies | FileCheck %s

// Tests that a row staged through a temporary (bufferization's answer to
// `p[0] = p[1]`) is copied straight across: the rows are disjoint.
// CHECK-LABEL: func @row_to_row
// CHECK-SAME: (%[[P:.+]]: memref<8x8xf64>)
// CHECK-NOT: memref.alloc
// CHECK: %[[SRC:.+]] = memref.subview %[[P]][1, 0] [1, 8] [1, 1]
// CHECK: %[[DST:.+]] = memref.subview %[[P]][0, 0] [1, 8] [1, 1]
// CHECK: memref.copy %[[SRC]], %[[DST]]
// CHECK-NOT: memref.copy
// CHECK-NOT: memref.dealloc
func.func @row_to_row(%p: memref<8x8xf64>) {
  %src = memref.subview %p[1, 0] [1, 8] [1, 1] : memref<8x8xf64> to memref<1x8xf64, strided<[8, 1], offset: 8>>
  %tmp = memref.alloc() : memref<1x8xf64>
  memref.copy %src, %tmp : memref<1x8xf64, strided<[8, 1], offset: 8>> to memref<1x8xf64>
  %dst = memref.subview %p[0, 0] [1, 8] [1, 1] : memref<8x8xf64> to memref<1x8xf64, strided<[8, 1]>>
  memref.copy %tmp, %dst : memref<1x8xf64> to memref<1x8xf64, strided<[8, 1]>>
  memref.dealloc %tmp : memref<1x8xf64>
  return
}

// Tests that overlapping windows keep the temporary (the copy would read
// elements it has already overwritten).
// CHECK-LABEL: func @overlapping
// CHECK: memref.alloc
// CHECK-COUNT-2: memref.copy
func.func @overlapping(%p: memref<8x8xf64>) {
  %src = memref.subview %p[0, 1] [8, 7] [1, 1] : memref<8x8xf64> to memref<8x7xf64, strided<[8, 1], offset: 1>>
  %tmp = memref.alloc() : memref<8x7xf64>
  memref.copy %src, %tmp : memref<8x7xf64, strided<[8, 1], offset: 1>> to memref<8x7xf64>
  %dst = memref.subview %p[0, 0] [8, 7] [1, 1] : memref<8x8xf64> to memref<8x7xf64, strided<[8, 1]>>
  memref.copy %tmp, %dst : memref<8x7xf64> to memref<8x7xf64, strided<[8, 1]>>
  memref.dealloc %tmp : memref<8x7xf64>
  return
}

// Tests that a write to the source in between keeps the temporary.
// CHECK-LABEL: func @written_between
// CHECK: memref.alloc
// CHECK-COUNT-2: memref.copy
func.func @written_between(%p: memref<8x8xf64>, %x: f64) {
  %src = memref.subview %p[1, 0] [1, 8] [1, 1] : memref<8x8xf64> to memref<1x8xf64, strided<[8, 1], offset: 8>>
  %tmp = memref.alloc() : memref<1x8xf64>
  memref.copy %src, %tmp : memref<1x8xf64, strided<[8, 1], offset: 8>> to memref<1x8xf64>
  linalg.fill ins(%x : f64) outs(%src : memref<1x8xf64, strided<[8, 1], offset: 8>>)
  %dst = memref.subview %p[0, 0] [1, 8] [1, 1] : memref<8x8xf64> to memref<1x8xf64, strided<[8, 1]>>
  memref.copy %tmp, %dst : memref<1x8xf64> to memref<1x8xf64, strided<[8, 1]>>
  memref.dealloc %tmp : memref<1x8xf64>
  return
}

// Tests that a copy out of an allocation nothing writes (a tensor.empty
// inserted at the head of a slice chain) goes with the allocation.
// CHECK-LABEL: func @undefined_source
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: return
func.func @undefined_source(%p: memref<8x8xf64>) {
  %tmp = memref.alloc() : memref<8x8xf64>
  %src = memref.subview %tmp[0, 0] [1, 8] [1, 1] : memref<8x8xf64> to memref<1x8xf64, strided<[8, 1]>>
  %dst = memref.subview %p[0, 0] [1, 8] [1, 1] : memref<8x8xf64> to memref<1x8xf64, strided<[8, 1]>>
  memref.copy %src, %dst : memref<1x8xf64, strided<[8, 1]>> to memref<1x8xf64, strided<[8, 1]>>
  memref.dealloc %tmp : memref<8x8xf64>
  return
}

#id2 = affine_map<(d0, d1) -> (d0, d1)>

// Tests that a kernel whose result is copied into the interior of a padded
// buffer writes there directly, and its other reader reads it there: the
// padded buffer, freed right after the copy before, now lives until then.
// CHECK-LABEL: func @into_padded
// CHECK-SAME: (%[[X:.+]]: memref<4x4xf64>, %[[Y:.+]]: memref<4x4xf64>)
// CHECK-NOT: memref.alloc() : memref<4x4xf64>
// CHECK: %[[PAD:.+]] = memref.alloc() : memref<6x6xf64>
// CHECK: %[[IN:.+]] = memref.subview %[[PAD]][1, 1] [4, 4] [1, 1]
// CHECK: linalg.generic {{.*}} ins(%[[X]] : {{.*}}) outs(%[[IN]] : {{.*}})
// CHECK-NOT: memref.copy
// CHECK-NOT: memref.dealloc
// CHECK-NOT: memref.subview
// CHECK: linalg.generic {{.*}} ins(%[[IN]] : {{.*}}) outs(%[[Y]] : {{.*}})
// CHECK: memref.dealloc %[[PAD]]
// CHECK-NEXT: return
func.func @into_padded(%x: memref<4x4xf64>, %y: memref<4x4xf64>) {
  %pad = memref.alloc() : memref<6x6xf64>
  %tmp = memref.alloc() : memref<4x4xf64>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<4x4xf64>) outs(%tmp : memref<4x4xf64>) {
  ^bb0(%a: f64, %b: f64):
    %0 = arith.addf %a, %a : f64
    linalg.yield %0 : f64
  }
  %interior = memref.subview %pad[1, 1] [4, 4] [1, 1] : memref<6x6xf64> to memref<4x4xf64, strided<[6, 1], offset: 7>>
  memref.copy %tmp, %interior : memref<4x4xf64> to memref<4x4xf64, strided<[6, 1], offset: 7>>
  memref.dealloc %pad : memref<6x6xf64>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%tmp : memref<4x4xf64>) outs(%y : memref<4x4xf64>) {
  ^bb0(%a: f64, %b: f64):
    %0 = arith.mulf %a, %a : f64
    linalg.yield %0 : f64
  }
  memref.dealloc %tmp : memref<4x4xf64>
  return
}

// Tests CG's new p on an MPI rank: copied into the pad's interior and into
// the segment's output, and read through a row slice by the dot product.
// The kernel writes the interior; the slice and the second copy read it
// there.
// CHECK-LABEL: func @into_padded_and_output
// CHECK-SAME: (%[[X:[^:]+]]: memref<4x4xf64>, %[[OUT:[^:]+]]: memref<4x4xf64> {{.*}}, %[[Y:[^:]+]]: memref<2x4xf64>
// CHECK-NOT: memref.alloc() : memref<4x4xf64>
// CHECK: %[[PAD:.+]] = memref.alloc() : memref<6x6xf64>
// CHECK: %[[IN:.+]] = memref.subview %[[PAD]][1, 1] [4, 4] [1, 1]
// CHECK: %[[ROWS:.+]] = memref.subview %[[IN]][1, 0] [2, 4] [1, 1] : memref<4x4xf64, strided<[6, 1], offset: 7>> to memref<2x4xf64, strided<[6, 1], offset: 13>>
// CHECK: linalg.generic {{.*}} ins(%[[X]] : {{.*}}) outs(%[[IN]] : {{.*}})
// CHECK: linalg.generic {{.*}} ins(%[[ROWS]] : {{.*}}) outs(%[[Y]] : {{.*}})
// CHECK: memref.copy %[[IN]], %[[OUT]]
// CHECK: memref.dealloc %[[PAD]]
// CHECK-NEXT: return
func.func @into_padded_and_output(%x: memref<4x4xf64>, %out: memref<4x4xf64> {legato.output}, %y: memref<2x4xf64> {legato.output}) {
  %pad = memref.alloc() : memref<6x6xf64>
  %tmp = memref.alloc() : memref<4x4xf64>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<4x4xf64>) outs(%tmp : memref<4x4xf64>) {
  ^bb0(%a: f64, %b: f64):
    %0 = arith.addf %a, %a : f64
    linalg.yield %0 : f64
  }
  %interior = memref.subview %pad[1, 1] [4, 4] [1, 1] : memref<6x6xf64> to memref<4x4xf64, strided<[6, 1], offset: 7>>
  memref.copy %tmp, %interior : memref<4x4xf64> to memref<4x4xf64, strided<[6, 1], offset: 7>>
  memref.dealloc %pad : memref<6x6xf64>
  %rows = memref.subview %tmp[1, 0] [2, 4] [1, 1] : memref<4x4xf64> to memref<2x4xf64, strided<[4, 1], offset: 4>>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%rows : memref<2x4xf64, strided<[4, 1], offset: 4>>) outs(%y : memref<2x4xf64>) {
  ^bb0(%a: f64, %b: f64):
    %0 = arith.mulf %a, %a : f64
    linalg.yield %0 : f64
  }
  memref.copy %tmp, %out : memref<4x4xf64> to memref<4x4xf64>
  memref.dealloc %tmp : memref<4x4xf64>
  return
}

// Tests that the temporary stays when the destination is written while the
// temporary is still read: the reader must see the kernel's values.
// CHECK-LABEL: func @destination_overwritten
// CHECK: memref.alloc() : memref<4x4xf64>
// CHECK: memref.copy
func.func @destination_overwritten(%x: memref<4x4xf64>, %y: memref<4x4xf64>, %v: f64) {
  %pad = memref.alloc() : memref<6x6xf64>
  %tmp = memref.alloc() : memref<4x4xf64>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<4x4xf64>) outs(%tmp : memref<4x4xf64>) {
  ^bb0(%a: f64, %b: f64):
    %0 = arith.addf %a, %a : f64
    linalg.yield %0 : f64
  }
  %interior = memref.subview %pad[1, 1] [4, 4] [1, 1] : memref<6x6xf64> to memref<4x4xf64, strided<[6, 1], offset: 7>>
  memref.copy %tmp, %interior : memref<4x4xf64> to memref<4x4xf64, strided<[6, 1], offset: 7>>
  linalg.fill ins(%v : f64) outs(%pad : memref<6x6xf64>)
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%tmp : memref<4x4xf64>) outs(%y : memref<4x4xf64>) {
  ^bb0(%a: f64, %b: f64):
    %0 = arith.mulf %a, %a : f64
    linalg.yield %0 : f64
  }
  memref.dealloc %tmp : memref<4x4xf64>
  memref.dealloc %pad : memref<6x6xf64>
  return
}

// Tests that the temporary stays when the kernel reads the destination (a
// stencil over the padded buffer would read its own new values).
// CHECK-LABEL: func @writer_reads_destination
// CHECK: memref.alloc() : memref<4x4xf64>
// CHECK: memref.copy
func.func @writer_reads_destination(%pad: memref<6x6xf64>) {
  %tmp = memref.alloc() : memref<4x4xf64>
  %north = memref.subview %pad[0, 1] [4, 4] [1, 1] : memref<6x6xf64> to memref<4x4xf64, strided<[6, 1], offset: 1>>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%north : memref<4x4xf64, strided<[6, 1], offset: 1>>) outs(%tmp : memref<4x4xf64>) {
  ^bb0(%a: f64, %b: f64):
    linalg.yield %a : f64
  }
  %interior = memref.subview %pad[1, 1] [4, 4] [1, 1] : memref<6x6xf64> to memref<4x4xf64, strided<[6, 1], offset: 7>>
  memref.copy %tmp, %interior : memref<4x4xf64> to memref<4x4xf64, strided<[6, 1], offset: 7>>
  memref.dealloc %tmp : memref<4x4xf64>
  return
}

// Tests that the temporary stays when the kernel also writes the
// destination's buffer where the copy lands (`x[:2] = 1; x[::2] = -2`, the
// two fills merged into one kernel): writing the copy's values in the
// kernel would no longer put them after the kernel's other output.
// CHECK-LABEL: func @writer_writes_destination
// CHECK: %[[TMP:.*]] = memref.alloc() : memref<2xi32>
// CHECK: linalg.generic {{.*}} outs(%[[TMP]], %{{.*}} : memref<2xi32>, memref<2xi32
// CHECK: memref.copy %[[TMP]]
func.func @writer_writes_destination(%x: memref<3xi32>) {
  %tmp = memref.alloc() : memref<2xi32>
  %head = memref.subview %x[0] [2] [1] : memref<3xi32> to memref<2xi32, strided<[1]>>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%tmp, %head : memref<2xi32>, memref<2xi32, strided<[1]>>) {
  ^bb0(%a: i32, %b: i32):
    %minus2 = arith.constant -2 : i32
    %one = arith.constant 1 : i32
    linalg.yield %minus2, %one : i32, i32
  }
  %even = memref.subview %x[0] [2] [2] : memref<3xi32> to memref<2xi32, strided<[2]>>
  memref.copy %tmp, %even : memref<2xi32> to memref<2xi32, strided<[2]>>
  memref.dealloc %tmp : memref<2xi32>
  return
}

// Tests that the copies of a kernel's first and last output rows into the
// wall rows (CFD's `p[0] = p[1]` and `p[-1] = p[-2]` after a pressure
// sweep) become the kernel's payload over those rows, reading its inputs
// (dimensions indexed by a loop index plus a constant become subviews, a
// wrap-around `mod` stays in the map), and that the two are one kernel. The
// input freed between the sweep and the copies lives until then.
// CHECK-LABEL: func @wall_rows
// CHECK: %[[OLD:.*]] = memref.alloc() : memref<16x8xf64>
// CHECK: %[[NEW:.*]] = memref.alloc() : memref<16x8xf64>
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : memref<14x8xf64
// CHECK-NOT: memref.copy
// CHECK-DAG: %[[ROW0:.*]] = memref.subview %[[NEW]][0, 0] [1, 8]
// CHECK-DAG: %[[ROW15:.*]] = memref.subview %[[NEW]][15, 0] [1, 8]
// CHECK-DAG: %[[EAST1:.*]] = memref.subview %[[OLD]][1, 0] [1, 8]
// CHECK-DAG: %[[EAST14:.*]] = memref.subview %[[OLD]][14, 0] [1, 8]
// CHECK: linalg.generic {indexing_maps = [#[[ID:.*]], #[[WRAP:.*]], #[[ID]], #[[ID]], #[[WRAP]], #[[ID]], #[[ID]], #[[ID]]]
// CHECK-SAME: ins({{.*}}, %[[EAST1]], {{.*}}, {{.*}}, %[[EAST14]], {{.*}}) outs(%[[ROW0]], %[[ROW15]] :
// CHECK: linalg.yield %{{.*}}, %{{.*}} : f64, f64
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[OLD]]
// CHECK-NEXT: memref.copy %[[NEW]], %arg2
// CHECK: return
#east = affine_map<(d0, d1) -> (d0 + 1, (d1 + 1) mod 8)>
func.func @wall_rows(%b: memref<14x8xf64>, %v: f64, %out: memref<16x8xf64>) {
  %old = memref.alloc() : memref<16x8xf64>
  linalg.fill ins(%v : f64) outs(%old : memref<16x8xf64>)
  %new = memref.alloc() : memref<16x8xf64>
  %north = memref.subview %old[2, 0] [14, 8] [1, 1] : memref<16x8xf64> to memref<14x8xf64, strided<[8, 1], offset: 16>>
  %interior = memref.subview %new[1, 0] [14, 8] [1, 1] : memref<16x8xf64> to memref<14x8xf64, strided<[8, 1], offset: 8>>
  linalg.generic {indexing_maps = [#id2, #east, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%north, %old, %b : memref<14x8xf64, strided<[8, 1], offset: 16>>, memref<16x8xf64>, memref<14x8xf64>)
      outs(%interior : memref<14x8xf64, strided<[8, 1], offset: 8>>) {
  ^bb0(%n: f64, %e: f64, %s: f64, %o: f64):
    %0 = arith.addf %n, %e : f64
    %1 = arith.subf %0, %s : f64
    linalg.yield %1 : f64
  }
  memref.dealloc %old : memref<16x8xf64>
  %row1 = memref.subview %new[1, 0] [1, 8] [1, 1] : memref<16x8xf64> to memref<1x8xf64, strided<[8, 1], offset: 8>>
  %row0 = memref.subview %new[0, 0] [1, 8] [1, 1] : memref<16x8xf64> to memref<1x8xf64, strided<[8, 1]>>
  memref.copy %row1, %row0 : memref<1x8xf64, strided<[8, 1], offset: 8>> to memref<1x8xf64, strided<[8, 1]>>
  %row14 = memref.subview %new[14, 0] [1, 8] [1, 1] : memref<16x8xf64> to memref<1x8xf64, strided<[8, 1], offset: 112>>
  %row15 = memref.subview %new[15, 0] [1, 8] [1, 1] : memref<16x8xf64> to memref<1x8xf64, strided<[8, 1], offset: 120>>
  memref.copy %row14, %row15 : memref<1x8xf64, strided<[8, 1], offset: 112>> to memref<1x8xf64, strided<[8, 1], offset: 120>>
  memref.copy %new, %out : memref<16x8xf64> to memref<16x8xf64>
  memref.dealloc %new : memref<16x8xf64>
  return
}

// Tests that a copy of a large part of an array stays a copy: recomputing
// it would read all of the kernel's inputs again.
// CHECK-LABEL: func @most_rows_stay_a_copy
// CHECK: linalg.generic
// CHECK: memref.copy
// CHECK-NOT: linalg.generic
func.func @most_rows_stay_a_copy(%x: memref<16x8xf64>, %y: memref<4x8xf64>) {
  %tmp = memref.alloc() : memref<16x8xf64>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<16x8xf64>) outs(%tmp : memref<16x8xf64>) {
  ^bb0(%a: f64, %b: f64):
    %0 = arith.mulf %a, %a : f64
    linalg.yield %0 : f64
  }
  %rows = memref.subview %tmp[2, 0] [4, 8] [1, 1] : memref<16x8xf64> to memref<4x8xf64, strided<[8, 1], offset: 16>>
  memref.copy %rows, %y : memref<4x8xf64, strided<[8, 1], offset: 16>> to memref<4x8xf64>
  memref.dealloc %tmp : memref<16x8xf64>
  return
}

// Tests that a copy of all that a small kernel writes, a sliver of its
// array, is recomputed too: the edge row of a pair of fused sweeps
// (legato-fuse-sweeps) is a one-row kernel whose row the wall copies.
// CHECK-LABEL: func @edge_row_kernel
// CHECK: %[[NEW:.*]] = memref.alloc() : memref<16x8xf64>
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : memref<1x8xf64
// CHECK-NOT: memref.copy
// CHECK: %[[ROW0:.*]] = memref.subview %[[NEW]][0, 0] [1, 8]
// CHECK: linalg.generic {{.*}} outs(%[[ROW0]] :
// CHECK: memref.copy %[[NEW]], %arg1
func.func @edge_row_kernel(%x: memref<1x8xf64>, %out: memref<16x8xf64>) {
  %new = memref.alloc() : memref<16x8xf64>
  %row1 = memref.subview %new[1, 0] [1, 8] [1, 1] : memref<16x8xf64> to memref<1x8xf64, strided<[8, 1], offset: 8>>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<1x8xf64>) outs(%row1 : memref<1x8xf64, strided<[8, 1], offset: 8>>) {
  ^bb0(%a: f64, %o: f64):
    %0 = arith.mulf %a, %a : f64
    linalg.yield %0 : f64
  }
  %row0 = memref.subview %new[0, 0] [1, 8] [1, 1] : memref<16x8xf64> to memref<1x8xf64, strided<[8, 1]>>
  memref.copy %row1, %row0 : memref<1x8xf64, strided<[8, 1], offset: 8>> to memref<1x8xf64, strided<[8, 1]>>
  memref.copy %new, %out : memref<16x8xf64> to memref<16x8xf64>
  memref.dealloc %new : memref<16x8xf64>
  return
}

// Tests that wall rows of a program result (an argument marked
// `legato.output`: a buffer allocated for the result alone) are recomputed
// from the sweep's inputs, which are arguments too: the result shares no
// element with them. Without the mark, an argument may alias another one,
// and the copies stay.
// CHECK-LABEL: func @wall_rows_of_a_result
// CHECK: linalg.generic
// CHECK-NOT: memref.copy
// CHECK: linalg.generic {{.*}} outs(%{{.*}}, %{{.*}} :
// CHECK-NOT: memref.copy
// CHECK: return
func.func @wall_rows_of_a_result(%p: memref<16x8xf64>, %b: memref<14x8xf64>,
                                 %out: memref<16x8xf64> {legato.output}) {
  %north = memref.subview %p[2, 0] [14, 8] [1, 1] : memref<16x8xf64> to memref<14x8xf64, strided<[8, 1], offset: 16>>
  %interior = memref.subview %out[1, 0] [14, 8] [1, 1] : memref<16x8xf64> to memref<14x8xf64, strided<[8, 1], offset: 8>>
  linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%north, %b : memref<14x8xf64, strided<[8, 1], offset: 16>>, memref<14x8xf64>)
      outs(%interior : memref<14x8xf64, strided<[8, 1], offset: 8>>) {
  ^bb0(%n: f64, %s: f64, %o: f64):
    %0 = arith.subf %n, %s : f64
    linalg.yield %0 : f64
  }
  %row1 = memref.subview %out[1, 0] [1, 8] [1, 1] : memref<16x8xf64> to memref<1x8xf64, strided<[8, 1], offset: 8>>
  %row0 = memref.subview %out[0, 0] [1, 8] [1, 1] : memref<16x8xf64> to memref<1x8xf64, strided<[8, 1]>>
  memref.copy %row1, %row0 : memref<1x8xf64, strided<[8, 1], offset: 8>> to memref<1x8xf64, strided<[8, 1]>>
  %row14 = memref.subview %out[14, 0] [1, 8] [1, 1] : memref<16x8xf64> to memref<1x8xf64, strided<[8, 1], offset: 112>>
  %row15 = memref.subview %out[15, 0] [1, 8] [1, 1] : memref<16x8xf64> to memref<1x8xf64, strided<[8, 1], offset: 120>>
  memref.copy %row14, %row15 : memref<1x8xf64, strided<[8, 1], offset: 112>> to memref<1x8xf64, strided<[8, 1], offset: 120>>
  return
}

// CHECK-LABEL: func @wall_rows_of_an_argument
// CHECK: linalg.generic
// CHECK: memref.copy
// CHECK: memref.copy
func.func @wall_rows_of_an_argument(%p: memref<16x8xf64>, %b: memref<14x8xf64>,
                                    %out: memref<16x8xf64>) {
  %north = memref.subview %p[2, 0] [14, 8] [1, 1] : memref<16x8xf64> to memref<14x8xf64, strided<[8, 1], offset: 16>>
  %interior = memref.subview %out[1, 0] [14, 8] [1, 1] : memref<16x8xf64> to memref<14x8xf64, strided<[8, 1], offset: 8>>
  linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%north, %b : memref<14x8xf64, strided<[8, 1], offset: 16>>, memref<14x8xf64>)
      outs(%interior : memref<14x8xf64, strided<[8, 1], offset: 8>>) {
  ^bb0(%n: f64, %s: f64, %o: f64):
    %0 = arith.subf %n, %s : f64
    linalg.yield %0 : f64
  }
  %row1 = memref.subview %out[1, 0] [1, 8] [1, 1] : memref<16x8xf64> to memref<1x8xf64, strided<[8, 1], offset: 8>>
  %row0 = memref.subview %out[0, 0] [1, 8] [1, 1] : memref<16x8xf64> to memref<1x8xf64, strided<[8, 1]>>
  memref.copy %row1, %row0 : memref<1x8xf64, strided<[8, 1], offset: 8>> to memref<1x8xf64, strided<[8, 1]>>
  %row14 = memref.subview %out[14, 0] [1, 8] [1, 1] : memref<16x8xf64> to memref<1x8xf64, strided<[8, 1], offset: 112>>
  %row15 = memref.subview %out[15, 0] [1, 8] [1, 1] : memref<16x8xf64> to memref<1x8xf64, strided<[8, 1], offset: 120>>
  memref.copy %row14, %row15 : memref<1x8xf64, strided<[8, 1], offset: 112>> to memref<1x8xf64, strided<[8, 1], offset: 120>>
  return
}

// Tests that an allocation nothing reads goes, with the kernel that only
// writes it (a pad's border left behind when the pad was forwarded
// elsewhere), while the same border of an output stays.
// CHECK-LABEL: func @unread_allocation
// CHECK-SAME: (%[[OUT:.+]]: memref<4x6xf64>)
// CHECK-NOT: memref.alloc
// CHECK: %[[ROW:.+]] = memref.subview %[[OUT]][0, 0] [1, 6] [1, 1]
// CHECK: linalg.generic
// CHECK-SAME: outs(%[[ROW]]
// CHECK-NOT: linalg.generic
// CHECK-NOT: memref.dealloc
func.func @unread_allocation(%out: memref<4x6xf64>) {
  %zero = arith.constant 0.0 : f64
  %tmp = memref.alloc() : memref<4x6xf64>
  %tmp_row = memref.subview %tmp[0, 0] [1, 6] [1, 1] : memref<4x6xf64> to memref<1x6xf64, strided<[6, 1]>>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%tmp_row : memref<1x6xf64, strided<[6, 1]>>) {
  ^bb0(%o: f64):
    linalg.yield %zero : f64
  }
  %row = memref.subview %out[0, 0] [1, 6] [1, 1] : memref<4x6xf64> to memref<1x6xf64, strided<[6, 1]>>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%row : memref<1x6xf64, strided<[6, 1]>>) {
  ^bb0(%o: f64):
    linalg.yield %zero : f64
  }
  memref.dealloc %tmp : memref<4x6xf64>
  return
}

// Tests that an allocation stays when a kernel reads it; when its writer
// also writes an output, the writer loses that output instead.
// CHECK-LABEL: func @read_allocations
// CHECK: %[[READ:.+]] = memref.alloc
// CHECK: linalg.generic
// CHECK-SAME: outs(%[[READ]]
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[READ]]
// CHECK-NOT: memref.alloc
// CHECK: linalg.generic
// CHECK-SAME: outs(%arg0 : memref<4x6xf64>)
// CHECK-NEXT: ^bb0(%{{.+}}: f64):
// CHECK-NEXT: linalg.yield %{{.+}} : f64
// CHECK: memref.dealloc %[[READ]]
// CHECK-NOT: memref.dealloc
func.func @read_allocations(%out: memref<4x6xf64>) {
  %one = arith.constant 1.0 : f64
  %read = memref.alloc() : memref<4x6xf64>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%read : memref<4x6xf64>) {
  ^bb0(%o: f64):
    linalg.yield %one : f64
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%read : memref<4x6xf64>) outs(%out : memref<4x6xf64>) {
  ^bb0(%i: f64, %o: f64):
    linalg.yield %i : f64
  }
  %shared = memref.alloc() : memref<4x6xf64>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%shared, %out : memref<4x6xf64>, memref<4x6xf64>) {
  ^bb0(%o: f64, %p: f64):
    linalg.yield %one, %one : f64, f64
  }
  memref.dealloc %read : memref<4x6xf64>
  memref.dealloc %shared : memref<4x6xf64>
  return
}

// Tests a generator's kernel that accumulates its values (a sum of an
// arange, fused by legato-fuse-reductions) and stores them where nothing
// reads them: the store goes, and the buffer, which alone spans the reduced
// loop, becomes an input the payload ignores.
// CHECK-LABEL: func @generator_with_its_sum
// CHECK: %[[VALUES:.+]] = memref.alloc() : memref<64xf64>
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[VALUES]] : memref<64xf64>) outs(%arg0 : memref<f64>)
// CHECK-NEXT: ^bb0(%{{.+}}: f64, %[[ACC:.+]]: f64):
// CHECK: linalg.yield %{{.+}} : f64
// CHECK: memref.dealloc %[[VALUES]]
func.func @generator_with_its_sum(%sum: memref<f64>) {
  %values = memref.alloc() : memref<64xf64>
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"]}
      outs(%values, %sum : memref<64xf64>, memref<f64>) {
  ^bb0(%v: f64, %acc: f64):
    %i = linalg.index 0 : index
    %j = arith.index_cast %i : index to i64
    %x = arith.sitofp %j : i64 to f64
    %s = arith.addf %acc, %x : f64
    linalg.yield %x, %s : f64, f64
  }
  memref.dealloc %values : memref<64xf64>
  return
}

// Tests that a library call's result buffer, copied whole into the
// program's output, becomes the output: the FFT step writes it directly.
// CHECK-LABEL: func @fft_into_output
// CHECK-SAME: (%[[IN:.+]]: memref<4x6xcomplex<f64>>, %[[OUT:.+]]: memref<4x6xcomplex<f64>> {legato.output})
// CHECK-NOT: memref.alloc
// CHECK: %[[U:.+]] = memref.cast %[[OUT]] : memref<4x6xcomplex<f64>> to memref<*xcomplex<f64>>
// CHECK: call @legato_fft_c2c_f64(%{{.*}}, %{{.*}}, %[[U]], %{{.*}})
// CHECK-NOT: memref.copy
// CHECK-NOT: memref.dealloc
func.func private @legato_fft_c2c_f64(i64, i64, memref<*xcomplex<f64>>, memref<*xcomplex<f64>>)
func.func @fft_into_output(%in: memref<4x6xcomplex<f64>>, %out: memref<4x6xcomplex<f64>> {legato.output}) {
  %kind = arith.constant 0 : i64
  %axis = arith.constant 1 : i64
  %a = memref.cast %in : memref<4x6xcomplex<f64>> to memref<*xcomplex<f64>>
  %tmp = memref.alloc() {alignment = 64 : i64} : memref<4x6xcomplex<f64>>
  %t = memref.cast %tmp : memref<4x6xcomplex<f64>> to memref<*xcomplex<f64>>
  call @legato_fft_c2c_f64(%kind, %axis, %t, %a) : (i64, i64, memref<*xcomplex<f64>>, memref<*xcomplex<f64>>) -> ()
  memref.copy %tmp, %out : memref<4x6xcomplex<f64>> to memref<4x6xcomplex<f64>>
  memref.dealloc %tmp : memref<4x6xcomplex<f64>>
  return
}

// Tests that a LAPACK step keeps its temporary when the destination is a
// strided view (its results are written contiguously), and that any call
// whose input overlaps the destination keeps it too.
// CHECK-LABEL: func @lapack_into_a_column
// CHECK: memref.alloc
// CHECK: memref.copy
// CHECK-LABEL: func @fft_reading_its_destination
// CHECK: memref.alloc
// CHECK: memref.copy
func.func private @legato_lapack_f64(i64, i64, memref<*xf64>, memref<*xf64>, memref<*xf64>)
func.func @lapack_into_a_column(%in: memref<4x4xf64>, %out: memref<4x8xf64> {legato.output}) {
  %kind = arith.constant 0 : i64
  %a = memref.cast %in : memref<4x4xf64> to memref<*xf64>
  %tmp = memref.alloc() {alignment = 64 : i64} : memref<4x4xf64>
  %t = memref.cast %tmp : memref<4x4xf64> to memref<*xf64>
  call @legato_lapack_f64(%kind, %kind, %t, %a, %a) : (i64, i64, memref<*xf64>, memref<*xf64>, memref<*xf64>) -> ()
  %dst = memref.subview %out[0, 0] [4, 4] [1, 1] : memref<4x8xf64> to memref<4x4xf64, strided<[8, 1]>>
  memref.copy %tmp, %dst : memref<4x4xf64> to memref<4x4xf64, strided<[8, 1]>>
  memref.dealloc %tmp : memref<4x4xf64>
  return
}
func.func @fft_reading_its_destination(%buf: memref<2x6xcomplex<f64>>) {
  %kind = arith.constant 0 : i64
  %axis = arith.constant 1 : i64
  %a = memref.cast %buf : memref<2x6xcomplex<f64>> to memref<*xcomplex<f64>>
  %tmp = memref.alloc() {alignment = 64 : i64} : memref<2x6xcomplex<f64>>
  %t = memref.cast %tmp : memref<2x6xcomplex<f64>> to memref<*xcomplex<f64>>
  call @legato_fft_c2c_f64(%kind, %axis, %t, %a) : (i64, i64, memref<*xcomplex<f64>>, memref<*xcomplex<f64>>) -> ()
  memref.copy %tmp, %buf : memref<2x6xcomplex<f64>> to memref<2x6xcomplex<f64>>
  memref.dealloc %tmp : memref<2x6xcomplex<f64>>
  return
}

// Tests that a sort step writes a strided destination directly (its
// output may have any strides: a sorted column of a wider output).
// CHECK-LABEL: func @sort_into_a_column
// CHECK-NOT: memref.alloc
// CHECK: %[[DST:.+]] = memref.subview
// CHECK: %[[U:.+]] = memref.cast %[[DST]]
// CHECK: call @legato_argsort_i32(%{{.*}}, %[[U]], %{{.*}})
// CHECK-NOT: memref.copy
func.func private @legato_argsort_i32(i64, memref<*xi64>, memref<*xi32>)
func.func @sort_into_a_column(%in: memref<4xi32>, %out: memref<4x2xi64> {legato.output}) {
  %axis = arith.constant 0 : i64
  %dst = memref.subview %out[0, 1] [4, 1] [1, 1] : memref<4x2xi64> to memref<4xi64, strided<[2], offset: 1>>
  %a = memref.cast %in : memref<4xi32> to memref<*xi32>
  %tmp = memref.alloc() {alignment = 64 : i64} : memref<4xi64>
  %t = memref.cast %tmp : memref<4xi64> to memref<*xi64>
  call @legato_argsort_i32(%axis, %t, %a) : (i64, memref<*xi64>, memref<*xi32>) -> ()
  memref.copy %tmp, %dst : memref<4xi64> to memref<4xi64, strided<[2], offset: 1>>
  memref.dealloc %tmp : memref<4xi64>
  return
}
