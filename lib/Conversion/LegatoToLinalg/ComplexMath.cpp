//===- ComplexMath.cpp - NumPy's complex functions beyond the dialect's ---===//
#include "Conversion/LegatoToLinalg/ComplexMath.h"

#include "Conversion/LegatoToLinalg/LoweringUtils.h"
#include "Dialect/Legato/IR/LegatoDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <cmath>

using namespace mlir;
using namespace mlir::legato;

namespace {

/// Builds complex expressions of one complex type.
struct ComplexBuilder {
  OpBuilder &b;
  Location loc;
  ComplexType type;

  Value re(Value z) { return complex::ReOp::create(b, loc, z); }
  Value im(Value z) { return complex::ImOp::create(b, loc, z); }
  Value make(Value re, Value im) { return complex::CreateOp::create(b, loc, type, re, im); }
  Value real(double v) { return lowering::scalarConstant(b, loc, type.getElementType(), v); }
  Value neg(Value x) { return arith::NegFOp::create(b, loc, x); }
  /// i z = -y + ix (exact: no multiply, signed zeros kept).
  Value timesI(Value z) { return make(neg(im(z)), re(z)); }
  /// -i z = y - ix.
  Value timesMinusI(Value z) { return make(im(z), neg(re(z))); }
  /// z scaled by the real c (both parts; no 0 * inf from a zero part).
  Value scaled(Value z, double c) {
    return make(arith::MulFOp::create(b, loc, re(z), real(c)),
                arith::MulFOp::create(b, loc, im(z), real(c)));
  }
  Value sqrt(Value z) { return complex::SqrtOp::create(b, loc, z); }
  Value exp(Value z) { return complex::ExpOp::create(b, loc, z); }

  Value plus(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value minus(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
  Value times(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value atan2(Value y, Value x) { return math::Atan2Op::create(b, loc, y, x); }
  Value asinhOf(Value x) { return math::AsinhOp::create(b, loc, x); }

  /// a b, but a signed zero where either is zero (sin 0 cosh(inf) is 0 in
  /// C99's csin, not 0 * inf = NaN).
  Value product(Value a, Value b2) {
    Value zero = real(0);
    Value either = arith::OrIOp::create(
        b, loc, arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, a, zero),
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, b2, zero));
    Value sign = times(math::CopySignOp::create(b, loc, real(1), a),
                       math::CopySignOp::create(b, loc, real(1), b2));
    return arith::SelectOp::create(b, loc, either, math::CopySignOp::create(b, loc, zero, sign),
                                   times(a, b2));
  }

  /// sin, cos, sinh and cosh from the parts' real functions (the dialect's
  /// sin and cos make sinh of the imaginary part from exponentials, which
  /// cancel for small parts).
  Value sinOrCos(Value z, bool cosine, bool hyperbolic) {
    Value x = re(z), y = im(z);
    Value sx = math::SinOp::create(b, loc, hyperbolic ? y : x);
    Value cx = math::CosOp::create(b, loc, hyperbolic ? y : x);
    Value sy = math::SinhOp::create(b, loc, hyperbolic ? x : y);
    Value cy = math::CoshOp::create(b, loc, hyperbolic ? x : y);
    if (!hyperbolic) // sin: sin x cosh y + i cos x sinh y; cos: cos x cosh y - i sin x sinh y
      return cosine ? make(product(cx, cy), neg(product(sx, sy)))
                    : make(product(sx, cy), product(cx, sy));
    // sinh: sinh x cos y + i cosh x sin y; cosh: cosh x cos y + i sinh x sin y
    return cosine ? make(product(cy, cx), product(sy, sx)) : make(product(sy, cx), product(cy, sx));
  }

  /// log(w) for w = 1 + z (`onePlus`: z given, w = 1 + z; else w = z):
  /// log|w| + i arg w, log|w| as log1p(|w|^2 - 1) / 2 near the unit circle,
  /// with |w|^2 - 1 computed from z's parts (log of |w| rounded to 1 would
  /// lose it all; so would 1 + x for a tiny x).
  Value logOf(Value z, bool onePlus) {
    Value x = re(z), y = im(z);
    Value u = onePlus ? plus(real(1), x) : x; // w's real part
    Value w = onePlus ? make(u, y) : z;
    Value modulus = complex::AbsOp::create(b, loc, w);
    Value nearOne = arith::AndIOp::create(
        b, loc, arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, modulus, real(0.5)),
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, modulus, real(2)));
    // |w|^2 - 1 = x (2 + x) + y^2 for w = 1 + z, (x - 1)(x + 1) + y^2 for w = z.
    Value squaredMinusOne =
        onePlus ? plus(times(x, plus(real(2), x)), times(y, y))
                : plus(times(minus(x, real(1)), plus(x, real(1))), times(y, y));
    Value nearLog = times(real(0.5), math::Log1pOp::create(b, loc, squaredMinusOne));
    Value logModulus = arith::SelectOp::create(b, loc, nearOne, nearLog,
                                               math::LogOp::create(b, loc, modulus));
    return make(logModulus, atan2(y, u));
  }
  Value log(Value z) { return logOf(z, false); }

