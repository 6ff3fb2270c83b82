// RUN: %legato_opt %s --legato-linalg-to-gpu --verify-diagnostics

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
