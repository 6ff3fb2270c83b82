//===- ExactMathCalls.cpp - libm's expm1 and log1p on the CPU -------------===//
//
// convert-math-to-llvm lowers math.expm1 to exp(x) - 1 and math.log1p to
// log(1 + x), which lose every digit for small x (expm1(1e-10) comes out
// 8e-8 off in relative terms): the two functions exist to avoid exactly
// that. This pass turns those two ops into calls of libm's expm1 and log1p
// first, with MathToLibm's own patterns; every other math op is left to
// convert-math-to-llvm, whose intrinsics vectorise through libmvec.
//
//===----------------------------------------------------------------------===//
#include "Conversion/Passes.h"

#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOEXACTMATHCALLSPASS
#include "Conversion/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;

namespace {
struct ExactMathCallsPass
    : legato::impl::LegatoExactMathCallsPassBase<ExactMathCallsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateMathToLibmConversionPatterns(patterns);
    // Only these two are illegal, so the conversion leaves every other op
    // (math ones included) as it is.
    ConversionTarget target(getContext());
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    target.addIllegalOp<math::ExpM1Op, math::Log1pOp>();
    if (failed(applyPartialConversion(getOperation(), target, std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
