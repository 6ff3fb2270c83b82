//===- Markers.h - attributes legato passes leave on other dialects' ops ===//
//
// The passes after lowering to linalg tell later passes about a kernel
// through these discardable attributes on linalg, scf and func ops: which
// kernels run as one launch, which elementwise kernel runs inside a
// reduction, which buffer argument receives a result.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_DIALECT_LEGATO_IR_MARKERS_H
#define LEGATO_DIALECT_LEGATO_IR_MARKERS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

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

/// Marks the kernels that run as one launch on the CPU, one loop over their
/// rows (legato-group-launches); the kernels of a launch carry the same
/// number, and kernel counts take them as one.
inline constexpr llvm::StringLiteral kLaunchAttr = "legato.launch";

/// Marks the two sweeps of a pair that the CPU computes tile by tile of
/// rows (legato-fuse-sweeps recompute=false): the first sweep's kernel and
/// the kernels of the second that read it carry the same number
/// (SweepTiles.h).
inline constexpr llvm::StringLiteral kSweepTileAttr = "legato.sweep_tile";

/// Marks the `scf.for` a scatter becomes (convert-legato-to-linalg): one
/// iteration per value, which it stores (or adds) into the destination. The
/// CPU runs it in order; the GPU lowering runs the iterations in parallel.
inline constexpr llvm::StringLiteral kScatterLoopAttr = "legato.scatter";

/// Marks an argument of an entry function that receives one of its results:
/// a buffer the caller allocated for this call alone, so it shares no
/// element with any other argument (legato-buffer-interface sets it; the
/// engine allocates every result, also on each rank of a distributed run).
inline constexpr llvm::StringLiteral kOutputArgAttr = "legato.output";

/// Names where each rank's part of an argument or result of a global
/// program lies (legato-partition): a DenseI64ArrayAttr holding, per rank,
/// the low corner then the (exclusive) high corner of its box.
inline constexpr llvm::StringLiteral kBoxesAttr = "legato.boxes";

/// Marks the calls of segments and the collectives of one rank's program
/// outlined by legato-outline-segments: the level (an integer) of each; the
/// collectives of a level run after its segment, as a group.
inline constexpr llvm::StringLiteral kSegmentAttr = "legato.segment";

/// Marks the call of a segment that legato-split-for-overlap split into
/// pieces of its output rows: an array of three entries, each the symbol of
/// a piece (the first rows, the interior, the last rows) or a unit
/// attribute (no such rows). The call keeps its callee, the whole segment;
/// the runtime runs the pieces instead.
inline constexpr llvm::StringLiteral kOverlapAttr = "legato.overlap";

/// Marks a 0-d result of a piece (kOverlapAttr) that holds the piece's
/// partial reduction over its rows: the combiner (a ReduceKind) of the
/// three pieces' partials.
inline constexpr llvm::StringLiteral kPartialAttr = "legato.partial";

/// legato-split-reductions' own marks while its patterns run (removed at
/// its end): a reduction already split, and the rows of a reduction peeled
/// off a split.
inline constexpr llvm::StringLiteral kSplitAttr = "legato.split";
inline constexpr llvm::StringLiteral kPeeledAttr = "legato.peeled";

/// The epilogue (kEpilogueAttr) of `reduction`, or null.
linalg::GenericOp epilogueOf(Operation *reduction);

} // namespace mlir::legato

#endif // LEGATO_DIALECT_LEGATO_IR_MARKERS_H
