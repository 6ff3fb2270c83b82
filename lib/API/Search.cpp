//===- Search.cpp - NumPy's searchsorted and interp ------------------------===//
//
// A binary search as a composition of gathers: every query keeps a range
// [lo, hi) of the sorted array, and each of the ceil(log2(n + 1)) steps
// gathers the middle element and halves the range. The steps are
// elementwise over the queries, so the compiler fuses them into one kernel
// that reads the sorted array from its body (legato.gather); over ranks the
// queries stay where they are and the sorted array is gathered whole.
//
//===----------------------------------------------------------------------===//
#include "API/Engine.h"
#include "API/Ops.h"
#include "API/SortOrder.h"

#include <string>

namespace legato {
using namespace detail;

namespace {

void refuseNot1d(const char *op, const char *what, const Array &a) {
  if (a.ndim() != 1)
    throw Error(std::string("legato.") + op + ": " + what + " must be 1-D, not of shape " +
                shapeString(a.shape()) + "; flatten it with reshape({-1}) first");
}

} // namespace

Array searchsorted(const Array &a, const Array &v, Side side) {
  refuseNot1d("searchsorted", "the sorted array", a);
  int64_t n = a.size();
  Array lo = zeros(v.shape(), DType::i64);
  if (n == 0)
    return lo;
  Array hi = full(v.shape(), double(n), DType::i64);
  int64_t steps = 0;
  while (steps < 63 && (int64_t(1) << steps) <= n)
    ++steps;
  for (int64_t k = 0; k < steps; ++k) {
    Array mid = floor_divide(lo + hi, 2);
    Array x = take(a, mid, 0, IndexMode::clip); // mid = n only where the range is empty
    Array right = side == Side::left ? sortsBefore(x, v) : logical_not(sortsBefore(v, x));
    Array open = lo < hi;
    lo = where(logical_and(open, right), mid + 1, lo);
    hi = where(logical_and(open, logical_not(right)), mid, hi);
  }
  return lo;
}

Array searchsorted(const Array &a, double v, Side side) {
  // NumPy makes the value an array first: float64, whatever a's precision.
  return searchsorted(a, full({}, v, DType::f64), side);
}

Array interp(const Array &x, const Array &xp, const Array &fp, std::optional<double> left,
             std::optional<double> right) {
  refuseNot1d("interp", "the sample points xp", xp);
  refuseNot1d("interp", "the values fp", fp);
  if (xp.size() != fp.size())
    throw Error("legato.interp: the sample points (shape " + shapeString(xp.shape()) +
                ") and the values (shape " + shapeString(fp.shape()) +
                ") must have the same length");
  if (xp.size() == 0)
    throw Error("legato.interp: the sample points are empty (shape (0,)); give at least one");
  int64_t n = xp.size();
  Array at = x.astype(DType::f64), xs = xp.astype(DType::f64), fs = fp.astype(DType::f64);
  auto element = [](const Array &a, int64_t i) { return take(a, i, 0, IndexMode::clip); };
  Array below = left ? full({}, *left) : element(fs, 0);
  Array above = right ? full({}, *right) : element(fs, n - 1);
  if (n == 1) // one sample point: its value, also at NaN (NumPy's own case)
    return where(at < element(xs, 0), below, where(at > element(xs, 0), above, element(fs, 0)));
  // NumPy's rule (compiled_base.c): the segment [xp[j], xp[j + 1]) holding
  // the point, its slope, and the exact values at the sample points.
  Array j = clip(searchsorted(xs, at, Side::right) - 1, 0, n - 1);
  Array j1 = minimum(j + 1, n - 1);
  Array x0 = take(xs, j, 0, IndexMode::clip), x1 = take(xs, j1, 0, IndexMode::clip);
  Array f0 = take(fs, j, 0, IndexMode::clip), f1 = take(fs, j1, 0, IndexMode::clip);
  Array slope = (f1 - f0) / (x1 - x0);
  Array y = slope * (at - x0) + f0;
  y = where(isnan(y), slope * (at - x1) + f1, y);
  y = where(logical_and(isnan(y), f0 == f1), f0, y);
  y = where(logical_or(j == n - 1, x0 == at), f0, y);
  y = where(at < element(xs, 0), below, where(at > element(xs, n - 1), above, y));
  return where(isnan(at), at, y);
}

} // namespace legato
