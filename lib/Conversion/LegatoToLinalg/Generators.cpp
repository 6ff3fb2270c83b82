//===- Generators.cpp - legato ops that make arrays to linalg -------------===//
//
// Splats, iotas and random arrays become generics with no inputs, so they
// fuse into their consumers and are stored only when they are outputs.
//
//===----------------------------------------------------------------------===//
#include "Conversion/LegatoToLinalg/LoweringUtils.h"
#include "Conversion/LegatoToLinalg/Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::legato;
using namespace mlir::legato::lowering;

namespace {

/// The single value of `dense` as a scalar constant of `type` (its
/// signless or complex element type).
Value splatScalar(OpBuilder &b, Location loc, DenseElementsAttr dense, Type type) {
  if (auto c = dyn_cast<ComplexType>(type)) {
    std::complex<APFloat> v = dense.getSplatValue<std::complex<APFloat>>();
    return complex::ConstantOp::create(
        b, loc, c, b.getArrayAttr({FloatAttr::get(c.getElementType(), v.real()),
                                   FloatAttr::get(c.getElementType(), v.imag())}));
  }
  auto scalar = dense.getSplatValue<TypedAttr>();
  if (auto i = dyn_cast<IntegerAttr>(scalar)) // (unsigned values: the same bits, signless)
    scalar = IntegerAttr::get(type, i.getValue());
  return arith::ConstantOp::create(b, loc, scalar);
}

/// A splat becomes a generic yielding the scalar: it fuses into consumers,
/// and only materialises (as a fill) when it is itself a program output.
struct ConstantLowering : OpConversionPattern<ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(ConstantOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto dense = cast<DenseElementsAttr>(op.getValue());
    RankedTensorType type = signless(op.getType());
    rewriter.replaceOp(op, buildGeneric(rewriter, op.getLoc(), type, {}, {},
                                        [&](OpBuilder &b, Location loc, ValueRange) -> Value {
                                          return splatScalar(b, loc, dense, type.getElementType());
                                        }));
    return success();
  }
};

struct IotaLowering : OpConversionPattern<IotaOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(IotaOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    int64_t dim = op.getDimension();
    rewriter.replaceOp(op, buildGeneric(rewriter, op.getLoc(), op.getType(), {}, {},
                                        [&](OpBuilder &b, Location loc, ValueRange) -> Value {
                                          Value i = linalg::IndexOp::create(b, loc, dim);
                                          return arith::IndexCastOp::create(b, loc, b.getI64Type(), i);
                                        }));
    return success();
  }
};

/// SplitMix64 of (seed * golden + row-major index); see RandomOp's description.
struct RandomLowering : OpConversionPattern<RandomOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(RandomOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = op.getType();
    uint64_t seed = uint64_t(op.getSeed());
    auto body = [&](OpBuilder &b, Location loc, ValueRange) -> Value {
      Type i64 = b.getI64Type();
      auto c = [&](uint64_t v) -> Value {
        return arith::ConstantOp::create(b, loc, b.getIntegerAttr(i64, int64_t(v)));
      };
      // Row-major linear index in the global array (a rank's block sits at
      // `offsets` of it).
      SmallVector<int64_t> global(op.getGlobalShape().value_or(type.getShape()));
      SmallVector<int64_t> offsets(op.getOffsets().value_or(SmallVector<int64_t>(type.getRank(), 0)));
      Value linear = c(0);
      for (int64_t d = 0; d < type.getRank(); ++d) {
        Value i = arith::IndexCastOp::create(b, loc, i64, linalg::IndexOp::create(b, loc, d));
        if (offsets[d])
          i = arith::AddIOp::create(b, loc, i, c(uint64_t(offsets[d])));
        linear = arith::AddIOp::create(
            b, loc, arith::MulIOp::create(b, loc, linear, c(uint64_t(global[d]))), i);
      }
      const uint64_t golden = 0x9E3779B97F4A7C15ull;
      Value z = arith::AddIOp::create(b, loc, linear, c(seed * golden + golden));
      auto mix = [&](Value v, int64_t shift, uint64_t mul) -> Value {
        Value x = arith::XOrIOp::create(b, loc, v, arith::ShRUIOp::create(b, loc, v, c(shift)));
        return mul ? Value(arith::MulIOp::create(b, loc, x, c(mul))) : x;
      };
      z = mix(z, 30, 0xBF58476D1CE4E5B9ull);
      z = mix(z, 27, 0x94D049BB133111EBull);
      z = mix(z, 31, 0);
      Type ft = type.getElementType();
      bool f32 = ft.isF32();
      Value bits = arith::ShRUIOp::create(b, loc, z, c(f32 ? 40 : 11));
      Value asFloat = arith::UIToFPOp::create(b, loc, ft, bits);
      return arith::MulFOp::create(b, loc, asFloat,
                                   scalarConstant(b, loc, ft, f32 ? 0x1p-24 : 0x1p-53));
    };
    rewriter.replaceOp(op, buildGeneric(rewriter, op.getLoc(), type, {}, {}, body));
    return success();
  }
};

} // namespace

void lowering::populateGeneratorLoweringPatterns(const TypeConverter &converter,
                                                 RewritePatternSet &patterns) {
  patterns.add<ConstantLowering, IotaLowering, RandomLowering>(converter, patterns.getContext());
}
