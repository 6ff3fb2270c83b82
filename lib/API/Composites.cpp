//===- Composites.cpp - NumPy functions built from the primitive ops ------===//
//
// Each function here is a composition of the public primitives (elementwise
// ops, reductions, slices, reshapes, transposes), so the compiler sees it as
// it would the user's own code: `clip(a, 0, 1) * 2` is one kernel, `var` a
// mean and a second reduction over the same input, and over ranks each part
// is placed and exchanged like any other op. The checks come first, so that
// an error names the function the user called rather than one of its parts.
//
//===----------------------------------------------------------------------===//
#include "API/Engine.h"
#include "API/Ops.h"
#include "API/Promotion.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace legato {
using namespace detail;

namespace {

[[noreturn]] void refuseBool(const char *op, const Array &a, const char *why) {
  throw TypeError(std::string("legato.") + op + ": does not accept bool (array of shape " +
                  shapeString(a.shape()) + "): " + why + "; cast first, e.g. astype(legato::i32)");
}

/// How many elements each result of a reduction over `axes` combines.
int64_t reducedCount(const char *op, const Array &a, std::vector<int64_t> axes) {
  int64_t count = 1;
  for (int64_t d : normalizeAxes(op, std::move(axes), a.shape()))
    count *= a.shape()[size_t(d)];
  return count;
}

Array asFloat(const Array &a) { return isInexact(a.dtype()) ? a : astype(a, DType::f64); }

/// Checks `axes` under `op`'s name and refuses a reduction of nothing, which
/// has no maximum or minimum.
void requireElements(const char *op, const Array &a, const std::vector<int64_t> &axes) {
  if (reducedCount(op, a, axes) == 0)
    throw Error(std::string("legato.") + op + ": zero-size reduction of an array of shape " +
                shapeString(a.shape()) + " has no identity; reduce a non-empty axis");
}

/// Each element's index in the C-order flattening of `shape` (int64), built
/// elementwise from the per-axis indices, so that no array is reshaped
/// (flattening an array split over ranks would gather it).
Array flatIndex(const Shape &shape) {
  Array flat = zeros(shape, DType::i64);
  int64_t stride = 1;
  for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
    flat = flat + indexAlong(shape, d) * stride;
    stride *= shape[size_t(d)];
  }
  return flat;
}

/// np.argmax / np.argmin: the first position of the extremum, or of the
/// first NaN (NumPy's extremum of a line holding NaN is NaN). Two passes:
/// the extremum, then the least index that holds it.
Array extremumIndex(const char *op, bool largest, const Array &a, std::optional<int64_t> axis,
                    bool keepdims) {
  const Shape &shape = a.shape();
  int64_t rank = a.ndim();
  std::vector<int64_t> axes; // {} = every axis
  if (axis)
    axes = {normalizeAxis(op, *axis, shape, rank)};
  if (reducedCount(op, a, axes) == 0)
    throw Error(std::string("legato.") + op + ": attempt to get " + op +
                " of an empty sequence (array of shape " + shapeString(shape) +
                "); reduce a non-empty axis");
  Array extremum = largest ? max(a, axes, /*keepdims=*/true) : min(a, axes, true);
  Array hit = a == extremum;
  if (isInexact(a.dtype()))
    hit = logical_or(hit, a != a); // where the extremum is NaN, the NaNs
  Array position = axis ? indexAlong(shape, axes[0]) : flatIndex(shape);
  int64_t past = axis ? shape[size_t(axes[0])] : a.size();
  return min(where(hit, position, past), axes, keepdims);
}

/// NumPy's nan-functions replace NaN by the reduction's identity first.
Array withoutNaN(const Array &a, Scalar identity) {
  return isInexact(a.dtype()) ? where(a != a, identity, a) : a;
}

} // namespace

//===----------------------------------------------------------------------===//
// Creation
//===----------------------------------------------------------------------===//

Array zeros_like(const Array &a, std::optional<DType> dtype) {
  return zeros(a.shape(), dtype.value_or(a.dtype()));
}
Array ones_like(const Array &a, std::optional<DType> dtype) {
  return ones(a.shape(), dtype.value_or(a.dtype()));
}
// full() casts the value to the dtype as NumPy does (2.7 is 2 in an integer array).
Array full_like(const Array &a, Scalar value, std::optional<DType> dtype) {
  return full(a.shape(), value, dtype.value_or(a.dtype()));
}

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