  // Kahan's formulas ("Branch cuts for complex elementary functions",
  // 1987): square roots of 1 - z and 1 + z taken apart, so that a signed
  // zero on a cut picks its side as C99 and NumPy do.
  /// 1 - z with the imaginary part -y (not 0 - y, which loses -0).
  Value oneMinus(Value z) { return make(minus(real(1), re(z)), neg(im(z))); }
  Value onePlus(Value z) { return make(plus(real(1), re(z)), im(z)); }
  Value minusOne(Value z) { return make(minus(re(z), real(1)), im(z)); }
  /// asin z = atan2(x, Re(s1 s2)) + i asinh(Im(conj(s1) s2)).
  Value asin(Value z) {
    Value s1 = sqrt(oneMinus(z)), s2 = sqrt(onePlus(z));
    Value r1 = re(s1), i1 = im(s1), r2 = re(s2), i2 = im(s2);
    return make(atan2(re(z), minus(times(r1, r2), times(i1, i2))),
                asinhOf(minus(times(r1, i2), times(i1, r2))));
  }
  /// acos z = 2 atan2(Re s1, Re s2) + i asinh(Im(conj(s2) s1)).
  Value acos(Value z) {
    Value s1 = sqrt(oneMinus(z)), s2 = sqrt(onePlus(z));
    Value r1 = re(s1), i1 = im(s1), r2 = re(s2), i2 = im(s2);
    return make(times(real(2), atan2(r1, r2)), asinhOf(minus(times(r2, i1), times(i2, r1))));
  }
  /// acosh z = asinh(Re(conj(t1) t2)) + 2i atan2(Im t1, Re t2), t1 =
  /// sqrt(z - 1), t2 = sqrt(z + 1).
  Value acosh(Value z) {
    Value t1 = sqrt(minusOne(z)), t2 = sqrt(onePlus(z));
    Value r1 = re(t1), i1 = im(t1), r2 = re(t2), i2 = im(t2);
    return make(asinhOf(plus(times(r1, r2), times(i1, i2))),
                times(real(2), atan2(i1, r2)));
  }
  /// atanh z = log1p(4x / ((1 - x)^2 + y^2)) / 4 + i atan2(2y, (1 - x)(1 +
  /// x) - y^2) / 2: (log(1 + z) - log(1 - z)) / 2 with its parts apart,
  /// exact at z = 1 (infinite) and for small z; of -z negated where x < 0
  /// (where the ratio nears -1 and log1p would lose it).
  Value atanh(Value z) {
    Value sign = math::CopySignOp::create(b, loc, real(1), re(z));
    Value x = times(re(z), sign), y = times(im(z), sign);
    Value oneMinusX = minus(real(1), x);
    Value ratio = arith::DivFOp::create(b, loc, times(real(4), x),
                                        plus(times(oneMinusX, oneMinusX), times(y, y)));
    Value realPart = times(real(0.25), math::Log1pOp::create(b, loc, ratio));
    Value denominator = minus(times(oneMinusX, plus(real(1), x)), times(y, y));
    Value imagPart = times(real(0.5), atan2(times(real(2), y), denominator));
    return make(times(realPart, sign), times(imagPart, sign));
  }
};

} // namespace

Value lowering::buildComplexFunction(OpBuilder &b, Location loc, Operation *op, Value z) {
  ComplexBuilder c{b, loc, cast<ComplexType>(z.getType())};
  if (isa<SinOp, CosOp, SinhOp, CoshOp>(op))
    return c.sinOrCos(z, isa<CosOp, CoshOp>(op), isa<SinhOp, CoshOp>(op));
  if (isa<AsinOp>(op))
    return c.asin(z);
  if (isa<AcosOp>(op))
    return c.acos(z);
  if (isa<AtanOp>(op)) // atan z = -i atanh(iz)
    return c.timesMinusI(c.atanh(c.timesI(z)));
  if (isa<AsinhOp>(op)) // asinh z = -i asin(iz)
    return c.timesMinusI(c.asin(c.timesI(z)));
  if (isa<AcoshOp>(op))
    return c.acosh(z);
  if (isa<AtanhOp>(op))
    return c.atanh(z);
  if (isa<LogOp>(op))
    return c.log(z);
  if (isa<Log1pOp>(op))
    return c.logOf(z, /*onePlus=*/true);
  if (isa<Log2Op>(op))
    return c.scaled(c.log(z), 1 / M_LN2);
  if (isa<Log10Op>(op))
    return c.scaled(c.log(z), 1 / M_LN10);
  if (isa<Exp2Op>(op))
    return c.exp(c.scaled(z, M_LN2));
  return Value();
}
