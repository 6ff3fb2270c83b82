// RUN: %legato_opt %s --convert-legato-to-linalg --legato-fuse-kernels -canonicalize | FileCheck %s

// Tests that a DAG whose intermediate is also a result becomes one kernel
// yielding both values, with no recomputation.
// CHECK-LABEL: func @shared_producer
// CHECK-COUNT-1: linalg.generic
// CHECK-NOT: linalg.generic
// CHECK: math.exp
// CHECK-NOT: math.exp
// CHECK: linalg.yield %{{.*}}, %{{.*}} : f64, f64
func.func @shared_producer(%s: tensor<8xf64>, %x: tensor<8xf64>) -> (tensor<8xf64>, tensor<8xf64>) {
  %0 = legato.div %s, %x : tensor<8xf64>
  %1 = legato.exp %0 : tensor<8xf64>
  %2 = legato.add %1, %0 : tensor<8xf64>
  return %1, %2 : tensor<8xf64>, tensor<8xf64>
}

// Tests that shifted slices of one input fuse into a single stencil kernel
// that reads the input through views.
// CHECK-LABEL: func @stencil
// CHECK-COUNT-3: tensor.extract_slice
// CHECK: linalg.generic
// CHECK-NOT: linalg.generic
func.func @stencil(%g: tensor<6x6xf64>) -> tensor<4x4xf64> {
  %a = legato.slice %g[[0, 1], [1, 1]] : tensor<6x6xf64> -> tensor<4x4xf64>
  %b = legato.slice %g[[2, 1], [1, 1]] : tensor<6x6xf64> -> tensor<4x4xf64>
  %c = legato.slice %g[[1, 1], [1, 1]] : tensor<6x6xf64> -> tensor<4x4xf64>
  %s = legato.add %a, %b : tensor<4x4xf64>
  %t = legato.add %s, %c : tensor<4x4xf64>
  return %t : tensor<4x4xf64>
}

// Tests that a broadcast feeding an elementwise op and a reduction of the
// result fuse: one elementwise kernel into the reduction.
// CHECK-LABEL: func @reduce_of_product
// CHECK: linalg.fill
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
func.func @reduce_of_product(%a: tensor<3x4xf64>, %v: tensor<4xf64>) -> tensor<3xf64> {
  %b = legato.broadcast %v : tensor<4xf64> -> tensor<3x4xf64>
  %p = legato.mul %a, %b : tensor<3x4xf64>
  %r = legato.reduce sum %p over [1] : tensor<3x4xf64> -> tensor<3xf64>
  return %r : tensor<3xf64>
}

// Tests that a splat constant used by two kernels is recomputed inside each
// (a scalar in the body) rather than stored as a tensor.
// CHECK-LABEL: func @shared_constant
// CHECK-COUNT-2: linalg.generic {{.*}} ins(%{{[a-z0-9]+}} : tensor<8xf64>)
// CHECK-NOT: linalg.generic
func.func @shared_constant(%a: tensor<8xf64>, %b: tensor<8xf64>) -> (tensor<8xf64>, tensor<8xf64>) {
  %c = legato.constant dense<0.2> : tensor<8xf64>
  %0 = legato.mul %a, %c : tensor<8xf64>
  %1 = legato.exp %b : tensor<8xf64>
  %2 = legato.mul %1, %c : tensor<8xf64>
  return %0, %2 : tensor<8xf64>, tensor<8xf64>
}

// Tests that the borders of two pads share kernels: the four row slabs
// (1x10) are one kernel and the four column slabs (8x1) another, each
// writing its slabs into both padded tensors.
// CHECK-LABEL: func @pad_borders_share_kernels
// CHECK: linalg.generic
// CHECK-SAME: outs({{.*}} : tensor<1x10xf64>, tensor<1x10xf64>, tensor<1x10xf64>, tensor<1x10xf64>)
// CHECK: linalg.generic
// CHECK-SAME: outs({{.*}} : tensor<8x1xf64>, tensor<8x1xf64>, tensor<8x1xf64>, tensor<8x1xf64>)
func.func @pad_borders_share_kernels(%a: tensor<8x8xf64>, %b: tensor<8x8xf64>) -> (tensor<10x10xf64>, tensor<10x10xf64>) {
  %0 = legato.pad %a low [1, 1] high [1, 1] value 0.0 : tensor<8x8xf64> -> tensor<10x10xf64>
  %1 = legato.pad %b low [1, 1] high [1, 1] value 0.0 : tensor<8x8xf64> -> tensor<10x10xf64>
  return %0, %1 : tensor<10x10xf64>, tensor<10x10xf64>
}

