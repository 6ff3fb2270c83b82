//===- NumpyDivision.cpp - NumPy's remainder and floor division -----------===//
#include "Conversion/LegatoToLinalg/NumpyDivision.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;

namespace {

Value constantLike(OpBuilder &b, Location loc, Value like, double v) {
  Type t = like.getType();
  if (auto ft = dyn_cast<FloatType>(t))
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(ft, v));
  return arith::ConstantOp::create(b, loc, b.getIntegerAttr(t, int64_t(v)));
}

Value select(OpBuilder &b, Location loc, Value c, Value x, Value y) {
  return arith::SelectOp::create(b, loc, c, x, y);
}

Value cmpf(OpBuilder &b, Location loc, arith::CmpFPredicate p, Value x, Value y) {
  return arith::CmpFOp::create(b, loc, p, x, y);
}

Value cmpi(OpBuilder &b, Location loc, arith::CmpIPredicate p, Value x, Value y) {
  return arith::CmpIOp::create(b, loc, p, x, y);
}

/// Integers: the truncated quotient and remainder of `lhs` by a divisor that
/// is never 0 or -1 (those are answered apart: arith leaves x / 0 and
/// MIN / -1 undefined), and whether the remainder's sign differs from the
/// divisor's (then the floored results are one step away).
struct IntegerDivision {
  Value quotient, remainder, adjust, byZero, byMinusOne;
};

IntegerDivision divideIntegers(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  Value zero = constantLike(b, loc, rhs, 0), one = constantLike(b, loc, rhs, 1),
        minusOne = constantLike(b, loc, rhs, -1);
  IntegerDivision d;
  d.byZero = cmpi(b, loc, arith::CmpIPredicate::eq, rhs, zero);
  d.byMinusOne = cmpi(b, loc, arith::CmpIPredicate::eq, rhs, minusOne);
  Value safe = select(b, loc, arith::OrIOp::create(b, loc, d.byZero, d.byMinusOne), one, rhs);
  d.quotient = arith::DivSIOp::create(b, loc, lhs, safe);
  d.remainder = arith::RemSIOp::create(b, loc, lhs, safe);
  Value nonzero = cmpi(b, loc, arith::CmpIPredicate::ne, d.remainder, zero);
  Value signsDiffer = arith::XOrIOp::create(b, loc, cmpi(b, loc, arith::CmpIPredicate::slt, d.remainder, zero),
                                           cmpi(b, loc, arith::CmpIPredicate::slt, rhs, zero));
  d.adjust = arith::AndIOp::create(b, loc, nonzero, signsDiffer);
  return d;
}

/// Floats: npy_divmod's fmod and its correction: the remainder with the
/// divisor's sign (a zero one signed as the divisor), and the quotient
/// (a - fmod) / b lowered by one where the remainder was corrected.
struct FloatDivision {
  Value mod, div;
};

FloatDivision divideFloats(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  Value zero = constantLike(b, loc, rhs, 0), one = constantLike(b, loc, rhs, 1);
  Value fmod = arith::RemFOp::create(b, loc, lhs, rhs);
  Value div = arith::DivFOp::create(b, loc, arith::SubFOp::create(b, loc, lhs, fmod), rhs);
  Value nonzero = cmpf(b, loc, arith::CmpFPredicate::UNE, fmod, zero);
  Value signsDiffer = arith::XOrIOp::create(b, loc, cmpf(b, loc, arith::CmpFPredicate::OLT, rhs, zero),
                                           cmpf(b, loc, arith::CmpFPredicate::OLT, fmod, zero));
  Value adjust = arith::AndIOp::create(b, loc, nonzero, signsDiffer);
  FloatDivision d;
  d.mod = select(b, loc, adjust, arith::AddFOp::create(b, loc, fmod, rhs), fmod);
  // A zero remainder (or NaN's: fmod by 0) keeps fmod unless it is zero:
  // then it is signed as the divisor.
  d.mod = select(b, loc, nonzero, d.mod, math::CopySignOp::create(b, loc, zero, rhs));
  d.div = select(b, loc, adjust, arith::SubFOp::create(b, loc, div, one), div);
  return d;
}

