// RUN: %legato_opt %s --legato-convert-linalg-to-gpu --legato-gpu-merge-launches | FileCheck %s

#id2 = affine_map<(d0, d1) -> (d0, d1)>

// Tests that a stencil's interior update and a border copy, which write
// disjoint regions of the new grid and only read the old one, share one
// launch whose blocks are split by block index.
// CHECK-LABEL: func @disjoint
// CHECK: gpu.launch blocks
// CHECK: arith.cmpi ult
// CHECK: scf.if
// CHECK: } else {
// CHECK-NOT: gpu.launch
func.func @disjoint(%old: memref<66x66xf64>, %new: memref<66x66xf64>) {
  %top = memref.subview %old[0, 0] [1, 66] [1, 1] : memref<66x66xf64> to memref<1x66xf64, strided<[66, 1]>>
  %newTop = memref.subview %new[0, 0] [1, 66] [1, 1] : memref<66x66xf64> to memref<1x66xf64, strided<[66, 1]>>
  linalg.copy ins(%top : memref<1x66xf64, strided<[66, 1]>>) outs(%newTop : memref<1x66xf64, strided<[66, 1]>>)
  %in = memref.subview %old[1, 1] [64, 64] [1, 1] : memref<66x66xf64> to memref<64x64xf64, strided<[66, 1], offset: 67>>
  %out = memref.subview %new[1, 1] [64, 64] [1, 1] : memref<66x66xf64> to memref<64x64xf64, strided<[66, 1], offset: 67>>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%in : memref<64x64xf64, strided<[66, 1], offset: 67>>)
      outs(%out : memref<64x64xf64, strided<[66, 1], offset: 67>>) {
  ^bb0(%a: f64, %b: f64):
    %h = arith.mulf %a, %a : f64
    linalg.yield %h : f64
  }
  return
}

// Tests that a kernel reading what the previous one wrote keeps its own
// launch.
// CHECK-LABEL: func @dependent
// CHECK: gpu.launch
// CHECK: gpu.launch
func.func @dependent(%x: memref<64xf64>, %t: memref<64xf64>, %y: memref<64xf64>) {
  linalg.copy ins(%x : memref<64xf64>) outs(%t : memref<64xf64>)
  linalg.copy ins(%t : memref<64xf64>) outs(%y : memref<64xf64>)
  return
}
