//===- Fft.cpp - legato.fft to a call of the runtime's FFT step -----------===//
//
// A transform becomes a call of the runtime's `legato_fft_<c2c|r2c|c2r>_
// <f32|f64>` (Runtime/Fft.cpp on CPUs) on buffers, as legato.lapack does
// (Lapack.cpp): the operand is read in place (`to_buffer read_only`; the
// runtime plans transforms that keep their input), the result is a new
// buffer the call fills, handed back by `to_tensor restrict`.
//
//===----------------------------------------------------------------------===//
#include "Conversion/LegatoToLinalg/LoweringUtils.h"
#include "Conversion/LegatoToLinalg/Patterns.h"
#include "Dialect/Legato/IR/LegatoDialect.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
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

/// Declares (once) `callee(i64 kind, i64 axis, memref<*xR> out, memref<*xT>
/// in)`.
func::FuncOp declare(ConversionPatternRewriter &rewriter, ModuleOp module, StringRef callee,
                     Type result, Type operand) {
  if (auto f = module.lookupSymbol<func::FuncOp>(callee))
    return f;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToEnd(module.getBody());
  Type i64 = rewriter.getI64Type();
  auto f = func::FuncOp::create(
      rewriter, module.getLoc(), callee,
      rewriter.getFunctionType({i64, i64, UnrankedMemRefType::get(result, 0),
                                UnrankedMemRefType::get(operand, 0)},
                               {}));
  f.setPrivate();
  f->setAttr("llvm.emit_c_interface", rewriter.getUnitAttr());
  return f;
}

struct FftLowering : OpConversionPattern<FftOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(FftOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType out = op.getType();
    auto in = cast<RankedTensorType>(adaptor.getInput().getType());
    Type outElem = out.getElementType(), inElem = in.getElementType();
    Value buffer = bufferization::ToBufferOp::create(rewriter, loc, lowering::anyLayout(in),
                                                     adaptor.getInput(), /*read_only=*/true);
    Value input =
        memref::CastOp::create(rewriter, loc, UnrankedMemRefType::get(inElem, 0), buffer);
    auto result = memref::AllocOp::create(rewriter, loc, MemRefType::get(out.getShape(), outElem),
                                          ValueRange{}, rewriter.getI64IntegerAttr(64));
    func::FuncOp callee = declare(rewriter, op->getParentOfType<ModuleOp>(),
                                  calleeFor(op.getKind(), inElem), outElem, inElem);
    Value kind = arith::ConstantIntOp::create(rewriter, loc, int64_t(op.getKind()), 64);
    Value axis = arith::ConstantIntOp::create(rewriter, loc, op.getAxis(), 64);
    Value output =
        memref::CastOp::create(rewriter, loc, UnrankedMemRefType::get(outElem, 0), result);
    func::CallOp::create(rewriter, loc, callee, ValueRange{kind, axis, output, input});
    rewriter.replaceOpWithNewOp<bufferization::ToTensorOp>(op, out, result, /*restrict=*/true,
                                                           /*writable=*/true);
    return success();
  }
};

} // namespace

void lowering::populateFftLoweringPatterns(const TypeConverter &converter,
                                           RewritePatternSet &patterns) {
  patterns.add<FftLowering>(converter, patterns.getContext());
}
