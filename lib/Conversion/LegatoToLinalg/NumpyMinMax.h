//===- NumpyMinMax.h - NumPy's maximum and minimum of floats ---*- C++ -*-===//
//
// NumPy's maximum is `a > b || isnan(a) ? a : b`, its minimum the same with
// `<`: NaN propagates from either side, and of two equal values the second
// is returned, so maximum(0.0, -0.0) is -0.0. arith.maximumf orders -0.0
// below +0.0 instead, and it is commutative, so canonicalization may also
// swap its operands (a constant goes to the right): NumPy's rule has to be
// written out where legato.max is lowered.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_CONVERSION_LEGATOTOLINALG_NUMPYMINMAX_H
#define LEGATO_CONVERSION_LEGATOTOLINALG_NUMPYMINMAX_H

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir::legato {

/// NumPy's maximum (`maximum`) or minimum of the floats (or float vectors)
/// `lhs` and `rhs`.
inline Value buildNumpyMaxMin(OpBuilder &b, Location loc, Value lhs, Value rhs, bool maximum) {
  Value beyond = arith::CmpFOp::create(
      b, loc, maximum ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT, lhs, rhs);
  Value lhsIsNan = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, lhs, lhs);
  return arith::SelectOp::create(b, loc, arith::OrIOp::create(b, loc, beyond, lhsIsNan), lhs,
                                 rhs);
}

} // namespace mlir::legato

#endif // LEGATO_CONVERSION_LEGATOTOLINALG_NUMPYMINMAX_H