/// Unsigned integers: `lhs op rhs` by a divisor that is never 0 (NumPy
/// gives 0 there).
template <class Op> Value divideUnsigned(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  Value zero = constantLike(b, loc, rhs, 0), one = constantLike(b, loc, rhs, 1);
  Value byZero = cmpi(b, loc, arith::CmpIPredicate::eq, rhs, zero);
  return select(b, loc, byZero, zero, Op::create(b, loc, lhs, select(b, loc, byZero, one, rhs)));
}

} // namespace

Value mlir::legato::buildNumpyRemainder(OpBuilder &b, Location loc, Value lhs, Value rhs,
                                        bool isUnsigned) {
  if (isUnsigned)
    return divideUnsigned<arith::RemUIOp>(b, loc, lhs, rhs);
  if (isa<FloatType>(lhs.getType())) {
    Value zero = constantLike(b, loc, rhs, 0);
    Value byZero = cmpf(b, loc, arith::CmpFPredicate::OEQ, rhs, zero);
    // NumPy: a remainder by 0 is fmod's (NaN), not npy_divmod's.
    return select(b, loc, byZero, arith::RemFOp::create(b, loc, lhs, rhs),
                  divideFloats(b, loc, lhs, rhs).mod);
  }
  IntegerDivision d = divideIntegers(b, loc, lhs, rhs);
  Value zero = constantLike(b, loc, rhs, 0);
  Value mod = select(b, loc, d.adjust, arith::AddIOp::create(b, loc, d.remainder, rhs), d.remainder);
  // By -1 the remainder is 0 (divideIntegers divided by 1); by 0 NumPy gives 0.
  return select(b, loc, d.byZero, zero, mod);
}

Value mlir::legato::buildNumpyFloorDivide(OpBuilder &b, Location loc, Value lhs, Value rhs,
                                          bool isUnsigned) {
  if (isUnsigned)
    return divideUnsigned<arith::DivUIOp>(b, loc, lhs, rhs);
  if (isa<FloatType>(lhs.getType())) {
    Value zero = constantLike(b, loc, rhs, 0), half = constantLike(b, loc, rhs, 0.5),
          one = constantLike(b, loc, rhs, 1);
    Value quotient = arith::DivFOp::create(b, loc, lhs, rhs);
    FloatDivision d = divideFloats(b, loc, lhs, rhs);
    // floor(div), one up where div lay above it by more than a half (the
    // division rounded just below an integer); a zero quotient takes the
    // sign of lhs / rhs.
    Value floored = math::FloorOp::create(b, loc, d.div);
    Value above = cmpf(b, loc, arith::CmpFPredicate::OGT,
                       arith::SubFOp::create(b, loc, d.div, floored), half);
    floored = select(b, loc, above, arith::AddFOp::create(b, loc, floored, one), floored);
    Value divIsZero = cmpf(b, loc, arith::CmpFPredicate::OEQ, d.div, zero);
    floored = select(b, loc, divIsZero, math::CopySignOp::create(b, loc, zero, quotient), floored);
    Value byZero = cmpf(b, loc, arith::CmpFPredicate::OEQ, rhs, zero);
    return select(b, loc, byZero, quotient, floored);
  }
  IntegerDivision d = divideIntegers(b, loc, lhs, rhs);
  Value zero = constantLike(b, loc, rhs, 0), one = constantLike(b, loc, rhs, 1);
  Value floored = select(b, loc, d.adjust, arith::SubIOp::create(b, loc, d.quotient, one), d.quotient);
  // By -1: the negation, which wraps MIN to MIN as NumPy's does.
  floored = select(b, loc, d.byMinusOne, arith::SubIOp::create(b, loc, zero, lhs), floored);
  return select(b, loc, d.byZero, zero, floored);
}
