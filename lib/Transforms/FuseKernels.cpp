//===- FuseKernels.cpp - producer/consumer and sibling fusion into kernels --===//
//
// Two mechanisms:
//  * upstream elementwise fusion for single-use producers (any indexing map:
//    broadcasts, slices and transposes compose into the consumer's maps), and
//    for cheap generators (splat constants, iota, scalar arithmetic) and pure
//    data movement (a roll, a transpose), copied into every consumer;
//  * `mergeGenerics`, which joins two all-parallel generics over the same
//    iteration space into one multi-result kernel: a producer whose value is
//    also needed elsewhere (a program output, another consumer) is computed
//    once and yielded, siblings reading the same inputs read them once, and
//    constant fills (the borders of every `pad` in a loop) share one kernel.
// Upstream fusion of a multi-use producer would instead copy its body into
// every consumer, which blows up exponentially on DAGs like Black-Scholes.
//
//===----------------------------------------------------------------------===//
#include "Transforms/MergeGenerics.h"
#include "Transforms/Passes.h"
#include "Transforms/SliceChains.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOFUSEKERNELSPASS
#include "Transforms/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;
using mlir::legato::isMergeable;
using mlir::legato::mergeGenerics;
using mlir::legato::mergeWithProducerOrSibling;

namespace {

/// A generic that computes little from no data (a splat constant, an iota)
/// or from scalars only (CG's alpha = rs / dot): recomputing it in every
/// consumer is cheaper than storing it and launching it on its own.
bool isCheapGenerator(Operation *op) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  constexpr size_t kMaxOps = 8;
  if (!generic || generic.getBody()->getOperations().size() > kMaxOps ||
      generic.getNumReductionLoops() != 0)
    return false;
  // A kernel that reads its output (an accumulator) is not a pure function
  // of its inputs: copied into a consumer, it would read the consumer's.
  for (OpOperand &init : generic.getDpsInitsMutable())
    if (generic.payloadUsesValueFromOperand(&init))
      return false;
  return llvm::all_of(generic.getDpsInputs(), [](Value in) {
    auto type = dyn_cast<RankedTensorType>(in.getType());
    return type && type.getRank() == 0;
  });
}

/// A generic that only moves data (its body yields an input element: a
/// broadcast, transpose, reversal or roll): every consumer can read the
/// input through the composed map instead, at no extra work.
bool isDataMovement(Operation *op) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  if (!generic || generic.getNumDpsInputs() != 1 || generic.getNumResults() != 1 ||
      generic.getNumReductionLoops() != 0 || !generic.hasPureTensorSemantics())
    return false;
  Block *body = generic.getBody();
  return body->getOperations().size() == 1 &&
         body->getTerminator()->getOperand(0) == body->getArgument(0);
}

/// A generic that writes constants and reads nothing (a border of `pad`):
/// all of them over one iteration space can share a kernel, wherever they
/// write.
bool isConstantFill(linalg::GenericOp op) {
  Block *body = op.getBody();
  return op.getNumDpsInputs() == 0 &&
         llvm::all_of(body->without_terminator(),
                      [](Operation &inner) { return matchPattern(&inner, m_Constant()); }) &&
         llvm::all_of(body->getTerminator()->getOperands(),
                      [](Value v) { return matchPattern(v, m_Constant()); });
}

bool fuseIntoConsumer(OpOperand *operand) {
  Operation *producer = operand->get().getDefiningOp();
  return producer &&
         (producer->hasOneUse() || isCheapGenerator(producer) || isDataMovement(producer));
}

/// Merges a generic with a producer it reads, with a sibling that reads one
/// of the same values, or, a constant fill, with an earlier one.
struct MergeGenerics : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!isMergeable(op))
      return rewriter.notifyMatchFailure(op, "not an all-parallel static kernel");
    if (succeeded(mergeWithProducerOrSibling(
            rewriter, op, /*reductions=*/false,
            [](linalg::GenericOp producer) { return !isCheapGenerator(producer); })))
      return success();
    if (isConstantFill(op))
      for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
        auto fill = dyn_cast<linalg::GenericOp>(prev);
        if (!fill || !isConstantFill(fill))
          continue;
        // The fill's destination (a tensor.empty of its own) can be created
        // earlier, where the merged kernel goes.
        bool moved = false;
        for (Value init : op.getDpsInits())
          if (auto empty = init.getDefiningOp<tensor::EmptyOp>();
              empty && empty->hasOneUse() && fill->isBeforeInBlock(empty)) {
            rewriter.moveOpBefore(empty, fill);
            moved = true;
          }
        if (succeeded(mergeGenerics(rewriter, fill, op)) || moved)
          return success();
      }
    return rewriter.notifyMatchFailure(op, "no producer or sibling to merge with");
  }
};

struct LegatoFuseKernelsPass
    : legato::impl::LegatoFuseKernelsPassBase<LegatoFuseKernelsPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    linalg::populateElementwiseOpsFusionPatterns(patterns, fuseIntoConsumer);
    patterns.add<MergeGenerics>(ctx, /*benefit=*/0);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, ctx);
    tensor::EmptyOp::getCanonicalizationPatterns(patterns, ctx);
    legato::populateSliceChainPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
