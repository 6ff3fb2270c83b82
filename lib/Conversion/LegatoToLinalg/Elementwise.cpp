//===- Elementwise.cpp - elementwise legato ops to linalg -----------------===//
//
// Every elementwise op becomes a `linalg.generic` over its result whose body
// is the op's NumPy semantics on scalars: NaN comparisons, NumPy's
// maximum and minimum, remainder and floor division, astype's conversions.
// Unsigned integers (signless here) take the unsigned operations the legato
// op's types call for; float16 computes in float32, rounded once to float16
// after each op, as NumPy's float16 loops do. Complex numbers use the
// `complex` dialect's ops.
//
//===----------------------------------------------------------------------===//
#include "Conversion/LegatoToLinalg/ComplexMath.h"
#include "Conversion/LegatoToLinalg/LoweringUtils.h"
#include "Conversion/LegatoToLinalg/NumpyDivision.h"
#include "Conversion/LegatoToLinalg/NumpyMinMax.h"
#include "Conversion/LegatoToLinalg/Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::legato;
using namespace mlir::legato::lowering;

namespace {

//===----------------------------------------------------------------------===//
// Scalar semantics of each elementwise op
//===----------------------------------------------------------------------===//

/// NumPy's shifts: an amount outside [0, bit width) shifts every bit out
/// (0, or -1 for a negative value shifted right), where arith's shifts
/// give poison; the amount is clamped first so that no poison is made.
Value buildNumpyShift(OpBuilder &b, Location loc, Value x, Value amount, bool left,
                      bool isUnsigned) {
  Type t = x.getType();
  int64_t width = t.getIntOrFloatBitWidth();
  Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, amount,
                                        scalarConstant(b, loc, t, width));
  if (left) {
    Value safe = arith::SelectOp::create(b, loc, inRange, amount, scalarConstant(b, loc, t, 0));
    return arith::SelectOp::create(b, loc, inRange, arith::ShLIOp::create(b, loc, x, safe),
                                   scalarConstant(b, loc, t, 0));
  }
  if (isUnsigned) // (every bit shifted out: 0)
    return arith::SelectOp::create(b, loc, inRange, arith::ShRUIOp::create(b, loc, x, amount),
                                   scalarConstant(b, loc, t, 0));
  Value safe = arith::SelectOp::create(b, loc, inRange, amount, scalarConstant(b, loc, t, width - 1));
  return arith::ShRSIOp::create(b, loc, x, safe);
}

/// `op`'s float16 scalar result: computed from float32 operands, rounded
/// once to float16 (NumPy's float16 loops convert to float32 and back).
template <class Compute>
Value throughF32(OpBuilder &b, Location loc, ValueRange xs, Compute compute) {
  SmallVector<Value> wide;
  for (Value x : xs)
    wide.push_back(arith::ExtFOp::create(b, loc, b.getF32Type(), x));
  Value r = compute(wide);
  return r.getType().isF32() ? Value(arith::TruncFOp::create(b, loc, b.getF16Type(), r)) : r;
}

/// An integer power: arith's ipowi is signed (a negative exponent has its
/// own meaning), so unsigned values compute in 64-bit with a nonnegative
/// exponent and wrap back (powers wrap alike in any width); a uint64
/// exponent from 2^63 on is halved first: x^e = (x^(e/2))^2 * x^(e%2).
Value integerPower(OpBuilder &b, Location loc, Value x, Value y, bool isUnsigned) {
  Type t = x.getType();
  if (!isUnsigned)
    return math::IPowIOp::create(b, loc, x, y);
  if (t.isInteger(64)) {
    Value one = scalarConstant(b, loc, t, 1);
    Value half = math::IPowIOp::create(b, loc, x, arith::ShRUIOp::create(b, loc, y, one));
    Value square = arith::MulIOp::create(b, loc, half, half);
    Value odd = arith::TruncIOp::create(b, loc, b.getI1Type(), y);
    return arith::SelectOp::create(b, loc, odd, arith::MulIOp::create(b, loc, square, x), square);
  }
  Type i64 = b.getI64Type();
  Value r = math::IPowIOp::create(b, loc, arith::ExtUIOp::create(b, loc, i64, x),
                                  arith::ExtUIOp::create(b, loc, i64, y));
  return arith::TruncIOp::create(b, loc, t, r);
}

