//===- SplitReductions.cpp - reductions as parallel partials + a combine --===//
//
// A reduction to a few values (sum(r * r) in CG) would run as one sequential
// loop: one thread, and a dependency chain of additions. Splitting its
// outermost reduced dimension into P chunks gives P partial results computed
// by a parallel loop, then a short combine over P. P depends only on the
// shape, never on the thread count, so results do not change with
// LEGATO_THREADS (and the summation is more accurate than one long chain).
// An extent with no divisor to split by (a prime number of rows) is first
// cut into a multiple of P and a short tail reduced after it.
//
//===----------------------------------------------------------------------===//
#include "Transforms/Passes.h"
#include "Dialect/Legato/IR/Markers.h"
#include "Analysis/ReductionChunks.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOSPLITREDUCTIONSPASS
#include "Transforms/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;

namespace {


/// The operand map with dims shifted by one (room for the chunk dim 0) and
/// `split` becoming the pair (chunk, split + 1); null when `split` appears
/// other than as a plain result.
struct SplitMap {
  AffineMap map;
  SmallVector<ReassociationIndices> groups; // expand_shape of the operand
  SmallVector<int64_t> shape;              // its expanded shape
  bool expands = false;
};
std::optional<SplitMap> splitMap(AffineMap map, ArrayRef<int64_t> shape, unsigned split,
                                 int64_t chunks) {
  MLIRContext *ctx = map.getContext();
  SplitMap out;
  SmallVector<AffineExpr> results;
  for (auto [pos, expr] : llvm::enumerate(map.getResults())) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (dim && dim.getPosition() == split) {
      int64_t first = results.size();
      results.push_back(getAffineDimExpr(0, ctx));
      results.push_back(getAffineDimExpr(split + 1, ctx));
      out.groups.push_back({first, first + 1});
      out.shape.push_back(chunks);
      out.shape.push_back(shape[pos] / chunks);
      out.expands = true;
      continue;
    }
    if (expr.isFunctionOfDim(split))
      return std::nullopt;
    results.push_back(expr.shiftDims(map.getNumDims(), 1));
    out.groups.push_back({int64_t(results.size()) - 1});
    out.shape.push_back(shape[pos]);
  }
  out.map = AffineMap::get(map.getNumDims() + 1, 0, results, ctx);
  return out;
}

/// `value` reshaped as `splitMap` reshaped its operand (as it is when not).
Value expandForSplit(PatternRewriter &rewriter, Location loc, Value value,
                     const SplitMap &m) {
  if (!m.expands)
    return value;
  auto type = cast<RankedTensorType>(value.getType());
  return tensor::ExpandShapeOp::create(
      rewriter, loc, RankedTensorType::get(m.shape, type.getElementType()), value, m.groups);
}

/// `map` in the split iteration space without reshaping its operand: the
/// split dimension becomes chunk * chunkSize + position. An output written
/// this way stays in the buffer it was destined for (a reshaped one would
/// be a new tensor, copied into place after bufferization).
AffineMap flatSplitMap(AffineMap map, unsigned split, int64_t chunkSize) {
  MLIRContext *ctx = map.getContext();
  SmallVector<AffineExpr> results;
  for (AffineExpr expr : map.getResults())
    results.push_back(expr.shiftDims(map.getNumDims(), 1)
                          .replace(getAffineDimExpr(split + 1, ctx),
                                   getAffineDimExpr(0, ctx) * chunkSize +
                                       getAffineDimExpr(split + 1, ctx)));
  return AffineMap::get(map.getNumDims() + 1, 0, results, ctx);
}

