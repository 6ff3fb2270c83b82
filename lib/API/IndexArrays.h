//===- IndexArrays.h - integer index arrays, for reads and writes -*- C++ -*-===//
//
// What take, a[indices], put and add_at share: indices as int64 in [0, n)
// as NumPy's mode says, the positions take_along_axis and put_along_axis
// address in the flattened array, and the positions of a mask's nonzeros.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_API_INDEXARRAYS_H
#define LEGATO_API_INDEXARRAYS_H

#include "legato/legato.h"

namespace legato::detail {

/// "axis 1 of an array of shape (3, 4)", for errors.
std::string axisOf(const Array &a, int64_t axis);

/// The indices as int64 (bools count as 0 and 1, as NumPy's safe cast);
/// float indices are an error naming `op`: a TypeError for the functions
/// that cast their indices argument (take, put: NumPy's "Cannot cast array
/// data"), an IndexError for subscripts and the others ("arrays used as
/// indices must be of integer (or boolean) type").
Array integerIndices(const char *op, const Array &indices);
/// integerIndices' check alone, for indices that take converts later.
void refuseFloatIndices(const char *op, const Array &indices);

/// Indices into axis `axis` of `a`, in [0, n) as `mode` maps them. Mode
/// raise checks that each lies in [-n, n): on the host at the call, or, in
/// a traced function, after each call of it (Jit.cpp).
Array inRange(const char *op, const Array &a, Array indices, int64_t axis, IndexMode mode);

/// An IndexError naming `op` when indices point into an empty axis.
void refuseEmptyAxis(const char *op, const Array &a, const Array &indices, int64_t axis);

/// One legato.scatter: `dest` with `values` (of its dtype, and of its shape
/// with `axis` replaced by the indices') stored, or added with `add`, at
/// `indices` (in range) along `axis`.
Array scatter(const Array &dest, const Array &indices, const Array &values, int64_t axis, bool add);

/// a[indices] = values for integer indices (along axis 0), errors naming
/// `op`: values broadcast and cast as NumPy's assignment, indices checked.
void storeAlongAxis0(const char *op, const Array &a, const Array &indices, const Array &values);

/// a[mask] = values (add: np.add.at(a, mask, values)), errors naming `op`:
/// one value for every selected element is a select (no host read, so it
/// may be traced); other values go to the positions of the true elements,
/// whose count is read on the host.
void writeThroughMask(const char *op, const Array &a, const Array &mask, const Array &values,
                      bool add);

/// take_along_axis's and put_along_axis's addressing: the shape `indices`
/// and `a` broadcast to away from `axis` (errors name `op`), and there each
/// element's position in the flattened `a` (indices already in range).
Shape alongAxisShape(const char *op, const Array &a, const Array &indices, int64_t axis);
Array alongAxisPositions(const Array &a, const Array &indices, int64_t axis, const Shape &shape);

/// np.flatnonzero of `a`, for the function `op` the user called (which a
/// traced function cannot call: the length is data).
Array positionsOfNonzeros(const char *op, const Array &a);

/// An error naming `op` unless `mask` has the shape of a's leading axes
/// (NumPy's boolean index).
void checkMask(const char *op, const Array &a, const Array &mask);

/// The shape of `a` with the axes `mask` covers flattened into one:
/// (mask size, rest...).
Shape rowsUnderMask(const Array &a, const Array &mask);

} // namespace legato::detail

#endif // LEGATO_API_INDEXARRAYS_H
