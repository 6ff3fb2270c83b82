//===- ReductionChunks.h - a reduction's combiner and its chunks ===//
#ifndef LEGATO_ANALYSIS_REDUCTIONCHUNKS_H
#define LEGATO_ANALYSIS_REDUCTIONCHUNKS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir::legato {

/// The one binary op that combines each value into output `output` of the
/// reduction `op` (`out = combine(out, value)`), when it has a neutral
/// element; null otherwise.
Operation *singleCombiner(linalg::GenericOp op, unsigned output = 0);

/// The number of chunks legato-split-reductions splits `op`'s outermost
/// reduced dimension into, or 1 when it leaves `op` alone (no reduction, a
/// dynamic shape, enough parallel iterations already, or no divisor).
int64_t reductionChunks(linalg::GenericOp op);

/// The chunk count a reduction's size asks for (before any divisor of its
/// outermost reduced extent is found), or 1 when it has parallelism enough
/// or too little work.
int64_t wantedReductionChunks(linalg::GenericOp op);

/// reductionChunks of a full reduction (every loop reduced) over `ranges`.
int64_t fullReductionChunks(ArrayRef<int64_t> ranges);

/// Whether `op`'s parallel dimensions alone give enough iterations to keep
/// the cores busy.
bool hasEnoughParallelism(linalg::GenericOp op);

} // namespace mlir::legato

#endif // LEGATO_ANALYSIS_REDUCTIONCHUNKS_H
