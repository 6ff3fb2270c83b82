//===- SimplifyReductions.cpp - reductions of broadcasts and concatenations ===//
//
// A reduction reads its whole input; these patterns make it read less: the
// sum of a broadcast is the sum of the broadcast's input times the number of
// copies, and the reduction of a concatenation combines the reductions of
// its parts (no concatenated copy is materialised); the max or min of a
// splat constant is the constant. mean(x) is traced as sum(x) / n; division
// by a constant is SimplifyIdentities' business.
//
//===----------------------------------------------------------------------===//
#include "Dialect/Legato/Transforms/SimplifyPatterns.h"

using namespace mlir;
using namespace mlir::legato;

namespace {

/// `input` reduced over `axes` (no op when there are none).
Value reduce(OpBuilder &b, Location loc, ReduceKind kind, Value input,
             ArrayRef<int64_t> axes) {
  if (axes.empty())
    return input;
  RankedTensorType t = tensorType(input);
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < t.getRank(); ++d)
    if (!llvm::is_contained(axes, d))
      shape.push_back(t.getDimSize(d));
  auto type = RankedTensorType::get(shape, t.getElementType());
  return ReduceOp::create(b, loc, type, kind, input, axes);
}

/// reduce(broadcast(x)) → broadcast(reduce(x)), times the number of copies
/// for a sum (max and min ignore copies; a product would need a power).
struct ReduceOfBroadcast : CountedPattern<ReduceOp> {
  using CountedPattern::CountedPattern;
  LogicalResult simplify(ReduceOp op, PatternRewriter &rewriter) const override {
    auto broadcast = op.getInput().getDefiningOp<BroadcastOp>();
    if (!broadcast || op.getKind() == ReduceKind::prod ||
        (op.getKind() == ReduceKind::sum && op.getType().getElementType().isInteger(1)))
      return rewriter.notifyMatchFailure(op, "not a sum, max or min of a broadcast");
    Value x = broadcast.getInput();
    RankedTensorType in = tensorType(x), out = tensorType(broadcast);
    int64_t lead = out.getRank() - in.getRank();
    double copies = 1;
    SmallVector<int64_t> inputAxes;
    for (int64_t a : op.getAxes()) {
      int64_t d = a - lead;
      if (d >= 0)
        inputAxes.push_back(d);
      if (d < 0 || in.getDimSize(d) != out.getDimSize(a))
        copies *= double(out.getDimSize(a));
    }
    llvm::sort(inputAxes);
    Location loc = op.getLoc();
    Value y = reduce(rewriter, loc, op.getKind(), x, inputAxes);
    Value result = y.getType() == op.getType()
                       ? y
                       : Value(BroadcastOp::create(rewriter, loc, op.getType(), y));
    if (op.getKind() == ReduceKind::sum && copies != 1)
      result = MulOp::create(rewriter, loc, result,
                             makeSplat(rewriter, loc, op.getType(), copies));
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// reduce(concatenate(a, b)) → combine(reduce(a), reduce(b)) when the
/// concatenation axis is reduced, else concatenate(reduce(a), reduce(b)).
struct ReduceOfConcatenate : CountedPattern<ReduceOp> {
  using CountedPattern::CountedPattern;
  LogicalResult simplify(ReduceOp op, PatternRewriter &rewriter) const override {
    auto concat = op.getInput().getDefiningOp<ConcatenateOp>();
    // Other users would still need the concatenated copy.
    if (!concat || !llvm::all_of(concat->getUsers(), llvm::IsaPred<ReduceOp>))
      return rewriter.notifyMatchFailure(op, "not a concatenation only reduced");
    Location loc = op.getLoc();
    int64_t dim = concat.getDimension();
    SmallVector<Value> parts;
    for (Value input : concat.getInputs())
      if (tensorType(input).getNumElements() > 0 || parts.empty())
        parts.push_back(reduce(rewriter, loc, op.getKind(), input, op.getAxes()));
    if (!llvm::is_contained(op.getAxes(), dim)) {
      int64_t resultDim = dim;
      for (int64_t a : op.getAxes())
        resultDim -= a < dim;
      rewriter.replaceOpWithNewOp<ConcatenateOp>(op, op.getType(), parts, resultDim);
      return success();
    }
    Value result = parts.front();
    for (Value part : ArrayRef(parts).drop_front()) {
      switch (op.getKind()) {
      case ReduceKind::sum: result = AddOp::create(rewriter, loc, result, part); break;
      case ReduceKind::prod: result = MulOp::create(rewriter, loc, result, part); break;
      case ReduceKind::max: result = MaxOp::create(rewriter, loc, result, part); break;
      case ReduceKind::min: result = MinOp::create(rewriter, loc, result, part); break;
      }
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// reduce(splat c) → splat c for max and min, and for the sum (or) and
/// product (and) of bools, over a non-empty extent (`any(x == x)` of
/// integers: the comparison folds to true first).
struct ReduceOfSplat : CountedPattern<ReduceOp> {
  using CountedPattern::CountedPattern;
  LogicalResult simplify(ReduceOp op, PatternRewriter &rewriter) const override {
    auto constant = op.getInput().getDefiningOp<ConstantOp>();
    auto splat = constant ? dyn_cast<SplatElementsAttr>(constant.getValue()) : nullptr;
    bool idempotent = op.getKind() == ReduceKind::max || op.getKind() == ReduceKind::min ||
                      op.getType().getElementType().isInteger(1);
    RankedTensorType in = tensorType(op.getInput());
    bool empty = llvm::any_of(op.getAxes(), [&](int64_t a) { return in.getDimSize(a) == 0; });
    if (!splat || !idempotent || empty)
      return rewriter.notifyMatchFailure(op, "not an idempotent reduction of a splat");
    auto value = SplatElementsAttr::get(op.getType(), splat.getSplatValue<Attribute>());
    rewriter.replaceOpWithNewOp<ConstantOp>(op, op.getType(), cast<ElementsAttr>(value));
    return success();
  }
};

} // namespace

void mlir::legato::populateLegatoReductionPatterns(RewritePatternSet &patterns,
                                                   PatternCounts &counts) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<ReduceOfBroadcast>(ctx, counts, "reduce-of-broadcast");
  patterns.add<ReduceOfConcatenate>(ctx, counts, "reduce-of-concatenate");
  patterns.add<ReduceOfSplat>(ctx, counts, "reduce-of-splat");
}
