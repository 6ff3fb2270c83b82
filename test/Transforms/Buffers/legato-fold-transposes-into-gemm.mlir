// RUN: %legato_opt %s --legato-fold-transposes-into-gemm --split-input-file | FileCheck %s

// A transpose kernel feeding only a product becomes a transposed view of
// its source, which BLAS reads with a transpose flag; the copy, its buffer
// and its dealloc go.
// CHECK-LABEL: func.func @folded(
// CHECK-SAME:    %[[A:.*]]: memref<3x4xf64>, %[[B:.*]]: memref<3x5xf64>, %[[C:.*]]: memref<4x5xf64>)
// CHECK-NEXT:    %[[T:.*]] = memref.transpose %[[A]] (d0, d1) -> (d1, d0) : memref<3x4xf64> to memref<4x3xf64, strided<[1, 4]>>
// CHECK-NEXT:    linalg.matmul ins(%[[T]], %[[B]] : memref<4x3xf64, strided<[1, 4]>>, memref<3x5xf64>) outs(%[[C]]
// CHECK-NEXT:    return
#id = affine_map<(i, j) -> (i, j)>
#sw = affine_map<(i, j) -> (j, i)>
func.func @folded(%a: memref<3x4xf64>, %b: memref<3x5xf64>, %c: memref<4x5xf64>) {
  %t = memref.alloc() : memref<4x3xf64>
  linalg.generic {indexing_maps = [#sw, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<3x4xf64>) outs(%t : memref<4x3xf64>) {
  ^bb0(%x: f64, %y: f64):
    linalg.yield %x : f64
  }
  linalg.matmul ins(%t, %b : memref<4x3xf64>, memref<3x5xf64>) outs(%c : memref<4x5xf64>)
  memref.dealloc %t : memref<4x3xf64>
  return
}

// -----

// The copy is also read by something other than a product: it stays.
// CHECK-LABEL: func.func @read_elsewhere(
// CHECK-NOT:     memref.transpose
// CHECK:         %[[T:.*]] = memref.alloc() : memref<4x3xf64>
// CHECK:         linalg.generic
// CHECK:         linalg.matmul ins(%[[T]],
#id = affine_map<(i, j) -> (i, j)>
#sw = affine_map<(i, j) -> (j, i)>
func.func @read_elsewhere(%a: memref<3x4xf64>, %b: memref<3x5xf64>, %c: memref<4x5xf64>, %d: memref<4x3xf64>) {
  %t = memref.alloc() : memref<4x3xf64>
  linalg.generic {indexing_maps = [#sw, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<3x4xf64>) outs(%t : memref<4x3xf64>) {
  ^bb0(%x: f64, %y: f64):
    linalg.yield %x : f64
  }
  linalg.matmul ins(%t, %b : memref<4x3xf64>, memref<3x5xf64>) outs(%c : memref<4x5xf64>)
  memref.copy %t, %d : memref<4x3xf64> to memref<4x3xf64>
  memref.dealloc %t : memref<4x3xf64>
  return
}

// -----

// The source is overwritten between the copy and the product: the copy
// holds the old values, so it stays.
// CHECK-LABEL: func.func @source_written_before_product(
// CHECK-NOT:     memref.transpose
// CHECK:         linalg.generic
// CHECK:         linalg.fill
// CHECK:         linalg.matmul ins(%alloc,
#id = affine_map<(i, j) -> (i, j)>
#sw = affine_map<(i, j) -> (j, i)>
func.func @source_written_before_product(%a: memref<3x4xf64>, %b: memref<3x5xf64>, %c: memref<4x5xf64>, %z: f64) {
  %t = memref.alloc() : memref<4x3xf64>
  linalg.generic {indexing_maps = [#sw, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<3x4xf64>) outs(%t : memref<4x3xf64>) {
  ^bb0(%x: f64, %y: f64):
    linalg.yield %x : f64
  }
  linalg.fill ins(%z : f64) outs(%a : memref<3x4xf64>)
  linalg.matmul ins(%t, %b : memref<4x3xf64>, memref<3x5xf64>) outs(%c : memref<4x5xf64>)
  memref.dealloc %t : memref<4x3xf64>
  return
}

// -----

// Integer products are not BLAS calls: the copy stays.
// CHECK-LABEL: func.func @integers(
// CHECK-NOT:     memref.transpose
// CHECK:         linalg.generic
#id = affine_map<(i, j) -> (i, j)>
#sw = affine_map<(i, j) -> (j, i)>
func.func @integers(%a: memref<3x4xi32>, %b: memref<3x5xi32>, %c: memref<4x5xi32>) {
  %t = memref.alloc() : memref<4x3xi32>
  linalg.generic {indexing_maps = [#sw, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<3x4xi32>) outs(%t : memref<4x3xi32>) {
  ^bb0(%x: i32, %y: i32):
    linalg.yield %x : i32
  }
  linalg.matmul ins(%t, %b : memref<4x3xi32>, memref<3x5xi32>) outs(%c : memref<4x5xi32>)
  memref.dealloc %t : memref<4x3xi32>
  return
}

// -----

// The source's buffer was freed right after the copy (its last reader):
// once the product reads it through the view, the dealloc moves after the
// product (np.linalg.pinv's V^T of a LAPACK result read freed memory, a
// GPU fault).
// CHECK-LABEL: func.func @source_outlives_the_copy(
// CHECK:         %[[S:.*]] = memref.alloc() : memref<3x4xf64>
// CHECK:         %[[T:.*]] = memref.transpose %[[S]]
// CHECK-NEXT:    linalg.matmul ins(%[[T]], %{{.*}} : memref<4x3xf64, strided<[1, 4]>>, memref<3x5xf64>)
// CHECK-NEXT:    memref.dealloc %[[S]] : memref<3x4xf64>
// CHECK-NEXT:    return
#id3 = affine_map<(i, j) -> (i, j)>
#sw3 = affine_map<(i, j) -> (j, i)>
func.func @source_outlives_the_copy(%a: memref<3x4xf64>, %b: memref<3x5xf64>, %c: memref<4x5xf64>) {
  %s = memref.alloc() : memref<3x4xf64>
  memref.copy %a, %s : memref<3x4xf64> to memref<3x4xf64>
  %t = memref.alloc() : memref<4x3xf64>
  linalg.generic {indexing_maps = [#sw3, #id3], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<3x4xf64>) outs(%t : memref<4x3xf64>) {
  ^bb0(%x: f64, %y: f64):
    linalg.yield %x : f64
  }
  memref.dealloc %s : memref<3x4xf64>
  linalg.matmul ins(%t, %b : memref<4x3xf64>, memref<3x5xf64>) outs(%c : memref<4x5xf64>)
  memref.dealloc %t : memref<4x3xf64>
  return
}
