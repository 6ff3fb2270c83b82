// RUN: %legato_opt %s --legato-early-dealloc | FileCheck %s

// Tests that each temporary is freed right after its last use, through views.
// CHECK-LABEL: func @chain
// CHECK: %[[A:.*]] = memref.alloc
// CHECK: linalg.copy ins(%arg0 {{.*}} outs(%[[A]]
// CHECK: %[[B:.*]] = memref.alloc
// CHECK: %[[VIEW:.*]] = memref.subview %[[A]]
// CHECK: linalg.copy ins(%[[VIEW]] {{.*}} outs(%[[B]]
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK: linalg.copy ins(%[[B]]
// CHECK-NEXT: memref.dealloc %[[B]]
// CHECK-NEXT: return
func.func @chain(%in: memref<8xf64>, %out: memref<4xf64>) {
  %a = memref.alloc() : memref<8xf64>
  linalg.copy ins(%in : memref<8xf64>) outs(%a : memref<8xf64>)
  %b = memref.alloc() : memref<4xf64>
  %v = memref.subview %a[2] [4] [1] : memref<8xf64> to memref<4xf64, strided<[1], offset: 2>>
  linalg.copy ins(%v : memref<4xf64, strided<[1], offset: 2>>) outs(%b : memref<4xf64>)
  linalg.copy ins(%b : memref<4xf64>) outs(%out : memref<4xf64>)
  memref.dealloc %a : memref<8xf64>
  memref.dealloc %b : memref<4xf64>
  return
}
