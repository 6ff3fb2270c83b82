//===- GpuNumpyMinMax.cpp - NumPy's maximum and minimum in GPU kernels ------===//
//
// NumPy's maximum is `a > b || isnan(a) ? a : b`: NaN propagates, and of two
// equal values (-0.0 and 0.0) the second is returned. arith.maximumf is IEEE
// 754's maximum, which also propagates NaN but orders -0.0 below +0.0; PTX
// has no f64 instruction for it, so LLVM's NVPTX backend emits max.f64 and
// then fixes NaN and each signed zero with a compare and a select: nine
// instructions where NumPy's rule takes four (two compares, an or, a
// select). The CPU backend keeps arith.maximumf, which x86 lowers in a few
// instructions; the two differ only in the sign of a zero result.
//
//===----------------------------------------------------------------------===//
#include "Transforms/GpuPasses.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOGPUNUMPYMINMAXPASS
#include "Transforms/GpuPasses.h.inc"
} // namespace mlir::legato

using namespace mlir;

namespace {

/// `op`'s lhs where `lhs <predicate> rhs` or lhs is NaN, else its rhs.
template <typename MinMaxOp, arith::CmpFPredicate Predicate>
struct NumpyMinMax : OpRewritePattern<MinMaxOp> {
  using OpRewritePattern<MinMaxOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(MinMaxOp op, PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value lhs = op.getLhs(), rhs = op.getRhs();
    Value beyond = arith::CmpFOp::create(rewriter, loc, Predicate, lhs, rhs);
    Value lhsIsNan = arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::UNO, lhs, lhs);
    Value pickLhs = arith::OrIOp::create(rewriter, loc, beyond, lhsIsNan);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, pickLhs, lhs, rhs);
    return success();
  }
};

struct LegatoGpuNumpyMinMaxPass
    : legato::impl::LegatoGpuNumpyMinMaxPassBase<LegatoGpuNumpyMinMaxPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<NumpyMinMax<arith::MaximumFOp, arith::CmpFPredicate::OGT>,
                 NumpyMinMax<arith::MinimumFOp, arith::CmpFPredicate::OLT>>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
