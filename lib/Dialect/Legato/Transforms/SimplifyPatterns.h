//===- SimplifyPatterns.h - legato's algebraic pattern sets ----*- C++ -*-===//
//
// The rewrite patterns of `legato-simplify`, one file per concern:
//   SimplifyIdentities.cpp     x+0, x*1, pow(x, 2), constant folding, ...
//   SimplifyShapes.cpp         transposes, reshapes and slices moved/merged
//   SimplifyLinearAlgebra.cpp  identity products, shared operands, chains
//   SimplifyReductions.cpp     sums of broadcasts and of concatenations
// Every pattern derives from `CountedPattern`, so the pass can report how
// often each one fired (`legato-opt --legato-simplify=stats=true`).
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_DIALECT_LEGATO_TRANSFORMS_SIMPLIFYPATTERNS_H
#define LEGATO_DIALECT_LEGATO_TRANSFORMS_SIMPLIFYPATTERNS_H

#include "Dialect/Legato/IR/LegatoDialect.h"

#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/MapVector.h"

#include <optional>

namespace mlir::legato {

/// How many times each pattern rewrote something, by pattern name.
using PatternCounts = llvm::MapVector<StringRef, int64_t>;

/// What the pattern sets may assume about the program.
struct SimplifyOptions {
  /// No NaN or infinity flows through the program, and the sign of a zero
  /// does not matter: enables x*0 → 0, x-x → 0 and pow(x, 0.5) → sqrt(x).
  bool assumeFinite = false;
  /// Products sharing an operand are merged into one GEMM only while the
  /// concatenated operand and the result slices together hold at most this
  /// many elements: beyond it the copies cost more than the launches saved
  /// (docs/SIMPLIFY.md has the measurements).
  int64_t mergeProductsMaxElements = int64_t(1) << 18;
};

/// An OpRewritePattern that counts its successful rewrites in `counts`
/// under its debug name.
template <class OpTy>
struct CountedPattern : OpRewritePattern<OpTy> {
  CountedPattern(MLIRContext *ctx, PatternCounts &counts, StringRef name,
                 const SimplifyOptions &options = {}, PatternBenefit benefit = 1)
      : OpRewritePattern<OpTy>(ctx, benefit), counts(counts), options(options) {
    this->setDebugName(name);
    counts.insert({this->getDebugName(), 0});
  }
  LogicalResult matchAndRewrite(OpTy op, PatternRewriter &rewriter) const final {
    if (failed(simplify(op, rewriter)))
      return failure();
    ++counts[this->getDebugName()];
    return success();
  }
  virtual LogicalResult simplify(OpTy op, PatternRewriter &rewriter) const = 0;

protected:
  PatternCounts &counts;
  SimplifyOptions options;
};

/// A pattern on any op (it checks the op kind itself), counted likewise.
struct CountedAnyOpPattern : RewritePattern {
  CountedAnyOpPattern(MLIRContext *ctx, PatternCounts &counts, StringRef name)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx), counts(counts) {
    setDebugName(name);
    counts.insert({getDebugName(), 0});
  }
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const final {
    if (failed(simplify(op, rewriter)))
      return failure();
    ++counts[getDebugName()];
    return success();
  }
  virtual LogicalResult simplify(Operation *op, PatternRewriter &rewriter) const = 0;

protected:
  PatternCounts &counts;
};

/// Adds the identity and constant-folding patterns (legato-simplify).
void populateLegatoIdentityPatterns(RewritePatternSet &patterns, PatternCounts &counts,
                                    const SimplifyOptions &options);
/// Adds the shape-movement patterns (legato-simplify).
void populateLegatoShapePatterns(RewritePatternSet &patterns, PatternCounts &counts);
/// Adds the linear-algebra patterns (legato-simplify).
void populateLegatoLinearAlgebraPatterns(RewritePatternSet &patterns,
                                         PatternCounts &counts,
                                         const SimplifyOptions &options);
/// Adds the reduction patterns (legato-simplify).
void populateLegatoReductionPatterns(RewritePatternSet &patterns, PatternCounts &counts);

//===----------------------------------------------------------------------===//
// Helpers shared by the pattern files
//===----------------------------------------------------------------------===//

inline RankedTensorType tensorType(Value v) { return cast<RankedTensorType>(v.getType()); }

/// The value of a splat legato.constant, as a double, or nullopt.
std::optional<double> splatValue(Value v);
/// Whether `v` is a splat constant equal to `x`.
inline bool isSplat(Value v, double x) {
  std::optional<double> s = splatValue(v);
  return s && *s == x;
}
/// A splat legato.constant of `type` holding `x` (converted to its dtype).
Value makeSplat(OpBuilder &b, Location loc, RankedTensorType type, double x);

/// Whether `v` is a tensor of floats or complex numbers (which may hold
/// NaN, infinities and -0).
bool isFloatTensor(Value v);

/// Elementwise ops whose operands and result share one shape: slicing the
/// result equals the op on sliced operands.
bool isElementwise(Operation *op);

/// Whether `v` is `eye(n)` as the tracer builds it:
/// convert(compare eq (iota 0, iota 1)), possibly without the convert.
bool isIdentityMatrix(Value v);

/// The tensor type of `shape` with the element type of `like`.
inline RankedTensorType withShape(Value like, ArrayRef<int64_t> shape) {
  return RankedTensorType::get(shape, tensorType(like).getElementType());
}

/// `v` reshaped (row-major) to `shape`.
inline Value createReshape(OpBuilder &b, Location loc, Value v, ArrayRef<int64_t> shape) {
  return ReshapeOp::create(b, loc, withShape(v, shape), v);
}

/// `input[offsets, strides]` with the given result sizes.
Value createSlice(OpBuilder &b, Location loc, Value input, ArrayRef<int64_t> offsets,
                  ArrayRef<int64_t> strides, ArrayRef<int64_t> sizes);

} // namespace mlir::legato

#endif // LEGATO_DIALECT_LEGATO_TRANSFORMS_SIMPLIFYPATTERNS_H
