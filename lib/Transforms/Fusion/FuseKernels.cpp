//===- FuseKernels.cpp - producer/consumer and sibling fusion into kernels ===//
//
// Two mechanisms:
//  * upstream elementwise fusion for single-use producers (slices and
//    transposes compose into the consumer's maps; a producer broadcast into
//    its consumer is fused only when cheap, as its work would be repeated), for
//    an elementwise producer that a reduction reads (recomputed in each user,
//    when that reads no more memory than its result would), and
//    for cheap generators (splat constants, iota, scalar arithmetic) and pure
//    data movement (a roll, a transpose), copied into every consumer;
//  * `mergeGenerics`, which joins two all-parallel generics over the same
//    iteration space into one multi-result kernel: a producer whose value is
//    also needed elsewhere (a program output, another consumer) is computed
//    once and yielded, siblings reading the same inputs read them once, and
//    constant fills (the borders of every `pad` in a loop) share one kernel.
// Upstream fusion of a multi-use producer would instead copy its body into
// every consumer, which blows up exponentially on DAGs like Black-Scholes.
// A slice that is a result and read by a kernel over its shape is written
// by that kernel (`WriteResultSliceInItsReader`), not copied by its own.
//
//===----------------------------------------------------------------------===//
#include "Transforms/Passes.h"
#include "Transforms/Fusion/MergeGenerics.h"
#include "Dialect/Legato/IR/Markers.h"
#include "Transforms/Fusion/SliceChains.h"
#include "Analysis/SweepTiles.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
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

/// `op` when it is an elementwise generic of at most `maxOps` body ops that
/// computes a pure function of its inputs, which a consumer can recompute;
/// null otherwise. (A kernel that reads its output, an accumulator, would
/// read the consumer's there.)
linalg::GenericOp asRecomputable(Operation *op, size_t maxOps) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  if (!generic || generic.getBody()->getOperations().size() > maxOps ||
      generic.getNumReductionLoops() != 0)
    return {};
  for (OpOperand &init : generic.getDpsInitsMutable())
    if (generic.payloadUsesValueFromOperand(&init))
      return {};
  return generic;
}

