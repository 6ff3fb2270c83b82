//===- Fft.cpp - legato.fft to a call of the runtime's FFT step -----------===//
//
// A transform becomes a call of the runtime's `legato_fft_<c2c|r2c|c2r>_
// <f32|f64>` (Runtime/Fft.cpp on CPUs) on buffers, as RuntimeCalls.h
// describes: `(kind, axis, out, in)`; the runtime plans transforms that
// keep their input.
//
//===----------------------------------------------------------------------===//
#include "Conversion/LegatoToLinalg/Patterns.h"
#include "Conversion/LegatoToLinalg/RuntimeCalls.h"
#include "Dialect/Legato/IR/LegatoDialect.h"

#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::legato;

namespace {

/// `legato_fft_<c2c|r2c|c2r>_<f32|f64>`: one entry point per pair of
/// element types (the kind argument tells forward from inverse).
std::string calleeFor(FftKind kind, Type input) {
  auto c = dyn_cast<ComplexType>(input);
  bool single = (c ? c.getElementType() : input).isF32();
  const char *shape = kind == FftKind::real_forward   ? "r2c"
                      : kind == FftKind::real_inverse ? "c2r"
                                                      : "c2c";
  return std::string("legato_fft_") + shape + (single ? "_f32" : "_f64");
}

struct FftLowering : OpConversionPattern<FftOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(FftOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type inElem = cast<RankedTensorType>(op.getInput().getType()).getElementType();
    Value input = lowering::readOnlyBuffer(rewriter, op.getLoc(), adaptor.getInput());
    lowering::replaceWithRuntimeCall(rewriter, op, calleeFor(op.getKind(), inElem),
                                     {int64_t(op.getKind()), op.getAxis()}, input);
    return success();
  }
};

} // namespace

void lowering::populateFftLoweringPatterns(const TypeConverter &converter,
                                           RewritePatternSet &patterns) {
  patterns.add<FftLowering>(converter, patterns.getContext());
}
