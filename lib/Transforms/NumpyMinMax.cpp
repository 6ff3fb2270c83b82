//===- NumpyMinMax.cpp - NumPy's maximum and minimum in kernels -----------===//
//
// The pass's description (Transforms/Passes.td) says why: arith.maximumf
// costs f64 nine PTX instructions, NumPy's rule four, and on the CPU it
// lengthens the chain of a loop-carried maximum. Elementwise maximum and
// minimum already have NumPy's rule from lower-to-linalg (NumpyMinMax.h);
// what is left here is the combiners of max and min reductions.
//
//===----------------------------------------------------------------------===//
#include "Transforms/Passes.h"
#include "Conversion/LegatoToLinalg/NumpyMinMax.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATONUMPYMINMAXPASS
#include "Transforms/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;

namespace {

/// Whether an scf.for yields `op`'s result: a loop-carried accumulator.
bool isLoopCarried(Operation *op) {
  return llvm::any_of(op->getUsers(), [](Operation *user) {
    return isa<scf::YieldOp>(user) && isa<scf::ForOp>(user->getParentOp());
  });
}

struct LegatoNumpyMinMaxPass : legato::impl::LegatoNumpyMinMaxPassBase<LegatoNumpyMinMaxPass> {
  using LegatoNumpyMinMaxPassBase::LegatoNumpyMinMaxPassBase;
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation()->walk([&](Operation *op) {
      if (!isa<arith::MaximumFOp, arith::MinimumFOp>(op) ||
          (loopCarriedOnly && !isLoopCarried(op)))
        return;
      rewriter.setInsertionPoint(op);
      rewriter.replaceOp(op, legato::buildNumpyMaxMin(rewriter, op->getLoc(), op->getOperand(0),
                                                      op->getOperand(1),
                                                      isa<arith::MaximumFOp>(op)));
    });
  }
};

} // namespace
