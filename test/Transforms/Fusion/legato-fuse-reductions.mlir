// RUN: %legato_opt %s --legato-fuse-reductions | FileCheck %s
// RUN: %legato_opt %s --legato-fuse-reductions --legato-split-reductions | FileCheck %s --check-prefix=SPLIT

#id = affine_map<(d0, d1) -> (d0, d1)>
#all = affine_map<(d0, d1) -> ()>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>

// Tests that CG's `dot(p, ap)` runs in the kernel that computes `ap`, which
// other users still read: one loop nest writes ap and accumulates the dot.
// After the split, ap is written in place through a flat map (no reshape
// of its buffer) while the partial sums go to 16 chunks.
// CHECK-LABEL: func @dot_with_producer
// CHECK: %[[K:.+]]:2 = linalg.generic
// CHECK-SAME: iterator_types = ["reduction", "reduction"]
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: linalg.yield
// CHECK-NOT: linalg.generic
// CHECK: return %[[K]]#0, %[[K]]#1
// SPLIT-LABEL: func @dot_with_producer
// SPLIT: linalg.generic {indexing_maps = [#{{.*}}, #[[FLAT:.+]], #[[CHUNK:.+]]], iterator_types = ["parallel", "reduction", "reduction"]}
// SPLIT-SAME: outs(%{{.*}}, %{{.*}} : tensor<256x256xf64>, tensor<16xf64>)
// SPLIT: linalg.generic {{.*}} iterator_types = ["reduction"]
func.func @dot_with_producer(%p: tensor<256x256xf64>) -> (tensor<256x256xf64>, tensor<f64>) {
  %e = tensor.empty() : tensor<256x256xf64>
  %ap = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<256x256xf64>) outs(%e : tensor<256x256xf64>) {
  ^bb0(%a: f64, %o: f64):
    %0 = arith.addf %a, %a : f64
    linalg.yield %0 : f64
  } -> tensor<256x256xf64>
  %z = arith.constant 0.0 : f64
  %s0 = tensor.empty() : tensor<f64>
  %s1 = linalg.fill ins(%z : f64) outs(%s0 : tensor<f64>) -> tensor<f64>
  %dot = linalg.generic {indexing_maps = [#id, #id, #all], iterator_types = ["reduction", "reduction"]}
      ins(%p, %ap : tensor<256x256xf64>, tensor<256x256xf64>) outs(%s1 : tensor<f64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %0 = arith.mulf %a, %b : f64
    %1 = arith.addf %acc, %0 : f64
    linalg.yield %1 : f64
  } -> tensor<f64>
  return %ap, %dot : tensor<256x256xf64>, tensor<f64>
}

// Tests that a row sum of a tall array (parallel rows outermost) hosts its
// producer.
// CHECK-LABEL: func @row_sum_with_producer
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
// CHECK-NOT: linalg.generic
func.func @row_sum_with_producer(%a: tensor<4096x64xf64>) -> (tensor<4096x64xf64>, tensor<4096xf64>) {
  %e = tensor.empty() : tensor<4096x64xf64>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4096x64xf64>) outs(%e : tensor<4096x64xf64>) {
  ^bb0(%x: f64, %o: f64):
    %0 = arith.mulf %x, %x : f64
    linalg.yield %0 : f64
  } -> tensor<4096x64xf64>
  %z = arith.constant 0.0 : f64
  %s0 = tensor.empty() : tensor<4096xf64>
  %s1 = linalg.fill ins(%z : f64) outs(%s0 : tensor<4096xf64>) -> tensor<4096xf64>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%t : tensor<4096x64xf64>) outs(%s1 : tensor<4096xf64>) {
  ^bb0(%x: f64, %acc: f64):
    %0 = arith.addf %acc, %x : f64
    linalg.yield %0 : f64
  } -> tensor<4096xf64>
  return %t, %sum : tensor<4096x64xf64>, tensor<4096xf64>
}

