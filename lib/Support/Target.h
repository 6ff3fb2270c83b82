//===- Target.h - the primitives a backend implements ----------*- C++ -*-===//
//
// What the compiler may leave in a program for a given backend: the runtime
// implements a small set of primitives, and every op must become one of
// them. Legalization (issue #3) rewrites toward this set or fails naming the
// op and the missing capability; the backends declare theirs.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_SUPPORT_TARGET_H
#define LEGATO_SUPPORT_TARGET_H

#include <cstdint>

namespace mlir::legato {

struct Target {
  bool fusedElementwise = true;   ///< generated elementwise/broadcast/slice kernels
  bool reductions = true;         ///< generated reduction kernels
  bool gemm = true;               ///< a GEMM/GEMV library primitive (f32, f64)
  bool gemmTransposedOperands = true; ///< GEMM reads transposed operands itself
  bool batchedGemm = false;       ///< one call for a batch of products
  bool collectives = false;       ///< all-reduce, all-gather, halo exchange
  bool lapack = true;             ///< legato.lapack: factorizations, solves, eigen/SVD
  bool fft = true;                ///< legato.fft: discrete Fourier transforms
  /// legato.sort: a library sort of lines. Without it the API composes a
  /// sort of generated kernels (API/Sorting.cpp), and legalization refuses
  /// the op.
  bool sort = true;

  // How generated kernels use the hardware: the defaults of the code
  // generators' pass options, which the pipelines set from here.
  /// CPU: iterations enough to wake the thread team for; a kernel with fewer
  /// runs on one thread (legato-convert-linalg-to-loops, legato-group-launches).
  int64_t minParallelIterations = 32768;
  /// CPU: rows enough to share out among the threads; a parallel loop nest
  /// with fewer keeps all its dimensions parallel, and a kernel with fewer
  /// joins no launch.
  int64_t minParallelRows = 64;
  /// GPU: outputs beyond which a reduction runs one thread per output (the
  /// parallelism is enough) rather than a block per output
  /// (legato-convert-linalg-to-gpu).
  int64_t gpuThreadPerOutput = 65536;
  /// GPU: reduced elements per output below which a block per output is not
  /// worth it.
  int64_t gpuMinBlockReduction = 1024;

  /// The host CPU: generated loops, OpenBLAS, one process.
  static Target cpu() { return Target{}; }
  /// An NVIDIA GPU: generated kernels, cuBLAS, cuFFT; LAPACK through the
  /// host; no sort primitive yet.
  static Target cuda() {
    Target t;
    t.sort = false;
    return t;
  }
};

} // namespace mlir::legato

#endif // LEGATO_SUPPORT_TARGET_H
