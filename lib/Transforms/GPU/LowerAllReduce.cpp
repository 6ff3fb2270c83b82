//===- LowerAllReduce.cpp - block reductions to shuffles ------------------===//
//
// The NVVM conversion has no lowering for gpu.all_reduce; upstream's rewrite
// (warp shuffles, then one shared-memory step across warps) needs the kernel
// outlined, since it adds a workgroup buffer to the gpu.func.
//
//===----------------------------------------------------------------------===//
#include "Transforms/GPU/Passes.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"

#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOGPULOWERALLREDUCEPASS
#include "Transforms/GPU/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;

namespace {

struct LegatoGpuLowerAllReducePass
    : legato::impl::LegatoGpuLowerAllReducePassBase<LegatoGpuLowerAllReducePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateGpuAllReducePatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