Array square(const Array &a) {
  if (a.dtype() == DType::bool_) // (NumPy: int8)
    return square(astype(a, DType::i8));
  return a * a;
}

Array sign(const Array &a) {
  if (a.dtype() == DType::bool_)
    refuseBool("sign", a, "NumPy has no sign of bool either");
  DType t = a.dtype();
  if (isComplex(t)) // NumPy 2: z / |z|, and 0 for 0
    return where(a == 0, a, a / abs(a));
  Array s = astype(a > 0, t) - astype(a < 0, t); // 0 - 0 is +0.0, as NumPy's sign(-0.0)
  return isFloat(t) ? where(a != a, a, s) : s;
}

// x != x: true for NaN only (and false everywhere for integers and bools).
Array isnan(const Array &a) { return a != a; }

Array isinf(const Array &a) {
  if (isComplex(a.dtype())) // (either part)
    return logical_or(isinf(real(a)), isinf(imag(a)));
  if (!isFloat(a.dtype()))
    return a != a; // false everywhere, placed like a
  return abs(a) == std::numeric_limits<double>::infinity();
}

Array isfinite(const Array &a) {
  if (isComplex(a.dtype())) // (both parts)
    return logical_and(isfinite(real(a)), isfinite(imag(a)));
  if (!isFloat(a.dtype()))
    return a == a;
  return abs(a) < std::numeric_limits<double>::infinity(); // false for NaN too
}

// np.clip promotes its three operands together, the arrays first and the
// weak scalars against them: clip(bool array, 2, float32 array) is float32,
// where maximum and then minimum would pass through int64 to float64. So a
// and the array bounds are cast to that type first.
Array clip(const Array &a, const Array &lo, const Array &hi) {
  broadcastShapes("clip", broadcastShapes("clip", a.shape(), lo.shape()), hi.shape());
  DType t = promoteTypes(promoteTypes(a.dtype(), lo.dtype()), hi.dtype());
  return minimum(maximum(astype(a, t), astype(lo, t)), astype(hi, t));
}
Array clip(const Array &a, Scalar lo, Scalar hi) {
  DType t = promoteWithScalar(promoteWithScalar(a.dtype(), lo.kind), hi.kind);
  return minimum(maximum(astype(a, t), lo), hi);
}
Array clip(const Array &a, const Array &lo, Scalar hi) {
  broadcastShapes("clip", a.shape(), lo.shape());
  DType t = promoteWithScalar(promoteTypes(a.dtype(), lo.dtype()), hi.kind);
  return minimum(maximum(astype(a, t), astype(lo, t)), hi);
}
Array clip(const Array &a, Scalar lo, const Array &hi) {
  broadcastShapes("clip", a.shape(), hi.shape());
  DType t = promoteWithScalar(promoteTypes(a.dtype(), hi.dtype()), lo.kind);
  return minimum(maximum(astype(a, t), lo), astype(hi, t));
}

Array round(const Array &a, int64_t decimals) {
  if (a.dtype() == DType::bool_ && decimals == 0) // (NumPy: rint, float16)
    return rint(a);
  if (a.dtype() == DType::bool_)
    refuseBool("round", a, "NumPy cannot scale bools by 10^decimals either");
  if (isComplex(a.dtype()))
    throw TypeError("legato.round: complex arrays (shape " + shapeString(a.shape()) +
                    ") are not rounded yet; round real() and imag() apart");
  bool integer = !isFloat(a.dtype());
  if (integer && decimals >= 0) // nothing below the units: a copy, as NumPy's
    return copy(a);               // since 2.4 (numpy#29137; a itself before)
  // NumPy's steps: scale by 10^|decimals| (a weak scalar, so float32 stays
  // float32), round halves to even, scale back; integers through float64.
  double scale = std::pow(10.0, double(decimals < 0 ? -decimals : decimals));
  Array x = asFloat(a);
  Array r = decimals == 0 ? rint(x)
            : decimals > 0 ? rint(x * scale) / scale
                           : rint(x / scale) * scale;
  return integer ? astype(r, a.dtype()) : r;
}

