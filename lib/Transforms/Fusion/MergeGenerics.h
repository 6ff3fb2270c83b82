//===- MergeGenerics.h - two generics over one iteration space as one ===//
#ifndef LEGATO_TRANSFORMS_FUSION_MERGEGENERICS_H
#define LEGATO_TRANSFORMS_FUSION_MERGEGENERICS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::legato {

/// op.getStaticLoopRanges(), cheaply where an output is written through an
/// identity map and has a static shape (its shape is the loop ranges): the
/// general inversion of every operand's map is most of the fusion passes'
/// time on programs of many wide kernels.
SmallVector<int64_t> staticLoopRanges(linalg::GenericOp op);

/// All-parallel, identity outputs, static loop ranges: the kernels that can
/// share one loop nest (on tensors, or on buffers).
bool isMergeable(linalg::GenericOp op);

/// Joins `first` and `second` (first earlier in the block, same static loop
/// ranges) into one generic yielding both results; `second` may read
/// `first`'s elementwise results through identity maps. Both must be
/// all-parallel (isMergeable), unless `reductions` is set: then either may
/// also reduce, with the same iterator types when both do; the merged
/// kernel writes the elementwise values and accumulates the reductions in
/// one loop nest. Fails when no insertion point respects dominance. On
/// buffers, the caller checks that the two may run as one loop nest at
/// `second` (nothing between them, nor either kernel, touches what the other
/// writes). The kernels of a tiled pair of sweeps (kSweepTileAttr) are not
/// merged.
FailureOr<linalg::GenericOp> mergeGenerics(RewriterBase &rewriter, linalg::GenericOp first,
                                           linalg::GenericOp second, bool reductions = false);

/// Merges `op` (see mergeGenerics) with a generic that produces one of its
/// inputs and that `mayMergeProducer` accepts, else with another generic
/// of its block that reads one of the same inputs (read once, then).
LogicalResult mergeWithProducerOrSibling(RewriterBase &rewriter, linalg::GenericOp op,
                                         bool reductions,
                                         function_ref<bool(linalg::GenericOp)> mayMergeProducer);

} // namespace mlir::legato

#endif // LEGATO_TRANSFORMS_FUSION_MERGEGENERICS_H
