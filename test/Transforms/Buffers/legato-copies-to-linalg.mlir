// RUN: %legato_opt %s --legato-copies-to-linalg --split-input-file | FileCheck %s

// Every memref.copy becomes a linalg.copy between the same buffers, which
// the loop lowering treats as any other kernel.
// CHECK-LABEL: func.func @copies(
// CHECK-SAME:    %[[A:.*]]: memref<4x5xf64>, %[[B:.*]]: memref<4x5xf64>, %[[C:.*]]: memref<8xi32>, %[[D:.*]]: memref<8xi32>)
// CHECK-NEXT:    linalg.copy ins(%[[A]] : memref<4x5xf64>) outs(%[[B]] : memref<4x5xf64>)
// CHECK-NEXT:    linalg.copy ins(%[[C]] : memref<8xi32>) outs(%[[D]] : memref<8xi32>)
// CHECK-NOT:     memref.copy
func.func @copies(%a: memref<4x5xf64>, %b: memref<4x5xf64>, %c: memref<8xi32>, %d: memref<8xi32>) {
  memref.copy %a, %b : memref<4x5xf64> to memref<4x5xf64>
  memref.copy %c, %d : memref<8xi32> to memref<8xi32>
  return
}

// -----

// Copies between strided views, and inside loops, too.
// CHECK-LABEL: func.func @views_in_a_loop(
// CHECK:         scf.for
// CHECK:           %[[SRC:.*]] = memref.subview
// CHECK:           %[[DST:.*]] = memref.subview
// CHECK:           linalg.copy ins(%[[SRC]] : memref<1x4xf32, strided<[8, 2], offset: ?>>) outs(%[[DST]] : memref<1x4xf32, strided<[4, 1], offset: ?>>)
// CHECK-NOT:     memref.copy
func.func @views_in_a_loop(%a: memref<3x8xf32>, %b: memref<3x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %src = memref.subview %a[%i, 0] [1, 4] [1, 2] : memref<3x8xf32> to memref<1x4xf32, strided<[8, 2], offset: ?>>
    %dst = memref.subview %b[%i, 0] [1, 4] [1, 1] : memref<3x4xf32> to memref<1x4xf32, strided<[4, 1], offset: ?>>
    memref.copy %src, %dst : memref<1x4xf32, strided<[8, 2], offset: ?>> to memref<1x4xf32, strided<[4, 1], offset: ?>>
  }
  return
}
