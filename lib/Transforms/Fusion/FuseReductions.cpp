//===- FuseReductions.cpp - reductions inside their producers' kernels ----===//
//
// After legato-fuse-kernels, a reduction whose operand has other users (CG's
// `sum(p * ap)`: `ap` also updates `r`) is its own kernel, and reads again
// what the producer has just written. Here the two become one kernel that
// writes the elementwise values and accumulates in the same loop nest; a
// kernel reading the same inputs joins it, so they are read once.
//
// The merged kernel runs as the reduction's loop nest, so it must keep the
// elementwise kernel's parallelism: the parallel dimensions come first, and
// either they are many or legato-split-reductions splits the reduction into
// parallel chunks. The GPU has its own fusion of reductions (Conversion/LinalgToGPU/KernelFusion.cpp).
//
//===----------------------------------------------------------------------===//
#include "Transforms/Passes.h"
#include "Transforms/Fusion/MergeGenerics.h"
#include "Analysis/ReductionChunks.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOFUSEREDUCTIONSPASS
#include "Transforms/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;

namespace {

/// A reduction whose loop nest can host elementwise work without losing
/// parallelism.
bool canHostElementwiseWork(linalg::GenericOp op) {
  if (op.getNumReductionLoops() == 0 || !op.hasPureTensorSemantics() ||
      llvm::any_of(op.getStaticLoopRanges(), ShapedType::isDynamic))
    return false;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  auto firstReduction = llvm::find(iterators, utils::IteratorType::reduction);
  if (std::find(firstReduction, iterators.end(), utils::IteratorType::parallel) !=
      iterators.end())
    return false; // a parallel loop inside a reduced one
  return legato::hasEnoughParallelism(op) || legato::reductionChunks(op) > 1;
}

/// Merges a reduction with the elementwise kernel that produces one of its
/// operands, else with a kernel that reads one of the same inputs.
struct MergeIntoReduction : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!canHostElementwiseWork(op))
      return rewriter.notifyMatchFailure(op, "a reduction that would lose parallelism");
    if (succeeded(legato::mergeWithProducerOrSibling(rewriter, op, /*reductions=*/true,
                                                     [](linalg::GenericOp) { return true; })))
      return success();
    return rewriter.notifyMatchFailure(op, "no producer or sibling to merge with");
  }
};

struct LegatoFuseReductionsPass
    : legato::impl::LegatoFuseReductionsPassBase<LegatoFuseReductionsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<MergeIntoReduction>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