/// A complex op's scalar semantics (the ops NumPy defines for complex
/// numbers that legato has; the tracer refuses the others).
Value complexBinary(OpBuilder &b, Location loc, Operation *op, Value x, Value y) {
  if (isa<AddOp>(op)) return complex::AddOp::create(b, loc, x, y);
  if (isa<SubOp>(op)) return complex::SubOp::create(b, loc, x, y);
  if (isa<MulOp>(op)) return complex::MulOp::create(b, loc, x, y);
  if (isa<DivOp>(op)) return complex::DivOp::create(b, loc, x, y);
  if (isa<PowOp>(op)) return complex::PowOp::create(b, loc, x, y);
  if (isa<MaxOp>(op)) return complexMaxMin(b, loc, x, y, /*maximum=*/true);
  if (isa<MinOp>(op)) return complexMaxMin(b, loc, x, y, /*maximum=*/false);
  llvm_unreachable("not a binary op of complex numbers");
}

Value complexUnary(OpBuilder &b, Location loc, Operation *op, Value x) {
  if (isa<NegOp>(op)) return complex::NegOp::create(b, loc, x);
  if (isa<ConjOp>(op)) return complex::ConjOp::create(b, loc, x);
  if (isa<ExpOp>(op)) return complex::ExpOp::create(b, loc, x);
  if (isa<SqrtOp>(op)) return complex::SqrtOp::create(b, loc, x);
  if (isa<TanOp>(op)) return complex::TanOp::create(b, loc, x);
  if (isa<TanhOp>(op)) return complex::TanhOp::create(b, loc, x);
  if (isa<Expm1Op>(op)) return complex::Expm1Op::create(b, loc, x);
  if (Value y = buildComplexFunction(b, loc, op, x))
    return y;
  llvm_unreachable("not a unary op of complex numbers");
}

Value scalarBinary(OpBuilder &b, Location loc, Operation *op, Value x, Value y, bool isUnsigned) {
  Type t = x.getType();
  if (isa<ComplexType>(t))
    return complexBinary(b, loc, op, x, y);
  if (t.isF16())
    return throughF32(b, loc, {x, y}, [&](ValueRange w) {
      return scalarBinary(b, loc, op, w[0], w[1], false);
    });
  bool f = isFloat(t), bit = isBool(t), u = bit || isUnsigned;
  if (isa<AddOp>(op))
    return f ? Value(arith::AddFOp::create(b, loc, x, y)) : Value(arith::AddIOp::create(b, loc, x, y));
  if (isa<SubOp>(op))
    return f ? Value(arith::SubFOp::create(b, loc, x, y)) : Value(arith::SubIOp::create(b, loc, x, y));
  if (isa<MulOp>(op))
    return f ? Value(arith::MulFOp::create(b, loc, x, y)) : Value(arith::MulIOp::create(b, loc, x, y));
  if (isa<DivOp>(op))
    return arith::DivFOp::create(b, loc, x, y);
  if (isa<PowOp>(op))
    return f ? Value(math::PowFOp::create(b, loc, x, y)) : integerPower(b, loc, x, y, isUnsigned);
  if (isa<MaxOp>(op))
    return f ? buildNumpyMaxMin(b, loc, x, y, /*maximum=*/true)
             : u ? Value(arith::MaxUIOp::create(b, loc, x, y)) : Value(arith::MaxSIOp::create(b, loc, x, y));
  if (isa<MinOp>(op))
    return f ? buildNumpyMaxMin(b, loc, x, y, /*maximum=*/false)
             : u ? Value(arith::MinUIOp::create(b, loc, x, y)) : Value(arith::MinSIOp::create(b, loc, x, y));
  if (isa<AndOp>(op))
    return arith::AndIOp::create(b, loc, x, y);
  if (isa<OrOp>(op))
    return arith::OrIOp::create(b, loc, x, y);
  if (isa<XorOp>(op))
    return arith::XOrIOp::create(b, loc, x, y);
  if (isa<ShlOp, ShrOp>(op))
    return buildNumpyShift(b, loc, x, y, /*left=*/isa<ShlOp>(op), isUnsigned);
  if (isa<Atan2Op>(op))
    return math::Atan2Op::create(b, loc, x, y);
  if (isa<ModOp>(op))
    return buildNumpyRemainder(b, loc, x, y, isUnsigned);
  if (isa<FloorDivOp>(op))
    return buildNumpyFloorDivide(b, loc, x, y, isUnsigned);
  llvm_unreachable("not a legato binary op");
}

