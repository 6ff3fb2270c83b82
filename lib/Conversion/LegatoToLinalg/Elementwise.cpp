//===- Elementwise.cpp - elementwise legato ops to linalg -----------------===//
//
// Every elementwise op becomes a `linalg.generic` over its result whose body
// is the op's NumPy semantics on scalars: NaN comparisons, NumPy's
// maximum and minimum, remainder and floor division, astype's conversions.
//
//===----------------------------------------------------------------------===//
#include "Conversion/LegatoToLinalg/LoweringUtils.h"
#include "Conversion/LegatoToLinalg/NumpyDivision.h"
#include "Conversion/LegatoToLinalg/NumpyMinMax.h"
#include "Conversion/LegatoToLinalg/Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
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
Value buildNumpyShift(OpBuilder &b, Location loc, Value x, Value amount, bool left) {
  Type t = x.getType();
  int64_t width = t.getIntOrFloatBitWidth();
  Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, amount,
                                        scalarConstant(b, loc, t, width));
  if (left) {
    Value safe = arith::SelectOp::create(b, loc, inRange, amount, scalarConstant(b, loc, t, 0));
    return arith::SelectOp::create(b, loc, inRange, arith::ShLIOp::create(b, loc, x, safe),
                                   scalarConstant(b, loc, t, 0));
  }
  Value safe = arith::SelectOp::create(b, loc, inRange, amount, scalarConstant(b, loc, t, width - 1));
  return arith::ShRSIOp::create(b, loc, x, safe);
}

Value scalarBinary(OpBuilder &b, Location loc, Operation *op, Value x, Value y) {
  Type t = x.getType();
  bool f = isFloat(t), bit = isBool(t);
  if (isa<AddOp>(op))
    return f ? Value(arith::AddFOp::create(b, loc, x, y)) : Value(arith::AddIOp::create(b, loc, x, y));
  if (isa<SubOp>(op))
    return f ? Value(arith::SubFOp::create(b, loc, x, y)) : Value(arith::SubIOp::create(b, loc, x, y));
  if (isa<MulOp>(op))
    return f ? Value(arith::MulFOp::create(b, loc, x, y)) : Value(arith::MulIOp::create(b, loc, x, y));
  if (isa<DivOp>(op))
    return arith::DivFOp::create(b, loc, x, y);
  if (isa<PowOp>(op))
    return f ? Value(math::PowFOp::create(b, loc, x, y)) : Value(math::IPowIOp::create(b, loc, x, y));
  if (isa<MaxOp>(op))
    return f ? buildNumpyMaxMin(b, loc, x, y, /*maximum=*/true)
             : bit ? Value(arith::MaxUIOp::create(b, loc, x, y)) : Value(arith::MaxSIOp::create(b, loc, x, y));
  if (isa<MinOp>(op))
    return f ? buildNumpyMaxMin(b, loc, x, y, /*maximum=*/false)
             : bit ? Value(arith::MinUIOp::create(b, loc, x, y)) : Value(arith::MinSIOp::create(b, loc, x, y));
  if (isa<AndOp>(op))
    return arith::AndIOp::create(b, loc, x, y);
  if (isa<OrOp>(op))
    return arith::OrIOp::create(b, loc, x, y);
  if (isa<XorOp>(op))
    return arith::XOrIOp::create(b, loc, x, y);
  if (isa<ShlOp, ShrOp>(op))
    return buildNumpyShift(b, loc, x, y, /*left=*/isa<ShlOp>(op));
  if (isa<Atan2Op>(op))
    return math::Atan2Op::create(b, loc, x, y);
  if (isa<ModOp>(op))
    return buildNumpyRemainder(b, loc, x, y);
  if (isa<FloorDivOp>(op))
    return buildNumpyFloorDivide(b, loc, x, y);
  llvm_unreachable("not a legato binary op");
}