/// partial[chunk, ...] = the reduction over one chunk of the outermost
/// reduced dimension; result = the combination of the partials into the
/// original output. A kernel that also writes elementwise values (a
/// reduction fused into its producer) writes them through the same split.
struct SplitReduction : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  /// How one output of the split kernel is written.
  struct Output {
    OpOperand *init;
    Operation *combiner = nullptr; // null: an elementwise output
    /// An elementwise output reshaped like the inputs (when only outputs
    /// define some loop's extent); none: written through a flat map.
    std::optional<SplitMap> reshaped;
  };

  /// What the rewrite builds, decided before any IR is created.
  struct Plan {
    unsigned split;            // the reduced dim cut into chunks
    int64_t chunks, chunkSize;
    SmallVector<SplitMap> inputs;
    SmallVector<Output> outputs;
    SmallVector<AffineMap> maps; // of the partial kernel: inputs, then outputs
  };

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<Plan> plan = planSplit(op, rewriter);
    if (failed(plan))
      return failure();
    linalg::GenericOp partial = buildPartialKernel(op, *plan, rewriter);
    rewriter.setInsertionPointAfter(partial);
    SmallVector<Value> results;
    for (auto [out, value] : llvm::zip(plan->outputs, partial.getResults()))
      results.push_back(out.combiner ? combinePartials(op.getLoc(), out, value, rewriter)
                        : out.reshaped
                            ? Value(tensor::CollapseShapeOp::create(
                                  rewriter, op.getLoc(), out.init->get().getType(), value,
                                  out.reshaped->groups))
                            : Value(value));
    rewriter.replaceOp(op, results);
    return success();
  }

  /// The split of `op`'s outermost reduced dim into legato::reductionChunks
  /// chunks, or a match failure saying why there is none.
  FailureOr<Plan> planSplit(linalg::GenericOp op, PatternRewriter &rewriter) const {
    if (op->hasAttr(legato::kSplitAttr))
      return rewriter.notifyMatchFailure(op, "already split");
    Plan plan;
    plan.chunks = legato::reductionChunks(op);
    if (plan.chunks <= 1)
      return rewriter.notifyMatchFailure(op, "enough parallelism, or no divisor");
    SmallVector<unsigned> reductionDims;
    op.getReductionDims(reductionDims);
    plan.split = reductionDims.front();
    plan.chunkSize = op.getStaticLoopRanges()[plan.split] / plan.chunks;

    for (OpOperand &init : op.getDpsInitsMutable()) {
      if (!op.getMatchingIndexingMap(&init).isFunctionOfDim(plan.split)) {
        Operation *combiner =
            legato::singleCombiner(op, init.getOperandNumber() - op.getNumDpsInputs());
        if (!combiner)
          return rewriter.notifyMatchFailure(op, "not a single-combiner reduction");
        plan.outputs.push_back({&init, combiner, std::nullopt});
        continue;
      }
      if (op.payloadUsesValueFromOperand(&init))
        return rewriter.notifyMatchFailure(op, "an output that is neither reduced nor written");
      plan.outputs.push_back({&init, nullptr, std::nullopt});
    }
    if (llvm::none_of(plan.outputs, [](const Output &o) { return o.combiner; }))
      return rewriter.notifyMatchFailure(op, "nothing reduced");

    auto shapeOf = [](Value v) { return cast<RankedTensorType>(v.getType()).getShape(); };
    for (OpOperand *in : op.getDpsInputOperands()) {
      std::optional<SplitMap> m = splitMap(op.getMatchingIndexingMap(in), shapeOf(in->get()),
                                           plan.split, plan.chunks);
      if (!m)
        return rewriter.notifyMatchFailure(op, "reduced dim inside an expression");
      plan.inputs.push_back(*m);
      plan.maps.push_back(m->map);
    }
    // Elementwise outputs are written in place through flat maps, unless
    // only they define some loop's extent (a generator with no inputs):
    // then they are reshaped like the inputs.
    for (const Output &out : plan.outputs)
      plan.maps.push_back(out.combiner
                              ? partialMap(op.getMatchingIndexingMap(out.init))
                              : flatSplitMap(op.getMatchingIndexingMap(out.init), plan.split,
                                             plan.chunkSize));
    if (!inversePermutation(concatAffineMaps(plan.maps, getContext()))) {
      for (size_t i = 0; i < plan.outputs.size(); ++i) {
        Output &out = plan.outputs[i];
        if (out.combiner)
          continue;
        out.reshaped = splitMap(op.getMatchingIndexingMap(out.init), shapeOf(out.init->get()),
                                plan.split, plan.chunks);
        if (!out.reshaped)
          return rewriter.notifyMatchFailure(op, "an output that cannot be split");
        plan.maps[plan.inputs.size() + i] = out.reshaped->map;
      }
    }
    return plan;
  }

  /// The map of a reduced output in the split space: its partials, one row
  /// per chunk (dim 0).
  AffineMap partialMap(AffineMap outMap) const {
    SmallVector<AffineExpr> results{getAffineDimExpr(0, getContext())};
    for (AffineExpr e : outMap.getResults())
      results.push_back(e.shiftDims(outMap.getNumDims(), 1));
    return AffineMap::get(outMap.getNumDims() + 1, 0, results, getContext());
  }

  /// partial[chunk, ...]: `op`'s body over the split space, its reduced
  /// outputs starting from their combiner's neutral element.
  linalg::GenericOp buildPartialKernel(linalg::GenericOp op, const Plan &plan,
                                       PatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    SmallVector<Value> inputs, inits;
    for (auto [in, m] : llvm::zip(op.getDpsInputs(), plan.inputs))
      inputs.push_back(expandForSplit(rewriter, loc, in, m));
    for (const Output &out : plan.outputs) {
      if (!out.combiner) {
        inits.push_back(out.reshaped ? expandForSplit(rewriter, loc, out.init->get(), *out.reshaped)
                                     : out.init->get());
        continue;
      }
      auto initType = cast<RankedTensorType>(out.init->get().getType());
      SmallVector<int64_t> partialShape{plan.chunks};
      llvm::append_range(partialShape, initType.getShape());
      Value neutral = arith::ConstantOp::create(
          rewriter, loc, *arith::getNeutralElement(out.combiner));
      Value empty =
          tensor::EmptyOp::create(rewriter, loc, partialShape, initType.getElementType());
      inits.push_back(linalg::FillOp::create(rewriter, loc, neutral, empty).getResult(0));
    }
    SmallVector<utils::IteratorType> iterators{utils::IteratorType::parallel};
    llvm::append_range(iterators, op.getIteratorTypesArray());
    auto partial = linalg::GenericOp::create(rewriter, loc, ValueRange(inits).getTypes(),
                                             inputs, inits, plan.maps, iterators);
    rewriter.inlineRegionBefore(op.getRegion(), partial.getRegion(), partial.getRegion().end());
    partial->setAttr(legato::kSplitAttr, rewriter.getUnitAttr());
    // The body's loop indices, in the split space: every dim moves up one
    // (the chunk is dim 0) and the split one is chunk * chunkSize + position.
    for (linalg::IndexOp index :
         llvm::to_vector(partial.getRegion().front().getOps<linalg::IndexOp>())) {
      rewriter.setInsertionPoint(index);
      uint64_t dim = index.getDim();
      Value shifted = linalg::IndexOp::create(rewriter, loc, dim + 1);
      if (dim == plan.split) {
        Value chunk = linalg::IndexOp::create(rewriter, loc, 0);
        Value size = arith::ConstantIndexOp::create(rewriter, loc, plan.chunkSize);
        shifted = arith::AddIOp::create(
            rewriter, loc, arith::MulIOp::create(rewriter, loc, chunk, size), shifted);
      }
      rewriter.replaceOp(index, shifted);
    }
    return partial;
  }

  /// result[...] = the combination over chunks of partial[chunk, ...], into
  /// the original output (kCombineAttr: a short loop kernel counts take as
  /// part of the reduction).
  Value combinePartials(Location loc, const Output &out, Value partial,
                        PatternRewriter &rewriter) const {
    auto initType = cast<RankedTensorType>(out.init->get().getType());
    int64_t rank = initType.getRank();
    SmallVector<AffineExpr> chunkFirst{rewriter.getAffineDimExpr(rank)}, resultDims;
    for (int64_t i = 0; i < rank; ++i) {
      chunkFirst.push_back(rewriter.getAffineDimExpr(i));
      resultDims.push_back(rewriter.getAffineDimExpr(i));
    }
    SmallVector<AffineMap> combineMaps{AffineMap::get(rank + 1, 0, chunkFirst, getContext()),
                                       AffineMap::get(rank + 1, 0, resultDims, getContext())};
    SmallVector<utils::IteratorType> combineIterators(rank, utils::IteratorType::parallel);
    combineIterators.push_back(utils::IteratorType::reduction);
    Operation *combiner = out.combiner;
    auto combine = linalg::GenericOp::create(
        rewriter, loc, TypeRange{initType}, partial, ValueRange{out.init->get()}, combineMaps,
        combineIterators, [&](OpBuilder &b, Location l, ValueRange args) {
          IRMapping mapping;
          mapping.map(combiner->getOperands(), args);
          Operation *c = b.clone(*combiner, mapping);
          // Operand order does not matter: every combiner here commutes.
          linalg::YieldOp::create(b, l, c->getResults());
        });
    combine->setAttr(legato::kSplitAttr, rewriter.getUnitAttr());
    combine->setAttr(legato::kCombineAttr, rewriter.getUnitAttr());
    return combine.getResult(0);
  }
};