Value scalarCompare(OpBuilder &b, Location loc, ComparePredicate p, Value x, Value y,
                    bool isUnsigned) {
  Type t = x.getType();
  if (isa<ComplexType>(t)) { // (the tracer orders complex numbers by their parts)
    assert(p == ComparePredicate::eq || p == ComparePredicate::ne);
    return p == ComparePredicate::eq ? Value(complex::EqualOp::create(b, loc, x, y))
                                     : Value(complex::NotEqualOp::create(b, loc, x, y));
  }
  if (isFloat(t)) { // (float16 compares exactly as it is)
    // NumPy: comparisons with NaN are false, except != which is true.
    arith::CmpFPredicate fp[] = {arith::CmpFPredicate::OLT, arith::CmpFPredicate::OLE,
                                 arith::CmpFPredicate::OGT, arith::CmpFPredicate::OGE,
                                 arith::CmpFPredicate::OEQ, arith::CmpFPredicate::UNE};
    return arith::CmpFOp::create(b, loc, fp[int(p)], x, y);
  }
  bool u = isBool(t) || isUnsigned; // (True > False)
  arith::CmpIPredicate ip[] = {
      u ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt,
      u ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle,
      u ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt,
      u ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge,
      arith::CmpIPredicate::eq, arith::CmpIPredicate::ne};
  return arith::CmpIOp::create(b, loc, ip[int(p)], x, y);
}

Value scalarUnary(OpBuilder &b, Location loc, Operation *op, Value x, bool isUnsigned) {
  Type t = x.getType();
  if (isa<ComplexType>(t))
    return complexUnary(b, loc, op, x);
  if (t.isF16())
    return throughF32(b, loc, {x}, [&](ValueRange w) { return scalarUnary(b, loc, op, w[0], false); });
  if (isa<NegOp>(op))
    return isFloat(t) ? Value(arith::NegFOp::create(b, loc, x))
                      : Value(arith::SubIOp::create(b, loc, scalarConstant(b, loc, t, 0), x));
  if (isa<AbsOp>(op)) {
    if (isFloat(t))
      return math::AbsFOp::create(b, loc, x);
    return isBool(t) || isUnsigned ? x : Value(math::AbsIOp::create(b, loc, x));
  }
  if (isa<NotOp>(op)) // (all ones: -1, or true for bool)
    return arith::XOrIOp::create(b, loc, x, scalarConstant(b, loc, t, -1));
  if (isa<ExpOp>(op)) return math::ExpOp::create(b, loc, x);
  if (isa<LogOp>(op)) return math::LogOp::create(b, loc, x);
  if (isa<SqrtOp>(op)) return math::SqrtOp::create(b, loc, x);
  if (isa<SinOp>(op)) return math::SinOp::create(b, loc, x);
  if (isa<CosOp>(op)) return math::CosOp::create(b, loc, x);
  if (isa<TanhOp>(op)) return math::TanhOp::create(b, loc, x);
  if (isa<ErfOp>(op)) return math::ErfOp::create(b, loc, x);
  if (isa<FloorOp>(op)) return math::FloorOp::create(b, loc, x);
  if (isa<TanOp>(op)) return math::TanOp::create(b, loc, x);
  if (isa<AsinOp>(op)) return math::AsinOp::create(b, loc, x);
  if (isa<AcosOp>(op)) return math::AcosOp::create(b, loc, x);
  if (isa<AtanOp>(op)) return math::AtanOp::create(b, loc, x);
  if (isa<SinhOp>(op)) return math::SinhOp::create(b, loc, x);
  if (isa<CoshOp>(op)) return math::CoshOp::create(b, loc, x);
  if (isa<AsinhOp>(op)) return math::AsinhOp::create(b, loc, x);
  if (isa<AcoshOp>(op)) return math::AcoshOp::create(b, loc, x);
  if (isa<AtanhOp>(op)) return math::AtanhOp::create(b, loc, x);
  if (isa<Exp2Op>(op)) return math::Exp2Op::create(b, loc, x);
  if (isa<Expm1Op>(op)) return math::ExpM1Op::create(b, loc, x);
  if (isa<Log2Op>(op)) return math::Log2Op::create(b, loc, x);
  if (isa<Log10Op>(op)) return math::Log10Op::create(b, loc, x);
  if (isa<Log1pOp>(op)) return math::Log1pOp::create(b, loc, x);
  if (isa<CbrtOp>(op)) return math::CbrtOp::create(b, loc, x);
  if (isa<CeilOp>(op)) return math::CeilOp::create(b, loc, x);
  if (isa<TruncOp>(op)) return math::TruncOp::create(b, loc, x);
  if (isa<RintOp>(op)) return math::RoundEvenOp::create(b, loc, x);
  llvm_unreachable("not a legato unary op");
}

