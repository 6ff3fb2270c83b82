//===- IeeeSqrt.cpp - correctly rounded float32 sqrt in GPU kernels -------===//
//
// The pass's description (Transforms/GPU/Passes.td) says why libdevice's sqrtf is not
// used: without __CUDA_PREC_SQRT it is an approximation, off by an ulp
// where NumPy is exact.
//
//===----------------------------------------------------------------------===//
#include "Transforms/GPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOGPUIEEESQRTPASS
#include "Transforms/GPU/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;

namespace {

/// The root of one f32 through NVPTX's intrinsic for `sqrt.rn.f32` (the
/// NVVM conversion would turn llvm.intr.sqrt into libdevice's sqrtf again).
Value correctlyRoundedRoot(OpBuilder &b, Location loc, Value x) {
  return LLVM::CallIntrinsicOp::create(b, loc, b.getF32Type(),
                                       b.getStringAttr("llvm.nvvm.sqrt.rn.f"), ValueRange{x})
      .getResult(0);
}

struct LegatoGpuIeeeSqrtPass : legato::impl::LegatoGpuIeeeSqrtPassBase<LegatoGpuIeeeSqrtPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation().walk([&](math::SqrtOp root) {
      if (!getElementTypeOrSelf(root.getType()).isF32())
        return;
      rewriter.setInsertionPoint(root);
      Location loc = root.getLoc();
      Value x = root.getOperand();
      auto vectorType = dyn_cast<VectorType>(x.getType());
      if (!vectorType)
        return rewriter.replaceOp(root, correctlyRoundedRoot(rewriter, loc, x));
      // A vectorised kernel's lanes (1-D: vector<4xf32>), one at a time.
      Value lanes = arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(vectorType));
      for (int64_t i = 0; i < vectorType.getNumElements(); ++i) {
        Value lane = vector::ExtractOp::create(rewriter, loc, x, i);
        lanes = vector::InsertOp::create(rewriter, loc, correctlyRoundedRoot(rewriter, loc, lane),
                                         lanes, i);
      }
      rewriter.replaceOp(root, lanes);
    });
  }
};

} // namespace
