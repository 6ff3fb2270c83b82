//===- ComplexMath.h - NumPy's complex functions beyond the dialect's -*- C++ -*-===//
//
// The `complex` dialect has exp, log, log1p, sqrt, tan, tanh, expm1; its
// log of a modulus near 1 loses the small part and its log1p(-1) is 0, so
// log and log1p are built here too. NumPy's other functions of complex
// numbers (sin cos sinh cosh arcsin
// arccos arctan arcsinh arccosh arctanh log2 log10 exp2) are built here:
// sines and cosines from the parts' real functions, the inverse functions
// by Kahan's formulas on their principal branches (C99's, which NumPy
// follows, signed zeros on the cuts included).
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_CONVERSION_LEGATOTOLINALG_COMPLEXMATH_H
#define LEGATO_CONVERSION_LEGATOTOLINALG_COMPLEXMATH_H

#include "mlir/IR/Builders.h"

namespace mlir::legato::lowering {

/// `op` (a legato unary op of the list above) of the complex scalar `z`;
/// null for any other op.
Value buildComplexFunction(OpBuilder &b, Location loc, Operation *op, Value z);

} // namespace mlir::legato::lowering

#endif // LEGATO_CONVERSION_LEGATOTOLINALG_COMPLEXMATH_H
