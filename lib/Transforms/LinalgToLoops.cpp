//===- LinalgToLoops.cpp - loops, parallel only where it pays --------------===//
//
// Each linalg op becomes loops; its parallel dimensions become an scf.parallel
// (OpenMP threads later) only when the op has enough iterations to pay for
// waking the thread team. A tiny kernel run in parallel costs a fork and a
// join (several microseconds), far more than its work. Reductions keep their
// accumulators in registers (ReductionLoops.h).
//
//===----------------------------------------------------------------------===//
#include "Transforms/Passes.h"
#include "Transforms/ReductionLoops.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOLINALGTOLOOPSPASS
#include "Transforms/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;

namespace {

/// Iterations of `op`'s loop nest, or -1 when not static.
int64_t staticIterations(linalg::LinalgOp op) {
  int64_t n = 1;
  for (int64_t extent : op.getStaticLoopRanges()) {
    if (ShapedType::isDynamic(extent))
      return -1;
    n *= extent;
  }
  return n;
}

struct LegatoLinalgToLoopsPass
    : legato::impl::LegatoLinalgToLoopsPassBase<LegatoLinalgToLoopsPass> {
  using LegatoLinalgToLoopsPassBase::LegatoLinalgToLoopsPassBase;
  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> ops;
    getOperation().walk([&](linalg::LinalgOp op) { ops.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : ops) {
      rewriter.setInsertionPoint(op);
      int64_t n = staticIterations(op);
      bool parallel = threads > 1 && (n < 0 || n >= minParallelIterations);
      if (succeeded(legato::lowerReductionToLoops(rewriter, op, parallel)))
        continue;
      FailureOr<linalg::LinalgLoops> loops = parallel
                                                 ? linalg::linalgOpToParallelLoops(rewriter, op)
                                                 : linalg::linalgOpToLoops(rewriter, op);
      if (failed(loops)) {
        op->emitError("cannot lower to loops");
        return signalPassFailure();
      }
      rewriter.eraseOp(op);
    }
  }
};

} // namespace
