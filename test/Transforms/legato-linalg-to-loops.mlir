// RUN: %legato_opt %s --legato-linalg-to-loops="threads=2" | FileCheck %s
// RUN: %legato_opt %s --legato-linalg-to-loops="threads=1" | FileCheck %s --check-prefix=SERIAL

#id = affine_map<(d0) -> (d0)>

// Tests that a kernel of 65536 iterations gets a parallel loop when threads
// are available, and sequential loops on one thread.
// CHECK-LABEL: func @large
// CHECK: scf.parallel
// SERIAL-LABEL: func @large
// SERIAL-NOT: scf.parallel
// SERIAL: scf.for
func.func @large(%a: memref<65536xf64>, %b: memref<65536xf64>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<65536xf64>) outs(%b : memref<65536xf64>) {
  ^bb0(%x: f64, %y: f64):
    %0 = arith.mulf %x, %x : f64
    linalg.yield %0 : f64
  }
  return
}

// Tests that a tiny kernel stays sequential: threads would cost more than
// its work.
// CHECK-LABEL: func @tiny
// CHECK-NOT: scf.parallel
// CHECK: scf.for
func.func @tiny(%a: memref<8xf64>, %b: memref<8xf64>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<8xf64>) outs(%b : memref<8xf64>) {
  ^bb0(%x: f64, %y: f64):
    %0 = arith.mulf %x, %x : f64
    linalg.yield %0 : f64
  }
  return
}