// Tests that a column sum (a reduced loop outside the parallel one) keeps
// its producer apart: inside the reduction's loop nest, the producer's
// rows would run one parallel loop per row.
// CHECK-LABEL: func @column_sum_keeps_producer_apart
// CHECK-COUNT-2: linalg.generic
func.func @column_sum_keeps_producer_apart(%a: tensor<4096x64xf64>) -> (tensor<4096x64xf64>, tensor<64xf64>) {
  %e = tensor.empty() : tensor<4096x64xf64>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4096x64xf64>) outs(%e : tensor<4096x64xf64>) {
  ^bb0(%x: f64, %o: f64):
    %0 = arith.mulf %x, %x : f64
    linalg.yield %0 : f64
  } -> tensor<4096x64xf64>
  %z = arith.constant 0.0 : f64
  %s0 = tensor.empty() : tensor<64xf64>
  %s1 = linalg.fill ins(%z : f64) outs(%s0 : tensor<64xf64>) -> tensor<64xf64>
  %sum = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%t : tensor<4096x64xf64>) outs(%s1 : tensor<64xf64>) {
  ^bb0(%x: f64, %acc: f64):
    %0 = arith.addf %acc, %x : f64
    linalg.yield %0 : f64
  } -> tensor<64xf64>
  return %t, %sum : tensor<4096x64xf64>, tensor<64xf64>
}

// Tests that a full reduction that cannot be split (1021 rows: prime) keeps
// its producer apart: merged, the producer would run on one thread.
// CHECK-LABEL: func @unsplittable_keeps_producer_apart
// CHECK-COUNT-2: linalg.generic
func.func @unsplittable_keeps_producer_apart(%a: tensor<1021x1021xf64>) -> (tensor<1021x1021xf64>, tensor<f64>) {
  %e = tensor.empty() : tensor<1021x1021xf64>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<1021x1021xf64>) outs(%e : tensor<1021x1021xf64>) {
  ^bb0(%x: f64, %o: f64):
    %0 = arith.mulf %x, %x : f64
    linalg.yield %0 : f64
  } -> tensor<1021x1021xf64>
  %z = arith.constant 0.0 : f64
  %s0 = tensor.empty() : tensor<f64>
  %s1 = linalg.fill ins(%z : f64) outs(%s0 : tensor<f64>) -> tensor<f64>
  %sum = linalg.generic {indexing_maps = [#id, #all], iterator_types = ["reduction", "reduction"]}
      ins(%t : tensor<1021x1021xf64>) outs(%s1 : tensor<f64>) {
  ^bb0(%x: f64, %acc: f64):
    %0 = arith.addf %acc, %x : f64
    linalg.yield %0 : f64
  } -> tensor<f64>
  return %t, %sum : tensor<1021x1021xf64>, tensor<f64>
}

// Tests that a reduction over a generator with no inputs (an index
// computation), merged with it, is split with its elementwise output
// reshaped: nothing else gives the split loops their extents.
// SPLIT-LABEL: func @generator
// SPLIT: tensor.expand_shape
// SPLIT: linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "reduction"]
// SPLIT: tensor.collapse_shape
func.func @generator() -> (tensor<256x256xf64>, tensor<f64>) {
  %e = tensor.empty() : tensor<256x256xf64>
  %t = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<256x256xf64>) {
  ^bb0(%o: f64):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = arith.addi %i, %j : index
    %n = arith.index_cast %k : index to i64
    %f = arith.sitofp %n : i64 to f64
    linalg.yield %f : f64
  } -> tensor<256x256xf64>
  %z = arith.constant 0.0 : f64
  %s0 = tensor.empty() : tensor<f64>
  %s1 = linalg.fill ins(%z : f64) outs(%s0 : tensor<f64>) -> tensor<f64>
  %sum = linalg.generic {indexing_maps = [#id, #all], iterator_types = ["reduction", "reduction"]}
      ins(%t : tensor<256x256xf64>) outs(%s1 : tensor<f64>) {
  ^bb0(%x: f64, %acc: f64):
    %0 = arith.addf %acc, %x : f64
    linalg.yield %0 : f64
  } -> tensor<f64>
  return %t, %sum : tensor<256x256xf64>, tensor<f64>
}
