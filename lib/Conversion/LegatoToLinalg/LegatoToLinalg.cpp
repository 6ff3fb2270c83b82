//===- LegatoToLinalg.cpp - legato ops to linalg on tensors ---------------===//
//
// The conversion runs the patterns of each op family (Patterns.h): every
// legato op becomes linalg, tensor, arith, math or scf ops on tensors.
//
//===----------------------------------------------------------------------===//
#include "Conversion/LegatoToLinalg/LegatoToLinalg.h"

#include "Conversion/LegatoToLinalg/Patterns.h"
#include "Conversion/Passes.h"
#include "Dialect/Legato/IR/LegatoDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::legato {
#define GEN_PASS_DEF_CONVERTLEGATOTOLINALGPASS
#include "Conversion/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;
using namespace mlir::legato;

void legato::populateLegatoToLinalgConversionPatterns(RewritePatternSet &patterns) {
  lowering::populateElementwiseLoweringPatterns(patterns);
  lowering::populateGeneratorLoweringPatterns(patterns);
  lowering::populateIndexingLoweringPatterns(patterns);
  lowering::populateDataMovementLoweringPatterns(patterns);
  lowering::populateReductionLoweringPatterns(patterns);
  lowering::populateProductLoweringPatterns(patterns);
}

namespace {

struct ConvertLegatoToLinalgPass
    : legato::impl::ConvertLegatoToLinalgPassBase<ConvertLegatoToLinalgPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    ConversionTarget target(*ctx);
    target.addIllegalDialect<LegatoDialect>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    RewritePatternSet patterns(ctx);
    populateLegatoToLinalgConversionPatterns(patterns);
    if (failed(applyPartialConversion(getOperation(), target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
