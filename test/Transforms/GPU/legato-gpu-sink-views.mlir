// RUN: %legato_opt %s --legato-gpu-sink-views | FileCheck %s

// Tests that the static views a launch reads move into it, so that the
// kernel takes the array they view once: two windows of %a (and a window of
// one of them) become views inside the launch; a view with a dynamic offset
// stays outside, a parameter of its own.
// CHECK-LABEL: func @windows
// CHECK-SAME: (%[[A:.*]]: memref<8x8xf64>, %[[B:.*]]: memref<6x8xf64>, %[[I:.*]]: index)
// CHECK: %[[DYN:.*]] = memref.subview %[[A]][%[[I]], 0]
// CHECK: gpu.launch
// CHECK-DAG: %[[NORTH:.*]] = memref.subview %[[A]][0, 0] [6, 8]
// CHECK-DAG: %[[SOUTH:.*]] = memref.subview %[[A]][2, 0] [6, 8]
// CHECK-DAG: %[[CORNER:.*]] = memref.subview %[[SOUTH]][0, 1] [6, 7]
// CHECK: memref.load %[[NORTH]]
// CHECK: memref.load %[[SOUTH]]
// CHECK: memref.load %[[CORNER]]
// CHECK: memref.load %[[DYN]]
func.func @windows(%a: memref<8x8xf64>, %b: memref<6x8xf64>, %i: index) {
  %c1 = arith.constant 1 : index
  %north = memref.subview %a[0, 0] [6, 8] [1, 1] : memref<8x8xf64> to memref<6x8xf64, strided<[8, 1]>>
  %south = memref.subview %a[2, 0] [6, 8] [1, 1] : memref<8x8xf64> to memref<6x8xf64, strided<[8, 1], offset: 16>>
  %corner = memref.subview %south[0, 1] [6, 7] [1, 1] : memref<6x8xf64, strided<[8, 1], offset: 16>> to memref<6x7xf64, strided<[8, 1], offset: 17>>
  %dyn = memref.subview %a[%i, 0] [6, 8] [1, 1] : memref<8x8xf64> to memref<6x8xf64, strided<[8, 1], offset: ?>>
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    %n = memref.load %north[%tx, %ty] : memref<6x8xf64, strided<[8, 1]>>
    %s = memref.load %south[%tx, %ty] : memref<6x8xf64, strided<[8, 1], offset: 16>>
    %c = memref.load %corner[%tx, %ty] : memref<6x7xf64, strided<[8, 1], offset: 17>>
    %d = memref.load %dyn[%tx, %ty] : memref<6x8xf64, strided<[8, 1], offset: ?>>
    %0 = arith.addf %n, %s : f64
    %1 = arith.addf %0, %c : f64
    %2 = arith.addf %1, %d : f64
    memref.store %2, %b[%tx, %ty] : memref<6x8xf64>
    gpu.terminator
  }
  return
}
