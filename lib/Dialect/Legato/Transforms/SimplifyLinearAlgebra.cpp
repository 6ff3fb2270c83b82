//===- SimplifyLinearAlgebra.cpp - rewrites of products -------------------===//
//
// Products are the expensive ops of an array program, so these patterns
// remove, merge or cheapen them: products with eye(n) (or c·eye(n)) vanish,
// scalars move out of products, AX + BX becomes (A + B)X, products sharing an
// operand become one GEMM on a concatenated operand, sum(x * y) of vectors is
// a dot, and chains are reassociated to the order with fewer FLOPs.
//
//===----------------------------------------------------------------------===//
#include "Dialect/Legato/Transforms/SimplifyPatterns.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::legato;

namespace {

/// The matrix dims (rows, cols) of a product operand; a 1-D lhs is a row, a
/// 1-D rhs a column.
std::pair<int64_t, int64_t> matrixDims(Value v, bool isLhs) {
  RankedTensorType t = tensorType(v);
  if (t.getRank() == 2)
    return {t.getDimSize(0), t.getDimSize(1)};
  return isLhs ? std::pair<int64_t, int64_t>{1, t.getDimSize(0)}
               : std::pair<int64_t, int64_t>{t.getDimSize(0), 1};
}

/// The result type of lhs @ rhs (NumPy matmul rules for 1-D/2-D).
RankedTensorType productType(Value lhs, Value rhs) {
  RankedTensorType l = tensorType(lhs), r = tensorType(rhs);
  SmallVector<int64_t> shape;
  if (l.getRank() == 2)
    shape.push_back(l.getDimSize(0));
  if (r.getRank() == 2)
    shape.push_back(r.getDimSize(1));
  return RankedTensorType::get(shape, l.getElementType());
}

Value product(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  return MatmulOp::create(b, loc, productType(lhs, rhs), lhs, rhs);
}

/// `v` = c · eye(n) with a finite splat c (c = 1 for a bare eye); returns c.
/// (An inf or NaN c makes NaN of eye's zeros: not an identity times c.)
std::optional<double> scaledIdentity(Value v) {
  if (isIdentityMatrix(v))
    return 1.0;
  auto mul = v.getDefiningOp<MulOp>();
  if (!mul)
    return std::nullopt;
  for (auto [m, c] : {std::pair(mul.getLhs(), mul.getRhs()), std::pair(mul.getRhs(), mul.getLhs())})
    if (isIdentityMatrix(m))
      if (std::optional<double> s = splatValue(c); s && std::isfinite(*s))
        return s;
  return std::nullopt;
}

/// `v` = x · c with a finite splat c; returns (x, c). (An inf or NaN c
/// makes NaN of x's zeros, which a product sums into its other elements:
/// it cannot move out of the product.)
std::optional<std::pair<Value, double>> scaled(Value v) {
  auto mul = v.getDefiningOp<MulOp>();
  if (!mul || !mul->hasOneUse())
    return std::nullopt;
  for (auto [x, splat] :
       {std::pair(mul.getLhs(), mul.getRhs()), std::pair(mul.getRhs(), mul.getLhs())})
    if (std::optional<double> c = splatValue(splat); c && std::isfinite(*c))
      return std::pair(x, *c);
  return std::nullopt;
}

/// `product` with NaN where the product of `operand` and an identity, summing
/// over `axis` of the operand, has NaN: an element of A @ eye is
/// A[i,j] + (sum over k != j of A[i,k] * 0), NaN when another element of its
/// row is inf or NaN. The element itself does not count: an inf alone in its
/// row stays inf.
Value withNaNsOfIdentityProduct(OpBuilder &b, Location loc, Value operand, int64_t axis,
                                Value product) {
  RankedTensorType type = tensorType(operand);
  auto counts = type.clone(b.getI64Type());
  // x * 0 is NaN exactly where x is inf or NaN.
  Value zeroed = MulOp::create(b, loc, operand, makeSplat(b, loc, type, 0));
  Value nonFinite = CompareOp::create(b, loc, type.clone(b.getI1Type()), ComparePredicate::ne,
                                      zeroed, zeroed);
  Value ones = ConvertOp::create(b, loc, counts, nonFinite);
  SmallVector<int64_t> lineShape(type.getShape()), keptShape(type.getShape());
  lineShape.erase(lineShape.begin() + axis);
  keptShape[axis] = 1;
  Value perLine = ReduceOp::create(b, loc, RankedTensorType::get(lineShape, b.getI64Type()),
                                   ReduceKind::sum, ones, ArrayRef<int64_t>{axis});
  // Back to the operand's shape: the count as a size-1 axis, then stretched.
  perLine = ReshapeOp::create(b, loc, RankedTensorType::get(keptShape, b.getI64Type()), perLine);
  perLine = BroadcastOp::create(b, loc, counts, perLine);
  Value others = SubOp::create(b, loc, counts, perLine, ones);
  Value poisoned = CompareOp::create(b, loc, type.clone(b.getI1Type()), ComparePredicate::gt,
                                     others, makeSplat(b, loc, counts, 0));
  return SelectOp::create(b, loc, type, poisoned,
                          makeSplat(b, loc, type, std::numeric_limits<double>::quiet_NaN()),
                          product);
}

/// A @ eye → A, eye @ B → B; with c · eye, the operand times c. For floats
/// the rewrite keeps the NaNs that the product's zeros make of an inf or NaN
/// (withNaNsOfIdentityProduct) unless assume-finite: a reduction and an
/// elementwise pass instead of a GEMM.
struct MatmulByIdentity : CountedPattern<MatmulOp> {
  using CountedPattern::CountedPattern;
  LogicalResult simplify(MatmulOp op, PatternRewriter &rewriter) const override {
    for (auto [eye, other, eyeOnRight] : {std::tuple(op.getRhs(), op.getLhs(), true),
                                          std::tuple(op.getLhs(), op.getRhs(), false)}) {
      std::optional<double> c = scaledIdentity(eye);
      if (!c || other.getType() != op.getType())
        continue;
      Location loc = op.getLoc();
      Value product = other;
      if (*c != 1)
        product = MulOp::create(rewriter, loc, other, makeSplat(rewriter, loc, op.getType(), *c));
      if (isFloatTensor(op) && !options.assumeFinite) {
        // A @ eye sums over A's last axis; eye @ B over B's first.
        int64_t axis = eyeOnRight ? tensorType(other).getRank() - 1 : 0;
        product = withNaNsOfIdentityProduct(rewriter, loc, other, axis, product);
      }
      rewriter.replaceOp(op, product);
      return success();
    }
    return rewriter.notifyMatchFailure(op, "no identity operand");
  }
};

/// (aA)(bB) → ab(AB): one scaling of the result instead of one per operand.
/// With one scaled operand, only when the result is not larger than it.
struct ScalarsOutOfProduct : CountedPattern<MatmulOp> {
  using CountedPattern::CountedPattern;
  LogicalResult simplify(MatmulOp op, PatternRewriter &rewriter) const override {
    auto l = scaled(op.getLhs()), r = scaled(op.getRhs());
    if (!l && !r)
      return rewriter.notifyMatchFailure(op, "no scaled operand");
    if (!(l && r)) {
      Value operand = l ? op.getLhs() : op.getRhs();
      if (op.getType().getNumElements() > tensorType(operand).getNumElements())
        return rewriter.notifyMatchFailure(op, "scaling the result costs more");
    }
    Value a = l ? l->first : op.getLhs(), b = r ? r->first : op.getRhs();
    double c = (l ? l->second : 1.0) * (r ? r->second : 1.0);
    if (!std::isfinite(c))
      return rewriter.notifyMatchFailure(op, "the scalars' product overflows");
    Value p = MatmulOp::create(rewriter, op.getLoc(), op.getType(), a, b);
    rewriter.replaceOpWithNewOp<MulOp>(op, p, makeSplat(rewriter, op.getLoc(), op.getType(), c));
    return success();
  }
};

/// AX ± BX → (A ± B)X and XA ± XB → X(A ± B): one product instead of two.
template <class OpTy>
struct FactorProducts : CountedPattern<OpTy> {
  using CountedPattern<OpTy>::CountedPattern;
  LogicalResult simplify(OpTy op, PatternRewriter &rewriter) const override {
    auto p = op.getLhs().template getDefiningOp<MatmulOp>();
    auto q = op.getRhs().template getDefiningOp<MatmulOp>();
    if (!p || !q || p == q || !p->hasOneUse() || !q->hasOneUse())
      return rewriter.notifyMatchFailure(op, "not a sum of two products");
    Location loc = op.getLoc();
    if (p.getRhs() == q.getRhs() && p.getLhs().getType() == q.getLhs().getType()) {
      Value sum = OpTy::create(rewriter, loc, p.getLhs(), q.getLhs());
      rewriter.replaceOpWithNewOp<MatmulOp>(op, op.getType(), sum, p.getRhs());
      return success();
    }
    if (p.getLhs() == q.getLhs() && p.getRhs().getType() == q.getRhs().getType()) {
      Value sum = OpTy::create(rewriter, loc, p.getRhs(), q.getRhs());
      rewriter.replaceOpWithNewOp<MatmulOp>(op, op.getType(), p.getLhs(), sum);
      return success();
    }
    return rewriter.notifyMatchFailure(op, "the products share no operand");
  }
};

/// sum(x * y) over the one axis of two vectors → dot(x, y).
struct SumOfProductToDot : CountedPattern<ReduceOp> {
  using CountedPattern::CountedPattern;
  LogicalResult simplify(ReduceOp op, PatternRewriter &rewriter) const override {
    auto mul = op.getInput().getDefiningOp<MulOp>();
    if (op.getKind() != ReduceKind::sum || !mul || !mul->hasOneUse() ||
        tensorType(mul).getRank() != 1)
      return rewriter.notifyMatchFailure(op, "not the sum of a vector product");
    rewriter.replaceOpWithNewOp<MatmulOp>(op, op.getType(), mul.getLhs(), mul.getRhs());
    return success();
  }
};

/// Whether `p` is one of two products in AX ± BX (FactorProducts' business).
bool isFactorable(MatmulOp p) {
  if (!p->hasOneUse() || !isa<AddOp, SubOp>(*p->user_begin()))
    return false;
  Operation *sum = *p->user_begin();
  Value other = sum->getOperand(0) == p.getResult() ? sum->getOperand(1) : sum->getOperand(0);
  auto q = other.getDefiningOp<MatmulOp>();
  return q && (q.getLhs() == p.getLhs() || q.getRhs() == p.getRhs());
}

/// A @ B1, A @ B2, ... → A @ [B1 B2 ...] and slices of its columns (and
/// A1 @ B, A2 @ B, ... → [A1; A2; ...] @ B and row slices): one GEMM launch
/// instead of several. Rooted at the first product of the group in the
/// block; the others join when their other operand is defined before it.
/// It saves launches, not FLOPs, and costs a copy of every Bi into the
/// concatenation and of every result out of the merged one: only small
/// groups, where a launch costs more than those copies, are merged.
struct MergeSharedOperandProducts : CountedPattern<MatmulOp> {
  using CountedPattern::CountedPattern;
  LogicalResult simplify(MatmulOp op, PatternRewriter &rewriter) const override {
    for (bool sharedLhs : {true, false}) {
      Value shared = sharedLhs ? op.getLhs() : op.getRhs();
      Value own = sharedLhs ? op.getRhs() : op.getLhs();
      if (tensorType(own).getRank() != 2 || tensorType(shared).getRank() != 2)
        continue;
      // Every 2-D product with `shared` in this position, in block order; the
      // first is where the merged product goes, and the others join when their
      // own operand is already defined there.
      SmallVector<MatmulOp> candidates;
      for (OpOperand &use : shared.getUses()) {
        auto other = dyn_cast<MatmulOp>(use.getOwner());
        if (other && use.getOperandNumber() == (sharedLhs ? 0u : 1u) &&
            other->getBlock() == op->getBlock() &&
            tensorType(sharedLhs ? other.getRhs() : other.getLhs()).getRank() == 2 &&
            !llvm::is_contained(candidates, other) && !isFactorable(other))
          candidates.push_back(other);
      }
      llvm::sort(candidates, [](MatmulOp x, MatmulOp y) { return x->isBeforeInBlock(y); });
      if (candidates.empty() || candidates.front() != op)
        continue; // the first product of the group does the rewrite
      SmallVector<MatmulOp> group = {op};
      for (MatmulOp other : ArrayRef(candidates).drop_front()) {
        Operation *def = (sharedLhs ? other.getRhs() : other.getLhs()).getDefiningOp();
        if (!def || (def->getBlock() == op->getBlock() && def->isBeforeInBlock(op)))
          group.push_back(other);
      }
      if (group.size() < 2)
        continue;
      int64_t copied = 0;
      for (MatmulOp m : group)
        copied += tensorType(sharedLhs ? m.getRhs() : m.getLhs()).getNumElements() +
                  m.getType().getNumElements();
      if (copied > options.mergeProductsMaxElements)
        continue; // the copies would cost more than the launches saved
      // Concatenate the own operands: columns of B (dim 1) or rows of A (dim 0).
      int64_t dim = sharedLhs ? 1 : 0;
      SmallVector<Value> parts;
      SmallVector<int64_t> shape(tensorType(own).getShape());
      shape[dim] = 0;
      for (MatmulOp m : group) {
        Value part = sharedLhs ? m.getRhs() : m.getLhs();
        parts.push_back(part);
        shape[dim] += tensorType(part).getDimSize(dim);
      }
      Location loc = op.getLoc();
      auto concatType = RankedTensorType::get(shape, tensorType(own).getElementType());
      Value concat = ConcatenateOp::create(rewriter, loc, concatType, parts, dim);
      Value merged = sharedLhs ? product(rewriter, loc, shared, concat)
                               : product(rewriter, loc, concat, shared);
      RankedTensorType mergedType = tensorType(merged);
      int64_t offset = 0;
      for (MatmulOp m : group) {
        int64_t size = m.getType().getDimSize(dim);
        SmallVector<int64_t> offsets = {0, 0}, sizes(mergedType.getShape());
        offsets[dim] = offset;
        sizes[dim] = size;
        offset += size;
        rewriter.replaceOp(m, createSlice(rewriter, loc, merged, offsets, {1, 1}, sizes));
      }
      return success();
    }
    return rewriter.notifyMatchFailure(op, "no other product shares an operand");
  }
};

/// (A @ B) @ C ⇄ A @ (B @ C), whichever needs fewer multiply-adds:
/// A @ B @ v costs two matrix-vector products instead of a GEMM.
struct ReassociateChain : CountedPattern<MatmulOp> {
  using CountedPattern::CountedPattern;
  LogicalResult simplify(MatmulOp op, PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (auto inner = op.getLhs().getDefiningOp<MatmulOp>()) { // (A @ B) @ C
      Value a = inner.getLhs(), b = inner.getRhs(), c = op.getRhs();
      if (inner->hasOneUse() && tensorType(b).getRank() == 2) {
        auto [m, k] = matrixDims(a, true);
        auto [p, n] = matrixDims(c, false);
        if (k * p * n + m * k * n < m * k * p + m * p * n) {
          Value bc = product(rewriter, loc, b, c);
          rewriter.replaceOpWithNewOp<MatmulOp>(op, op.getType(), a, bc);
          return success();
        }
      }
    }
    if (auto inner = op.getRhs().getDefiningOp<MatmulOp>()) { // A @ (B @ C)
      Value a = op.getLhs(), b = inner.getLhs(), c = inner.getRhs();
      if (inner->hasOneUse() && tensorType(b).getRank() == 2) {
        auto [m, k] = matrixDims(a, true);
        auto [p, n] = matrixDims(c, false);
        if (m * k * p + m * p * n < k * p * n + m * k * n) {
          Value ab = product(rewriter, loc, a, b);
          rewriter.replaceOpWithNewOp<MatmulOp>(op, op.getType(), ab, c);
          return success();
        }
      }
    }
    return rewriter.notifyMatchFailure(op, "already in the cheaper order");
  }
};

} // namespace

void mlir::legato::populateLegatoLinearAlgebraPatterns(RewritePatternSet &patterns,
                                                       PatternCounts &counts,
                                                       const SimplifyOptions &options) {
  MLIRContext *ctx = patterns.getContext();
  // Identity products first: merging them into a shared GEMM would hide them.
  patterns.add<MatmulByIdentity>(ctx, counts, "matmul-by-identity", options, 3);
  patterns.add<ScalarsOutOfProduct>(ctx, counts, "scalars-out-of-product",
                                    SimplifyOptions{}, 2);
  patterns.add<ReassociateChain>(ctx, counts, "reassociate-chain", SimplifyOptions{}, 2);
  patterns.add<FactorProducts<AddOp>>(ctx, counts, "factor-products-add");
  patterns.add<FactorProducts<SubOp>>(ctx, counts, "factor-products-sub");
  patterns.add<SumOfProductToDot>(ctx, counts, "sum-of-product-to-dot");
  patterns.add<MergeSharedOperandProducts>(ctx, counts, "merge-shared-operand-products",
                                          options);
}
