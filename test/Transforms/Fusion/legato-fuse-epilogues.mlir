// RUN: %legato_opt %s --legato-fuse-epilogues --split-input-file | FileCheck %s

// Tests that the elementwise update after a matrix-vector product (Jacobi's
// `x = (b - R @ x) / d`) becomes the product's epilogue: marked, and placed
// right after the reduction, with the allocation of its output before the
// reduction and the deallocation after the pair.
// CHECK-LABEL: func @jacobi_step
// CHECK: %[[S:.*]] = memref.alloc() {{.*}} : memref<8xf64>
// CHECK: linalg.fill {{.*}} outs(%[[S]]
// CHECK: %[[X:.*]] = memref.alloc() {{.*}} : memref<8xf64>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK-SAME: outs(%[[S]]
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}}, %[[S]], %{{.*}} : {{.*}}) outs(%[[X]] : memref<8xf64>)
// CHECK-SAME: legato.epilogue
// CHECK: memref.dealloc %[[S]]
#mat = affine_map<(d0, d1) -> (d0, d1)>
#vec = affine_map<(d0, d1) -> (d1)>
#row = affine_map<(d0, d1) -> (d0)>
#id = affine_map<(d0) -> (d0)>
func.func @jacobi_step(%r: memref<8x8xf64>, %x: memref<8xf64>, %b: memref<8xf64>,
                       %d: memref<8xf64>, %out: memref<8xf64> {legato.output}) {
  %zero = arith.constant 0.0 : f64
  %s = memref.alloc() {alignment = 64 : i64} : memref<8xf64>
  linalg.fill ins(%zero : f64) outs(%s : memref<8xf64>)
  linalg.generic {indexing_maps = [#mat, #vec, #row], iterator_types = ["parallel", "reduction"]}
      ins(%r, %x : memref<8x8xf64>, memref<8xf64>) outs(%s : memref<8xf64>) {
  ^bb0(%a: f64, %v: f64, %acc: f64):
    %0 = arith.mulf %a, %v : f64
    %1 = arith.addf %acc, %0 : f64
    linalg.yield %1 : f64
  }
  %xn = memref.alloc() {alignment = 64 : i64} : memref<8xf64>
  linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%b, %s, %d : memref<8xf64>, memref<8xf64>, memref<8xf64>) outs(%xn : memref<8xf64>) {
  ^bb0(%bi: f64, %si: f64, %di: f64, %o: f64):
    %0 = arith.subf %bi, %si : f64
    %1 = arith.divf %0, %di : f64
    linalg.yield %1 : f64
  }
  memref.dealloc %s : memref<8xf64>
  memref.copy %xn, %out : memref<8xf64> to memref<8xf64>
  memref.dealloc %xn : memref<8xf64>
  return
}

// -----

// Tests that a consumer writing what the reduction reads stays a kernel of
// its own: computed at an early output point, it would change what the
// later points reduce over.
// CHECK-LABEL: func @writes_the_reduced_vector
// CHECK-NOT: legato.epilogue
#mat = affine_map<(d0, d1) -> (d0, d1)>
#vec = affine_map<(d0, d1) -> (d1)>
#row = affine_map<(d0, d1) -> (d0)>
#id = affine_map<(d0) -> (d0)>
func.func @writes_the_reduced_vector(%r: memref<8x8xf64>) {
  %x = memref.alloc() : memref<8xf64>
  %s = memref.alloc() : memref<8xf64>
  linalg.generic {indexing_maps = [#mat, #vec, #row], iterator_types = ["parallel", "reduction"]}
      ins(%r, %x : memref<8x8xf64>, memref<8xf64>) outs(%s : memref<8xf64>) {
  ^bb0(%a: f64, %v: f64, %acc: f64):
    %0 = arith.mulf %a, %v : f64
    %1 = arith.addf %acc, %0 : f64
    linalg.yield %1 : f64
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%s : memref<8xf64>) outs(%x : memref<8xf64>) {
  ^bb0(%si: f64, %o: f64):
    linalg.yield %si : f64
  }
  memref.dealloc %s : memref<8xf64>
  memref.dealloc %x : memref<8xf64>
  return
}

// -----

// Tests that a consumer reading the reduction's output at another point
// (here reversed) stays a kernel of its own: that value may not be final.
// CHECK-LABEL: func @reads_another_point
// CHECK-NOT: legato.epilogue
#mat = affine_map<(d0, d1) -> (d0, d1)>
#vec = affine_map<(d0, d1) -> (d1)>
#row = affine_map<(d0, d1) -> (d0)>
#id = affine_map<(d0) -> (d0)>
#rev = affine_map<(d0) -> (7 - d0)>
func.func @reads_another_point(%r: memref<8x8xf64>, %x: memref<8xf64>,
                               %out: memref<8xf64> {legato.output}) {
  %s = memref.alloc() : memref<8xf64>
  linalg.generic {indexing_maps = [#mat, #vec, #row], iterator_types = ["parallel", "reduction"]}
      ins(%r, %x : memref<8x8xf64>, memref<8xf64>) outs(%s : memref<8xf64>) {
  ^bb0(%a: f64, %v: f64, %acc: f64):
    %0 = arith.mulf %a, %v : f64
    %1 = arith.addf %acc, %0 : f64
    linalg.yield %1 : f64
  }
  linalg.generic {indexing_maps = [#rev, #id], iterator_types = ["parallel"]}
      ins(%s : memref<8xf64>) outs(%out : memref<8xf64>) {
  ^bb0(%si: f64, %o: f64):
    linalg.yield %si : f64
  }
  memref.dealloc %s : memref<8xf64>
  return
}

// -----

// Tests that a consumer writing an argument that is not a result (which may
// be one of the reduction's inputs) stays a kernel of its own, and that a
// copy between the two keeps them apart.
// CHECK-LABEL: func @writes_an_input_argument
// CHECK-NOT: legato.epilogue
#mat = affine_map<(d0, d1) -> (d0, d1)>
#vec = affine_map<(d0, d1) -> (d1)>
#row = affine_map<(d0, d1) -> (d0)>
#id = affine_map<(d0) -> (d0)>
func.func @writes_an_input_argument(%r: memref<8x8xf64>, %x: memref<8xf64>, %y: memref<8xf64>,
                                    %out: memref<8xf64> {legato.output}) {
  %s = memref.alloc() : memref<8xf64>
  linalg.generic {indexing_maps = [#mat, #vec, #row], iterator_types = ["parallel", "reduction"]}
      ins(%r, %x : memref<8x8xf64>, memref<8xf64>) outs(%s : memref<8xf64>) {
  ^bb0(%a: f64, %v: f64, %acc: f64):
    %0 = arith.mulf %a, %v : f64
    %1 = arith.addf %acc, %0 : f64
    linalg.yield %1 : f64
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%s : memref<8xf64>) outs(%y : memref<8xf64>) {
  ^bb0(%si: f64, %o: f64):
    linalg.yield %si : f64
  }
  %t = memref.alloc() : memref<8xf64>
  linalg.generic {indexing_maps = [#mat, #vec, #row], iterator_types = ["parallel", "reduction"]}
      ins(%r, %x : memref<8x8xf64>, memref<8xf64>) outs(%t : memref<8xf64>) {
  ^bb0(%a: f64, %v: f64, %acc: f64):
    %0 = arith.mulf %a, %v : f64
    %1 = arith.addf %acc, %0 : f64
    linalg.yield %1 : f64
  }
  memref.copy %x, %y : memref<8xf64> to memref<8xf64>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%t : memref<8xf64>) outs(%out : memref<8xf64>) {
  ^bb0(%ti: f64, %o: f64):
    linalg.yield %ti : f64
  }
  memref.dealloc %s : memref<8xf64>
  memref.dealloc %t : memref<8xf64>
  return
}
