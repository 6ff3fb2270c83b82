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
//    once and yielded, and siblings reading the same inputs read them once.
// Upstream fusion of a multi-use producer would instead copy its body into
// every consumer, which blows up exponentially on DAGs like Black-Scholes.
//
//===----------------------------------------------------------------------===//
#include "Transforms/Passes.h"
#include "Transforms/SliceChains.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOFUSEKERNELSPASS
#include "Transforms/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;

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

bool fuseIntoConsumer(OpOperand *operand) {
  Operation *producer = operand->get().getDefiningOp();
  return producer &&
         (producer->hasOneUse() || isCheapGenerator(producer) || isDataMovement(producer));
}

/// All-parallel, identity outputs, static loop ranges: the kernels that can
/// share one loop nest.
bool isMergeable(linalg::GenericOp op) {
  if (op.getNumReductionLoops() != 0 || !op.hasPureTensorSemantics())
    return false;
  for (OpOperand &init : op.getDpsInitsMutable())
    if (!op.getMatchingIndexingMap(&init).isIdentity())
      return false;
  return llvm::none_of(op.getStaticLoopRanges(), ShapedType::isDynamic);
}

bool dominatesInBlock(Value v, Operation *op) {
  Operation *def = v.getDefiningOp();
  return !def || def->getBlock() != op->getBlock() || def->isBeforeInBlock(op);
}

/// Joins `first` and `second` (first earlier in the block) into one generic
/// yielding both results. `second` may read `first`'s results through
/// identity maps. Fails when no insertion point respects dominance.
FailureOr<linalg::GenericOp> mergeGenerics(RewriterBase &rewriter,
                                           linalg::GenericOp first,
                                           linalg::GenericOp second) {
  if (first == second || !isMergeable(first) || !isMergeable(second) ||
      first.getStaticLoopRanges() != second.getStaticLoopRanges() ||
      first->getBlock() != second->getBlock())
    return rewriter.notifyMatchFailure(second, "different iteration spaces");

  SmallVector<OpOperand *> secondInputs;
  for (OpOperand *in : second.getDpsInputOperands()) {
    if (in->get().getDefiningOp() == first) {
      if (!second.getMatchingIndexingMap(in).isIdentity())
        return rewriter.notifyMatchFailure(second, "reads the producer through a non-identity map");
      continue;
    }
    secondInputs.push_back(in);
  }

  // Where the merged kernel goes: at `second` if nothing before it needs
  // `first`'s results, else at `first` if `second`'s operands exist there.
  Operation *insertAt = nullptr;
  bool usersAfter = llvm::all_of(first->getUsers(), [&](Operation *user) {
    return user == second || second->isBeforeInBlock(user);
  });
  if (usersAfter) {
    insertAt = second;
  } else if (llvm::all_of(second->getOperands(), [&](Value v) {
               return v.getDefiningOp() == first || dominatesInBlock(v, first);
             })) {
    insertAt = first;
  } else {
    return rewriter.notifyMatchFailure(second, "no insertion point dominates all users");
  }

  SmallVector<Value> inputs, outputs;
  SmallVector<AffineMap> maps;
  for (OpOperand *in : first.getDpsInputOperands()) {
    inputs.push_back(in->get());
    maps.push_back(first.getMatchingIndexingMap(in));
  }
  for (OpOperand *in : secondInputs) {
    inputs.push_back(in->get());
    maps.push_back(second.getMatchingIndexingMap(in));
  }
  for (OpOperand &init : first.getDpsInitsMutable()) {
    outputs.push_back(init.get());
    maps.push_back(first.getMatchingIndexingMap(&init));
  }
  for (OpOperand &init : second.getDpsInitsMutable()) {
    outputs.push_back(init.get());
    maps.push_back(second.getMatchingIndexingMap(&init));
  }
  SmallVector<Type> resultTypes(first.getResultTypes());
  llvm::append_range(resultTypes, second.getResultTypes());

  rewriter.setInsertionPoint(insertAt);
  auto merged = linalg::GenericOp::create(rewriter, second.getLoc(), resultTypes, inputs,
                                          outputs, maps, first.getIteratorTypesArray());
  Block *body = rewriter.createBlock(&merged.getRegion());
  auto addArg = [&](Value operand) {
    return body->addArgument(getElementTypeOrSelf(operand.getType()), operand.getLoc());
  };
  IRMapping mapping;
  Block &firstBody = first.getRegion().front(), &secondBody = second.getRegion().front();
  for (OpOperand *in : first.getDpsInputOperands())
    mapping.map(firstBody.getArgument(in->getOperandNumber()), addArg(in->get()));
  SmallVector<std::pair<BlockArgument, Value>> secondArgs;
  for (OpOperand *in : secondInputs)
    mapping.map(secondBody.getArgument(in->getOperandNumber()), addArg(in->get()));
  for (OpOperand &init : first.getDpsInitsMutable())
    mapping.map(firstBody.getArgument(init.getOperandNumber()), addArg(init.get()));
  for (OpOperand &init : second.getDpsInitsMutable())
    mapping.map(secondBody.getArgument(init.getOperandNumber()), addArg(init.get()));

  rewriter.setInsertionPointToEnd(body);
  for (Operation &op : firstBody.without_terminator())
    rewriter.clone(op, mapping);
  SmallVector<Value> yields;
  for (Value v : firstBody.getTerminator()->getOperands())
    yields.push_back(mapping.lookupOrDefault(v));
  for (OpOperand *in : second.getDpsInputOperands())
    if (auto result = dyn_cast<OpResult>(in->get()); result && result.getOwner() == first)
      mapping.map(secondBody.getArgument(in->getOperandNumber()), yields[result.getResultNumber()]);
  for (Operation &op : secondBody.without_terminator())
    rewriter.clone(op, mapping);
  for (Value v : secondBody.getTerminator()->getOperands())
    yields.push_back(mapping.lookupOrDefault(v));
  linalg::YieldOp::create(rewriter, second.getLoc(), yields);

  unsigned n = first.getNumResults();
  rewriter.replaceOp(second, merged.getResults().drop_front(n));
  rewriter.replaceOp(first, merged.getResults().take_front(n));
  return merged;
}

/// Merges a generic with a producer it reads, or with an earlier sibling
/// that reads one of the same values.
struct MergeGenerics : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!isMergeable(op))
      return rewriter.notifyMatchFailure(op, "not an all-parallel static kernel");
    for (Value in : op.getDpsInputs())
      if (auto producer = in.getDefiningOp<linalg::GenericOp>())
        if (!isCheapGenerator(producer) && succeeded(mergeGenerics(rewriter, producer, op)))
          return success();
    for (Value in : op.getDpsInputs())
      for (Operation *user : in.getUsers()) {
        auto sibling = dyn_cast<linalg::GenericOp>(user);
        if (sibling && sibling != op && sibling->getBlock() == op->getBlock() &&
            sibling->isBeforeInBlock(op) && succeeded(mergeGenerics(rewriter, sibling, op)))
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