/// A float to an integer of `to`'s width, as the x86 conversions NumPy's
/// C casts compile to: 8- and 16-bit integers through int32 (so -1.5 gives
/// 255 as uint8), uint32 through int64, uint64 from 2^63 on through the
/// offset 2^63 (arith's fptoui would leave negative values undefined).
Value floatToInteger(OpBuilder &b, Location loc, Value x, Type to, bool toUnsigned) {
  unsigned width = to.getIntOrFloatBitWidth();
  if (x.getType().isF16())
    x = arith::ExtFOp::create(b, loc, b.getF32Type(), x);
  if (!toUnsigned && width >= 32)
    return arith::FPToSIOp::create(b, loc, to, x);
  if (width < 32)
    return arith::TruncIOp::create(b, loc, to, arith::FPToSIOp::create(b, loc, b.getI32Type(), x));
  Type i64 = b.getI64Type();
  Value wide = arith::FPToSIOp::create(b, loc, i64, x);
  if (width == 32)
    return arith::TruncIOp::create(b, loc, to, wide);
  // [2^63, 2^64): x - 2^63 converted, with the top bit set.
  Value limit = scalarConstant(b, loc, x.getType(), 9223372036854775808.0);
  Value high = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, x, limit);
  Value top = arith::ConstantOp::create(b, loc, b.getIntegerAttr(i64, llvm::APInt::getSignedMinValue(64)));
  Value shifted = arith::XOrIOp::create(
      b, loc, arith::FPToSIOp::create(b, loc, i64, arith::SubFOp::create(b, loc, x, limit)), top);
  return arith::SelectOp::create(b, loc, high, shifted, wide);
}

/// NumPy astype: float->int truncates, anything->bool is `!= 0`, bool->number
/// is 0/1, unsigned integers extend with zeros. Into float16 through
/// float32, except from float64, which rounds once (as NumPy's).
Value scalarConvert(OpBuilder &b, Location loc, Value x, Type to, bool fromUnsigned,
                    bool toUnsigned) {
  Type from = x.getType();
  if (from == to)
    return x;
  if (auto c = dyn_cast<ComplexType>(to)) { // both parts converted, or (x, 0)
    Type part = c.getElementType();
    if (isa<ComplexType>(from))
      return complex::CreateOp::create(
          b, loc, c, scalarConvert(b, loc, complex::ReOp::create(b, loc, x), part, false, false),
          scalarConvert(b, loc, complex::ImOp::create(b, loc, x), part, false, false));
    return complex::CreateOp::create(b, loc, c, scalarConvert(b, loc, x, part, fromUnsigned, false),
                                     scalarConstant(b, loc, part, 0));
  }
  if (isa<ComplexType>(from)) {
    if (isBool(to)) // (nonzero: either part)
      return complex::NotEqualOp::create(b, loc, x, scalarConstant(b, loc, from, 0));
    // NumPy drops the imaginary part (with a ComplexWarning).
    return scalarConvert(b, loc, complex::ReOp::create(b, loc, x), to, false, toUnsigned);
  }
  if (isBool(to)) {
    Value zero = scalarConstant(b, loc, from, 0);
    return isFloat(from) ? Value(arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, x, zero))
                         : Value(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, x, zero));
  }
  if (isFloat(from) && isFloat(to))
    return from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth()
               ? Value(arith::ExtFOp::create(b, loc, to, x))
               : Value(arith::TruncFOp::create(b, loc, to, x));
  if (to.isF16()) // (every integer below 2^24 is exact in float32; beyond, both give inf)
    return arith::TruncFOp::create(
        b, loc, to, scalarConvert(b, loc, x, b.getF32Type(), fromUnsigned, false));
  bool zeroExtend = isBool(from) || fromUnsigned;
  if (isFloat(to))
    return zeroExtend ? Value(arith::UIToFPOp::create(b, loc, to, x))
                      : Value(arith::SIToFPOp::create(b, loc, to, x));
  if (isFloat(from))
    return floatToInteger(b, loc, x, to, toUnsigned);
  if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
    return zeroExtend ? Value(arith::ExtUIOp::create(b, loc, to, x))
                      : Value(arith::ExtSIOp::create(b, loc, to, x));
  return arith::TruncIOp::create(b, loc, to, x);
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

