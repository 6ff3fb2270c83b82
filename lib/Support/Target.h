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

/// Iterations enough to wake the CPU's thread team for: a kernel with fewer
/// runs on one thread (legato-convert-linalg-to-loops' default).
inline constexpr int64_t kMinParallelIterations = 32768;

/// Rows enough to share out among the CPU's threads: a parallel loop nest
/// with fewer keeps all its dimensions parallel (legato-convert-linalg-to-loops),
/// and a kernel with fewer joins no launch (legato-group-launches).
inline constexpr int64_t kMinParallelRows = 64;


struct Target {
  bool fusedElementwise = true;   ///< generated elementwise/broadcast/slice kernels
  bool reductions = true;         ///< generated reduction kernels
  bool gemm = true;               ///< a GEMM/GEMV library primitive (f32, f64)
  bool gemmTransposedOperands = true; ///< GEMM reads transposed operands itself
  bool batchedGemm = false;       ///< one call for a batch of products
  bool collectives = false;       ///< all-reduce, all-gather, halo exchange

  /// The host CPU: generated loops, OpenBLAS, one process.
  static Target cpu() { return Target{}; }
};

} // namespace mlir::legato

#endif // LEGATO_SUPPORT_TARGET_H
