// RUN: %legato_opt %s --legato-fuse-sweeps --legato-fuse-kernels --canonicalize | FileCheck %s

// Tests the pipeline's fusion after legato-fuse-sweeps. The first of three
// sweeps also yields a value that the others read (CFD's c * b, computed
// once where the sweeps are one program). legato-fuse-sweeps recomputes it
// in the second sweep's runs, which leaves the first kernel computing only
// what the third sweep reads; fusing again recomputes that in the third
// sweep too, and the first kernel is gone: three kernels for the runs of
// the fused pair, one for the third sweep, which reads %b itself.
// CHECK-LABEL: func @third_sweep_reads_a_value_of_the_first
// CHECK-SAME: (%{{.*}}: tensor<16x16xf64>, %[[B:.*]]: tensor<14x16xf64>)
// CHECK-NOT: -> (tensor<14x16xf64>, tensor<14x16xf64>)
// CHECK: linalg.generic
// CHECK: } -> tensor<1x16xf64>
// CHECK: linalg.generic
// CHECK: } -> tensor<12x16xf64>
// CHECK: linalg.generic
// CHECK: } -> tensor<1x16xf64>
// CHECK: linalg.generic {{.*}} ins(%[[B]],
// CHECK: } -> tensor<14x16xf64>
// CHECK-NOT: linalg.generic
// CHECK: return
#id = affine_map<(d0, d1) -> (d0, d1)>
#east = affine_map<(d0, d1) -> (d0 + 1, (d1 + 1) mod 16)>
#west = affine_map<(d0, d1) -> (d0 + 1, (d1 + 15) mod 16)>
func.func @third_sweep_reads_a_value_of_the_first(%p: tensor<16x16xf64>, %b: tensor<14x16xf64>) -> tensor<16x16xf64> {
  %c = arith.constant 0.25 : f64
  %cb = arith.constant 0.125 : f64
  %e1 = tensor.empty() : tensor<14x16xf64>
  %n1 = tensor.extract_slice %p[2, 0] [14, 16] [1, 1] : tensor<16x16xf64> to tensor<14x16xf64>
  %s1 = tensor.extract_slice %p[0, 0] [14, 16] [1, 1] : tensor<16x16xf64> to tensor<14x16xf64>
  %k1:2 = linalg.generic {indexing_maps = [#id, #id, #east, #west, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%n1, %s1, %p, %p, %b : tensor<14x16xf64>, tensor<14x16xf64>, tensor<16x16xf64>, tensor<16x16xf64>, tensor<14x16xf64>) outs(%e1, %e1 : tensor<14x16xf64>, tensor<14x16xf64>) {
  ^bb0(%n: f64, %s: f64, %e: f64, %w: f64, %rb: f64, %o: f64, %o2: f64):
    %r = arith.mulf %rb, %cb : f64
    %0 = arith.addf %n, %s : f64
    %1 = arith.addf %e, %w : f64
    %2 = arith.addf %0, %1 : f64
    %3 = arith.mulf %2, %c : f64
    %4 = arith.subf %3, %r : f64
    linalg.yield %4, %r : f64, f64
  } -> (tensor<14x16xf64>, tensor<14x16xf64>)
  %f1 = tensor.empty() : tensor<16x16xf64>
  %p1a = tensor.insert_slice %k1#0 into %f1[1, 0] [14, 16] [1, 1] : tensor<14x16xf64> into tensor<16x16xf64>
  %r11 = tensor.extract_slice %p1a[1, 0] [1, 16] [1, 1] : tensor<16x16xf64> to tensor<1x16xf64>
  %p1b = tensor.insert_slice %r11 into %p1a[0, 0] [1, 16] [1, 1] : tensor<1x16xf64> into tensor<16x16xf64>
  %r114 = tensor.extract_slice %p1b[14, 0] [1, 16] [1, 1] : tensor<16x16xf64> to tensor<1x16xf64>
  %p1 = tensor.insert_slice %r114 into %p1b[15, 0] [1, 16] [1, 1] : tensor<1x16xf64> into tensor<16x16xf64>
  %e2 = tensor.empty() : tensor<14x16xf64>
  %n2 = tensor.extract_slice %p1[2, 0] [14, 16] [1, 1] : tensor<16x16xf64> to tensor<14x16xf64>
  %s2 = tensor.extract_slice %p1[0, 0] [14, 16] [1, 1] : tensor<16x16xf64> to tensor<14x16xf64>
  %k2 = linalg.generic {indexing_maps = [#id, #id, #east, #west, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%n2, %s2, %p1, %p1, %k1#1 : tensor<14x16xf64>, tensor<14x16xf64>, tensor<16x16xf64>, tensor<16x16xf64>, tensor<14x16xf64>) outs(%e2 : tensor<14x16xf64>) {
  ^bb0(%n: f64, %s: f64, %e: f64, %w: f64, %r: f64, %o: f64):
    %0 = arith.addf %n, %s : f64
    %1 = arith.addf %e, %w : f64
    %2 = arith.addf %0, %1 : f64
    %3 = arith.mulf %2, %c : f64
    %4 = arith.subf %3, %r : f64
    linalg.yield %4 : f64
  } -> tensor<14x16xf64>
  %f2 = tensor.empty() : tensor<16x16xf64>
  %p2a = tensor.insert_slice %k2 into %f2[1, 0] [14, 16] [1, 1] : tensor<14x16xf64> into tensor<16x16xf64>
  %r21 = tensor.extract_slice %p2a[1, 0] [1, 16] [1, 1] : tensor<16x16xf64> to tensor<1x16xf64>
  %p2b = tensor.insert_slice %r21 into %p2a[0, 0] [1, 16] [1, 1] : tensor<1x16xf64> into tensor<16x16xf64>
  %r214 = tensor.extract_slice %p2b[14, 0] [1, 16] [1, 1] : tensor<16x16xf64> to tensor<1x16xf64>
  %p2 = tensor.insert_slice %r214 into %p2b[15, 0] [1, 16] [1, 1] : tensor<1x16xf64> into tensor<16x16xf64>
  %e3 = tensor.empty() : tensor<14x16xf64>
  %n3 = tensor.extract_slice %p2[2, 0] [14, 16] [1, 1] : tensor<16x16xf64> to tensor<14x16xf64>
  %s3 = tensor.extract_slice %p2[0, 0] [14, 16] [1, 1] : tensor<16x16xf64> to tensor<14x16xf64>
  %k3 = linalg.generic {indexing_maps = [#id, #id, #east, #west, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%n3, %s3, %p2, %p2, %k1#1 : tensor<14x16xf64>, tensor<14x16xf64>, tensor<16x16xf64>, tensor<16x16xf64>, tensor<14x16xf64>) outs(%e3 : tensor<14x16xf64>) {
  ^bb0(%n: f64, %s: f64, %e: f64, %w: f64, %r: f64, %o: f64):
    %0 = arith.addf %n, %s : f64
    %1 = arith.addf %e, %w : f64
    %2 = arith.addf %0, %1 : f64
    %3 = arith.mulf %2, %c : f64
    %4 = arith.subf %3, %r : f64
    linalg.yield %4 : f64
  } -> tensor<14x16xf64>
  %f3 = tensor.empty() : tensor<16x16xf64>
  %p3a = tensor.insert_slice %k3 into %f3[1, 0] [14, 16] [1, 1] : tensor<14x16xf64> into tensor<16x16xf64>
  %r31 = tensor.extract_slice %p3a[1, 0] [1, 16] [1, 1] : tensor<16x16xf64> to tensor<1x16xf64>
  %p3b = tensor.insert_slice %r31 into %p3a[0, 0] [1, 16] [1, 1] : tensor<1x16xf64> into tensor<16x16xf64>
  %r314 = tensor.extract_slice %p3b[14, 0] [1, 16] [1, 1] : tensor<16x16xf64> to tensor<1x16xf64>
  %p3 = tensor.insert_slice %r314 into %p3b[15, 0] [1, 16] [1, 1] : tensor<1x16xf64> into tensor<16x16xf64>
  return %p3 : tensor<16x16xf64>
}