template <class Op>
struct ElementwiseLowering : OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;
  LogicalResult matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Operation *raw = op.getOperation();
    bool isUnsigned = isUnsignedValue(op->getOperand(0));
    Value result = buildElementwise(
        rewriter, op.getLoc(), signless(op.getType()), adaptor.getOperands(),
        [&](OpBuilder &b, Location loc, ValueRange args) -> Value {
          if (args.size() == 2)
            return scalarBinary(b, loc, raw, args[0], args[1], isUnsigned);
          return scalarUnary(b, loc, raw, args[0], isUnsigned);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// real, imag and magnitude: complex numbers to floats of their parts.
template <class Op> struct ComplexPartLowering : OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;
  LogicalResult matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, buildElementwise(rewriter, op.getLoc(), op.getType(),
                                            {adaptor.getInput()},
                                            [](OpBuilder &b, Location loc, ValueRange a) -> Value {
                                              if constexpr (std::is_same_v<Op, RealOp>)
                                                return complex::ReOp::create(b, loc, a[0]);
                                              else if constexpr (std::is_same_v<Op, ImagOp>)
                                                return complex::ImOp::create(b, loc, a[0]);
                                              else
                                                return complex::AbsOp::create(b, loc, a[0]);
                                            }));
    return success();
  }
};

struct CompareLowering : OpConversionPattern<CompareOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(CompareOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    ComparePredicate p = op.getPredicate();
    bool isUnsigned = isUnsignedValue(op.getLhs());
    rewriter.replaceOp(op, buildElementwise(rewriter, op.getLoc(), op.getType(),
                                            {adaptor.getLhs(), adaptor.getRhs()},
                                            [&](OpBuilder &b, Location loc, ValueRange a) {
                                              return scalarCompare(b, loc, p, a[0], a[1], isUnsigned);
                                            }));
    return success();
  }
};

struct SelectLowering : OpConversionPattern<SelectOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(SelectOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, buildElementwise(rewriter, op.getLoc(), signless(op.getType()),
                                            adaptor.getOperands(),
                                            [](OpBuilder &b, Location loc, ValueRange a) -> Value {
                                              return arith::SelectOp::create(b, loc, a[0], a[1], a[2]);
                                            }));
    return success();
  }
};

struct ConvertLowering : OpConversionPattern<ConvertOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(ConvertOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = signless(op.getType());
    Type to = type.getElementType();
    bool fromUnsigned = isUnsignedValue(op.getInput()), toUnsigned = isUnsignedValue(op);
    rewriter.replaceOp(op, buildElementwise(rewriter, op.getLoc(), type, {adaptor.getInput()},
                                            [&](OpBuilder &b, Location loc, ValueRange a) {
                                              return scalarConvert(b, loc, a[0], to, fromUnsigned,
                                                                   toUnsigned);
                                            }));
    return success();
  }
};

} // namespace

void lowering::populateElementwiseLoweringPatterns(const TypeConverter &converter,
                                                   RewritePatternSet &patterns) {
  patterns.add<ElementwiseLowering<AddOp>, ElementwiseLowering<SubOp>, ElementwiseLowering<MulOp>, ElementwiseLowering<DivOp>,
      ElementwiseLowering<PowOp>, ElementwiseLowering<MaxOp>, ElementwiseLowering<MinOp>, ElementwiseLowering<AndOp>, ElementwiseLowering<XorOp>,
      ElementwiseLowering<ShlOp>, ElementwiseLowering<ShrOp>,
      ElementwiseLowering<OrOp>, ElementwiseLowering<NegOp>, ElementwiseLowering<AbsOp>, ElementwiseLowering<NotOp>,
      ElementwiseLowering<ExpOp>, ElementwiseLowering<LogOp>, ElementwiseLowering<SqrtOp>, ElementwiseLowering<SinOp>,
      ElementwiseLowering<CosOp>, ElementwiseLowering<TanhOp>, ElementwiseLowering<ErfOp>, ElementwiseLowering<FloorOp>,
      ElementwiseLowering<TanOp>, ElementwiseLowering<AsinOp>, ElementwiseLowering<AcosOp>, ElementwiseLowering<AtanOp>,
      ElementwiseLowering<SinhOp>, ElementwiseLowering<CoshOp>, ElementwiseLowering<AsinhOp>, ElementwiseLowering<AcoshOp>,
      ElementwiseLowering<AtanhOp>, ElementwiseLowering<Exp2Op>, ElementwiseLowering<Expm1Op>, ElementwiseLowering<Log2Op>,
      ElementwiseLowering<Log10Op>, ElementwiseLowering<Log1pOp>, ElementwiseLowering<CbrtOp>, ElementwiseLowering<CeilOp>,
      ElementwiseLowering<TruncOp>, ElementwiseLowering<RintOp>, ElementwiseLowering<Atan2Op>, ElementwiseLowering<ModOp>,
      ElementwiseLowering<FloorDivOp>,
      ElementwiseLowering<ConjOp>, ComplexPartLowering<RealOp>, ComplexPartLowering<ImagOp>,
      ComplexPartLowering<MagnitudeOp>,
      CompareLowering, SelectLowering, ConvertLowering>(converter, patterns.getContext());
}
