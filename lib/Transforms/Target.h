//===- Target.h - the primitives a backend implements -----------*- C++ -*-===//
//
// What the compiler may leave in a program for a given backend: the runtime
// implements a small set of primitives, and every op must become one of
// them. Legalization (issue #3) rewrites toward this set or fails naming the
// op and the missing capability; the backends declare theirs.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_TRANSFORMS_TARGET_H
#define LEGATO_TRANSFORMS_TARGET_H

namespace mlir::legato {

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

#endif // LEGATO_TRANSFORMS_TARGET_H
