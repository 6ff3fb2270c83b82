//===- SimplifyShapes.cpp - moving and merging shape ops ------------------===//
//
// Chains of transposes, reshapes and slices merge into one op; a transpose
// that only moves size-1 dims is a (free) reshape. Slices move toward the
// program's inputs, through elementwise ops, broadcasts, concatenations and
// products, so that only the elements that are used get computed: the last
// 10 rows of A @ B cost a 10-row GEMM.
//
//===----------------------------------------------------------------------===//
#include "Dialect/Legato/Transforms/Rotation.h"
#include "Dialect/Legato/Transforms/SimplifyPatterns.h"

using namespace mlir;
using namespace mlir::legato;

namespace {

/// Whether every user of `v` is a slice, together reading fewer elements
/// than `v` has: pushing the slices up then computes less, never more.
bool onlySlicedSmaller(Value v) {
  int64_t used = 0;
  for (Operation *user : v.getUsers()) {
    auto slice = dyn_cast<SliceOp>(user);
    if (!slice)
      return false;
    used += slice.getType().getNumElements();
  }
  return used < tensorType(v).getNumElements();
}

/// transpose(transpose(x, p), q) → transpose(x, p∘q).
struct TransposeOfTranspose : CountedPattern<TransposeOp> {
  using CountedPattern::CountedPattern;
  LogicalResult simplify(TransposeOp op, PatternRewriter &rewriter) const override {
    auto inner = op.getInput().getDefiningOp<TransposeOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "input is not a transpose");
    SmallVector<int64_t> perm;
    for (int64_t p : op.getPermutation())
      perm.push_back(inner.getPermutation()[p]);
    rewriter.replaceOpWithNewOp<TransposeOp>(op, op.getType(), inner.getInput(), perm);
    return success();
  }
};

/// reshape(reshape(x)) → reshape(x).
struct ReshapeOfReshape : CountedPattern<ReshapeOp> {
  using CountedPattern::CountedPattern;
  LogicalResult simplify(ReshapeOp op, PatternRewriter &rewriter) const override {
    auto inner = op.getInput().getDefiningOp<ReshapeOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "input is not a reshape");
    rewriter.replaceOpWithNewOp<ReshapeOp>(op, op.getType(), inner.getInput());
    return success();
  }
};

/// A transpose that keeps the order of the dims larger than 1 moves no data:
/// it is a reshape (a view, where the transpose is a copy).
struct TransposeAsReshape : CountedPattern<TransposeOp> {
  using CountedPattern::CountedPattern;
  LogicalResult simplify(TransposeOp op, PatternRewriter &rewriter) const override {
    ArrayRef<int64_t> shape = tensorType(op.getInput()).getShape();
    int64_t last = -1;
    for (int64_t p : op.getPermutation()) {
      if (shape[p] == 1)
        continue;
      if (p < last)
        return rewriter.notifyMatchFailure(op, "moves data");
      last = p;
    }
    rewriter.replaceOpWithNewOp<ReshapeOp>(op, op.getType(), op.getInput());
    return success();
  }
};

/// slice(slice(x)) → one slice of x.
struct SliceOfSlice : CountedPattern<SliceOp> {
  using CountedPattern::CountedPattern;
  LogicalResult simplify(SliceOp op, PatternRewriter &rewriter) const override {
    auto inner = op.getInput().getDefiningOp<SliceOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "input is not a slice");
    SmallVector<int64_t> offsets, strides;
    for (auto [o1, s1, o2, s2] : llvm::zip(inner.getOffsets(), inner.getStrides(),
                                           op.getOffsets(), op.getStrides())) {
      offsets.push_back(o1 + o2 * s1);
      strides.push_back(s1 * s2);
    }
    rewriter.replaceOpWithNewOp<SliceOp>(op, op.getType(), inner.getInput(), offsets,
                                         strides);
    return success();
  }
};

