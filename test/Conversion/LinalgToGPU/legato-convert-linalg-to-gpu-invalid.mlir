// RUN: %legato_opt %s --split-input-file --legato-convert-linalg-to-gpu --verify-diagnostics

// Tests that a reduction with an output indexed by its reduced dim (what
// fusing a generator into its sum once made) is an error, not a crash: a
// reduction kernel holds one value per point of its parallel dims.
#map = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>
func.func @output_over_the_reduced_dim(%sum: memref<f64>) {
  %values = memref.alloc() : memref<64xf64>
  // expected-error @+1 {{expected outputs indexed by parallel dims only}}
  linalg.generic {indexing_maps = [#map, #scalar], iterator_types = ["reduction"]}
      outs(%values, %sum : memref<64xf64>, memref<f64>) {
  ^bb0(%v: f64, %acc: f64):
    %i = linalg.index 0 : index
    %n = arith.index_cast %i : index to i64
    %x = arith.sitofp %n : i64 to f64
    %s = arith.addf %acc, %x : f64
    linalg.yield %x, %s : f64, f64
  }
  memref.dealloc %values : memref<64xf64>
  return
}

// -----

// A scatter loop that reads the destination other than to add to it (here
// a product) would race once its iterations run in parallel: an error.
func.func @scatter_loop_that_multiplies(%i: memref<8xi64>, %v: memref<8xf64>, %d: memref<4xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{a scatter loop reads what it writes, other than to add to it}}
  scf.for %j = %c0 to %c8 step %c1 {
    %k = memref.load %i[%j] : memref<8xi64>
    %at = arith.index_cast %k : i64 to index
    %x = memref.load %v[%j] : memref<8xf64>
    %old = memref.load %d[%at] : memref<4xf64>
    %p = arith.mulf %old, %x : f64
    memref.store %p, %d[%at] : memref<4xf64>
  } {legato.scatter}
  return
}
