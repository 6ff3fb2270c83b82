// RUN: %legato_opt %s --legato-optimize --legato-cpu-buffers --legato-count-kernels -split-input-file | FileCheck %s

// Tests that an elementwise chain fused into one kernel counts once, its
// bytes those of its two inputs and its output (3 x 1024 x 8), with no
// temporaries.
// CHECK: kernels 1 bytes-moved 24576 temporary-bytes 0
func.func @fused_chain(%a: tensor<1024xf64>, %b: tensor<1024xf64>) -> tensor<1024xf64> {
  %0 = legato.add %a, %b : tensor<1024xf64>
  %1 = legato.mul %0, %b : tensor<1024xf64>
  %2 = legato.exp %1 : tensor<1024xf64>
  return %2 : tensor<1024xf64>
}

// -----

// Tests that a GEMM is one library call reading A and B and writing C
// (3 x 64 x 64 x 8 bytes).
// CHECK: kernels 1 bytes-moved 98304 temporary-bytes 0
func.func @gemm(%a: tensor<64x64xf64>, %b: tensor<64x64xf64>) -> tensor<64x64xf64> {
  %0 = legato.matmul %a, %b : tensor<64x64xf64>, tensor<64x64xf64> -> tensor<64x64xf64>
  return %0 : tensor<64x64xf64>
}