/// A generic that computes little from no data (a splat constant, an iota)
/// or from scalars only (CG's alpha = rs / dot): recomputing it in every
/// consumer is cheaper than storing it and launching it on its own.
bool isCheapGenerator(Operation *op) {
  linalg::GenericOp generic = asRecomputable(op, /*maxOps=*/8);
  return generic && llvm::all_of(generic.getDpsInputs(), [](Value in) {
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

/// Whether every loop dim indexes the operand `map` reads: it is read at as
/// many points as the loops run, not broadcast.
bool usesEveryDim(AffineMap map) {
  for (unsigned d = 0; d < map.getNumDims(); ++d)
    if (!map.isFunctionOfDim(d))
      return false;
  return true;
}

/// Whether the consumer of `operand` loops over dims that do not index it (a
/// broadcast, such as the vector of a matrix-vector product): fused there,
/// the producer's work would be repeated at every point of those dims.
bool isBroadcastInto(OpOperand *operand) {
  auto consumer = dyn_cast<linalg::LinalgOp>(operand->getOwner());
  return consumer && !usesEveryDim(consumer.getMatchingIndexingMap(operand));
}

/// Whether `v` is built only of constants: an empty tensor, constant fills
/// inserted into one (the borders of a pad).
bool isConstantBorder(Value v) {
  if (v.getDefiningOp<tensor::EmptyOp>())
    return true;
  auto insert = v.getDefiningOp<tensor::InsertSliceOp>();
  auto fill = insert ? insert.getSource().getDefiningOp<linalg::GenericOp>() : nullptr;
  return fill && isConstantFill(fill) && isConstantBorder(insert.getDest());
}

/// The array whose elements `v` holds: through slices, and through the
/// insertion of an array into constant borders (a pad's interior).
Value sourceArray(Value v) {
  while (true) {
    if (auto slice = v.getDefiningOp<tensor::ExtractSliceOp>())
      v = slice.getSource();
    else if (auto insert = v.getDefiningOp<tensor::InsertSliceOp>();
             insert && isConstantBorder(insert.getDest()))
      v = insert.getSource();
    else
      return v;
  }
}

/// An elementwise generic that a reduction reads, so that its other users
/// cannot share its kernel, as Jacobi's `R = A - diag(d)` (read by every
/// matvec) or CG's `ap = laplacian(p)` (`p · ap` must be complete before
/// `r - alpha * ap`): it is recomputed inside each user instead of stored.
/// That costs a user what reading the result would: the generic reads one
/// array (at several offsets for a stencil, whose neighbours come from
/// cache), and its other operands are broadcasts of fewer dims. It is a few
/// arithmetic ops per element, hidden behind the memory traffic (R's body
/// is 9 ops, with its diagonal test; no math functions, which cost more).
bool isRecomputedInUsers(Operation *op) {
  linalg::GenericOp generic = asRecomputable(op, /*maxOps=*/16);
  if (!generic || generic.getNumResults() != 1 || !generic.hasPureTensorSemantics() ||
      !llvm::all_of(generic.getBody()->getOperations(), [](Operation &inner) {
        return isa<arith::ArithDialect>(inner.getDialect()) ||
               isa<linalg::IndexOp, linalg::YieldOp>(inner);
      }))
    return false;
  Value source;
  for (OpOperand *in : generic.getDpsInputOperands()) {
    if (!usesEveryDim(generic.getMatchingIndexingMap(in)))
      continue;
    if (source && sourceArray(in->get()) != source)
      return false;
    source = sourceArray(in->get());
  }
  bool readByReduction = false;
  for (OpOperand &use : generic->getUses()) {
    auto user = dyn_cast<linalg::GenericOp>(use.getOwner());
    if (!user || !user.isDpsInput(&use) || isBroadcastInto(&use))
      return false;
    readByReduction |= user.getNumReductionLoops() != 0;
  }
  return readByReduction;
}

/// Whether fusing the producer of `operand` into its consumer, a reduction,
/// would leave the fused kernel no input that spans the loops
/// (`sum(arange(n))`: the reduction reads only the generator, which reads
/// nothing), so that an output of the producer has to stay to span them. That
/// output, indexed by the reduced dims, would be written at every point of
/// the reduction, which no reduction kernel on the GPU does. Kept apart, the
/// generator's kernel computes the reduction instead
/// (legato-fuse-reductions, legato-convert-linalg-to-gpu).
bool needsProducerToSpanLoops(OpOperand *operand) {
  auto consumer = dyn_cast<linalg::GenericOp>(operand->getOwner());
  auto producer = operand->get().getDefiningOp<linalg::GenericOp>();
  if (!consumer || !producer || consumer.getNumReductionLoops() == 0)
    return false;
  AffineMap producerResult = producer.getIndexingMapMatchingResult(cast<OpResult>(operand->get()));
  if (!producerResult.isPermutation())
    return false; // upstream fusion declines it anyway
  // The maps of the fused kernel's operands, as upstream fusion makes them.
  AffineMap toConsumer = inversePermutation(producerResult)
                             .compose(consumer.getMatchingIndexingMap(operand));
  // The consumer's inputs count, and its outputs of the reduction (indexed
  // by parallel dims only: a scan's masked reduction reads its input along
  // the reduced dim, and writes along the other), but no output indexed by
  // a reduced dim: one kept for another user (an op that fusion has left
  // dead but not erased yet) spans the loops until it goes.
  SmallVector<unsigned> reduced;
  consumer.getReductionDims(reduced);
  SmallVector<AffineMap> maps;
  for (OpOperand &other : consumer->getOpOperands()) {
    AffineMap map = consumer.getMatchingIndexingMap(&other);
    bool keptOutput = consumer.isDpsInit(&other) &&
                      llvm::any_of(reduced, [&](unsigned d) { return map.isFunctionOfDim(d); });
    if (&other != operand && !keptOutput)
      maps.push_back(map);
  }
  for (OpOperand *in : producer.getDpsInputOperands())
    maps.push_back(producer.getMatchingIndexingMap(in).compose(toConsumer));
  return maps.empty() || !inversePermutation(concatAffineMaps(maps, consumer.getContext()));
}

bool fuseIntoConsumer(OpOperand *operand) {
  Operation *producer = operand->get().getDefiningOp();
  return producer &&
         ((producer->hasOneUse() && !isBroadcastInto(operand)) || isCheapGenerator(producer) ||
          isDataMovement(producer) || isRecomputedInUsers(producer)) &&
         !needsProducerToSpanLoops(operand);
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
        // Only a fill over the same iteration space can merge: moving
        // destinations for any other would move them back and forth among
        // fills of several shapes (a pad's borders) without end.
        if (!fill || !isConstantFill(fill) ||
            legato::staticLoopRanges(fill) != legato::staticLoopRanges(op))
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

/// A slice that is a result of the program and an input of a kernel over
/// its shape (eager mode's `a[1:] + a[:-1]` while the user holds the
/// slices): stored on its own it is copied by a kernel of its own, reading
/// it again. The reader writes it instead, beside its own results.
struct WriteResultSliceInItsReader : OpRewritePattern<tensor::ExtractSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::ExtractSliceOp slice,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = slice.getType();
    auto isResult = [](OpOperand &use) { return isa<func::ReturnOp>(use.getOwner()); };
    if (!type.hasStaticShape() || type.getRank() == 0 ||
        llvm::none_of(slice->getUses(), isResult))
      return rewriter.notifyMatchFailure(slice, "not a static result");
    linalg::GenericOp reader;
    for (OpOperand &use : slice->getUses()) {
      auto user = dyn_cast<linalg::GenericOp>(use.getOwner());
      if (user && user.isDpsInput(&use) && isMergeable(user) &&
          !user->hasAttr(legato::kSweepTileAttr) &&
          user.getMatchingIndexingMap(&use).isIdentity() &&
          legato::staticLoopRanges(user) == SmallVector<int64_t>(type.getShape())) {
        reader = user;
        break;
      }
    }
    if (!reader)
      return rewriter.notifyMatchFailure(slice, "no kernel over its shape reads it");
    // A kernel that only copies it, merged at once with the reader (alone,
    // canonicalization would fold the copy away again; the merge fails only
    // where no insertion point dominates the users, which the checks above
    // rule out, and is then undone).
    rewriter.setInsertionPointAfter(slice);
    Value init = tensor::EmptyOp::create(rewriter, slice.getLoc(), type.getShape(),
                                         type.getElementType());
    AffineMap id = rewriter.getMultiDimIdentityMap(type.getRank());
    auto copy = linalg::GenericOp::create(
        rewriter, slice.getLoc(), TypeRange{type}, ValueRange{slice.getResult()},
        ValueRange{init}, ArrayRef<AffineMap>{id, id},
        SmallVector<utils::IteratorType>(type.getRank(), utils::IteratorType::parallel),
        [](OpBuilder &b, Location loc, ValueRange args) {
          linalg::YieldOp::create(b, loc, args[0]);
        });
    rewriter.replaceUsesWithIf(slice.getResult(), copy.getResult(0), isResult);
    if (succeeded(mergeGenerics(rewriter, copy, reader)))
      return success();
    rewriter.replaceOp(copy, slice.getResult());
    rewriter.eraseOp(init.getDefiningOp());
    return rewriter.notifyMatchFailure(slice, "the reader cannot write it");
  }
};

struct LegatoFuseKernelsPass
    : legato::impl::LegatoFuseKernelsPassBase<LegatoFuseKernelsPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    linalg::populateElementwiseOpsFusionPatterns(patterns, fuseIntoConsumer);
    patterns.add<MergeGenerics>(ctx, /*benefit=*/0);
    patterns.add<WriteResultSliceInItsReader>(ctx);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, ctx);
    tensor::EmptyOp::getCanonicalizationPatterns(patterns, ctx);
    legato::populateSliceChainPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
