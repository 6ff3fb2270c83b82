//===- LoweringUtils.h - building blocks of legato-to-linalg patterns ===//
//
// What the patterns of every op family share: generics over a result's
// iteration space, scalar constants, and the combiners of reductions (also
// those of scatters that add).
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_CONVERSION_LEGATOTOLINALG_LOWERINGUTILS_H
#define LEGATO_CONVERSION_LEGATOTOLINALG_LOWERINGUTILS_H

#include "Dialect/Legato/IR/LegatoDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::legato::lowering {

using BodyBuilder =
    function_ref<Value(OpBuilder &, Location, ValueRange /*input scalars*/)>;

/// Builds `linalg.generic` over the iteration space of `resultType` (all
/// parallel, identity output map) reading `inputs` through `inputMaps`.
Value buildGeneric(OpBuilder &b, Location loc, RankedTensorType resultType,
                   ValueRange inputs, ArrayRef<AffineMap> inputMaps, BodyBuilder body);

/// Elementwise op over same-shaped inputs.
Value buildElementwise(OpBuilder &b, Location loc, RankedTensorType resultType,
                       ValueRange inputs, BodyBuilder body);

/// Copies through an indexing map; `exprs[d]` gives the input coordinate of
/// input dim d in terms of the output's loop dims.
Value buildCopyThroughMap(OpBuilder &b, Location loc, Value input,
                          RankedTensorType resultType, ArrayRef<AffineExpr> exprs);

inline bool isFloat(Type t) { return isa<FloatType>(t); }
inline bool isBool(Type t) { return t.isInteger(1); }
/// Whether `v` (a tensor or a scalar) holds unsigned integers: the legato
/// op's own operand or result, before the conversion makes it signless.
inline bool isUnsignedValue(Value v) { return getElementTypeOrSelf(v.getType()).isUnsignedInteger(); }

/// `t` with unsigned integer elements made signless (linalg, arith and
/// everything below take signless integers; the patterns choose unsigned
/// operations from the legato op's types).
Type signless(Type t);
inline RankedTensorType signless(RankedTensorType t) { return cast<RankedTensorType>(signless(Type(t))); }

/// A scalar constant of element type `t` holding `v` (converted as astype).
Value scalarConstant(OpBuilder &b, Location loc, Type t, double v);

/// The identity element of a reduction combiner as a constant of the
/// signless `t` (of unsigned integers when `isUnsigned`; complex maxima:
/// -inf - inf*j, minima +inf + inf*j).
Value reductionIdentity(OpBuilder &b, Location loc, ReduceKind kind, Type t, bool isUnsigned);

/// NumPy 2's maximum (or minimum) of complex numbers: ordered by real
/// part, then imaginary part; a NaN in either part of x or y propagates
/// (x's when both have one).
Value complexMaxMin(OpBuilder &b, Location loc, Value x, Value y, bool maximum);

/// `acc` combined with `x` by the reduction `kind` (bool sums are `or`,
/// bool products `and`; unsigned integers compare as unsigned).
Value combine(OpBuilder &b, Location loc, ReduceKind kind, Value acc, Value x, bool isUnsigned);

} // namespace mlir::legato::lowering

#endif // LEGATO_CONVERSION_LEGATOTOLINALG_LOWERINGUTILS_H
