//===- LegatoToLinalg.cpp - legato ops to linalg on tensors ---------------===//
//
// The conversion runs the patterns of each op family (Patterns.h): every
// legato op becomes linalg, tensor, arith, math or scf ops on tensors.
//
//===----------------------------------------------------------------------===//
#include "Conversion/LegatoToLinalg/LegatoToLinalg.h"

#include "Conversion/LegatoToLinalg/LoweringUtils.h"
#include "Conversion/LegatoToLinalg/Patterns.h"
#include "Conversion/Passes.h"
#include "Dialect/Legato/IR/LegatoDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::legato {
#define GEN_PASS_DEF_CONVERTLEGATOTOLINALGPASS
#include "Conversion/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;
using namespace mlir::legato;

SignlessTypeConverter::SignlessTypeConverter() {
  addConversion([](Type t) { return lowering::signless(t); });
  auto cast = [](OpBuilder &b, Type to, ValueRange inputs, Location loc) -> Value {
    return UnrealizedConversionCastOp::create(b, loc, to, inputs).getResult(0);
  };
  addSourceMaterialization(cast);
  addTargetMaterialization(cast);
}

void legato::populateLegatoToLinalgConversionPatterns(const TypeConverter &converter,
                                                      RewritePatternSet &patterns) {
  lowering::populateElementwiseLoweringPatterns(converter, patterns);
  lowering::populateGeneratorLoweringPatterns(converter, patterns);
  lowering::populateIndexingLoweringPatterns(converter, patterns);
  lowering::populateDataMovementLoweringPatterns(converter, patterns);
  lowering::populateReductionLoweringPatterns(converter, patterns);
  lowering::populateProductLoweringPatterns(converter, patterns);
  lowering::populateLapackLoweringPatterns(converter, patterns);
  lowering::populateFftLoweringPatterns(converter, patterns);
  lowering::populateSortLoweringPatterns(converter, patterns);
}

namespace {

struct ConvertLegatoToLinalgPass
    : legato::impl::ConvertLegatoToLinalgPassBase<ConvertLegatoToLinalgPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    SignlessTypeConverter converter;
    ConversionTarget target(*ctx);
    target.addIllegalDialect<LegatoDialect>();
    // Functions and returns take signless types too (the runtime passes
    // bytes; unsigned values live on only in the legato ops' semantics).
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp f) {
      return converter.isSignatureLegal(f.getFunctionType());
    });
    target.markUnknownOpDynamicallyLegal([&](Operation *op) { return converter.isLegal(op); });
    RewritePatternSet patterns(ctx);
    populateLegatoToLinalgConversionPatterns(converter, patterns);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    if (failed(applyPartialConversion(getOperation(), target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