namespace {
/// a and b in the float type NumPy's float-only binary functions compute
/// their promoted type in (floatFor: float16 for bools and 8-bit integers).
std::pair<Array, Array> floatOperands(const char *op, const Array &a, const Array &b) {
  broadcastShapes(op, a.shape(), b.shape());
  DType t = promoteFloats(a.dtype(), b.dtype());
  return {astype(a, t), astype(b, t)};
}
} // namespace

Array hypot(const Array &a, const Array &b) {
  auto [fa, fb] = floatOperands("hypot", a, b);
  Array x = abs(fa), y = abs(fb);
  // large * sqrt(1 + (small / large)^2) does not overflow where x^2 would;
  // 0 where both are 0, inf where either is (even with NaN), as C's hypot.
  Array large = maximum(x, y), small = minimum(x, y);
  Array ratio = where(large == 0, 0, small / large);
  Array r = large * sqrt(ratio * ratio + 1);
  double inf = std::numeric_limits<double>::infinity();
  return where(logical_or(x == inf, y == inf), inf, r);
}

Array nan_to_num(const Array &a, double nan, std::optional<double> posinf,
                 std::optional<double> neginf) {
  if (isComplex(a.dtype())) // (each part, as NumPy's)
    return astype(nan_to_num(real(a), nan, posinf, neginf), a.dtype()) +
           nan_to_num(imag(a), nan, posinf, neginf) * Scalar(std::complex<double>(0, 1));
  if (!isFloat(a.dtype()))
    return copy(a); // NumPy: integers and bools hold no NaN or inf
  double largest = a.dtype() == DType::f16   ? 65504.0
                   : a.dtype() == DType::f32 ? double(std::numeric_limits<float>::max())
                                             : std::numeric_limits<double>::max();
  double inf = std::numeric_limits<double>::infinity();
  return where(isnan(a), nan,
               where(a == inf, posinf.value_or(largest),
                     where(a == -inf, neginf.value_or(-largest), a)));
}

Array heaviside(const Array &x, const Array &h0) {
  auto [v, h] = floatOperands("heaviside", x, h0);
  // 0 below zero, h0 at zero (either sign), 1 above, NaN for NaN.
  return where(isnan(v), v, where(v < 0, 0, where(v == 0, h, 1)));
}

Array heaviside(const Array &x, double h0) {
  Array v = asFloat(x); // a weak scalar keeps a float array's type
  return where(isnan(v), v, where(v < 0, 0, where(v == 0, h0, 1)));
}

Array logaddexp(const Array &a, const Array &b) {
  auto [x, y] = floatOperands("logaddexp", a, b);
  // NumPy's npy_logaddexp: the larger plus log1p(exp(-|x - y|)), exactly
  // x + ln 2 for equal arguments (both infinite included), NaN for NaN.
  Array d = x - y;
  return where(x == y, x + M_LN2,
               where(d > 0, x + log1p(exp(-d)), where(d <= 0, y + log1p(exp(d)), d)));
}

Array deg2rad(const Array &a) {
  return astype(a, floatFor(a.dtype())) * (M_PI / 180.0);
}

Array rad2deg(const Array &a) {
  return astype(a, floatFor(a.dtype())) * (180.0 / M_PI);
}

namespace {
// As NumPy's: NaN only where both operands are; of two equal values the
// second, as maximum and minimum (`extremum`, of the same operands).
Array skippingNaN(const Array &a, const Array &b, const Array &extremum) {
  return where(a != a, b, where(b != b, a, extremum));
}
Array skippingNaN(const Array &a, Scalar b, const Array &extremum) {
  return std::isnan(b.f) ? astype(a, extremum.dtype()) : where(a != a, b, extremum);
}
} // namespace

Array fmax(const Array &a, const Array &b) { return skippingNaN(a, b, maximum(a, b)); }
Array fmax(const Array &a, Scalar b) { return skippingNaN(a, b, maximum(a, b)); }
Array fmax(Scalar a, const Array &b) { return fmax(b, a); }
Array fmin(const Array &a, const Array &b) { return skippingNaN(a, b, minimum(a, b)); }
Array fmin(const Array &a, Scalar b) { return skippingNaN(a, b, minimum(a, b)); }
Array fmin(Scalar a, const Array &b) { return fmin(b, a); }

