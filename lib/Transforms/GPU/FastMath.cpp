//===- FastMath.cpp - approximate float32 math in GPU kernels -------------===//
//
// Options::fast_math on the GPU: the pass's description (Transforms/GPU/Passes.td) lists
// what the `afn` flag turns into. Off by default, as NumPy rounds division
// and square roots correctly and its exp, log, sin and cos to within an ulp.
//
//===----------------------------------------------------------------------===//
#include "Transforms/GPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOGPUFASTMATHPASS
#include "Transforms/GPU/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;

namespace {

/// An f32 division or math function: the ops the GPU has faster,
/// approximate instructions (or libdevice functions) for.
bool hasApproximateForm(Operation *op) {
  if (!isa<arith::DivFOp>(op) && !isa<math::MathDialect>(op->getDialect()))
    return false;
  return op->getNumResults() == 1 && getElementTypeOrSelf(op->getResult(0).getType()).isF32();
}

struct LegatoGpuFastMathPass : legato::impl::LegatoGpuFastMathPassBase<LegatoGpuFastMathPass> {
  void runOnOperation() override {
    getOperation().walk([](arith::ArithFastMathInterface op) {
      if (!hasApproximateForm(op))
        return;
      arith::FastMathFlags flags = op.getFastMathFlagsAttr().getValue();
      op->setAttr(op.getFastMathAttrName(),
                  arith::FastMathFlagsAttr::get(op->getContext(), flags | arith::FastMathFlags::afn));
    });
  }
};

} // namespace