/// slice(f(x, y)) → f(slice(x), slice(y)) for elementwise f: compute only
/// the elements that are used.
struct SliceOfElementwise : CountedPattern<SliceOp> {
  using CountedPattern::CountedPattern;
  LogicalResult simplify(SliceOp op, PatternRewriter &rewriter) const override {
    Operation *producer = op.getInput().getDefiningOp();
    if (!producer || !isElementwise(producer))
      return rewriter.notifyMatchFailure(op, "input is not elementwise");
    if (!onlySlicedSmaller(op.getInput()))
      return rewriter.notifyMatchFailure(op, "the whole value is used elsewhere");
    ArrayRef<int64_t> sizes = op.getType().getShape();
    OperationState state(producer->getLoc(), producer->getName());
    for (Value operand : producer->getOperands())
      state.addOperands(createSlice(rewriter, op.getLoc(), operand, op.getOffsets(),
                                    op.getStrides(), sizes));
    state.addTypes(op.getType());
    state.addAttributes(producer->getAttrs());
    rewriter.replaceOp(op, rewriter.create(state)->getResults());
    return success();
  }
};

/// slice(broadcast(x)) → broadcast(slice(x)): stretched dims take x's one
/// element, the others the same window.
struct SliceOfBroadcast : CountedPattern<SliceOp> {
  using CountedPattern::CountedPattern;
  LogicalResult simplify(SliceOp op, PatternRewriter &rewriter) const override {
    auto broadcast = op.getInput().getDefiningOp<BroadcastOp>();
    if (!broadcast)
      return rewriter.notifyMatchFailure(op, "input is not a broadcast");
    RankedTensorType in = tensorType(broadcast.getInput());
    int64_t lead = op.getType().getRank() - in.getRank();
    SmallVector<int64_t> offsets, strides, sizes;
    for (int64_t d = 0; d < in.getRank(); ++d) {
      bool stretched = in.getDimSize(d) == 1;
      offsets.push_back(stretched ? 0 : op.getOffsets()[lead + d]);
      strides.push_back(stretched ? 1 : op.getStrides()[lead + d]);
      sizes.push_back(stretched ? 1 : op.getType().getDimSize(lead + d));
    }
    Value x = createSlice(rewriter, op.getLoc(), broadcast.getInput(), offsets, strides, sizes);
    rewriter.replaceOpWithNewOp<BroadcastOp>(op, op.getType(), x);
    return success();
  }
};

/// slice(concatenate(a, b, ...)) → concatenate of the slices of the inputs
/// the window touches (just one slice when it stays inside one input).
struct SliceOfConcatenate : CountedPattern<SliceOp> {
  using CountedPattern::CountedPattern;
  LogicalResult simplify(SliceOp op, PatternRewriter &rewriter) const override {
    auto concat = op.getInput().getDefiningOp<ConcatenateOp>();
    if (!concat)
      return rewriter.notifyMatchFailure(op, "input is not a concatenate");
    int64_t dim = concat.getDimension();
    int64_t o = op.getOffsets()[dim], s = op.getStrides()[dim];
    int64_t n = op.getType().getDimSize(dim);
    if (s <= 0 || n == 0)
      return rewriter.notifyMatchFailure(op, "reversed or empty window");
    // The part of the window in each input it touches.
    struct Part {
      Value input;
      SmallVector<int64_t> offsets, sizes;
    };
    SmallVector<Part> parts;
    int64_t start = 0;
    for (Value input : concat.getInputs()) {
      int64_t size = tensorType(input).getDimSize(dim), end = start + size;
      // Window elements j with start <= o + j*s < end.
      int64_t j0 = start > o ? (start - o + s - 1) / s : 0;
      int64_t j1 = end - 1 >= o ? std::min(n - 1, (end - 1 - o) / s) : -1;
      if (j0 <= j1) {
        SmallVector<int64_t> offsets(op.getOffsets()), sizes(op.getType().getShape());
        offsets[dim] = o + j0 * s - start;
        sizes[dim] = j1 - j0 + 1;
        parts.push_back({input, offsets, sizes});
      }
      start = end;
    }
    // A window across a roll's seam stays a window of the roll: the roll is
    // one copy through a cyclic map that fuses into its readers, the pieces
    // are not (and a roll of the window along another axis, np.roll over two
    // axes, is then a roll of this one).
    if (parts.size() > 1 && rotation(concat))
      return rewriter.notifyMatchFailure(op, "window across the seam of a roll");
    SmallVector<Value> pieces;
    for (const Part &part : parts)
      pieces.push_back(createSlice(rewriter, op.getLoc(), part.input, part.offsets,
                                   op.getStrides(), part.sizes));
    if (pieces.size() == 1)
      rewriter.replaceOp(op, pieces.front());
    else
      rewriter.replaceOpWithNewOp<ConcatenateOp>(op, op.getType(), pieces, dim);
    return success();
  }
};

