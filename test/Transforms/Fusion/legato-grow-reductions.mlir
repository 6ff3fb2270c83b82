// RUN: %legato_opt %s --legato-grow-reductions --split-input-file | FileCheck %s
// RUN: %legato_opt %s --legato-grow-reductions=require-chunks=1 --legato-fuse-reductions --split-input-file | FileCheck %s --check-prefix=FUSED
// RUN: %legato_opt %s --legato-grow-reductions=require-chunks=1 --split-input-file | FileCheck %s --check-prefix=CHUNKS

#id = affine_map<(d0, d1) -> (d0, d1)>
#all = affine_map<(d0, d1) -> ()>

// Tests CG's `p · ap` on an MPI rank: ap is computed over 258 rows (two more
// than the rank holds, for the next iteration's stencil), the dot product
// over the 256 held rows at row 1, reading p through the exchange's result
// (259 rows, the held ones from row 2). The reduction runs over ap's 258 rows,
// p read from row 1 (a slice made before ap's kernel, which may compute
// the reduction), and rows outside [1, 257) add the neutral element; it
// then fuses into ap's kernel.
// CHECK-LABEL: func @dot_of_held_rows
// CHECK-DAG: %[[NEUTRAL:.+]] = arith.constant 0.000000e+00 : f64
// CHECK-DAG: %[[LO:.+]] = arith.constant 1 : index
// CHECK-DAG: %[[HI:.+]] = arith.constant 257 : index
// CHECK: %[[P:.+]] = tensor.extract_slice %{{.*}}[1, 0] [258, 256] [1, 1] : tensor<259x256xf64> to tensor<258x256xf64>
// CHECK-NEXT: %[[AP:.+]] = linalg.generic
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]}
// CHECK-SAME: ins(%[[P]], %[[AP]] : tensor<258x256xf64>, tensor<258x256xf64>)
// CHECK: %[[PROD:.+]] = arith.mulf
// CHECK: %[[ROW:.+]] = linalg.index 0 : index
// CHECK: %[[GE:.+]] = arith.cmpi uge, %[[ROW]], %[[LO]]
// CHECK: %[[LT:.+]] = arith.cmpi ult, %[[ROW]], %[[HI]]
// CHECK: %[[IN:.+]] = arith.andi %[[GE]], %[[LT]]
// CHECK: %[[X:.+]] = arith.select %[[IN]], %[[PROD]], %[[NEUTRAL]]
// CHECK: arith.addf %{{.*}}, %[[X]]
// FUSED-LABEL: func @dot_of_held_rows
// FUSED: %[[K:.+]]:2 = linalg.generic
// FUSED-NOT: linalg.generic
// FUSED: return %[[K]]#0, %[[K]]#1
func.func @dot_of_held_rows(%pext: tensor<259x256xf64>) -> (tensor<258x256xf64>, tensor<f64>) {
  %e = tensor.empty() : tensor<258x256xf64>
  %up = tensor.extract_slice %pext[0, 0] [258, 256] [1, 1] : tensor<259x256xf64> to tensor<258x256xf64>
  %ap = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%up : tensor<258x256xf64>) outs(%e : tensor<258x256xf64>) {
  ^bb0(%a: f64, %o: f64):
    %0 = arith.addf %a, %a : f64
    linalg.yield %0 : f64
  } -> tensor<258x256xf64>
  %p = tensor.extract_slice %pext[2, 0] [256, 256] [1, 1] : tensor<259x256xf64> to tensor<256x256xf64>
  %aps = tensor.extract_slice %ap[1, 0] [256, 256] [1, 1] : tensor<258x256xf64> to tensor<256x256xf64>
  %zero = arith.constant 0.0 : f64
  %s0 = tensor.empty() : tensor<f64>
  %s = linalg.fill ins(%zero : f64) outs(%s0 : tensor<f64>) -> tensor<f64>
  %dot = linalg.generic {indexing_maps = [#id, #id, #all], iterator_types = ["reduction", "reduction"]}
      ins(%p, %aps : tensor<256x256xf64>, tensor<256x256xf64>) outs(%s : tensor<f64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %0 = arith.mulf %a, %b : f64
    %1 = arith.addf %acc, %0 : f64
    linalg.yield %1 : f64
  } -> tensor<f64>
  return %ap, %dot : tensor<258x256xf64>, tensor<f64>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#all = affine_map<(d0, d1) -> ()>

// Tests that a reduction stays as it is when one of its inputs holds only
// the reduced box (a whole argument of that shape): it cannot be read over
// the producer's rows.
// CHECK-LABEL: func @input_without_room
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<32x64xf64>, tensor<32x64xf64>)
func.func @input_without_room(%x: tensor<34x64xf64>, %q: tensor<32x64xf64>) -> (tensor<34x64xf64>, tensor<f64>) {
  %e = tensor.empty() : tensor<34x64xf64>
  %ap = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<34x64xf64>) outs(%e : tensor<34x64xf64>) {
  ^bb0(%a: f64, %o: f64):
    %0 = arith.addf %a, %a : f64
    linalg.yield %0 : f64
  } -> tensor<34x64xf64>
  %aps = tensor.extract_slice %ap[0, 0] [32, 64] [1, 1] : tensor<34x64xf64> to tensor<32x64xf64>
  %zero = arith.constant 0.0 : f64
  %s0 = tensor.empty() : tensor<f64>
  %s = linalg.fill ins(%zero : f64) outs(%s0 : tensor<f64>) -> tensor<f64>
  %dot = linalg.generic {indexing_maps = [#id, #id, #all], iterator_types = ["reduction", "reduction"]}
      ins(%q, %aps : tensor<32x64xf64>, tensor<32x64xf64>) outs(%s : tensor<f64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %0 = arith.mulf %a, %b : f64
    %1 = arith.addf %acc, %0 : f64
    linalg.yield %1 : f64
  } -> tensor<f64>
  return %ap, %dot : tensor<34x64xf64>, tensor<f64>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#all = affine_map<(d0, d1) -> ()>

// Tests that a reduction whose body may trap (an integer division by what
// the rows outside the box hold) is not grown.
// CHECK-LABEL: func @division_may_trap
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<32x64xi64>, tensor<32x64xi64>)
func.func @division_may_trap(%x: tensor<34x64xi64>) -> (tensor<34x64xi64>, tensor<i64>) {
  %e = tensor.empty() : tensor<34x64xi64>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<34x64xi64>) outs(%e : tensor<34x64xi64>) {
  ^bb0(%a: i64, %o: i64):
    %0 = arith.addi %a, %a : i64
    linalg.yield %0 : i64
  } -> tensor<34x64xi64>
  %xs = tensor.extract_slice %x[1, 0] [32, 64] [1, 1] : tensor<34x64xi64> to tensor<32x64xi64>
  %ys = tensor.extract_slice %y[1, 0] [32, 64] [1, 1] : tensor<34x64xi64> to tensor<32x64xi64>
  %zero = arith.constant 0 : i64
  %s0 = tensor.empty() : tensor<i64>
  %s = linalg.fill ins(%zero : i64) outs(%s0 : tensor<i64>) -> tensor<i64>
  %q = linalg.generic {indexing_maps = [#id, #id, #all], iterator_types = ["reduction", "reduction"]}
      ins(%xs, %ys : tensor<32x64xi64>, tensor<32x64xi64>) outs(%s : tensor<i64>) {
  ^bb0(%a: i64, %b: i64, %acc: i64):
    %0 = arith.divsi %a, %b : i64
    %1 = arith.addi %acc, %0 : i64
    linalg.yield %1 : i64
  } -> tensor<i64>
  return %y, %q : tensor<34x64xi64>, tensor<i64>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#all = affine_map<(d0, d1) -> ()>

// Tests that a reduction that reads a loop index (a weighted sum by row) is
// not grown: over the larger space its index would name other rows.
// CHECK-LABEL: func @reads_an_index
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<256x256xf64>)
func.func @reads_an_index(%x: tensor<258x256xf64>) -> (tensor<258x256xf64>, tensor<f64>) {
  %e = tensor.empty() : tensor<258x256xf64>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<258x256xf64>) outs(%e : tensor<258x256xf64>) {
  ^bb0(%a: f64, %o: f64):
    %0 = arith.addf %a, %a : f64
    linalg.yield %0 : f64
  } -> tensor<258x256xf64>
  %ys = tensor.extract_slice %y[1, 0] [256, 256] [1, 1] : tensor<258x256xf64> to tensor<256x256xf64>
  %zero = arith.constant 0.0 : f64
  %s0 = tensor.empty() : tensor<f64>
  %s = linalg.fill ins(%zero : f64) outs(%s0 : tensor<f64>) -> tensor<f64>
  %w = linalg.generic {indexing_maps = [#id, #all], iterator_types = ["reduction", "reduction"]}
      ins(%ys : tensor<256x256xf64>) outs(%s : tensor<f64>) {
  ^bb0(%a: f64, %acc: f64):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %fi = arith.sitofp %ii : i64 to f64
    %0 = arith.mulf %a, %fi : f64
    %1 = arith.addf %acc, %0 : f64
    linalg.yield %1 : f64
  } -> tensor<f64>
  return %y, %w : tensor<258x256xf64>, tensor<f64>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#all = affine_map<(d0, d1) -> ()>

// Tests a kernel over a prime number of rows (257): grown, the reduction
// would have no divisor to be split by, so on the CPU (require-chunks) it
// keeps its 256 rows and stays a parallel split reduction; elsewhere (the
// GPU) it is grown.
// CHECK-LABEL: func @prime_space
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]} ins(%{{.*}} : tensor<257x256xf64>)
// CHUNKS-LABEL: func @prime_space
// CHUNKS: linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]} ins(%{{.*}} : tensor<256x256xf64>)
func.func @prime_space(%x: tensor<257x256xf64>) -> (tensor<257x256xf64>, tensor<f64>) {
  %e = tensor.empty() : tensor<257x256xf64>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<257x256xf64>) outs(%e : tensor<257x256xf64>) {
  ^bb0(%a: f64, %o: f64):
    %0 = arith.addf %a, %a : f64
    linalg.yield %0 : f64
  } -> tensor<257x256xf64>
  %ys = tensor.extract_slice %y[0, 0] [256, 256] [1, 1] : tensor<257x256xf64> to tensor<256x256xf64>
  %zero = arith.constant 0.0 : f64
  %s0 = tensor.empty() : tensor<f64>
  %s = linalg.fill ins(%zero : f64) outs(%s0 : tensor<f64>) -> tensor<f64>
  %r = linalg.generic {indexing_maps = [#id, #all], iterator_types = ["reduction", "reduction"]}
      ins(%ys : tensor<256x256xf64>) outs(%s : tensor<f64>) {
  ^bb0(%a: f64, %acc: f64):
    %0 = arith.mulf %a, %a : f64
    %1 = arith.addf %acc, %0 : f64
    linalg.yield %1 : f64
  } -> tensor<f64>
  return %y, %r : tensor<257x256xf64>, tensor<f64>
}
