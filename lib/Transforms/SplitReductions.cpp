//===- SplitReductions.cpp - reductions as parallel partials + a combine ----===//
//
// A reduction to a few values (sum(r * r) in CG) would run as one sequential
// loop: one thread, and a dependency chain of additions. Splitting its
// outermost reduced dimension into P chunks gives P partial results computed
// by a parallel loop, then a short combine over P. P depends only on the
// shape, never on the thread count, so results do not change with
// LEGATO_THREADS (and the summation is more accurate than one long chain).
//
//===----------------------------------------------------------------------===//
#include "Transforms/Passes.h"

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

// Enough independent chunks for any core count we target, each long enough
// to amortise its loop setup.
constexpr int64_t kMaxChunks = 64;
constexpr int64_t kMinChunkElements = 4096;
// Parallel iterations beyond which a reduction already has parallelism.
constexpr int64_t kEnoughParallelism = 64;

/// The largest divisor of `extent` that is at most `bound`.
int64_t largestDivisorAtMost(int64_t extent, int64_t bound) {
  for (int64_t d = std::min(extent, bound); d > 1; --d)
    if (extent % d == 0)
      return d;
  return 1;
}

/// The number of chunks to split `op`'s outermost reduced dimension into, or
/// 1 to leave it alone.
int64_t chooseChunks(linalg::GenericOp op) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (llvm::any_of(ranges, ShapedType::isDynamic) || op.getNumDpsInits() != 1 ||
      !op.hasPureTensorSemantics())
    return 1;
  SmallVector<unsigned> reductionDims;
  op.getReductionDims(reductionDims);
  if (reductionDims.empty())
    return 1;
  int64_t parallel = 1, reduced = 1;
  for (auto [dim, extent] : llvm::enumerate(ranges))
    (llvm::is_contained(reductionDims, unsigned(dim)) ? reduced : parallel) *= extent;
  if (parallel >= kEnoughParallelism)
    return 1;
  return largestDivisorAtMost(ranges[reductionDims.front()],
                              std::min(kMaxChunks, reduced / kMinChunkElements));
}

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

/// partial[chunk, ...] = the reduction over one chunk of the outermost
/// reduced dimension; result = the combination of the partials into the
/// original output.
struct SplitReduction : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (op->hasAttr(kSplitAttr))
      return rewriter.notifyMatchFailure(op, "already split");
    int64_t chunks = chooseChunks(op);
    if (chunks <= 1)
      return rewriter.notifyMatchFailure(op, "enough parallelism, or no divisor");
    SmallVector<Operation *> combiners;
    if (!matchReduction(op.getRegionOutputArgs(), 0, combiners) || combiners.size() != 1)
      return rewriter.notifyMatchFailure(op, "not a single-combiner reduction");
    Operation *combiner = combiners.front();
    std::optional<TypedAttr> neutral = arith::getNeutralElement(combiner);
    if (!neutral)
      return rewriter.notifyMatchFailure(op, "combiner without a neutral element");
    SmallVector<unsigned> reductionDims;
    op.getReductionDims(reductionDims);
    unsigned split = reductionDims.front();
    Location loc = op.getLoc();

    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    for (OpOperand *in : op.getDpsInputOperands()) {
      auto type = cast<RankedTensorType>(in->get().getType());
      std::optional<SplitMap> m =
          splitMap(op.getMatchingIndexingMap(in), type.getShape(), split, chunks);
      if (!m)
        return rewriter.notifyMatchFailure(op, "reduced dim inside an expression");
      Value value = in->get();
      if (m->expands)
        value = tensor::ExpandShapeOp::create(
            rewriter, loc, RankedTensorType::get(m->shape, type.getElementType()), value,
            m->groups);
      inputs.push_back(value);
      maps.push_back(m->map);
    }
    OpOperand *init = op.getDpsInitOperand(0);
    auto initType = cast<RankedTensorType>(init->get().getType());
    AffineMap outMap = op.getMatchingIndexingMap(init);
    SmallVector<AffineExpr> partialResults{rewriter.getAffineDimExpr(0)};
    for (AffineExpr e : outMap.getResults())
      partialResults.push_back(e.shiftDims(outMap.getNumDims(), 1));
    maps.push_back(AffineMap::get(outMap.getNumDims() + 1, 0, partialResults, getContext()));
    SmallVector<int64_t> partialShape{chunks};
    llvm::append_range(partialShape, initType.getShape());
    Value partialInit = linalg::FillOp::create(
                            rewriter, loc,
                            arith::ConstantOp::create(rewriter, loc, *neutral).getResult(),
                            tensor::EmptyOp::create(rewriter, loc, partialShape,
                                                    initType.getElementType())
                                .getResult())
                            .getResult(0);
    SmallVector<utils::IteratorType> iterators{utils::IteratorType::parallel};
    llvm::append_range(iterators, op.getIteratorTypesArray());
    auto partial = linalg::GenericOp::create(rewriter, loc, TypeRange{partialInit.getType()},
                                             inputs, ValueRange{partialInit}, maps, iterators);
    rewriter.inlineRegionBefore(op.getRegion(), partial.getRegion(), partial.getRegion().end());

    // result[...] = combine over chunks of partial[chunk, ...].
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
    auto combine = linalg::GenericOp::create(
        rewriter, loc, TypeRange{initType}, partial.getResults(), ValueRange{init->get()},
        combineMaps, combineIterators, [&](OpBuilder &b, Location l, ValueRange args) {
          IRMapping mapping;
          mapping.map(combiner->getOperands(), args);
          Operation *c = b.clone(*combiner, mapping);
          // Operand order does not matter: every combiner here commutes.
          linalg::YieldOp::create(b, l, c->getResults());
        });
    rewriter.replaceOp(op, combine.getResults());
    partial->setAttr(kSplitAttr, rewriter.getUnitAttr());
    combine->setAttr(kSplitAttr, rewriter.getUnitAttr());
    return success();
  }
  static constexpr StringLiteral kSplitAttr = "legato.split";
};

struct LegatoSplitReductionsPass
    : legato::impl::LegatoSplitReductionsPassBase<LegatoSplitReductionsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<SplitReduction>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
    getOperation().walk([](linalg::GenericOp op) { op->removeAttr(SplitReduction::kSplitAttr); });
  }
};

} // namespace
