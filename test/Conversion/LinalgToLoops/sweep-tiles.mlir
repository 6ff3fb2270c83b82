// RUN: %legato_opt %s --legato-group-launches | FileCheck %s --check-prefix=GROUP
// RUN: %legato_opt %s --legato-group-launches --legato-convert-linalg-to-loops="threads=2 min-parallel-iterations=1" | FileCheck %s
// RUN: %legato_opt %s --legato-group-launches --legato-convert-linalg-to-loops="threads=1" | FileCheck %s --check-prefix=SERIAL

// A tiled pair of sweeps (legato-fuse-sweeps recompute=false) on buffers:
// the first sweep writes rows 1..14 of a 16-row array into a temporary,
// the second sweep's kernels read views of its rows: row 1 reads its rows
// 0 and 1, rows 2..13 read rows i and i + 2, row 14 reads rows 12 and 13.
#id2 = affine_map<(d0, d1) -> (d0, d1)>

// Tests that the pair is one launch, and that it runs as one loop over two
// tiles of 8 rows of the temporary, each computing its rows and the 2 after
// them (rows i + 2 of the middle kernel) into a 10-row scratch, then the
// second sweep's rows it owns, reading the scratch: the temporary is gone.
// GROUP-LABEL: func @pair
// GROUP-COUNT-4: legato.launch = [[L:[0-9]+]] : i64, legato.sweep_tile = 0
// CHECK-LABEL: func @pair
// CHECK-NOT: memref.alloc()
// CHECK: %[[TWO:.*]] = arith.constant 2 : index
// CHECK: scf.parallel (%[[TILE:.*]]) = ({{.*}}) to (%[[TWO]])
// CHECK: memref.alloca_scope
// CHECK: %[[SCRATCH:.*]] = memref.alloca() {alignment = 64 : i64} : memref<10x16xf64>
// CHECK: %[[BEGIN:.*]] = arith.muli %[[TILE]], %{{.*}} : index
// The first sweep's rows [begin, min(begin + 8, 14) + 2) ∩ [0, 14).
// CHECK: %[[END:.*]] = arith.minsi
// CHECK: %[[FIRST:.*]] = arith.maxsi
// CHECK: %[[FROM:.*]] = arith.minsi %[[FIRST]]
// CHECK: %[[PAST:.*]] = arith.addi %[[END]]
// CHECK: %[[UPTO:.*]] = arith.maxsi %[[PAST]]
// CHECK: %[[TO:.*]] = arith.minsi %[[UPTO]]
// CHECK: scf.for %[[ROW:.*]] = %[[FROM]] to %[[TO]]
// CHECK: memref.store %{{.*}}, %[[SCRATCH]][
// Then three kernels of the second sweep, each reading the scratch only.
// CHECK-COUNT-3: memref.load %[[SCRATCH]]
// CHECK: memref.store
// CHECK-NOT: memref.dealloc
// CHECK: return
// On one thread: one scratch, for the loop over the tiles.
// SERIAL-LABEL: func @pair
// SERIAL: memref.alloca_scope
// SERIAL-NEXT: memref.alloca() {alignment = 64 : i64} : memref<10x16xf64>
// SERIAL-NEXT: scf.for
func.func @pair(%p: memref<16x16xf64>, %q: memref<16x16xf64> {legato.output}) {
  %half = arith.constant 0.5 : f64
  %tmp = memref.alloc() {alignment = 64 : i64} : memref<14x16xf64>
  %north = memref.subview %p[0, 0] [14, 16] [1, 1] : memref<16x16xf64> to memref<14x16xf64, strided<[16, 1]>>
  %south = memref.subview %p[2, 0] [14, 16] [1, 1] : memref<16x16xf64> to memref<14x16xf64, strided<[16, 1], offset: 32>>
  linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%north, %south : memref<14x16xf64, strided<[16, 1]>>, memref<14x16xf64, strided<[16, 1], offset: 32>>)
      outs(%tmp : memref<14x16xf64>) attrs = {legato.sweep_tile = 0 : i64} {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %s = arith.addf %a, %b : f64
    %h = arith.mulf %s, %half : f64
    linalg.yield %h : f64
  }
  %t0 = memref.subview %tmp[0, 0] [1, 16] [1, 1] : memref<14x16xf64> to memref<1x16xf64, strided<[16, 1]>>
  %t1 = memref.subview %tmp[1, 0] [1, 16] [1, 1] : memref<14x16xf64> to memref<1x16xf64, strided<[16, 1], offset: 16>>
  %q1 = memref.subview %q[1, 0] [1, 16] [1, 1] : memref<16x16xf64> to memref<1x16xf64, strided<[16, 1], offset: 16>>
  linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%t0, %t1 : memref<1x16xf64, strided<[16, 1]>>, memref<1x16xf64, strided<[16, 1], offset: 16>>)
      outs(%q1 : memref<1x16xf64, strided<[16, 1], offset: 16>>) attrs = {legato.sweep_tile = 0 : i64} {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %s = arith.addf %a, %b : f64
    %h = arith.mulf %s, %half : f64
    linalg.yield %h : f64
  }
  %up = memref.subview %tmp[0, 0] [12, 16] [1, 1] : memref<14x16xf64> to memref<12x16xf64, strided<[16, 1]>>
  %down = memref.subview %tmp[2, 0] [12, 16] [1, 1] : memref<14x16xf64> to memref<12x16xf64, strided<[16, 1], offset: 32>>
  %inner = memref.subview %q[2, 0] [12, 16] [1, 1] : memref<16x16xf64> to memref<12x16xf64, strided<[16, 1], offset: 32>>
  linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%up, %down : memref<12x16xf64, strided<[16, 1]>>, memref<12x16xf64, strided<[16, 1], offset: 32>>)
      outs(%inner : memref<12x16xf64, strided<[16, 1], offset: 32>>) attrs = {legato.sweep_tile = 0 : i64} {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %s = arith.addf %a, %b : f64
    %h = arith.mulf %s, %half : f64
    linalg.yield %h : f64
  }
  %t12 = memref.subview %tmp[12, 0] [1, 16] [1, 1] : memref<14x16xf64> to memref<1x16xf64, strided<[16, 1], offset: 192>>
  %t13 = memref.subview %tmp[13, 0] [1, 16] [1, 1] : memref<14x16xf64> to memref<1x16xf64, strided<[16, 1], offset: 208>>
  %q14 = memref.subview %q[14, 0] [1, 16] [1, 1] : memref<16x16xf64> to memref<1x16xf64, strided<[16, 1], offset: 224>>
  linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%t12, %t13 : memref<1x16xf64, strided<[16, 1], offset: 192>>, memref<1x16xf64, strided<[16, 1], offset: 208>>)
      outs(%q14 : memref<1x16xf64, strided<[16, 1], offset: 224>>) attrs = {legato.sweep_tile = 0 : i64} {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %s = arith.addf %a, %b : f64
    %h = arith.mulf %s, %half : f64
    linalg.yield %h : f64
  }
  memref.dealloc %tmp : memref<14x16xf64>
  return
}