Value scalarCompare(OpBuilder &b, Location loc, ComparePredicate p, Value x, Value y) {
  Type t = x.getType();
  if (isFloat(t)) {
    // NumPy: comparisons with NaN are false, except != which is true.
    arith::CmpFPredicate fp[] = {arith::CmpFPredicate::OLT, arith::CmpFPredicate::OLE,
                                 arith::CmpFPredicate::OGT, arith::CmpFPredicate::OGE,
                                 arith::CmpFPredicate::OEQ, arith::CmpFPredicate::UNE};
    return arith::CmpFOp::create(b, loc, fp[int(p)], x, y);
  }
  bool u = isBool(t); // True > False
  arith::CmpIPredicate ip[] = {
      u ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt,
      u ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle,
      u ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt,
      u ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge,
      arith::CmpIPredicate::eq, arith::CmpIPredicate::ne};
  return arith::CmpIOp::create(b, loc, ip[int(p)], x, y);
}

Value scalarUnary(OpBuilder &b, Location loc, Operation *op, Value x) {
  Type t = x.getType();
  if (isa<NegOp>(op))
    return isFloat(t) ? Value(arith::NegFOp::create(b, loc, x))
                      : Value(arith::SubIOp::create(b, loc, scalarConstant(b, loc, t, 0), x));
  if (isa<AbsOp>(op)) {
    if (isFloat(t))
      return math::AbsFOp::create(b, loc, x);
    return isBool(t) ? x : Value(math::AbsIOp::create(b, loc, x));
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

/// NumPy astype: float->int truncates, anything->bool is `!= 0`, bool->number
/// is 0/1.
Value scalarConvert(OpBuilder &b, Location loc, Value x, Type to) {
  Type from = x.getType();
  if (from == to)
    return x;
  if (isBool(to)) {
    Value zero = scalarConstant(b, loc, from, 0);
    return isFloat(from) ? Value(arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, x, zero))
                         : Value(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, x, zero));
  }
  if (isFloat(from) && isFloat(to))
    return from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth()
               ? Value(arith::ExtFOp::create(b, loc, to, x))
               : Value(arith::TruncFOp::create(b, loc, to, x));
  if (isFloat(to))
    return isBool(from) ? Value(arith::UIToFPOp::create(b, loc, to, x))
                        : Value(arith::SIToFPOp::create(b, loc, to, x));
  if (isFloat(from))
    return arith::FPToSIOp::create(b, loc, to, x);
  if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
    return isBool(from) ? Value(arith::ExtUIOp::create(b, loc, to, x))
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
    Value result = buildElementwise(
        rewriter, op.getLoc(), op.getType(), adaptor.getOperands(),
        [&](OpBuilder &b, Location loc, ValueRange args) -> Value {
          if (args.size() == 2)
            return scalarBinary(b, loc, raw, args[0], args[1]);
          return scalarUnary(b, loc, raw, args[0]);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct CompareLowering : OpConversionPattern<CompareOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(CompareOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    ComparePredicate p = op.getPredicate();
    rewriter.replaceOp(op, buildElementwise(rewriter, op.getLoc(), op.getType(),
                                            {adaptor.getLhs(), adaptor.getRhs()},
                                            [&](OpBuilder &b, Location loc, ValueRange a) {
                                              return scalarCompare(b, loc, p, a[0], a[1]);
                                            }));
    return success();
  }
};

struct SelectLowering : OpConversionPattern<SelectOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(SelectOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, buildElementwise(rewriter, op.getLoc(), op.getType(),
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
    Type to = op.getType().getElementType();
    rewriter.replaceOp(op, buildElementwise(rewriter, op.getLoc(), op.getType(),
                                            {adaptor.getInput()},
                                            [&](OpBuilder &b, Location loc, ValueRange a) {
                                              return scalarConvert(b, loc, a[0], to);
                                            }));
    return success();
  }
};

} // namespace

void lowering::populateElementwiseLoweringPatterns(RewritePatternSet &patterns) {
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
      CompareLowering, SelectLowering, ConvertLowering>(patterns.getContext());
}
