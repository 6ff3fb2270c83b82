//===- NumpyDivision.h - NumPy's remainder and floor division --*- C++ -*-===//
//
// NumPy's `%` and `//` round toward minus infinity (the remainder takes the
// divisor's sign), where C and arith truncate toward zero, and they define
// what arith leaves undefined: an integer divided by 0 gives 0, `MIN // -1`
// wraps to MIN. Unsigned integers divide as they are (no rounding to fix). Floats follow NumPy's npy_divmod step by step (fmod, then a
// correction, then floor with a rounding guard), so that the results match
// NumPy's bit for bit, signed zeros included.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_CONVERSION_LEGATOTOLINALG_NUMPYDIVISION_H
#define LEGATO_CONVERSION_LEGATOTOLINALG_NUMPYDIVISION_H

#include "mlir/IR/Builders.h"

namespace mlir::legato {

/// NumPy's remainder of the scalars `lhs` and `rhs` (integers, unsigned
/// ones when `isUnsigned`, or floats).
Value buildNumpyRemainder(OpBuilder &b, Location loc, Value lhs, Value rhs, bool isUnsigned);

/// NumPy's floor_divide of the scalars `lhs` and `rhs` (integers, unsigned
/// ones when `isUnsigned`, or floats).
Value buildNumpyFloorDivide(OpBuilder &b, Location loc, Value lhs, Value rhs, bool isUnsigned);

} // namespace mlir::legato

#endif // LEGATO_CONVERSION_LEGATOTOLINALG_NUMPYDIVISION_H
