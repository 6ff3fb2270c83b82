//===- SimplifyIdentities.cpp - algebraic identities and constant folding -===//
//
// Identities that keep every value (x+0, x*1, x/1, pow(x, 0|1|2)) apply by
// default; those that do not hold for NaN, infinity or the sign of zero
// (float x*0 → 0, x-x → 0, pow(x, 0.5) → sqrt(x)) only under
// SimplifyOptions::assumeFinite. Integer x*0 and x-x always hold.
//
// Constant folding evaluates elementwise ops on splat constants (every
// constant the tracer makes is a splat) in the op's own element type.
//
//===----------------------------------------------------------------------===//
#include "Dialect/Legato/Transforms/SimplifyPatterns.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"

#include <cmath>

using namespace mlir;
using namespace mlir::legato;

//===----------------------------------------------------------------------===//
// Helpers (declared in SimplifyPatterns.h)
//===----------------------------------------------------------------------===//

namespace {
/// A splat constant's single value, integer or floating.
struct Scalar {
  bool isFloat = false;
  double f = 0;
  int64_t i = 0;
  double asDouble() const { return isFloat ? f : double(i); }
};

std::optional<Scalar> splatScalar(Value v) {
  auto constant = v.getDefiningOp<ConstantOp>();
  if (!constant)
    return std::nullopt;
  auto splat = dyn_cast<SplatElementsAttr>(constant.getValue());
  if (!splat)
    return std::nullopt;
  if (isa<ComplexType>(splat.getElementType()))
    return std::nullopt; // (complex constants are not folded)
  Attribute element = splat.getSplatValue<Attribute>();
  Scalar s;
  if (auto f = dyn_cast<FloatAttr>(element)) {
    s.isFloat = true;
    s.f = f.getValueAsDouble();
  } else {
    auto i = cast<IntegerAttr>(element);
    // i1 is a bool (true is 1, not -1); unsigned values zero-extend.
    bool zeroExtend = i.getType().isInteger(1) || i.getType().isUnsignedInteger();
    s.i = zeroExtend ? int64_t(i.getValue().getZExtValue()) : i.getValue().getSExtValue();
  }
  return s;
}

Attribute scalarAttr(Type elem, const Scalar &s) {
  if (auto f = dyn_cast<FloatType>(elem))
    return FloatAttr::get(f, s.isFloat ? s.f : double(s.i));
  int64_t i = s.isFloat ? int64_t(s.f) : s.i;
  if (elem.isInteger(1))
    return IntegerAttr::get(elem, APInt(1, s.isFloat ? s.f != 0 : i != 0));
  // The low bits: integers wrap, as the generated code does.
  return IntegerAttr::get(elem, APInt(elem.getIntOrFloatBitWidth(), uint64_t(i),
                                      /*isSigned=*/false, /*implicitTrunc=*/true));
}

/// `v` rounded to the float type `elem` (to nearest, ties to even).
double roundTo(Type elem, double v) {
  APFloat r(v);
  bool lost;
  r.convert(cast<FloatType>(elem).getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
  return r.convertToDouble();
}

Value makeScalarSplat(OpBuilder &b, Location loc, RankedTensorType type, const Scalar &s) {
  DenseElementsAttr attr;
  if (auto c = dyn_cast<ComplexType>(type.getElementType())) { // (s + 0i)
    auto part = cast<FloatAttr>(scalarAttr(c.getElementType(), s)).getValue();
    std::complex<APFloat> value(part, APFloat::getZero(part.getSemantics()));
    attr = DenseElementsAttr::get(type, ArrayRef<std::complex<APFloat>>(value));
  } else {
    attr = SplatElementsAttr::get(type, scalarAttr(type.getElementType(), s));
  }
  return ConstantOp::create(b, loc, type, cast<ElementsAttr>(attr));
}
} // namespace

std::optional<double> mlir::legato::splatValue(Value v) {
  if (std::optional<Scalar> s = splatScalar(v))
    return s->asDouble();
  return std::nullopt;
}

bool mlir::legato::isFloatTensor(Value v) {
  return isa<FloatType, ComplexType>(tensorType(v).getElementType());
}

Value mlir::legato::makeSplat(OpBuilder &b, Location loc, RankedTensorType type, double x) {
  Scalar s;
  s.isFloat = true;
  s.f = x;
  return makeScalarSplat(b, loc, type, s);
}

bool mlir::legato::isElementwise(Operation *op) {
  return isa<AddOp, SubOp, MulOp, DivOp, PowOp, MaxOp, MinOp, AndOp, OrOp, XorOp, ShlOp,
             ShrOp, NegOp, AbsOp,
             NotOp, ExpOp, LogOp, SqrtOp, SinOp, CosOp, TanhOp, ErfOp, FloorOp, CompareOp,
             SelectOp, ConvertOp>(op) ||
         isa<ModOp, FloorDivOp, TanOp, AsinOp, AcosOp, AtanOp, SinhOp, CoshOp, AsinhOp,
             AcoshOp, AtanhOp, Exp2Op, Expm1Op, Log2Op, Log10Op, Log1pOp,
             CbrtOp, CeilOp, TruncOp, RintOp, Atan2Op, RealOp, ImagOp, MagnitudeOp,
             ConjOp>(op);
}

bool mlir::legato::isIdentityMatrix(Value v) {
  if (auto convert = v.getDefiningOp<ConvertOp>())
    v = convert.getInput();
  auto compare = v.getDefiningOp<CompareOp>();
  if (!compare || compare.getPredicate() != ComparePredicate::eq)
    return false;
  auto type = tensorType(v);
  if (type.getRank() != 2 || type.getDimSize(0) != type.getDimSize(1))
    return false;
  auto rows = compare.getLhs().getDefiningOp<IotaOp>();
  auto cols = compare.getRhs().getDefiningOp<IotaOp>();
  return rows && cols && rows.getDimension() != cols.getDimension();
}

Value mlir::legato::createSlice(OpBuilder &b, Location loc, Value input,
                                ArrayRef<int64_t> offsets, ArrayRef<int64_t> strides,
                                ArrayRef<int64_t> sizes) {
  auto type = RankedTensorType::get(sizes, tensorType(input).getElementType());
  return SliceOp::create(b, loc, type, input, offsets, strides);
}

//===----------------------------------------------------------------------===//
// Identities
//===----------------------------------------------------------------------===//

namespace {

/// Whether `v` is a splat zero that is an identity of float addition, -0
/// (x + -0 is x for every x; x + +0 is +0 for x = -0, which 1 / x tells
/// apart), or any zero of an integer type.
bool isAdditiveIdentity(Value v) {
  std::optional<double> s = splatValue(v);
  return s && *s == 0 && (!isFloatTensor(v) || std::signbit(*s));
}

/// Whether `v` is a splat zero that is an identity of float subtraction,
/// +0 (x - +0 is x for every x; x - -0 is x + +0), or any integer zero.
bool isSubtractiveIdentity(Value v) {
  std::optional<double> s = splatValue(v);
  return s && *s == 0 && (!isFloatTensor(v) || !std::signbit(*s));
}

/// Whether float `v` holds no -0: it is converted from integers (arange's
/// `float(i) * 1 + 0.0`).
bool hasNoNegativeZero(Value v) {
  auto convert = v.getDefiningOp<ConvertOp>();
  return convert && !isFloatTensor(convert.getInput());
}

/// x + 0 → x (either side), for the zeros of isAdditiveIdentity, and for
/// +0 when x holds no -0: linspace's `i * step + 0.0` must keep the sign
/// NumPy gives its first sample.
struct AddZero : CountedPattern<AddOp> {
  using CountedPattern::CountedPattern;
  LogicalResult simplify(AddOp op, PatternRewriter &rewriter) const override {
    auto isIdentityFor = [](Value zero, Value x) {
      return isAdditiveIdentity(zero) || (isSubtractiveIdentity(zero) && hasNoNegativeZero(x));
    };
    if (isIdentityFor(op.getRhs(), op.getLhs()))
      return rewriter.replaceOp(op, op.getLhs()), success();
    if (isIdentityFor(op.getLhs(), op.getRhs()))
      return rewriter.replaceOp(op, op.getRhs()), success();
    return rewriter.notifyMatchFailure(op, "no zero operand that is an identity");
  }
};

/// x - 0 → x for the zeros of isSubtractiveIdentity; 0 - x → -x for those
/// of isAdditiveIdentity (+0 - +0 is +0, not -0).
struct SubZero : CountedPattern<SubOp> {
  using CountedPattern::CountedPattern;
  LogicalResult simplify(SubOp op, PatternRewriter &rewriter) const override {
    if (isSubtractiveIdentity(op.getRhs()))
      return rewriter.replaceOp(op, op.getLhs()), success();
    if (isAdditiveIdentity(op.getLhs()))
      return rewriter.replaceOpWithNewOp<NegOp>(op, op.getRhs()), success();
    return rewriter.notifyMatchFailure(op, "no zero operand that is an identity");
  }
};

/// x * 1 → x; x * -1 → -x (either side).
struct MulOne : CountedPattern<MulOp> {
  using CountedPattern::CountedPattern;
  LogicalResult simplify(MulOp op, PatternRewriter &rewriter) const override {
    for (auto [c, x] : {std::pair(op.getRhs(), op.getLhs()), std::pair(op.getLhs(), op.getRhs())}) {
      if (isSplat(c, 1))
        return rewriter.replaceOp(op, x), success();
      if (isSplat(c, -1))
        return rewriter.replaceOpWithNewOp<NegOp>(op, x), success();
    }
    return rewriter.notifyMatchFailure(op, "no unit operand");
  }
};

/// x / 1 → x; x / -1 → -x.
struct DivOne : CountedPattern<DivOp> {
  using CountedPattern::CountedPattern;
  LogicalResult simplify(DivOp op, PatternRewriter &rewriter) const override {
    if (isSplat(op.getRhs(), 1))
      return rewriter.replaceOp(op, op.getLhs()), success();
    if (isSplat(op.getRhs(), -1))
      return rewriter.replaceOpWithNewOp<NegOp>(op, op.getLhs()), success();
    return rewriter.notifyMatchFailure(op, "divisor is not ±1");
  }
};

/// x / c → x * (1/c): exact when c is a power of two (mean's 1/n of a
/// power-of-two count) whose reciprocal is finite (not a subnormal c below
/// 2^-1023, or 2^-127 in f32); otherwise within one rounding, under
/// assume_finite.
struct DivByConstant : CountedPattern<DivOp> {
  using CountedPattern::CountedPattern;
  LogicalResult simplify(DivOp op, PatternRewriter &rewriter) const override {
    std::optional<double> c = splatValue(op.getRhs());
    if (!c || *c == 0 || !std::isfinite(*c) || *c == 1 || *c == -1)
      return rewriter.notifyMatchFailure(op, "divisor is not a finite constant");
    double reciprocal = 1.0 / *c;
    if (!std::isfinite(roundTo(getElementTypeOrSelf(op.getType()), reciprocal)))
      return rewriter.notifyMatchFailure(op, "1/c overflows");
    int exponent;
    bool powerOfTwo = std::fabs(std::frexp(*c, &exponent)) == 0.5;
    if (!powerOfTwo && !options.assumeFinite)
      return rewriter.notifyMatchFailure(op, "1/c is inexact; needs assume_finite");
    rewriter.replaceOpWithNewOp<MulOp>(
        op, op.getLhs(), makeSplat(rewriter, op.getLoc(), op.getType(), reciprocal));
    return success();
  }
};

/// x * 0 → 0: always for integers, under assume_finite for floats
/// (NaN * 0 and inf * 0 are NaN).
struct MulZero : CountedPattern<MulOp> {
  using CountedPattern::CountedPattern;
  LogicalResult simplify(MulOp op, PatternRewriter &rewriter) const override {
    if (isFloatTensor(op) && !options.assumeFinite)
      return rewriter.notifyMatchFailure(op, "float x*0 needs assume_finite");
    if (!isSplat(op.getRhs(), 0) && !isSplat(op.getLhs(), 0))
      return rewriter.notifyMatchFailure(op, "no zero operand");
    rewriter.replaceOp(op, makeSplat(rewriter, op.getLoc(), op.getType(), 0));
    return success();
  }
};

/// x - x → 0: always for integers, under assume_finite for floats.
struct SubSelf : CountedPattern<SubOp> {
  using CountedPattern::CountedPattern;
  LogicalResult simplify(SubOp op, PatternRewriter &rewriter) const override {
    if (op.getLhs() != op.getRhs())
      return rewriter.notifyMatchFailure(op, "operands differ");
    if (isFloatTensor(op) && !options.assumeFinite)
      return rewriter.notifyMatchFailure(op, "float x-x needs assume_finite");
    rewriter.replaceOp(op, makeSplat(rewriter, op.getLoc(), op.getType(), 0));
    return success();
  }
};

/// pow(x, 0) → 1, pow(x, 1) → x, pow(x, 2) → x*x; pow(x, 0.5) → sqrt(x)
/// under assume_finite (pow(-0, 0.5) is +0 and pow(-inf, 0.5) is +inf).
struct PowConstant : CountedPattern<PowOp> {
  using CountedPattern::CountedPattern;
  LogicalResult simplify(PowOp op, PatternRewriter &rewriter) const override {
    std::optional<double> e = splatValue(op.getRhs());
    if (!e)
      return rewriter.notifyMatchFailure(op, "exponent is not a constant");
    Value x = op.getLhs();
    if (*e == 0)
      return rewriter.replaceOp(op, makeSplat(rewriter, op.getLoc(), op.getType(), 1)),
             success();
    if (*e == 1)
      return rewriter.replaceOp(op, x), success();
    if (*e == 2)
      return rewriter.replaceOpWithNewOp<MulOp>(op, x, x), success();
    if (*e == 0.5 && isFloatTensor(x) && options.assumeFinite)
      return rewriter.replaceOpWithNewOp<SqrtOp>(op, x), success();
    return rewriter.notifyMatchFailure(op, "no cheaper form of this exponent");
  }
};

/// select(c, x, x) → x; select(splat c, x, y) → x or y.
struct SelectKnown : CountedPattern<SelectOp> {
  using CountedPattern::CountedPattern;
  LogicalResult simplify(SelectOp op, PatternRewriter &rewriter) const override {
    if (op.getOnTrue() == op.getOnFalse())
      return rewriter.replaceOp(op, op.getOnTrue()), success();
    std::optional<double> c = splatValue(op.getCondition());
    if (!c)
      return rewriter.notifyMatchFailure(op, "condition is not known");
    rewriter.replaceOp(op, *c != 0 ? op.getOnTrue() : op.getOnFalse());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Constant folding
//===----------------------------------------------------------------------===//

/// Rounds a double result to the element type (f16 or f32 arithmetic done
/// in double and rounded once equals it for + - * / sqrt).
Scalar floatResult(Type elem, double v) {
  Scalar s;
  s.isFloat = true;
  s.f = roundTo(elem, v);
  return s;
}
Scalar intResult(int64_t v) {
  Scalar s;
  s.i = v;
  return s;
}

std::optional<Scalar> foldUnary(Operation *op, const Scalar &x, Type elem) {
  if (x.isFloat) {
    double v = x.f, r;
    if (isa<NegOp>(op)) r = -v;
    else if (isa<AbsOp>(op)) r = std::fabs(v);
    else if (isa<ExpOp>(op)) r = std::exp(v);
    else if (isa<LogOp>(op)) r = std::log(v);
    else if (isa<SqrtOp>(op)) r = std::sqrt(v);
    else if (isa<SinOp>(op)) r = std::sin(v);
    else if (isa<CosOp>(op)) r = std::cos(v);
    else if (isa<TanhOp>(op)) r = std::tanh(v);
    else if (isa<ErfOp>(op)) r = std::erf(v);
    else if (isa<FloorOp>(op)) r = std::floor(v);
    else if (isa<TanOp>(op)) r = std::tan(v);
    else if (isa<AsinOp>(op)) r = std::asin(v);
    else if (isa<AcosOp>(op)) r = std::acos(v);
    else if (isa<AtanOp>(op)) r = std::atan(v);
    else if (isa<SinhOp>(op)) r = std::sinh(v);
    else if (isa<CoshOp>(op)) r = std::cosh(v);
    else if (isa<AsinhOp>(op)) r = std::asinh(v);
    else if (isa<AcoshOp>(op)) r = std::acosh(v);
    else if (isa<AtanhOp>(op)) r = std::atanh(v);
    else if (isa<Exp2Op>(op)) r = std::exp2(v);
    else if (isa<Expm1Op>(op)) r = std::expm1(v);
    else if (isa<Log2Op>(op)) r = std::log2(v);
    else if (isa<Log10Op>(op)) r = std::log10(v);
    else if (isa<Log1pOp>(op)) r = std::log1p(v);
    else if (isa<CbrtOp>(op)) r = std::cbrt(v);
    else if (isa<CeilOp>(op)) r = std::ceil(v);
    else if (isa<TruncOp>(op)) r = std::trunc(v);
    else if (isa<RintOp>(op)) r = std::nearbyint(v);
    else return std::nullopt;
    if (!elem.isF64()) // f16/f32 math functions round differently: fold the
      if (!isa<NegOp, AbsOp, SqrtOp, FloorOp, CeilOp, TruncOp, RintOp>(op)) // exactly-rounded ones only
        return std::nullopt;
    return floatResult(elem, r);
  }
  uint64_t u = uint64_t(x.i);
  if (isa<NegOp>(op)) return intResult(int64_t(0 - u));
  if (isa<AbsOp>(op)) return intResult(x.i < 0 ? int64_t(0 - u) : x.i);
  if (isa<NotOp>(op)) return intResult(elem.isInteger(1) ? !x.i : ~x.i);
  return std::nullopt;
}

std::optional<Scalar> foldBinary(Operation *op, const Scalar &a, const Scalar &b, Type elem) {
  if (a.isFloat) {
    double x = a.f, y = b.f, r;
    if (isa<AddOp>(op)) r = x + y;
    else if (isa<SubOp>(op)) r = x - y;
    else if (isa<MulOp>(op)) r = x * y;
    else if (isa<DivOp>(op)) r = x / y;
    // NumPy's rule (NumpyMinMax.h): NaN from either side, of equals the second.
    else if (isa<MaxOp>(op)) r = x > y || std::isnan(x) ? x : y;
    else if (isa<MinOp>(op)) r = x < y || std::isnan(x) ? x : y;
    else if (isa<PowOp>(op) && elem.isF64()) r = std::pow(x, y);
    else if (isa<Atan2Op>(op) && elem.isF64()) r = std::atan2(x, y);
    else return std::nullopt;
    return floatResult(elem, r);
  }
  // Integers wrap: compute in uint64_t, the result's attribute truncates.
  uint64_t x = uint64_t(a.i), y = uint64_t(b.i);
  if (isa<AddOp>(op)) return intResult(int64_t(x + y));
  if (isa<SubOp>(op)) return intResult(int64_t(x - y));
  if (isa<MulOp>(op)) return intResult(int64_t(x * y));
  if (isa<MaxOp>(op)) return intResult(std::max(a.i, b.i));
  if (isa<MinOp>(op)) return intResult(std::min(a.i, b.i));
  if (isa<AndOp>(op)) return intResult(a.i & b.i); // (bools are 0 and 1)
  if (isa<OrOp>(op)) return intResult(a.i | b.i);
  if (isa<XorOp>(op)) return intResult(a.i ^ b.i);
  // NumPy's shifts (ShlOp): amounts outside [0, width) shift every bit out;
  // i32 values arrive sign-extended, and the attribute keeps the low bits.
  if (isa<ShlOp, ShrOp>(op)) {
    bool inRange = y < uint64_t(elem.getIntOrFloatBitWidth());
    if (isa<ShlOp>(op))
      return intResult(inRange ? int64_t(x << y) : 0);
    return intResult(inRange ? a.i >> y : a.i < 0 ? -1 : 0);
  }
  return std::nullopt;
}

bool compare(ComparePredicate p, double x, double y) {
  switch (p) {
  case ComparePredicate::lt: return x < y;
  case ComparePredicate::le: return x <= y;
  case ComparePredicate::gt: return x > y;
  case ComparePredicate::ge: return x >= y;
  case ComparePredicate::eq: return x == y;
  case ComparePredicate::ne: return x != y;
  }
  return false;
}

/// An elementwise op whose operands are all splat constants becomes a splat.
struct FoldConstantElementwise : CountedAnyOpPattern {
  FoldConstantElementwise(MLIRContext *ctx, PatternCounts &counts)
      : CountedAnyOpPattern(ctx, counts, "fold-constant-elementwise") {}
  LogicalResult simplify(Operation *op, PatternRewriter &rewriter) const override {
    if (!isElementwise(op) || isa<SelectOp>(op))
      return failure();
    SmallVector<Scalar> args;
    for (Value v : op->getOperands()) {
      std::optional<Scalar> s = splatScalar(v);
      if (!s)
        return failure();
      // (uint64 values from 2^63 on, negative here, are left to run time)
      if (getElementTypeOrSelf(v.getType()).isUnsignedInteger(64) && s->i < 0)
        return failure();
      args.push_back(*s);
    }
    auto type = cast<RankedTensorType>(op->getResult(0).getType());
    Type elem = type.getElementType();
    std::optional<Scalar> result;
    if (auto cmp = dyn_cast<CompareOp>(op)) {
      // Integer comparisons in double are exact below 2^53; above, do not fold.
      if (!args[0].isFloat && (std::abs(args[0].i) > (int64_t(1) << 53) ||
                               std::abs(args[1].i) > (int64_t(1) << 53)))
        return failure();
      result = intResult(compare(cmp.getPredicate(), args[0].asDouble(), args[1].asDouble()));
    } else if (auto convert = dyn_cast<ConvertOp>(op)) {
      Scalar in = args[0];
      if (isa<ComplexType>(elem))
        return failure(); // (complex constants are not folded; nor truncated to integers)
      if (elem.isInteger(1))
        result = intResult(in.asDouble() != 0);
      else if (isa<FloatType>(elem))
        result = floatResult(elem, in.asDouble());
      else if (in.isFloat && std::isfinite(in.f) && std::fabs(in.f) < 9.2e18)
        result = intResult(int64_t(in.f)); // truncation toward zero
      else if (!in.isFloat)
        result = intResult(in.i);
    } else if (args.size() == 1) {
      result = foldUnary(op, args[0], elem);
    } else {
      result = foldBinary(op, args[0], args[1], elem);
    }
    if (!result)
      return failure();
    rewriter.replaceOp(op, makeScalarSplat(rewriter, op->getLoc(), type, *result));
    return success();
  }
};

} // namespace

void mlir::legato::populateLegatoIdentityPatterns(RewritePatternSet &patterns,
                                                  PatternCounts &counts,
                                                  const SimplifyOptions &options) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<AddZero>(ctx, counts, "add-zero", options);
  patterns.add<SubZero>(ctx, counts, "sub-zero", options);
  patterns.add<MulOne>(ctx, counts, "mul-one", options);
  patterns.add<DivOne>(ctx, counts, "div-one", options);
  patterns.add<DivByConstant>(ctx, counts, "div-by-constant", options);
  patterns.add<MulZero>(ctx, counts, "mul-zero", options);
  patterns.add<SubSelf>(ctx, counts, "sub-self", options);
  patterns.add<PowConstant>(ctx, counts, "pow-constant", options);
  patterns.add<SelectKnown>(ctx, counts, "select-known", options);
  patterns.add<FoldConstantElementwise>(ctx, counts);
}