// Tests that a producer broadcast into its consumer (the vector of a
// matrix-vector product) stays a kernel of its own: fused, its division
// would run once per matrix element instead of once per vector element.
// CHECK-LABEL: func @broadcast_producer
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel"]}
// CHECK: arith.divf
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]}
// CHECK-NOT: arith.divf
// CHECK: return
func.func @broadcast_producer(%m: tensor<3x4xf64>, %a: tensor<4xf64>, %b: tensor<4xf64>) -> tensor<3xf64> {
  %x = legato.div %a, %b : tensor<4xf64>
  %r = legato.matmul %m, %x : tensor<3x4xf64>, tensor<4xf64> -> tensor<3xf64>
  return %r : tensor<3xf64>
}

// Tests that an elementwise kernel read by reductions only (Jacobi's
// R = A - diag(d) in every matvec) is recomputed inside each of them: no
// kernel writes it.
// CHECK-LABEL: func @recomputed_in_reductions
// CHECK-NOT: iterator_types = ["parallel", "parallel"]
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]}
// CHECK: arith.subf
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]}
// CHECK: arith.subf
// CHECK-NOT: iterator_types = ["parallel", "parallel"]
func.func @recomputed_in_reductions(%m: tensor<3x4xf64>, %c: tensor<3x4xf64>, %x: tensor<4xf64>,
                                    %y: tensor<4xf64>) -> (tensor<3xf64>, tensor<3xf64>) {
  %s = legato.constant dense<2.0> : tensor<3x4xf64>
  %r = legato.sub %m, %s : tensor<3x4xf64>
  %0 = legato.matmul %r, %x : tensor<3x4xf64>, tensor<4xf64> -> tensor<3xf64>
  %1 = legato.matmul %r, %y : tensor<3x4xf64>, tensor<4xf64> -> tensor<3xf64>
  return %0, %1 : tensor<3xf64>, tensor<3xf64>
}

// Tests that a stencil of one (padded) array that a reduction reads (CG's
// `ap = laplacian(p)` in `p · ap` and in `r - alpha * ap`) is recomputed in
// both users, reading the padded array through views: no kernel writes ap.
// CHECK-LABEL: func @stencil_recomputed_in_users
// CHECK: %[[N:.*]] = tensor.extract_slice %[[PAD:.*]][0, 1] [4, 4]
// CHECK: %[[S:.*]] = tensor.extract_slice %[[PAD]][2, 1] [4, 4]
// CHECK: %[[DOT:.*]] = linalg.generic {{.*}}iterator_types = ["reduction", "reduction"]}
// CHECK-SAME: ins(%arg0, %[[N]], %[[S]] :
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%arg0, %[[N]], %[[S]], %[[DOT]], %arg1 :
// CHECK-NOT: linalg.generic
func.func @stencil_recomputed_in_users(%p: tensor<4x4xf64>, %r: tensor<4x4xf64>) -> tensor<4x4xf64> {
  %pad = legato.pad %p low [1, 1] high [1, 1] value 0.0 : tensor<4x4xf64> -> tensor<6x6xf64>
  %n = legato.slice %pad[[0, 1], [1, 1]] : tensor<6x6xf64> -> tensor<4x4xf64>
  %s = legato.slice %pad[[2, 1], [1, 1]] : tensor<6x6xf64> -> tensor<4x4xf64>
  %four = legato.constant dense<4.0> : tensor<4x4xf64>
  %c = legato.mul %four, %p : tensor<4x4xf64>
  %t = legato.sub %c, %n : tensor<4x4xf64>
  %ap = legato.sub %t, %s : tensor<4x4xf64>
  %pap = legato.mul %p, %ap : tensor<4x4xf64>
  %dot = legato.reduce sum %pap over [0, 1] : tensor<4x4xf64> -> tensor<f64>
  %alpha = legato.broadcast %dot : tensor<f64> -> tensor<4x4xf64>
  %scaled = legato.mul %alpha, %ap : tensor<4x4xf64>
  %r2 = legato.sub %r, %scaled : tensor<4x4xf64>
  return %r2 : tensor<4x4xf64>
}