// Tests that a pair whose second sweep writes what the first reads (here
// the first sweep's input itself) is not tiled: tiles would interleave the
// write and the reads. Its kernels lose their mark and run one by one.
// GROUP-LABEL: func @pair_writing_its_input
// GROUP-NOT: legato.sweep_tile
// GROUP: return
func.func @pair_writing_its_input(%p: memref<16x16xf64>) {
  %half = arith.constant 0.5 : f64
  %tmp = memref.alloc() {alignment = 64 : i64} : memref<14x16xf64>
  %north = memref.subview %p[0, 0] [14, 16] [1, 1] : memref<16x16xf64> to memref<14x16xf64, strided<[16, 1]>>
  %south = memref.subview %p[2, 0] [14, 16] [1, 1] : memref<16x16xf64> to memref<14x16xf64, strided<[16, 1], offset: 32>>
  linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%north, %south : memref<14x16xf64, strided<[16, 1]>>, memref<14x16xf64, strided<[16, 1], offset: 32>>)
      outs(%tmp : memref<14x16xf64>) attrs = {legato.sweep_tile = 0 : i64} {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %s = arith.addf %a, %b : f64
    linalg.yield %s : f64
  }
  %up = memref.subview %tmp[0, 0] [12, 16] [1, 1] : memref<14x16xf64> to memref<12x16xf64, strided<[16, 1]>>
  %down = memref.subview %tmp[2, 0] [12, 16] [1, 1] : memref<14x16xf64> to memref<12x16xf64, strided<[16, 1], offset: 32>>
  %inner = memref.subview %p[2, 0] [12, 16] [1, 1] : memref<16x16xf64> to memref<12x16xf64, strided<[16, 1], offset: 32>>
  linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%up, %down : memref<12x16xf64, strided<[16, 1]>>, memref<12x16xf64, strided<[16, 1], offset: 32>>)
      outs(%inner : memref<12x16xf64, strided<[16, 1], offset: 32>>) attrs = {legato.sweep_tile = 0 : i64} {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %s = arith.addf %a, %b : f64
    %h = arith.mulf %s, %half : f64
    linalg.yield %h : f64
  }
  memref.dealloc %tmp : memref<14x16xf64>
  return
}

