//===- FunctionBindings.cpp - the C++ API's functions, as `_core.<name>` --===//
//
// One binding per C++ function, in the C++ API's own form (axes as a list,
// {} = all; optional axes as None). python/legato/numpy gives them NumPy's
// names and keyword signatures. Elementwise functions take Python scalars
// as NumPy 2 does (weak: `maximum(float32_array, 2.0)` stays float32).
//
//===----------------------------------------------------------------------===//
#include "Bindings.h"

#include <pybind11/functional.h>

namespace legato::python {

namespace {

using Axes = std::vector<int64_t>;

/// A weak scalar as a 0-d array of the dtype NEP 50 gives it beside `like`:
/// like's dtype when the scalar's kind fits in it, else the kind's default.
Array weakArray(const Scalar &s, const Array &like) {
  DType t = like.dtype();
  bool isComplex = t == DType::c64 || t == DType::c128;
  bool isFloat = t == DType::f16 || t == DType::f32 || t == DType::f64;
  bool isInt = !isFloat && !isComplex && t != DType::bool_;
  DType result = t;
  if (s.kind == Scalar::Kind::complex && !isComplex)
    result = t == DType::f64 ? DType::c128 : isFloat ? DType::c64 : DType::c128;
  else if (s.kind == Scalar::Kind::floating && !isFloat && !isComplex)
    result = DType::f64;
  else if (s.kind == Scalar::Kind::integer && !isFloat && !isInt)
    result = DType::i64;
  return full({}, s, result);
}

/// Both operands as arrays, weak scalars typed by the other operand.
std::pair<Array, Array> arrays(py::handle a, py::handle b) {
  auto [x, y] = toOperands(a, b);
  if (const Scalar *s = std::get_if<Scalar>(&x))
    return {weakArray(*s, std::get<Array>(y)), std::get<Array>(y)};
  if (const Scalar *s = std::get_if<Scalar>(&y))
    return {std::get<Array>(x), weakArray(*s, std::get<Array>(x))};
  return {std::get<Array>(x), std::get<Array>(y)};
}

/// f(x, y) for operands of which one at least is an array (toOperands
/// makes sure): the C++ API has no function of two scalars.
template <class F> Array applyToOperands(const Operand &x, const Operand &y, F f) {
  if (const Scalar *s = std::get_if<Scalar>(&x))
    return f(*s, std::get<Array>(y));
  if (const Scalar *s = std::get_if<Scalar>(&y))
    return f(std::get<Array>(x), *s);
  return f(std::get<Array>(x), std::get<Array>(y));
}

std::vector<Array> arrayList(const py::sequence &items) {
  std::vector<Array> out;
  for (py::handle h : items)
    out.push_back(toArray(h));
  return out;
}

} // namespace

void bindFunctions(py::module_ &m) {
  // ---- creation ----
  m.def("zeros", [](const Shape &s, DType t) { ensureRuntime(); return zeros(s, t); });
  m.def("ones", [](const Shape &s, DType t) { ensureRuntime(); return ones(s, t); });
  m.def("full", [](const Shape &s, py::handle v, DType t) {
    ensureRuntime();
    return full(s, toScalar(v, "full"), t);
  });
  m.def("arange", [](double start, double stop, double step, DType t) {
    ensureRuntime();
    return arange(start, stop, step, t);
  });
  m.def("arange_int", [](int64_t stop, DType t) { ensureRuntime(); return arange(stop, t); });
  m.def("linspace", [](double a, double b, int64_t n, DType t) {
    ensureRuntime();
    return linspace(a, b, n, t);
  });
  m.def("eye", [](int64_t n, DType t) { ensureRuntime(); return eye(n, t); });
  m.def("tri", [](int64_t n, std::optional<int64_t> cols, int64_t k, DType t) {
    ensureRuntime();
    return tri(n, cols, k, t);
  });
  m.def("random", [](const Shape &s, DType t, uint64_t seed) {
    ensureRuntime();
    return random(s, t, seed);
  });
  m.def("copy", [](const Array &a) { return copy(a); });
  m.def("meshgrid", [](const py::sequence &v, const std::string &indexing) {
    return meshgrid(arrayList(v), indexing);
  });

  // ---- elementwise: two operands (weak scalars on either side) ----
#define LEGATO_BINARY(NAME, EXPR)                                                                  \
  m.def(NAME, [](py::handle a, py::handle b) {                                                     \
    auto [x, y] = toOperands(a, b);                                                                \
    return applyToOperands(x, y, [](const auto &x, const auto &y) { return Array(EXPR); });        \
  });
  LEGATO_BINARY("add", x + y)
  LEGATO_BINARY("subtract", x - y)
  LEGATO_BINARY("multiply", x * y)
  LEGATO_BINARY("divide", x / y)
  LEGATO_BINARY("remainder", x % y)
  LEGATO_BINARY("floor_divide", floor_divide(x, y))
  LEGATO_BINARY("less", x < y)
  LEGATO_BINARY("less_equal", x <= y)
  LEGATO_BINARY("greater", x > y)
  LEGATO_BINARY("greater_equal", x >= y)
  LEGATO_BINARY("equal", x == y)
  LEGATO_BINARY("not_equal", x != y)
  LEGATO_BINARY("power", legato::pow(x, y))
  LEGATO_BINARY("maximum", maximum(x, y))
  LEGATO_BINARY("minimum", minimum(x, y))
  LEGATO_BINARY("logical_and", logical_and(x, y))
  LEGATO_BINARY("logical_or", logical_or(x, y))
  LEGATO_BINARY("bitwise_and", bitwise_and(x, y))
  LEGATO_BINARY("bitwise_or", bitwise_or(x, y))
  LEGATO_BINARY("bitwise_xor", bitwise_xor(x, y))
  LEGATO_BINARY("left_shift", left_shift(x, y))
  LEGATO_BINARY("right_shift", right_shift(x, y))
  LEGATO_BINARY("arctan2", arctan2(x, y))
  LEGATO_BINARY("fmax", fmax(x, y))
  LEGATO_BINARY("fmin", fmin(x, y))
#undef LEGATO_BINARY
  // Functions of two arrays only: weak scalars become arrays of the other's type.
  m.def("hypot", [](py::handle a, py::handle b) {
    auto [x, y] = arrays(a, b);
    return hypot(x, y);
  });
  m.def("logaddexp", [](py::handle a, py::handle b) {
    auto [x, y] = arrays(a, b);
    return logaddexp(x, y);
  });
  m.def("heaviside", [](py::handle a, py::handle b) {
    auto [x, y] = arrays(a, b);
    return heaviside(x, y);
  });
  m.def("logical_xor", [](py::handle a, py::handle b) {
    auto [x, y] = arrays(a, b);
    return x.astype(DType::bool_) != y.astype(DType::bool_);
  });

  // ---- elementwise: one operand ----
#define LEGATO_UNARY(NAME, FN) m.def(NAME, [](py::handle a) { return Array(FN(toArray(a))); });
  LEGATO_UNARY("negative", -)
  LEGATO_UNARY("logical_not", logical_not)
  LEGATO_UNARY("invert", invert)
  LEGATO_UNARY("absolute", legato::abs)
  LEGATO_UNARY("exp", legato::exp)
  LEGATO_UNARY("log", legato::log)
  LEGATO_UNARY("sqrt", legato::sqrt)
  LEGATO_UNARY("sin", legato::sin)
  LEGATO_UNARY("cos", legato::cos)
  LEGATO_UNARY("tanh", legato::tanh)
  LEGATO_UNARY("erf", legato::erf)
  LEGATO_UNARY("floor", legato::floor)
  LEGATO_UNARY("ceil", legato::ceil)
  LEGATO_UNARY("trunc", legato::trunc)
  LEGATO_UNARY("rint", legato::rint)
  LEGATO_UNARY("tan", legato::tan)
  LEGATO_UNARY("arcsin", legato::arcsin)
  LEGATO_UNARY("arccos", legato::arccos)
  LEGATO_UNARY("arctan", legato::arctan)
  LEGATO_UNARY("sinh", legato::sinh)
  LEGATO_UNARY("cosh", legato::cosh)
  LEGATO_UNARY("arcsinh", legato::arcsinh)
  LEGATO_UNARY("arccosh", legato::arccosh)
  LEGATO_UNARY("arctanh", legato::arctanh)
  LEGATO_UNARY("exp2", legato::exp2)
  LEGATO_UNARY("expm1", legato::expm1)
  LEGATO_UNARY("log2", legato::log2)
  LEGATO_UNARY("log10", legato::log10)
  LEGATO_UNARY("log1p", legato::log1p)
  LEGATO_UNARY("cbrt", legato::cbrt)
  LEGATO_UNARY("square", legato::square)
  LEGATO_UNARY("sign", legato::sign)
  LEGATO_UNARY("isnan", legato::isnan)
  LEGATO_UNARY("isinf", legato::isinf)
  LEGATO_UNARY("isfinite", legato::isfinite)
  LEGATO_UNARY("deg2rad", legato::deg2rad)
  LEGATO_UNARY("rad2deg", legato::rad2deg)
  LEGATO_UNARY("real", legato::real)
  LEGATO_UNARY("imag", legato::imag)
  LEGATO_UNARY("conjugate", legato::conj)
#undef LEGATO_UNARY
  m.def("angle", [](py::handle a, bool deg) { return angle(toArray(a), deg); });
  m.def("astype", [](const Array &a, DType t) { return astype(a, t); });
  m.def("where", [](py::handle c, py::handle a, py::handle b) {
    Array cond = toArray(c);
    std::optional<Operand> x = toOperand(a), y = toOperand(b);
    if (!x || !y)
      throw legato::TypeError("legato.where: the values must be arrays or numbers");
    return std::visit([&](const auto &x, const auto &y) { return where(cond, x, y); }, *x, *y);
  });
  m.def("clip", [](const Array &a, py::handle lo, py::handle hi) {
    std::optional<Operand> x = toOperand(lo), y = toOperand(hi);
    if (!x || !y)
      throw legato::TypeError("legato.clip: the bounds must be arrays or numbers");
    return std::visit([&](const auto &x, const auto &y) { return clip(a, x, y); }, *x, *y);
  });
  m.def("isclose", [](py::handle a, py::handle b, double rtol, double atol, bool nan) {
    auto [x, y] = arrays(a, b);
    return isclose(x, y, rtol, atol, nan);
  });
  m.def("allclose", [](py::handle a, py::handle b, double rtol, double atol, bool nan) {
    auto [x, y] = arrays(a, b);
    return allclose(x, y, rtol, atol, nan);
  });
  m.def("round", [](const Array &a, int64_t decimals) { return round(a, decimals); });
  m.def("nan_to_num", [](const Array &a, double nan, std::optional<double> posinf,
                         std::optional<double> neginf) { return nan_to_num(a, nan, posinf, neginf); });

  // ---- reductions and scans ----
#define LEGATO_REDUCTION(NAME, FN)                                                                 \
  m.def(NAME, [](const Array &a, const Axes &axes, bool keepdims) { return FN(a, axes, keepdims); });
  LEGATO_REDUCTION("sum", legato::sum)
  LEGATO_REDUCTION("prod", legato::prod)
  LEGATO_REDUCTION("max", legato::max)
  LEGATO_REDUCTION("min", legato::min)
  LEGATO_REDUCTION("mean", legato::mean)
  LEGATO_REDUCTION("any", legato::any)
  LEGATO_REDUCTION("all", legato::all)
  LEGATO_REDUCTION("count_nonzero", legato::count_nonzero)
  LEGATO_REDUCTION("ptp", legato::ptp)
  LEGATO_REDUCTION("nansum", legato::nansum)
  LEGATO_REDUCTION("nanprod", legato::nanprod)
  LEGATO_REDUCTION("nanmean", legato::nanmean)
  LEGATO_REDUCTION("nanmax", legato::nanmax)
  LEGATO_REDUCTION("nanmin", legato::nanmin)
  LEGATO_REDUCTION("median", legato::median)
  LEGATO_REDUCTION("norm", legato::norm)
#undef LEGATO_REDUCTION
  m.def("var", [](const Array &a, const Axes &axes, bool keepdims, int64_t ddof) {
    return var(a, axes, keepdims, ddof);
  });
  m.def("std", [](const Array &a, const Axes &axes, bool keepdims, int64_t ddof) {
    return legato::std(a, axes, keepdims, ddof);
  });
  m.def("argmax", [](const Array &a, std::optional<int64_t> axis, bool keepdims) {
    return argmax(a, axis, keepdims);
  });
  m.def("argmin", [](const Array &a, std::optional<int64_t> axis, bool keepdims) {
    return argmin(a, axis, keepdims);
  });
  m.def("quantile", [](const Array &a, const std::vector<double> &q, bool scalarQ, const Axes &axes,
                       bool keepdims) {
    return scalarQ ? quantile(a, q.at(0), axes, keepdims) : quantile(a, q, axes, keepdims);
  });
#define LEGATO_SCAN(NAME, FN)                                                                      \
  m.def(NAME, [](const Array &a, std::optional<int64_t> axis) { return FN(a, axis); });
  LEGATO_SCAN("cumsum", legato::cumsum)
  LEGATO_SCAN("cumprod", legato::cumprod)
  LEGATO_SCAN("nancumsum", legato::nancumsum)
  LEGATO_SCAN("nancumprod", legato::nancumprod)
#undef LEGATO_SCAN

  // ---- indexing, scatter, search, sort ----
  py::enum_<IndexMode>(m, "IndexMode")
      .value("raise_", IndexMode::raise)
      .value("wrap", IndexMode::wrap)
      .value("clip", IndexMode::clip);
  m.def("take", [](const Array &a, const Array &indices, std::optional<int64_t> axis,
                   IndexMode mode) { return take(a, indices, axis, mode); });
  m.def("take_along_axis", [](const Array &a, const Array &indices, std::optional<int64_t> axis) {
    return take_along_axis(a, indices, axis);
  });
  m.def("put", [](const Array &a, const Array &indices, const Array &values, IndexMode mode) {
    put(a, indices, values, mode);
  });
  m.def("put_along_axis", [](const Array &a, const Array &indices, const Array &values,
                             std::optional<int64_t> axis) {
    put_along_axis(a, indices, values, axis);
  });
  m.def("add_at", [](const Array &a, const Array &indices, const Array &values) {
    add_at(a, indices, values);
  });
  m.def("bincount", [](const Array &x, const std::optional<Array> &w, int64_t minlength) {
    return bincount(x, w, minlength);
  });
  m.def("histogram", [](const Array &a, int64_t bins,
                        std::optional<std::pair<double, double>> range,
                        const std::optional<Array> &w) { return histogram(a, bins, range, w); });
  m.def("histogram_edges", [](const Array &a, const Array &edges, const std::optional<Array> &w) {
    return histogram(a, edges, w);
  });
  m.def("searchsorted", [](const Array &a, const Array &v, bool right) {
    return searchsorted(a, v, right ? Side::right : Side::left);
  });
  m.def("interp", [](const Array &x, const Array &xp, const Array &fp, std::optional<double> left,
                     std::optional<double> right) { return interp(x, xp, fp, left, right); });
  m.def("flatnonzero", [](const Array &a) { return flatnonzero(a); });
  m.def("nonzero", [](const Array &a) { return nonzero(a); });
  m.def("argwhere", [](const Array &a) { return argwhere(a); });
  m.def("compress", [](const Array &c, const Array &a, std::optional<int64_t> axis) {
    return compress(c, a, axis);
  });
  m.def("extract", [](const Array &c, const Array &a) { return extract(c, a); });
  m.def("sort", [](const Array &a, std::optional<int64_t> axis) { return sort(a, axis); });
  m.def("argsort", [](const Array &a, std::optional<int64_t> axis) { return argsort(a, axis); });
  m.def("partition", [](const Array &a, std::vector<int64_t> kth, std::optional<int64_t> axis) {
    return partition(a, std::move(kth), axis);
  });
  m.def("argpartition", [](const Array &a, std::vector<int64_t> kth, std::optional<int64_t> axis) {
    return argpartition(a, std::move(kth), axis);
  });
  m.def("unique", [](const Array &a, bool equal_nan) { return unique(a, equal_nan); });
  m.def("unique_all", [](const Array &a, bool equal_nan) {
    UniqueAll r = unique_all(a, equal_nan);
    return py::make_tuple(r.values, r.indices, r.inverse_indices, r.counts);
  });
  m.def("cov", [](const Array &a, bool rowvar, int64_t ddof) { return cov(a, rowvar, ddof); });
  m.def("corrcoef", [](const Array &a, bool rowvar) { return corrcoef(a, rowvar); });

  // ---- linear algebra ----
  m.def("matmul", [](py::handle a, py::handle b) { return matmul(toArray(a), toArray(b)); });
  m.def("dot", [](py::handle a, py::handle b) { return dot(toArray(a), toArray(b)); });
  m.def("outer", [](py::handle a, py::handle b) { return outer(toArray(a), toArray(b)); });
  m.def("inner", [](py::handle a, py::handle b) { return inner(toArray(a), toArray(b)); });
  m.def("vdot", [](py::handle a, py::handle b) { return vdot(toArray(a), toArray(b)); });
  m.def("kron", [](py::handle a, py::handle b) { return kron(toArray(a), toArray(b)); });
  m.def("cross", [](py::handle a, py::handle b, int64_t axis) {
    return cross(toArray(a), toArray(b), axis);
  });
  m.def("tensordot", [](const Array &a, const Array &b, int64_t axes) {
    return tensordot(a, b, axes);
  });
  m.def("tensordot_axes", [](const Array &a, const Array &b, const Axes &x, const Axes &y) {
    return tensordot(a, b, x, y);
  });
  m.def("einsum", [](const std::string &subscripts, const py::sequence &operands) {
    return einsum(subscripts, arrayList(operands));
  });
  m.def("transpose", [](const Array &a, const Axes &perm) { return transpose(a, perm); });
  m.def("diagonal", [](const Array &a, int64_t offset) { return diagonal(a, offset); });
  m.def("diag", [](const Array &a, int64_t k) { return diag(a, k); });
  m.def("trace", [](const Array &a, int64_t offset) { return trace(a, offset); });
  m.def("tril", [](const Array &a, int64_t k) { return tril(a, k); });
  m.def("triu", [](const Array &a, int64_t k) { return triu(a, k); });

  // ---- shape ----
  m.def("reshape", [](const Array &a, const Shape &s) { return reshape(a, s); });
  m.def("broadcast_to", [](const Array &a, const Shape &s) { return broadcast_to(a, s); });
  m.def("concatenate", [](const py::sequence &v, int64_t axis) {
    return concatenate(arrayList(v), axis);
  });
  m.def("stack", [](const py::sequence &v, int64_t axis) { return stack(arrayList(v), axis); });
  m.def("pad", [](const Array &a, const std::vector<std::pair<int64_t, int64_t>> &widths,
                  double value) { return pad(a, widths, value); });
  m.def("roll", [](const Array &a, const Axes &shifts, const Axes &axes) {
    return roll(a, shifts, axes);
  });
  m.def("roll_flat", [](const Array &a, int64_t shift) { return roll(a, shift); });
  m.def("expand_dims", [](const Array &a, int64_t axis) { return expand_dims(a, axis); });
  m.def("squeeze", [](const Array &a, const Axes &axes) { return squeeze(a, axes); });
  m.def("flip", [](const Array &a, std::optional<int64_t> axis) { return flip(a, axis); });
  m.def("tile", [](const Array &a, const Axes &reps) { return tile(a, reps); });
  m.def("repeat", [](const Array &a, int64_t repeats, std::optional<int64_t> axis) {
    return repeat(a, repeats, axis);
  });
  m.def("gradient", [](const Array &a, double spacing, int64_t axis) {
    return gradient(a, spacing, axis);
  });
  m.def("trapezoid", [](const Array &y, double dx, int64_t axis) { return trapezoid(y, dx, axis); });
  m.def("trapezoid_x", [](const Array &y, const Array &x, int64_t axis) {
    return trapezoid(y, x, axis);
  });
  m.def("diff", [](const Array &a, int64_t n, int64_t axis) { return diff(a, n, axis); });
  m.def("swapaxes", [](const Array &a, int64_t x, int64_t y) { return swapaxes(a, x, y); });
  m.def("moveaxis", [](const Array &a, int64_t s, int64_t d) { return moveaxis(a, s, d); });

  // ---- distribution ----
  m.def("shard", [](const Array &a, int64_t axis) { return shard(a, axis); });
  m.def("shard_grid", [](const Array &a, int64_t r, int64_t c) { return shard(a, r, c); });
  m.def("replicate", [](const Array &a) { return replicate(a); });
}

} // namespace legato::python