Array isclose(const Array &a, const Array &b, double rtol, double atol, bool equal_nan) {
  broadcastShapes("isclose", a.shape(), b.shape());
  // NumPy computes in b's float type: the tolerances are weak scalars there.
  Array y = asFloat(b);
  Array within = abs(a - y) <= atol + rtol * abs(y);
  // Infinities are close only to themselves (where |a - b| is NaN or inf).
  Array close = where(logical_and(isfinite(a), isfinite(y)), within, a == y);
  if (equal_nan)
    close = logical_or(close, logical_and(isnan(a), isnan(y)));
  return close;
}

bool allclose(const Array &a, const Array &b, double rtol, double atol, bool equal_nan) {
  return all(isclose(a, b, rtol, atol, equal_nan)).item<bool>();
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

Array AllSlice::operator()(const Array &a, std::vector<int64_t> axes, bool keepdims) const {
  normalizeAxes("all", axes, a.shape());
  // A count rather than a min of bools: an empty axis gives True, not an error.
  return sum(a == 0, std::move(axes), keepdims) == 0;
}

Array any(const Array &a, std::vector<int64_t> axes, bool keepdims) {
  normalizeAxes("any", axes, a.shape());
  return sum(a != 0, std::move(axes), keepdims) > 0;
}

Array count_nonzero(const Array &a, std::vector<int64_t> axes, bool keepdims) {
  normalizeAxes("count_nonzero", axes, a.shape());
  return sum(a != 0, std::move(axes), keepdims);
}

Array argmax(const Array &a, std::optional<int64_t> axis, bool keepdims) {
  return extremumIndex("argmax", /*largest=*/true, a, axis, keepdims);
}
Array argmin(const Array &a, std::optional<int64_t> axis, bool keepdims) {
  return extremumIndex("argmin", /*largest=*/false, a, axis, keepdims);
}

Array ptp(const Array &a, std::vector<int64_t> axes, bool keepdims) {
  if (a.dtype() == DType::bool_)
    refuseBool("ptp", a, "NumPy subtracts the minimum from the maximum, which bools cannot");
  requireElements("ptp", a, axes);
  return max(a, axes, keepdims) - min(a, axes, keepdims);
}

Array nansum(const Array &a, std::vector<int64_t> axes, bool keepdims) {
  normalizeAxes("nansum", axes, a.shape());
  return sum(withoutNaN(a, 0), std::move(axes), keepdims);
}

Array nanprod(const Array &a, std::vector<int64_t> axes, bool keepdims) {
  normalizeAxes("nanprod", axes, a.shape());
  return prod(withoutNaN(a, 1), std::move(axes), keepdims);
}

Array nancumsum(const Array &a, std::optional<int64_t> axis) {
  return scan("nancumsum", 0, withoutNaN(a, 0), axis);
}

Array nancumprod(const Array &a, std::optional<int64_t> axis) {
  return scan("nancumprod", 1, withoutNaN(a, 1), axis);
}

Array nanmean(const Array &a, std::vector<int64_t> axes, bool keepdims) {
  normalizeAxes("nanmean", axes, a.shape());
  if (!isInexact(a.dtype()))
    return mean(a, std::move(axes), keepdims);
  // As NumPy: the sum and the count apart, divided in float64 (a float32
  // sum by an int64 count; complex128 for complex sums) and cast back;
  // 0 / 0 where every element is NaN.
  Array count = sum(a == a, axes, keepdims);
  Array total = sum(withoutNaN(a, 0), std::move(axes), keepdims);
  DType wide = isComplex(a.dtype()) ? DType::c128 : DType::f64;
  return astype(astype(total, wide) / count, a.dtype());
}

namespace {
/// np.nanmax / np.nanmin: the extremum of the elements that are not NaN;
/// NaN where there are none.
Array nanExtremum(const char *op, bool largest, const Array &a, std::vector<int64_t> axes,
                  bool keepdims) {
  requireElements(op, a, axes);
  if (!isFloat(a.dtype()))
    return largest ? max(a, std::move(axes), keepdims) : min(a, std::move(axes), keepdims);
  double inf = std::numeric_limits<double>::infinity();
  Array x = withoutNaN(a, largest ? -inf : inf);
  Array extremum = largest ? max(x, axes, keepdims) : min(x, axes, keepdims);
  Array none = sum(a == a, std::move(axes), keepdims) == 0;
  return where(none, std::numeric_limits<double>::quiet_NaN(), extremum);
}
} // namespace

Array nanmax(const Array &a, std::vector<int64_t> axes, bool keepdims) {
  return nanExtremum("nanmax", true, a, std::move(axes), keepdims);
}
Array nanmin(const Array &a, std::vector<int64_t> axes, bool keepdims) {
  return nanExtremum("nanmin", false, a, std::move(axes), keepdims);
}

Array cov(const Array &m, bool rowvar, int64_t ddof) {
  if (m.ndim() > 2)
    throw Error("legato.cov: needs a 1-D or 2-D array (variables by observations), got shape " +
                shapeString(m.shape()) + "; reshape it to 2-D first");
  // As np.cov: one variable per row (per column when !rowvar), in float64;
  // the deviations' products over the observations, by N - ddof.
  Array x = astype(m, DType::f64);
  if (m.ndim() < 2)
    x = reshape(x, {1, m.size()});
  else if (!rowvar)
    x = transpose(x);
  int64_t variables = x.shape()[0], observations = x.shape()[1];
  Array deviation = x - mean(x, {1}, /*keepdims=*/true);
  Array c = matmul(deviation, transpose(deviation)) /
            double(std::max<int64_t>(observations - ddof, 0));
  return variables == 1 ? reshape(c, {}) : c; // np.cov squeezes one variable to 0-d
}

Array corrcoef(const Array &m, bool rowvar) {
  if (m.ndim() > 2)
    throw Error("legato.corrcoef: needs a 1-D or 2-D array (variables by observations), got "
                "shape " + shapeString(m.shape()) + "; reshape it to 2-D first");
  Array c = cov(m, rowvar);
  if (c.ndim() == 0)
    return c / c; // one variable: 1, or NaN, as NumPy
  int64_t k = c.shape()[0];
  Array deviation = sqrt(diagonal(c));
  c = c / reshape(deviation, {k, 1}) / reshape(deviation, {1, k});
  return clip(c, -1, 1); // as NumPy: rounding must not leave [-1, 1]
}

Array var(const Array &a, std::vector<int64_t> axes, bool keepdims, int64_t ddof) {
  int64_t count = reducedCount("var", a, axes);
  // As NumPy's _var: deviations from the mean (kept as a broadcastable
  // array), squared and summed, divided by max(count - ddof, 0).
  Array x = asFloat(a);
  Array deviation = x - mean(x, axes, /*keepdims=*/true);
  // (complex numbers: |deviation|^2, a real variance, as NumPy's)
  Array squared = isComplex(x.dtype()) ? square(real(deviation)) + square(imag(deviation))
                                       : deviation * deviation;
  return sum(squared, std::move(axes), keepdims) / double(std::max<int64_t>(count - ddof, 0));
}

Array std(const Array &a, std::vector<int64_t> axes, bool keepdims, int64_t ddof) {
  reducedCount("std", a, axes); // checks the axes under this name
  return sqrt(var(a, std::move(axes), keepdims, ddof));
}

//===----------------------------------------------------------------------===//
// Linear algebra
//===----------------------------------------------------------------------===//

Array trace(const Array &a, int64_t offset) {
  if (a.ndim() != 2)
    throw Error("legato.trace: needs a 2-D array, got shape " + shapeString(a.shape()) +
                "; for the traces of a stack of matrices, sum diagonals of their slices");
  return sum(diagonal(a, offset));
}

namespace {

/// Whether element (i, j) of a rows x cols matrix lies at or below diagonal
/// k (`lower`), or at or above it.
Array triangleMask(int64_t rows, int64_t cols, int64_t k, bool lower) {
  Shape shape = {rows, cols};
  Array offset = indexAlong(shape, 1) - indexAlong(shape, 0); // j - i
  return lower ? offset <= k : offset >= k;
}

/// np.tril and np.triu: NumPy's where(mask, a, 0) over the last two axes.
Array triangle(const char *op, const Array &a, int64_t k, bool lower) {
  const Shape &shape = a.shape();
  if (shape.empty())
    throw Error(std::string("legato.") + op +
                ": needs an array of 1 or more dimensions, got a 0-d array; reshape it to "
                "(1, 1)");
  int64_t cols = shape.back(), rows = shape.size() >= 2 ? shape[shape.size() - 2] : cols;
  return where(triangleMask(rows, cols, k, lower), a, zeros({}, a.dtype()));
}

} // namespace

Array tri(int64_t n, std::optional<int64_t> m, int64_t k, DType t) {
  int64_t cols = m.value_or(n);
  if (n < 0 || cols < 0)
    throw Error("legato.tri: shape (" + std::to_string(n) + ", " + std::to_string(cols) +
                ") has a negative dimension; pass sizes of 0 or more");
  return astype(triangleMask(n, cols, k, true), t);
}

Array tril(const Array &a, int64_t k) { return triangle("tril", a, k, true); }
Array triu(const Array &a, int64_t k) { return triangle("triu", a, k, false); }

Array norm(const Array &a, std::vector<int64_t> axes, bool keepdims) {
  std::vector<int64_t> normalized = normalizeAxes("norm", axes, a.shape());
  if (!axes.empty() && normalized.size() > 2)
    throw Error("legato.norm: " + std::to_string(axes.size()) +
                " axes of an array of shape " + shapeString(a.shape()) +
                "; give one axis (vector norms) or two (Frobenius norms), or none for the "
                "norm of the whole array");
  Array x = asFloat(a);
  return sqrt(sum(x * x, std::move(axes), keepdims));
}

//===----------------------------------------------------------------------===//
// Shape
//===----------------------------------------------------------------------===//

Array expand_dims(const Array &a, int64_t axis) {
  int64_t rank = a.ndim();
  int64_t d = normalizeAxis("expand_dims", axis, a.shape(), rank + 1);
  Shape shape = a.shape();
  shape.insert(shape.begin() + d, 1);
  return reshape(a, shape);
}

Array stack(const std::vector<Array> &arrays, int64_t axis) {
  if (arrays.empty())
    throw Error("legato.stack: needs at least one array");
  const Shape &first = arrays[0].shape();
  for (const Array &x : arrays)
    if (x.shape() != first)
      throw Error("legato.stack: shapes " + shapeString(first) + " and " +
                  shapeString(x.shape()) +
                  " differ; all arrays must have one shape (concatenate joins along an "
                  "existing axis)");
  int64_t d = normalizeAxis("stack", axis, first, int64_t(first.size()) + 1);
  std::vector<Array> pieces;
  pieces.reserve(arrays.size());
  for (const Array &x : arrays)
    pieces.push_back(expand_dims(x, d));
  return concatenate(pieces, d);
}

Array squeeze(const Array &a, std::vector<int64_t> axes) {
  const Shape &shape = a.shape();
  Shape kept;
  if (axes.empty()) {
    for (int64_t n : shape)
      if (n != 1)
        kept.push_back(n);
    return reshape(a, kept);
  }
  std::vector<int64_t> dropped = normalizeAxes("squeeze", axes, shape);
  for (int64_t d : dropped)
    if (shape[size_t(d)] != 1)
      throw Error("legato.squeeze: axis " + std::to_string(d) + " of an array of shape " +
                  shapeString(shape) + " has length " + std::to_string(shape[size_t(d)]) +
                  "; only axes of length 1 can be squeezed out");
  for (int64_t d = 0; d < int64_t(shape.size()); ++d)
    if (std::find(dropped.begin(), dropped.end(), d) == dropped.end())
      kept.push_back(shape[size_t(d)]);
  return reshape(a, kept);
}

Array flip(const Array &a, std::optional<int64_t> axis) {
  int64_t rank = a.ndim();
  std::vector<Index> index(size_t(rank), all);
  if (axis)
    index[size_t(normalizeAxis("flip", *axis, a.shape(), rank))] = slice(none, none, -1);
  else
    index.assign(size_t(rank), slice(none, none, -1));
  return a[index];
}

Array diff(const Array &a, int64_t n, int64_t axis) {
  int64_t rank = a.ndim();
  if (rank == 0)
    throw Error("legato.diff: needs an array of at least one dimension, got shape (); "
                "reshape it to (1,) first");
  if (n < 0)
    throw Error("legato.diff: order n = " + std::to_string(n) +
                " must be non-negative (array of shape " + shapeString(a.shape()) + ")");
  int64_t d = normalizeAxis("diff", axis, a.shape(), rank);
  std::vector<Index> tail(size_t(rank), all), head(size_t(rank), all);
  tail[size_t(d)] = slice(1, none);
  head[size_t(d)] = slice(none, -1);
  Array r = a;
  // Each order is one shorter (an emptied axis stays empty): neighbours'
  // differences, or for bools whether they differ.
  for (int64_t k = 0; k < n && r.shape()[size_t(d)] > 0; ++k)
    r = r.dtype() == DType::bool_ ? r[tail] != r[head] : r[tail] - r[head];
  return r;
}

Array tile(const Array &a, std::vector<int64_t> reps) {
  for (int64_t r : reps)
    if (r < 0)
      throw Error("legato.tile: repetitions " + shapeString(reps) + " of an array of shape " +
                  shapeString(a.shape()) + " include a negative count; give counts >= 0");
  // Both padded with leading 1s to one rank; then each axis i of length s
  // becomes (reps[i], s), broadcast, and merged: r copies one after another.
  Shape shape = a.shape();
  size_t rank = std::max(shape.size(), reps.size());
  shape.insert(shape.begin(), rank - shape.size(), 1);
  reps.insert(reps.begin(), rank - reps.size(), 1);
  Shape split, repeated, merged;
  for (size_t i = 0; i < rank; ++i) {
    split.insert(split.end(), {1, shape[i]});
    repeated.insert(repeated.end(), {reps[i], shape[i]});
    merged.push_back(axisProduct("tile", reps[i], shape[i], a.shape()));
  }
  checkArraySize("tile", merged, a.dtype()); // (before broadcast_to's check names it)
  return reshape(broadcast_to(reshape(a, split), repeated), merged);
}

Array repeat(const Array &a, int64_t repeats, std::optional<int64_t> axis) {
  if (repeats < 0)
    throw Error("legato.repeat: " + std::to_string(repeats) + " repetitions of an array of shape " +
                shapeString(a.shape()) + "; give a count >= 0");
  Array x = axis ? a : reshape(a, {a.size()});
  int64_t d = axis ? normalizeAxis("repeat", *axis, a.shape(), a.ndim()) : 0;
  // Each element of axis d followed by its copies: a new axis after d of
  // length `repeats`, merged into d.
  Shape repeated = x.shape(), merged = x.shape();
  repeated.insert(repeated.begin() + d + 1, repeats);
  merged[size_t(d)] = axisProduct("repeat", merged[size_t(d)], repeats, a.shape());
  checkArraySize("repeat", merged, a.dtype()); // (before broadcast_to's check names it)
  return reshape(broadcast_to(expand_dims(x, d + 1), repeated), merged);
}

std::vector<Array> meshgrid(const std::vector<Array> &vectors, const std::string &indexing) {
  if (indexing != "xy" && indexing != "ij")
    throw Error("legato.meshgrid: indexing \"" + indexing +
                "\" is neither \"xy\" (Cartesian, the default) nor \"ij\" (matrix)");
  size_t count = vectors.size();
  // Output axis of each input: "xy" swaps the first two (x along columns).
  std::vector<size_t> axisOf(count);
  for (size_t i = 0; i < count; ++i)
    axisOf[i] = indexing == "xy" && count >= 2 && i < 2 ? 1 - i : i;
  Shape shape(count);
  for (size_t i = 0; i < count; ++i)
    shape[axisOf[i]] = vectors[i].size();
  std::vector<Array> grids;
  for (size_t i = 0; i < count; ++i) {
    Shape line(count, 1);
    line[axisOf[i]] = vectors[i].size();
    grids.push_back(broadcast_to(reshape(vectors[i], line), shape));
  }
  return grids;
}

Array swapaxes(const Array &a, int64_t axis1, int64_t axis2) {
  int64_t rank = a.ndim();
  int64_t d1 = normalizeAxis("swapaxes", axis1, a.shape(), rank);
  int64_t d2 = normalizeAxis("swapaxes", axis2, a.shape(), rank);
  std::vector<int64_t> perm;
  for (int64_t d = 0; d < rank; ++d)
    perm.push_back(d == d1 ? d2 : d == d2 ? d1 : d);
  return transpose(a, perm);
}

Array moveaxis(const Array &a, int64_t source, int64_t destination) {
  int64_t rank = a.ndim();
  int64_t from = normalizeAxis("moveaxis", source, a.shape(), rank);
  int64_t to = normalizeAxis("moveaxis", destination, a.shape(), rank);
  std::vector<int64_t> perm;
  for (int64_t d = 0; d < rank; ++d)
    if (d != from)
      perm.push_back(d);
  perm.insert(perm.begin() + to, from);
  return transpose(a, perm);
}

} // namespace legato
