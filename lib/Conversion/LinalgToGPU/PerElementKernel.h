//===- PerElementKernel.h - elementwise kernels, a thread per output -*- C++ -*-===//
//
// The lowering of legato-convert-linalg-to-gpu for ops with an output per
// thread: elementwise kernels (vectorised where their buffers allow), ops
// that loop over a few reduced elements per output, and elementwise
// kernels that also compute a full reduction of what they write.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_CONVERSION_LINALGTOGPU_PERELEMENTKERNEL_H
#define LEGATO_CONVERSION_LINALGTOGPU_PERELEMENTKERNEL_H

#include "Conversion/LinalgToGPU/KernelBuilder.h"

#include "llvm/ADT/SmallBitVector.h"

namespace mlir::legato::gpu_kernels {

/// A full reduction computed inside the kernel of the elementwise op that
/// produces (some of) its operands, saving a pass over them.
struct FusedReduction {
  linalg::GenericOp op;
  Combiner combiner;
  Value initial; // the value of the removed initial fill, or null
  // Whether the producer's kernel combines its blocks' partials itself
  // (combineInLastBlock): when the reduction's output and initial value
  // exist before that kernel runs.
  bool combinedInKernel = false;
  // Set by the producer's lowering otherwise: one partial per block of its
  // kernel, combined where the reduction was (after its output's fill).
  Value partials;
  int64_t blocks = 0;
  // The producer's outputs that only the reduction reads: not stored.
  llvm::SmallBitVector unstored;
};

/// One output element per thread in a grid-stride loop; the reduced
/// dimensions (if any) looped over sequentially with the outputs in
/// registers. With `fused`, each thread also accumulates that reduction over
/// its elements (reading `op`'s results from registers), each block combines
/// its threads into a partial, and the last block to finish combines the
/// partials (or, when the reduction's output or initial value is made after
/// this kernel, a second launch where the reduction was). `initial`: the
/// value of the reduction's removed initial fill, or null; `epilogue`: the
/// kernel run at each output once it is final, or null.
void lowerPerElement(OpBuilder &b, linalg::GenericOp op, const IterationSpace &space,
                     int64_t blockSize, int64_t maxBlocks, Value initial,
                     FusedReduction *fused, linalg::GenericOp epilogue);

} // namespace mlir::legato::gpu_kernels

#endif // LEGATO_CONVERSION_LINALGTOGPU_PERELEMENTKERNEL_H
