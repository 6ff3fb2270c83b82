//===- NumpyMinMax.cpp - NumPy's maximum and minimum in GPU kernels -------===//
//
// The pass's description (Transforms/GPU/Passes.td) says why: arith.maximumf costs f64
// nine PTX instructions, NumPy's rule four. Elementwise maximum and minimum
// already have NumPy's rule from lower-to-linalg (NumpyMinMax.h); what is
// left here is the combiners of max and min reductions, which the CPU
// backend keeps as arith.maximumf (five x86 instructions).
//
//===----------------------------------------------------------------------===//
#include "Transforms/GPU/Passes.h"
#include "Conversion/LegatoToLinalg/NumpyMinMax.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOGPUNUMPYMINMAXPASS
#include "Transforms/GPU/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;

namespace {

struct LegatoGpuNumpyMinMaxPass
    : legato::impl::LegatoGpuNumpyMinMaxPassBase<LegatoGpuNumpyMinMaxPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation().walk([&](Operation *op) {
      if (!isa<arith::MaximumFOp, arith::MinimumFOp>(op))
        return;
      rewriter.setInsertionPoint(op);
      rewriter.replaceOp(op, legato::buildNumpyMaxMin(rewriter, op->getLoc(), op->getOperand(0),
                                                      op->getOperand(1),
                                                      isa<arith::MaximumFOp>(op)));
    });
  }
};

} // namespace
