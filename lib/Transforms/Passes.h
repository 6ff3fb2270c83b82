//===- Passes.h - legato compiler passes ------------------------*- C++ -*-===//
#ifndef LEGATO_TRANSFORMS_PASSES_H
#define LEGATO_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"

namespace mlir::legato {

/// Marks a linalg contraction whose output is uninitialised: the BLAS call
/// that replaces it must overwrite (beta = 0), not accumulate.
inline constexpr llvm::StringLiteral kOverwriteAttr = "legato.overwrite";

/// Marks the step of a split reduction that combines its partial results:
/// a short loop on the calling thread (at most 64 partials per result, far
/// below the threshold for threads), which kernel counts take as part of
/// the reduction, as they take the fill of its accumulator.
inline constexpr llvm::StringLiteral kCombineAttr = "legato.combine";

/// Marks an elementwise kernel that runs inside the reduction just before
/// it, at each output point once the value there is final (Jacobi's
/// `(b - R @ x) / d` after the matvec): legato-fuse-epilogues decides, the
/// loop lowerings of reductions emit it, and kernel counts take it as part
/// of the reduction.
inline constexpr llvm::StringLiteral kEpilogueAttr = "legato.epilogue";

/// Iterations enough to wake the CPU's thread team for: a kernel with fewer
/// runs on one thread (legato-linalg-to-loops' default).
inline constexpr int64_t kMinParallelIterations = 32768;

/// Rows enough to share out among the CPU's threads: a parallel loop nest
/// with fewer keeps all its dimensions parallel (legato-linalg-to-loops),
/// and a kernel with fewer joins no launch (legato-group-launches).
inline constexpr int64_t kMinParallelRows = 64;

/// Marks the kernels that run as one launch on the CPU, one loop over their
/// rows (legato-group-launches); the kernels of a launch carry the same
/// number, and kernel counts take them as one.
inline constexpr llvm::StringLiteral kLaunchAttr = "legato.launch";

/// Marks the two sweeps of a pair that the CPU computes tile by tile of
/// rows (legato-fuse-sweeps recompute=false): the first sweep's kernel and
/// the kernels of the second that read it carry the same number
/// (SweepTiles.h).
inline constexpr llvm::StringLiteral kSweepTileAttr = "legato.sweep_tile";

/// Marks the `scf.for` a scatter becomes (legato-lower-to-linalg): one
/// iteration per value, which it stores (or adds) into the destination. The
/// CPU runs it in order; the GPU lowering runs the iterations in parallel.
inline constexpr llvm::StringLiteral kScatterLoopAttr = "legato.scatter";

/// The epilogue (kEpilogueAttr) of `reduction`, or null.
linalg::GenericOp epilogueOf(Operation *reduction);

/// Marks an argument of an entry function that receives one of its results:
/// a buffer the caller allocated for this call alone, so it shares no
/// element with any other argument (legato-buffer-interface sets it; the
/// engine allocates every result, also on each rank of a distributed run).
inline constexpr llvm::StringLiteral kOutputArgAttr = "legato.output";

/// The buffer `memref` is a view of (through every view-like op).
Value rootOf(Value memref);

/// The uses of `buffer` and of the views of it, through every view-like op
/// (which are not among them); `views`, when given, receives those views,
/// each after the one it views.
SmallVector<OpOperand *> usesThroughViews(Value buffer,
                                          SmallVectorImpl<Operation *> *views = nullptr);

/// Whether `root` (a buffer, not a view) shares no element with any other
/// buffer of its function: an allocation of the function, or a result
/// argument (kOutputArgAttr).
bool isFreshBuffer(Value root);

#define GEN_PASS_DECL
#include "Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Transforms/Passes.h.inc"

} // namespace mlir::legato

#endif // LEGATO_TRANSFORMS_PASSES_H