/// slice(A @ B) → slice(A rows) @ slice(B columns).
struct SliceOfMatmul : CountedPattern<SliceOp> {
  using CountedPattern::CountedPattern;
  LogicalResult simplify(SliceOp op, PatternRewriter &rewriter) const override {
    auto matmul = op.getInput().getDefiningOp<MatmulOp>();
    if (!matmul)
      return rewriter.notifyMatchFailure(op, "input is not a product");
    if (!onlySlicedSmaller(matmul))
      return rewriter.notifyMatchFailure(op, "the whole product is used elsewhere");
    Value a = matmul.getLhs(), b = matmul.getRhs();
    RankedTensorType at = tensorType(a), bt = tensorType(b);
    ArrayRef<int64_t> offsets = op.getOffsets(), strides = op.getStrides();
    ArrayRef<int64_t> sizes = op.getType().getShape();
    int64_t d = 0; // result dim being matched
    if (at.getRank() == 2) {
      int64_t k = at.getDimSize(1);
      a = createSlice(rewriter, op.getLoc(), a, {offsets[d], 0}, {strides[d], 1},
                      {sizes[d], k});
      ++d;
    }
    if (bt.getRank() == 2) {
      int64_t k = bt.getDimSize(0);
      b = createSlice(rewriter, op.getLoc(), b, {0, offsets[d]}, {1, strides[d]},
                      {k, sizes[d]});
    }
    rewriter.replaceOpWithNewOp<MatmulOp>(op, op.getType(), a, b);
    return success();
  }
};

/// transpose(A @ B) → Bᵀ @ Aᵀ when A or B is itself a transpose, so that the
/// transposes cancel instead of multiplying.
struct TransposeOfMatmul : CountedPattern<TransposeOp> {
  using CountedPattern::CountedPattern;
  LogicalResult simplify(TransposeOp op, PatternRewriter &rewriter) const override {
    auto matmul = op.getInput().getDefiningOp<MatmulOp>();
    if (!matmul || !matmul->hasOneUse() || op.getType().getRank() != 2 ||
        tensorType(matmul.getLhs()).getRank() != 2 ||
        tensorType(matmul.getRhs()).getRank() != 2)
      return rewriter.notifyMatchFailure(op, "not the transpose of a 2-D product");
    if (!matmul.getLhs().getDefiningOp<TransposeOp>() &&
        !matmul.getRhs().getDefiningOp<TransposeOp>())
      return rewriter.notifyMatchFailure(op, "no operand transpose to cancel");
    auto transposed = [&](Value v) -> Value {
      RankedTensorType t = tensorType(v);
      auto type = RankedTensorType::get({t.getDimSize(1), t.getDimSize(0)},
                                        t.getElementType());
      return TransposeOp::create(rewriter, op.getLoc(), type, v, ArrayRef<int64_t>{1, 0});
    };
    Value bt = transposed(matmul.getRhs()), at = transposed(matmul.getLhs());
    rewriter.replaceOpWithNewOp<MatmulOp>(op, op.getType(), bt, at);
    return success();
  }
};

} // namespace

void mlir::legato::populateLegatoShapePatterns(RewritePatternSet &patterns,
                                               PatternCounts &counts) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<TransposeOfTranspose>(ctx, counts, "transpose-of-transpose");
  patterns.add<ReshapeOfReshape>(ctx, counts, "reshape-of-reshape");
  patterns.add<TransposeAsReshape>(ctx, counts, "transpose-as-reshape");
  patterns.add<SliceOfSlice>(ctx, counts, "slice-of-slice");
  patterns.add<SliceOfElementwise>(ctx, counts, "slice-of-elementwise");
  patterns.add<SliceOfBroadcast>(ctx, counts, "slice-of-broadcast");
  patterns.add<SliceOfConcatenate>(ctx, counts, "slice-of-concatenate");
  patterns.add<SliceOfMatmul>(ctx, counts, "slice-of-matmul");
  patterns.add<TransposeOfMatmul>(ctx, counts, "transpose-of-matmul");
}
