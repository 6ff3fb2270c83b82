//===- Calculus.cpp - np.gradient and np.trapezoid from slices ------------===//
//
// Finite differences and the trapezoidal rule on uniform or given sample
// points, written as NumPy writes them (the same operations in the same
// order, so the same roundings): shifted slices, which fuse into one kernel
// and over ranks read one ghost row.
//
//===----------------------------------------------------------------------===//
#include "API/Engine.h"
#include "API/Ops.h"
#include "API/Promotion.h"

namespace legato {
using namespace detail;

namespace {

/// Every axis whole but `axis`, which takes `range`.
std::vector<Index> along(int64_t rank, int64_t axis, Slice range) {
  std::vector<Index> at(size_t(rank), all);
  at[size_t(axis)] = range;
  return at;
}

/// Integers in float64, as NumPy's gradient computes them; bool is refused
/// (NumPy subtracts bools, which it rejects).
Array gradientInput(const Array &f) {
  if (f.dtype() == DType::bool_)
    throw TypeError("legato.gradient: does not accept bool (array of shape " +
                    shapeString(f.shape()) +
                    "): NumPy subtracts booleans, which it rejects; cast first, e.g. "
                    "astype(legato::f64)");
  return isInexact(f.dtype()) ? f : astype(f, DType::f64);
}

/// `axis` of y in [0, rank), for trapezoid (which needs an axis).
int64_t trapezoidAxis(const Array &y, int64_t axis) {
  if (y.ndim() == 0)
    throw AxisError("legato.trapezoid: needs an array of at least one dimension, got shape ()");
  return normalizeAxis("trapezoid", axis, y.shape(), y.ndim());
}

/// y[1:] + y[:-1] along axis d: the trapezoids' parallel sides.
Array neighbourSums(const Array &y, int64_t d) {
  return y[along(y.ndim(), d, slice(1, none))] + y[along(y.ndim(), d, slice(none, -1))];
}

} // namespace

Array gradient(const Array &f, double spacing, int64_t axis) {
  int64_t rank = f.ndim();
  if (rank == 0)
    throw AxisError("legato.gradient: needs an array of at least one dimension, got shape (); "
                    "reshape it to (n,) with n >= 2");
  int64_t d = normalizeAxis("gradient", axis, f.shape(), rank);
  if (f.shape()[size_t(d)] < 2)
    throw Error("legato.gradient: axis " + std::to_string(axis) + " of shape " +
                shapeString(f.shape()) +
                " has fewer than 2 samples; a gradient needs 2 or more along it");
  Array x = gradientInput(f);
  // Central differences inside, one-sided ones at both ends (edge_order 1).
  Array inside = (x[along(rank, d, slice(2, none))] - x[along(rank, d, slice(none, -2))]) /
                 (2.0 * spacing);
  Array first = (x[along(rank, d, slice(1, 2))] - x[along(rank, d, slice(0, 1))]) / spacing;
  Array last = (x[along(rank, d, slice(-1, none))] - x[along(rank, d, slice(-2, -1))]) / spacing;
  return concatenate({first, inside, last}, d);
}

std::vector<Array> gradient(const Array &f, double spacing) {
  std::vector<Array> slopes;
  for (int64_t d = 0; d < f.ndim(); ++d)
    slopes.push_back(gradient(f, spacing, d));
  if (slopes.empty())
    gradient(f, spacing, 0); // the 0-d array's error
  return slopes;
}

Array trapezoid(const Array &y, double dx, int64_t axis) {
  int64_t d = trapezoidAxis(y, axis);
  return sum(dx * neighbourSums(y, d) / 2.0, {d});
}

Array trapezoid(const Array &y, const Array &x, int64_t axis) {
  int64_t d = trapezoidAxis(y, axis), rank = y.ndim();
  // NumPy: the widths diff(x), along `axis` when x has y's rank, else a 1-D
  // x's widths laid along `axis`.
  Array widths;
  if (x.ndim() == 1) {
    if (x.size() != y.shape()[size_t(d)])
      throw Error("legato.trapezoid: sample points of shape " + shapeString(x.shape()) +
                  " for axis " + std::to_string(axis) + " of shape " + shapeString(y.shape()) +
                  "; give as many points as that axis has samples");
    Shape laidAlong(size_t(rank), 1);
    laidAlong[size_t(d)] = std::max<int64_t>(x.size() - 1, 0);
    widths = reshape(diff(x), laidAlong);
  } else if (x.ndim() == rank) {
    widths = diff(x, 1, d);
  } else {
    throw Error("legato.trapezoid: sample points of shape " + shapeString(x.shape()) +
                " for values of shape " + shapeString(y.shape()) +
                "; give a 1-D array for the axis, or an array of the values' rank");
  }
  return sum(widths * neighbourSums(y, d) / 2.0, {d});
}

} // namespace legato
