//===- GpuNumpyMinMax.cpp - NumPy's maximum and minimum in GPU kernels ------===//
//
// The pass's description (GpuPasses.td) says why: arith.maximumf costs f64
// nine PTX instructions, NumPy's rule four. The CPU backend keeps
// arith.maximumf, which x86 lowers in five; the backends then differ only in
// the sign of a zero result.
//
//===----------------------------------------------------------------------===//
#include "Transforms/GpuPasses.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOGPUNUMPYMINMAXPASS
#include "Transforms/GpuPasses.h.inc"
} // namespace mlir::legato

using namespace mlir;

namespace {

struct LegatoGpuNumpyMinMaxPass
    : legato::impl::LegatoGpuNumpyMinMaxPassBase<LegatoGpuNumpyMinMaxPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation().walk([&](Operation *op) {
      // The lhs where it is beyond the rhs or NaN, else the rhs.
      arith::CmpFPredicate beyond;
      if (isa<arith::MaximumFOp>(op))
        beyond = arith::CmpFPredicate::OGT;
      else if (isa<arith::MinimumFOp>(op))
        beyond = arith::CmpFPredicate::OLT;
      else
        return;
      rewriter.setInsertionPoint(op);
      Location loc = op->getLoc();
      Value lhs = op->getOperand(0), rhs = op->getOperand(1);
      Value isBeyond = arith::CmpFOp::create(rewriter, loc, beyond, lhs, rhs);
      Value lhsIsNan = arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::UNO, lhs, lhs);
      Value pickLhs = arith::OrIOp::create(rewriter, loc, isBeyond, lhsIsNan);
      rewriter.replaceOpWithNewOp<arith::SelectOp>(op, pickLhs, lhs, rhs);
    });
  }
};

} // namespace
