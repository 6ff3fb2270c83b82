//===- Promotion.h - NumPy's type promotion and broadcasting ----*- C++ -*-===//
#ifndef LEGATO_API_PROMOTION_H
#define LEGATO_API_PROMOTION_H

#include "legato/legato.h"

namespace legato::detail {

bool isFloat(DType t);
/// NumPy's result type of two arrays (e.g. i32 + f32 -> f64).
DType promoteTypes(DType a, DType b);
/// An array of type `t` combined with a weak C++ scalar (NumPy 2 rules).
DType promoteWithScalar(DType t, Scalar::Kind scalar);

/// The broadcast of `a` and `b`; throws naming `op` and both shapes.
Shape broadcastShapes(const char *op, const Shape &a, const Shape &b);
/// Checks that `from` broadcasts to exactly `to`.
void checkBroadcastTo(const char *op, const Shape &from, const Shape &to);

} // namespace legato::detail

#endif // LEGATO_API_PROMOTION_H