// Tests that a generator that a reduction alone reads stays its own kernel:
// fused, the kernel would keep the generator's result as an output, only
// to span the reduced loop, written at every point of it (which no
// reduction kernel on the GPU does). The generator's kernel computes the
// reduction later (legato-fuse-reductions, legato-convert-linalg-to-gpu).
// CHECK-LABEL: func @reduction_of_a_generator
// CHECK: %[[GEN:.+]] = linalg.generic {{.*}}iterator_types = ["parallel"]
// CHECK: linalg.index
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]
// CHECK-SAME: ins(%[[GEN]] : tensor<64xi64>)
// CHECK: arith.sitofp
// CHECK-NOT: linalg.generic
func.func @reduction_of_a_generator() -> tensor<f64> {
  %i = legato.iota 0 : tensor<64xi64>
  %f = legato.convert %i : tensor<64xi64> -> tensor<64xf64>
  %r = legato.reduce sum %f over [0] : tensor<64xf64> -> tensor<f64>
  return %r : tensor<f64>
}

// Tests the same when the generator is built from several kernels fused in
// some order (iota, convert, a splat added): the reduction keeps one input
// that spans its loop (the splat's kernel), and no output but its sum.
// CHECK-LABEL: func @reduction_of_a_shifted_generator
// CHECK: %[[GEN:.+]] = linalg.generic {{.*}}iterator_types = ["parallel"]
// CHECK: %[[SUM:.+]] = linalg.generic {{.*}}iterator_types = ["reduction"]
// CHECK-SAME: ins(%[[GEN]] : tensor<64xf64>) outs(%{{.+}} : tensor<f64>)
// CHECK: arith.sitofp
// CHECK-NOT: linalg.generic
// CHECK: return %[[SUM]]
func.func @reduction_of_a_shifted_generator() -> tensor<f64> {
  %i = legato.iota 0 : tensor<64xi64>
  %f = legato.convert %i : tensor<64xi64> -> tensor<64xf64>
  %h = legato.constant dense<0.5> : tensor<64xf64>
  %s = legato.add %f, %h : tensor<64xf64>
  %r = legato.reduce sum %s over [0] : tensor<64xf64> -> tensor<f64>
  return %r : tensor<f64>
}

// Tests that slices that are results, and that a kernel over their shape
// also reads (eager mode's `a[:-2] + a[2:]` while the user holds the
// slices), are written by that kernel: one kernel reads them once and
// yields them beside the sum, instead of a copy kernel per slice.
// CHECK-LABEL: func @result_slices_beside_their_reader
// CHECK: %[[K:.*]]:3 = linalg.generic
// CHECK-NOT: linalg.generic
// CHECK: return %[[K]]#{{[0-2]}}, %[[K]]#{{[0-2]}}, %[[K]]#{{[0-2]}}
func.func @result_slices_beside_their_reader(%g: tensor<6x6xf64>) -> (tensor<4x4xf64>, tensor<4x4xf64>, tensor<4x4xf64>) {
  %a = legato.slice %g[[0, 1], [1, 1]] : tensor<6x6xf64> -> tensor<4x4xf64>
  %b = legato.slice %g[[2, 1], [1, 1]] : tensor<6x6xf64> -> tensor<4x4xf64>
  %s = legato.add %a, %b : tensor<4x4xf64>
  return %a, %b, %s : tensor<4x4xf64>, tensor<4x4xf64>, tensor<4x4xf64>
}

// Tests that a kernel whose result a gather reads inside its body (a
// tensor.extract of a value from above) is not merged with a sibling after
// the gather: the merged kernel would sit after that read (fuzzer seed
// 97310000, "operand #0 does not dominate this use"). The indices fold to
// a constant, so the gather kernel reads nothing but the captured value.
// CHECK-LABEL: func @result_read_in_a_gather_body
// CHECK: %[[NEG:.+]] = linalg.generic
// CHECK: arith.negf
// CHECK: linalg.generic
// CHECK: tensor.extract %[[NEG]]
// CHECK: linalg.generic
// CHECK: arith.truncf
func.func @result_read_in_a_gather_body(%m: tensor<1x1xi1>, %x: tensor<1x1xf64>)
    -> (tensor<1x1xf64>, tensor<1x1x1xf64>, tensor<1x1xf32>) {
  %one = legato.constant dense<1> : tensor<1x1xi64>
  %0 = legato.neg %x : tensor<1x1xf64>
  %i = legato.convert %m : tensor<1x1xi1> -> tensor<1x1xi64>
  %wrapped = legato.mod %i, %one : tensor<1x1xi64>
  %1 = legato.gather %0[%wrapped] along 1 : tensor<1x1xf64>, tensor<1x1xi64> -> tensor<1x1x1xf64>
  %2 = legato.convert %0 : tensor<1x1xf64> -> tensor<1x1xf32>
  return %0, %1, %2 : tensor<1x1xf64>, tensor<1x1x1xf64>, tensor<1x1xf32>
}