// Tests that a pair whose rows are too wide for a tile's scratch on the
// stack (8 rows of 4096 f64 and the 2 after them are 320 KiB, above 256 KiB) is
// not tiled: its kernels lose their mark and run one by one.
// GROUP-LABEL: func @pair_too_wide
// GROUP-NOT: legato.sweep_tile
// GROUP: return
func.func @pair_too_wide(%p: memref<16x4096xf64>, %q: memref<16x4096xf64> {legato.output}) {
  %half = arith.constant 0.5 : f64
  %tmp = memref.alloc() {alignment = 64 : i64} : memref<14x4096xf64>
  %north = memref.subview %p[0, 0] [14, 4096] [1, 1] : memref<16x4096xf64> to memref<14x4096xf64, strided<[4096, 1]>>
  %south = memref.subview %p[2, 0] [14, 4096] [1, 1] : memref<16x4096xf64> to memref<14x4096xf64, strided<[4096, 1], offset: 8192>>
  linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%north, %south : memref<14x4096xf64, strided<[4096, 1]>>, memref<14x4096xf64, strided<[4096, 1], offset: 8192>>)
      outs(%tmp : memref<14x4096xf64>) attrs = {legato.sweep_tile = 0 : i64} {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %s = arith.addf %a, %b : f64
    linalg.yield %s : f64
  }
  %up = memref.subview %tmp[0, 0] [12, 4096] [1, 1] : memref<14x4096xf64> to memref<12x4096xf64, strided<[4096, 1]>>
  %down = memref.subview %tmp[2, 0] [12, 4096] [1, 1] : memref<14x4096xf64> to memref<12x4096xf64, strided<[4096, 1], offset: 8192>>
  %inner = memref.subview %q[2, 0] [12, 4096] [1, 1] : memref<16x4096xf64> to memref<12x4096xf64, strided<[4096, 1], offset: 8192>>
  linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%up, %down : memref<12x4096xf64, strided<[4096, 1]>>, memref<12x4096xf64, strided<[4096, 1], offset: 8192>>)
      outs(%inner : memref<12x4096xf64, strided<[4096, 1], offset: 8192>>) attrs = {legato.sweep_tile = 0 : i64} {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %s = arith.addf %a, %b : f64
    %h = arith.mulf %s, %half : f64
    linalg.yield %h : f64
  }
  memref.dealloc %tmp : memref<14x4096xf64>
  return
}
