//===- Promotion.h - NumPy's type promotion and broadcasting ----*- C++ -*-===//
#ifndef LEGATO_API_PROMOTION_H
#define LEGATO_API_PROMOTION_H

#include "legato/legato.h"

namespace legato::detail {

/// A real floating-point type (float16, float32, float64).
bool isFloat(DType t);
bool isComplex(DType t);
/// A float or complex type (NumPy's "inexact").
inline bool isInexact(DType t) { return isFloat(t) || isComplex(t); }
/// The complex type whose parts are float `t` (float16 and float32 give
/// complex64, as NumPy's), and the float type of a complex type's parts.
DType complexOf(DType t);
DType partOf(DType complex);
/// A signed or unsigned integer type (not bool).
bool isInteger(DType t);
bool isUnsigned(DType t);
/// The integer type of `bytes` bytes of the given signedness.
DType integerType(int64_t bytes, bool isUnsigned);
/// The float that NumPy computes float functions of `t` in: `t` itself
/// for floats and complex types, else the narrowest that holds every value (float16 for bool
/// and 8-bit integers, float32 for 16-bit, float64 beyond).
DType floatFor(DType t);
/// NumPy's same_kind rule: casts down bool < unsigned < signed < float <
/// complex only (uint8 into int64 yes, int64 into uint8 or float into int no).
bool castsSameKind(DType from, DType to);
/// The type NumPy's float functions of two arrays (arctan2, hypot) compute
/// in: the wider of each operand's floatFor (int8 with uint8: float16, where
/// their promotion, int16, would give float32).
DType promoteFloats(DType a, DType b);
/// NumPy's result type of two arrays (NumPy's table: i32 + f32 -> f64,
/// u8 + i8 -> i16, u64 + i64 -> f64, i16 + f16 -> f32, ...).
DType promoteTypes(DType a, DType b);
/// An array of type `t` combined with a weak C++ scalar (NumPy 2 rules).
DType promoteWithScalar(DType t, Scalar::Kind scalar);
/// Whether integer `t` holds the integer scalar `s` (NumPy 2 raises
/// OverflowError for `uint8_array + 300`).
bool holds(DType t, const Scalar &s);
/// The largest value of integer type `t`.
Scalar largestOf(DType t);
/// NumPy's default accumulator of sums and products: int64 for signed
/// integers and bools, uint64 for unsigned, the type itself for floats and
/// complex types.
DType sumType(DType t);

/// The broadcast of `a` and `b`; throws naming `op` and both shapes.
Shape broadcastShapes(const char *op, const Shape &a, const Shape &b);
/// Checks that `from` broadcasts to exactly `to`.
void checkBroadcastTo(const char *op, const Shape &from, const Shape &to);

} // namespace legato::detail

#endif // LEGATO_API_PROMOTION_H