/// A reduction whose outermost reduced extent has no divisor to split it
/// by (a prime number of rows: a rank's block and the rows its stencils
/// need, a user's array) would run on one thread. It is cut along that
/// dimension into the largest multiple of the chunk count it asks for,
/// which SplitReduction then splits, and the few rows left, which are
/// reduced after it into the same result: one short kernel more.
struct PeelReductionRemainder : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (op->hasAttr(legato::kPeeledAttr) || op->hasAttr(legato::kSplitAttr))
      return rewriter.notifyMatchFailure(op, "already cut");
    int64_t wanted = legato::wantedReductionChunks(op);
    if (wanted <= 1 || legato::reductionChunks(op) > 1)
      return rewriter.notifyMatchFailure(op, "no chunks wanted, or a divisor exists");
    SmallVector<unsigned> reductionDims;
    op.getReductionDims(reductionDims);
    unsigned split = reductionDims.front();
    int64_t extent = op.getStaticLoopRanges()[split];
    int64_t main = extent / wanted * wanted;
    if (main == 0 || main == extent)
      return rewriter.notifyMatchFailure(op, "nothing to peel");
    // Only reductions (every output independent of the cut dimension), read
    // through plain dimensions, with no loop index in the body.
    for (OpOperand &init : op.getDpsInitsMutable())
      if (op.getMatchingIndexingMap(&init).isFunctionOfDim(split))
        return rewriter.notifyMatchFailure(op, "an elementwise output");
    if (!op.getBody()->getOps<linalg::IndexOp>().empty())
      return rewriter.notifyMatchFailure(op, "reads a loop index");
    for (OpOperand *in : op.getDpsInputOperands())
      for (AffineExpr e : op.getMatchingIndexingMap(in).getResults())
        if (e.isFunctionOfDim(split) && !isa<AffineDimExpr>(e))
          return rewriter.notifyMatchFailure(op, "the cut dimension inside an expression");

    Location loc = op.getLoc();
    // `op`'s inputs restricted to [lo, lo + size) along the cut dimension.
    auto part = [&](int64_t lo, int64_t size) {
      SmallVector<Value> inputs;
      for (OpOperand *in : op.getDpsInputOperands()) {
        AffineMap map = op.getMatchingIndexingMap(in);
        auto type = cast<RankedTensorType>(in->get().getType());
        SmallVector<OpFoldResult> offsets, sizes, strides;
        bool cut = false;
        for (auto [pos, e] : llvm::enumerate(map.getResults())) {
          bool isSplit = e.isFunctionOfDim(split);
          cut |= isSplit;
          offsets.push_back(rewriter.getIndexAttr(isSplit ? lo : 0));
          sizes.push_back(rewriter.getIndexAttr(isSplit ? size : type.getDimSize(pos)));
          strides.push_back(rewriter.getIndexAttr(1));
        }
        inputs.push_back(cut ? Value(tensor::ExtractSliceOp::create(rewriter, loc, in->get(),
                                                                     offsets, sizes, strides))
                             : in->get());
      }
      return inputs;
    };
    auto reduce = [&](ValueRange inputs, ValueRange inits) {
      auto piece = linalg::GenericOp::create(rewriter, loc, op.getResultTypes(), inputs, inits,
                                             op.getIndexingMapsArray(),
                                             op.getIteratorTypesArray());
      IRMapping mapping;
      rewriter.cloneRegionBefore(op.getRegion(), piece.getRegion(), piece.getRegion().begin(),
                                 mapping);
      piece->setAttr(legato::kPeeledAttr, rewriter.getUnitAttr());
      return piece;
    };
    auto head = reduce(part(0, main), op.getDpsInits());
    auto tail = reduce(part(main, extent - main), head.getResults());
    rewriter.replaceOp(op, tail.getResults());
    return success();
  }
};

struct LegatoSplitReductionsPass
    : legato::impl::LegatoSplitReductionsPassBase<LegatoSplitReductionsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<SplitReduction, PeelReductionRemainder>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
    getOperation().walk([](linalg::GenericOp op) {
      op->removeAttr(legato::kSplitAttr);
      op->removeAttr(legato::kPeeledAttr);
    });
  }
};

} // namespace

