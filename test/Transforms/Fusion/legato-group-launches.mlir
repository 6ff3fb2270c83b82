// RUN: %legato_opt %s --legato-group-launches | FileCheck %s

#id2 = affine_map<(d0, d1) -> (d0, d1)>

// Tests that a pad's border row and columns and the kernel that writes its
// interior, which touch disjoint elements, are one launch, with only views
// and constants between them.
// CHECK-LABEL: func @pad_borders_and_interior
// CHECK: linalg.generic
// CHECK-SAME: legato.launch = [[L:[0-9]+]]
// CHECK: linalg.generic
// CHECK-SAME: legato.launch = [[L]]
// CHECK: linalg.generic
// CHECK-SAME: legato.launch = [[L]]
func.func @pad_borders_and_interior(%p: memref<64x64xf64> {legato.output},
                                    %pad: memref<66x66xf64> {legato.output}) {
  %zero = arith.constant 0.0 : f64
  %top = memref.subview %pad[0, 0] [1, 66] [1, 1] : memref<66x66xf64> to memref<1x66xf64, strided<[66, 1]>>
  linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%top : memref<1x66xf64, strided<[66, 1]>>) {
  ^bb0(%o: f64):
    linalg.yield %zero : f64
  }
  %left = memref.subview %pad[1, 0] [64, 1] [1, 1] : memref<66x66xf64> to memref<64x1xf64, strided<[66, 1], offset: 66>>
  linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%left : memref<64x1xf64, strided<[66, 1], offset: 66>>) {
  ^bb0(%o: f64):
    linalg.yield %zero : f64
  }
  %two = arith.constant 2.0 : f64
  %inside = memref.subview %pad[1, 1] [64, 64] [1, 1] : memref<66x66xf64> to memref<64x64xf64, strided<[66, 1], offset: 67>>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%p : memref<64x64xf64>) outs(%inside : memref<64x64xf64, strided<[66, 1], offset: 67>>) {
  ^bb0(%x: f64, %o: f64):
    %y = arith.mulf %x, %two : f64
    linalg.yield %y : f64
  }
  return
}

// Tests that a kernel reading what the one before wrote starts a launch of
// its own, and that a kernel with memory effects between two kernels (a
// copy) keeps them apart: no launch has two kernels here.
// CHECK-LABEL: func @dependent_kernels
// CHECK-NOT: legato.launch
func.func @dependent_kernels(%a: memref<64x64xf64> {legato.output},
                             %b: memref<64x64xf64> {legato.output},
                             %c: memref<64x64xf64> {legato.output}) {
  %one = arith.constant 1.0 : f64
  linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%a : memref<64x64xf64>) {
  ^bb0(%o: f64):
    linalg.yield %one : f64
  }
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<64x64xf64>) outs(%b : memref<64x64xf64>) {
  ^bb0(%x: f64, %o: f64):
    linalg.yield %x : f64
  }
  memref.copy %b, %c : memref<64x64xf64> to memref<64x64xf64>
  linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%a : memref<64x64xf64>) {
  ^bb0(%o: f64):
    linalg.yield %one : f64
  }
  return
}

// Tests that a large kernel with too few rows to share out among threads,
// and a long one-loop kernel (one row of the shared loop), stay alone.
// CHECK-LABEL: func @unsuited_kernels
// CHECK-NOT: legato.launch
func.func @unsuited_kernels(%a: memref<4x65536xf64> {legato.output},
                            %b: memref<65536xf64> {legato.output},
                            %c: memref<8x8xf64> {legato.output}) {
  %one = arith.constant 1.0 : f64
  linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%a : memref<4x65536xf64>) {
  ^bb0(%o: f64):
    linalg.yield %one : f64
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%b : memref<65536xf64>) {
  ^bb0(%o: f64):
    linalg.yield %one : f64
  }
  linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%c : memref<8x8xf64>) {
  ^bb0(%o: f64):
    linalg.yield %one : f64
  }
  return
}
