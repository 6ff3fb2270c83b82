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
