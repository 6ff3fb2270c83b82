//===- ops.cpp - The legato side of the NumPy oracle's operations ---------===//
//
// Keep in step with the NUMPY table in oracle.py: same names, same meaning.
//
//===----------------------------------------------------------------------===//

#include "ops.h"
#include "test_support.h"

#include <map>
#include <optional>
#include <stdexcept>
#include <type_traits>

namespace legato_numpy {
namespace {

using legato::Array;
using legato::none;
using legato::Scalar;
using legato::slice;
using Args = std::vector<Value>;

[[noreturn]] void fail(const std::string &what) {
  throw std::runtime_error("numpy_test: " + what);
}

void want_arity(const Args &a, size_t n) {
  if (a.size() != n)
    fail("operation wants " + std::to_string(n) + " operands, the case gives " +
         std::to_string(a.size()));
}

const Array &array(const Args &a, size_t i) {
  if (i >= a.size() || !std::holds_alternative<Array>(a[i]))
    fail("operand " + std::to_string(i) + " must be an array");
  return std::get<Array>(a[i]);
}

/// A binary function applied to Array/Scalar operands on either side.
template <class F> Op binary(F f) {
  return {[f](const Args &a, const Params &) -> Array {
    want_arity(a, 2);
    return std::visit(
        [&](const auto &x, const auto &y) -> Array {
          using X = std::decay_t<decltype(x)>;
          using Y = std::decay_t<decltype(y)>;
          if constexpr (std::is_same_v<X, Scalar> && std::is_same_v<Y, Scalar>)
            fail("a binary operation needs an array operand");
          else
            return f(x, y);
        },
        a[0], a[1]);
  }};
}

template <class F> Op unary(F f) {
  return {[f](const Args &a, const Params &) -> Array {
    want_arity(a, 1);
    return f(array(a, 0));
  }};
}

/// An operation of one array and the case's parameters.
template <class F> Op with_params(F f) {
  return {[f](const Args &a, const Params &p) -> Array {
    want_arity(a, 1);
    return f(array(a, 0), p);
  }};
}

/// A creation operation: parameters only.
template <class F> Op creation(F f) {
  return {[f](const Args &a, const Params &p) -> Array {
    want_arity(a, 0);
    return f(p);
  }};
}

std::vector<int64_t> axes(const Params &p) {
  return p.has("axes") ? p.integers("axes") : std::vector<int64_t>{}; // {} = all
}

template <class F> Op reduction(F f) {
  return with_params([f](const Array &x, const Params &p) {
    return f(x, axes(p), p.flag_or("keepdims", false));
  });
}

Scalar value(const Params &p, const char *key = "value") { return Scalar(p.real(key)); }

template <class T> Array read_back(const Array &x) {
  return legato::from_vector(legato_test::host_values<T>(x), x.shape());
}

template <class T> Array read_item(const Array &x) {
  return legato::from_vector(std::vector<T>{x.item<T>()}, legato::Shape{});
}

/// A float16 read: its bits through copy_to_host (float16 has no C++17
/// type), wrapped back with from_buffer.
struct Half {};

/// Calls F<T>::run for the host type T of `dtype` (Half for float16).
template <template <class> class F> Array by_host_type(legato::DType dtype, const Array &x) {
  switch (dtype) {
  case legato::DType::bool_: return F<bool>::run(x);
  case legato::DType::i8: return F<int8_t>::run(x);
  case legato::DType::i16: return F<int16_t>::run(x);
  case legato::DType::i32: return F<int32_t>::run(x);
  case legato::DType::i64: return F<int64_t>::run(x);
  case legato::DType::u8: return F<uint8_t>::run(x);
  case legato::DType::u16: return F<uint16_t>::run(x);
  case legato::DType::u32: return F<uint32_t>::run(x);
  case legato::DType::u64: return F<uint64_t>::run(x);
  case legato::DType::f16: return F<Half>::run(x);
  case legato::DType::f32: return F<float>::run(x);
  case legato::DType::f64: return F<double>::run(x);
  }
  fail("bad host dtype");
}
template <class T> struct ToVector { static Array run(const Array &x) { return read_back<T>(x); } };
template <class T> struct Item { static Array run(const Array &x) { return read_item<T>(x); } };
template <> struct ToVector<Half> {
  static Array run(const Array &x) {
    std::vector<uint16_t> bits(static_cast<size_t>(x.size()));
    x.copy_to_host(bits.data(), legato::f16);
    return legato::from_buffer(bits.data(), legato::f16, x.shape(), x.size());
  }
};
template <> struct Item<Half> {
  static Array run(const Array &x) {
    if (x.size() != 1)
      return legato::from_vector(std::vector<bool>{x.item<bool>()}, {}); // throws as item<T>
    uint16_t bits = 0;
    x.copy_to_host(&bits, legato::f16);
    return legato::from_buffer(&bits, legato::f16, legato::Shape{}, 1);
  }
};

std::map<std::string, Op> make_ops() {
  std::map<std::string, Op> ops;

  // Elementwise, with NumPy broadcasting and weak C++ scalars.
  ops["add"] = binary([](const auto &x, const auto &y) { return x + y; });
  ops["sub"] = binary([](const auto &x, const auto &y) { return x - y; });
  ops["mul"] = binary([](const auto &x, const auto &y) { return x * y; });
  ops["div"] = binary([](const auto &x, const auto &y) { return x / y; });
  ops["pow"] = binary([](const auto &x, const auto &y) { return legato::pow(x, y); });
  ops["maximum"] = binary([](const auto &x, const auto &y) { return legato::maximum(x, y); });
  ops["minimum"] = binary([](const auto &x, const auto &y) { return legato::minimum(x, y); });
  ops["lt"] = binary([](const auto &x, const auto &y) { return x < y; });
  ops["le"] = binary([](const auto &x, const auto &y) { return x <= y; });
  ops["gt"] = binary([](const auto &x, const auto &y) { return x > y; });
  ops["ge"] = binary([](const auto &x, const auto &y) { return x >= y; });
  ops["eq"] = binary([](const auto &x, const auto &y) { return x == y; });
  ops["ne"] = binary([](const auto &x, const auto &y) { return x != y; });
  ops["logical_and"] =
      binary([](const auto &x, const auto &y) { return legato::logical_and(x, y); });
  ops["logical_or"] =
      binary([](const auto &x, const auto &y) { return legato::logical_or(x, y); });
  ops["arctan2"] = binary([](const auto &x, const auto &y) { return legato::arctan2(x, y); });
  ops["bitwise_and"] = binary([](const auto &x, const auto &y) { return x & y; });
  ops["bitwise_or"] = binary([](const auto &x, const auto &y) { return legato::bitwise_or(x, y); });
  ops["bitwise_xor"] = binary([](const auto &x, const auto &y) { return x ^ y; });
  ops["left_shift"] = binary([](const auto &x, const auto &y) { return legato::left_shift(x, y); });
  ops["right_shift"] =
      binary([](const auto &x, const auto &y) { return legato::right_shift(x, y); });
  ops["mod"] = binary([](const auto &x, const auto &y) { return x % y; });
  ops["floor_divide"] =
      binary([](const auto &x, const auto &y) { return legato::floor_divide(x, y); });
  ops["inverse_mod"] = binary([](const auto &x, const auto &y) { return 1.0 / (x % y); });
  ops["inverse_floor_divide"] =
      binary([](const auto &x, const auto &y) { return 1.0 / legato::floor_divide(x, y); });

  ops["neg"] = unary([](const Array &x) { return -x; });
  ops["logical_not"] = unary([](const Array &x) { return legato::logical_not(x); });
  ops["invert"] = unary([](const Array &x) { return ~x; });
  ops["abs"] = unary([](const Array &x) { return legato::abs(x); });
  ops["exp"] = unary([](const Array &x) { return legato::exp(x); });
  ops["log"] = unary([](const Array &x) { return legato::log(x); });
  ops["sqrt"] = unary([](const Array &x) { return legato::sqrt(x); });
  ops["sin"] = unary([](const Array &x) { return legato::sin(x); });
  ops["cos"] = unary([](const Array &x) { return legato::cos(x); });
  ops["tanh"] = unary([](const Array &x) { return legato::tanh(x); });
  ops["erf"] = unary([](const Array &x) { return legato::erf(x); });
  ops["floor"] = unary([](const Array &x) { return legato::floor(x); });
  ops["ceil"] = unary([](const Array &x) { return legato::ceil(x); });
  ops["trunc"] = unary([](const Array &x) { return legato::trunc(x); });
  ops["rint"] = unary([](const Array &x) { return legato::rint(x); });
  ops["tan"] = unary([](const Array &x) { return legato::tan(x); });
  ops["arcsin"] = unary([](const Array &x) { return legato::arcsin(x); });
  ops["arccos"] = unary([](const Array &x) { return legato::arccos(x); });
  ops["arctan"] = unary([](const Array &x) { return legato::arctan(x); });
  ops["sinh"] = unary([](const Array &x) { return legato::sinh(x); });
  ops["cosh"] = unary([](const Array &x) { return legato::cosh(x); });
  ops["arcsinh"] = unary([](const Array &x) { return legato::arcsinh(x); });
  ops["arccosh"] = unary([](const Array &x) { return legato::arccosh(x); });
  ops["arctanh"] = unary([](const Array &x) { return legato::arctanh(x); });
  ops["exp2"] = unary([](const Array &x) { return legato::exp2(x); });
  ops["expm1"] = unary([](const Array &x) { return legato::expm1(x); });
  ops["log2"] = unary([](const Array &x) { return legato::log2(x); });
  ops["log10"] = unary([](const Array &x) { return legato::log10(x); });
  ops["log1p"] = unary([](const Array &x) { return legato::log1p(x); });
  ops["cbrt"] = unary([](const Array &x) { return legato::cbrt(x); });
  ops["expm1_over_x"] = unary([](const Array &x) { return legato::expm1(x) / x; });
  ops["log1p_over_x"] = unary([](const Array &x) { return legato::log1p(x) / x; });

  ops["where"] = {[](const Args &a, const Params &) -> Array {
    want_arity(a, 3);
    const Array &cond = array(a, 0);
    return std::visit([&](const auto &x, const auto &y) { return legato::where(cond, x, y); },
                      a[1], a[2]);
  }};
  ops["astype"] = with_params(
      [](const Array &x, const Params &p) { return legato::astype(x, p.dtype("dtype")); });
  ops["astype_method"] =
      with_params([](const Array &x, const Params &p) { return x.astype(p.dtype("dtype")); });

  // Reductions.
  ops["sum"] = reduction([](const Array &x, auto ax, bool kd) { return legato::sum(x, ax, kd); });
  ops["prod"] = reduction([](const Array &x, auto ax, bool kd) { return legato::prod(x, ax, kd); });
  ops["max"] = reduction([](const Array &x, auto ax, bool kd) { return legato::max(x, ax, kd); });
  ops["min"] = reduction([](const Array &x, auto ax, bool kd) { return legato::min(x, ax, kd); });
  ops["mean"] = reduction([](const Array &x, auto ax, bool kd) { return legato::mean(x, ax, kd); });

  // Linear algebra.
  auto two_arrays = [](auto f) {
    return Op{[f](const Args &a, const Params &) -> Array {
      want_arity(a, 2);
      return f(array(a, 0), array(a, 1));
    }};
  };
  ops["matmul"] = two_arrays([](const Array &x, const Array &y) { return legato::matmul(x, y); });
  ops["matmul_at"] =
      two_arrays([](const Array &x, const Array &y) { return legato::matmul(x.T(), y); });
  ops["matmul_bt"] =
      two_arrays([](const Array &x, const Array &y) { return legato::matmul(x, y.T()); });
  ops["dot"] = two_arrays([](const Array &x, const Array &y) { return legato::dot(x, y); });
  ops["outer"] = two_arrays([](const Array &x, const Array &y) { return legato::outer(x, y); });
  ops["transpose"] = with_params([](const Array &x, const Params &p) {
    return legato::transpose(x, p.has("perm") ? p.integers("perm") : std::vector<int64_t>{});
  });
  ops["T"] = unary([](const Array &x) { return x.T(); });
  ops["diagonal"] = with_params([](const Array &x, const Params &p) {
    return legato::diagonal(x, p.integer_or("offset", 0));
  });
  ops["diag"] = with_params([](const Array &x, const Params &p) {
    return legato::diag(x, p.integer_or("k", 0));
  });

  ops["einsum"] = {[](const Args &a, const Params &p) -> Array {
    std::vector<Array> operands;
    for (size_t i = 0; i < a.size(); ++i)
      operands.push_back(array(a, i));
    return legato::einsum(p.text("subscripts"), operands);
  }};
  ops["tensordot"] = {[](const Args &a, const Params &p) -> Array {
    want_arity(a, 2);
    if (p.has("axes_a"))
      return legato::tensordot(array(a, 0), array(a, 1), p.integers("axes_a"),
                               p.integers("axes_b"));
    return legato::tensordot(array(a, 0), array(a, 1), p.integer_or("axes", 2));
  }};
  ops["inner"] = two_arrays([](const Array &x, const Array &y) { return legato::inner(x, y); });
  ops["vdot"] = two_arrays([](const Array &x, const Array &y) { return legato::vdot(x, y); });
  ops["kron"] = two_arrays([](const Array &x, const Array &y) { return legato::kron(x, y); });
  ops["cross"] = {[](const Args &a, const Params &p) -> Array {
    want_arity(a, 2);
    return legato::cross(array(a, 0), array(a, 1), p.integer_or("axis", -1));
  }};
  ops["tril"] = with_params(
      [](const Array &x, const Params &p) { return legato::tril(x, p.integer_or("k", 0)); });
  ops["triu"] = with_params(
      [](const Array &x, const Params &p) { return legato::triu(x, p.integer_or("k", 0)); });

  // Shape.
  ops["reshape"] = with_params(
      [](const Array &x, const Params &p) { return legato::reshape(x, p.integers("shape")); });
  ops["reshape_method"] =
      with_params([](const Array &x, const Params &p) { return x.reshape(p.integers("shape")); });
  ops["broadcast_to"] = with_params(
      [](const Array &x, const Params &p) { return legato::broadcast_to(x, p.integers("shape")); });
  ops["concatenate"] = {[](const Args &a, const Params &p) -> Array {
    std::vector<Array> parts;
    for (size_t i = 0; i < a.size(); ++i)
      parts.push_back(array(a, i));
    return legato::concatenate(parts, p.integer("axis"));
  }};
  ops["pad"] = with_params([](const Array &x, const Params &p) {
    return legato::pad(x, p.widths("widths"), p.real_or("value", 0.0));
  });
  ops["roll"] = with_params([](const Array &x, const Params &p) {
    std::optional<int64_t> axis;
    if (p.has("axis"))
      axis = p.integer("axis");
    return legato::roll(x, p.integer("shift"), axis);
  });
  ops["roll_axes"] = with_params([](const Array &x, const Params &p) {
    return legato::roll(x, p.integers("shifts"), p.integers("axes"));
  });

  // Indexing; every write goes to a copy of the input, which other cases share.
  ops["getitem"] = with_params([](const Array &x, const Params &p) -> Array {
    return x[p.index("index")];
  });
  ops["getitem2"] = with_params([](const Array &x, const Params &p) -> Array {
    return x[p.index("index")][p.index("index2")];
  });
  ops["stencil1d"] = unary([](const Array &x) {
    return x[{slice(1, -1)}] * 2.0 - x[{slice(none, -2)}] - x[{slice(2, none)}];
  });
  ops["stencil2d"] = unary([](const Array &x) {
    return x[{slice(1, -1), slice(1, -1)}] * 4.0 - x[{slice(none, -2), slice(1, -1)}] -
           x[{slice(2, none), slice(1, -1)}] - x[{slice(1, -1), slice(none, -2)}] -
           x[{slice(1, -1), slice(2, none)}];
  });
  // Gathers beside the kernels that compute what they read (oracle.py).
  const auto wrap = legato::IndexMode::wrap, clip = legato::IndexMode::clip;
  ops["gather_of_producer"] = two_arrays([wrap](const Array &x, const Array &i) {
    Array y = x * 2.0;
    return legato::take(y, i, none, wrap) + y;
  });
  ops["gather_of_reduction"] = two_arrays([clip](const Array &m, const Array &i) {
    Array r = legato::sum(m, {1});
    return legato::take(r, i, none, clip) * r;
  });
  ops["reduction_of_gather"] = two_arrays([wrap](const Array &x, const Array &i) {
    Array y = x * 3.0;
    return legato::sum(legato::take(y, i, none, wrap)) + legato::sum(y);
  });
  ops["gather_in_place"] = two_arrays([wrap](const Array &x, const Array &i) {
    Array r = x + 1.0;
    r[{legato::all}] = legato::take(r, i, none, wrap);
    return r * 2.0;
  });
  ops["gather_rows_of_product"] = two_arrays([clip](const Array &m, const Array &i) {
    return legato::take(legato::matmul(m, m.T()), i, 0, clip);
  });
  // Scatters beside the kernels that compute what they store or read them.
  auto three_arrays = [](auto f) {
    return Op{[f](const Args &a, const Params &) -> Array {
      want_arity(a, 3);
      return f(array(a, 0), array(a, 1), array(a, 2));
    }};
  };
  ops["scatter_of_producers"] = three_arrays([](const Array &x, const Array &i, const Array &v) {
    Array r = x * 2.0;
    r[i] = v * 3.0 + x[{slice(0, 1)}];
    return r + 1.0;
  });
  ops["scatter_of_own_gather"] = three_arrays([wrap](const Array &x, const Array &i,
                                                     const Array &j) {
    Array r = x + 1.0;
    r[i] = legato::take(r, j, none, wrap); // reads what the scatter overwrites
    return r * 2.0;
  });
  ops["scatters_in_order"] = three_arrays([](const Array &x, const Array &i, const Array &v) {
    Array r = x.copy();
    r[i] = v;
    r[legato::flip(i)] = v * 2.0; // the second wins where both write
    return r;
  });
  ops["gather_of_scatter"] = three_arrays([wrap](const Array &x, const Array &i,
                                                 const Array &v) {
    Array r = x.copy();
    legato::add_at(r, i, v);
    return legato::take(r, i, none, wrap) + legato::sum(r);
  });
  ops["scatter_rows_of_product"] = three_arrays([](const Array &m, const Array &i,
                                                   const Array &w) {
    Array r = m * 0.5;
    r[i] = legato::matmul(w, m);
    return r;
  });
  ops["interleave_add"] = unary([](const Array &x) {
    return x[{slice(none, none, 2)}] + x[{slice(1, none, 2)}];
  });
  ops["setitem"] = {[](const Args &a, const Params &p) -> Array {
    want_arity(a, 2);
    Array r = array(a, 0).copy();
    std::visit([&](const auto &v) { r[p.index("index")] = v; }, a[1]);
    return r;
  }};
  ops["shift_assign"] = with_params([](const Array &x, const Params &p) {
    Array r = x.copy();
    r[p.index("index")] = r[p.index("index2")];
    return r;
  });
  ops["setitem2"] = with_params([](const Array &x, const Params &p) {
    Array r = x.copy();
    r[p.index("index")] = value(p);
    r[p.index("index2")] = value(p, "value2");
    return r;
  });
  ops["alias_ref"] = with_params([](const Array &x, const Params &p) {
    Array r = x.copy();
    Array b = r; // shares r's storage
    b[p.index("index")] = value(p);
    return r;
  });
  ops["alias_view"] = with_params([](const Array &x, const Params &p) {
    Array r = x.copy();
    Array v = r[p.index("index")];
    r[p.index("index2")] = value(p);
    return v;
  });
  ops["alias_view_write"] = with_params([](const Array &x, const Params &p) {
    Array r = x.copy();
    Array v = r[p.index("index")];
    v[p.index("index2")] = value(p);
    return r;
  });
  ops["alias_view_of_view"] = with_params([](const Array &x, const Params &p) {
    Array r = x.copy();
    Array w = r[p.index("index")][p.index("index2")];
    r[p.index("index3")] = value(p);
    return w;
  });
  ops["alias_before"] = with_params([](const Array &x, const Params &p) {
    Array r = x.copy();
    Array w = r[p.index("index")] * 2.0; // computed before the write
    r[p.index("index2")] = value(p);
    return w;
  });
  ops["copy_independent"] = with_params([](const Array &x, const Params &p) {
    Array r = x.copy();
    Array c = r.copy();
    r[p.index("index")] = value(p);
    return c;
  });
  ops["copy_fn_independent"] = with_params([](const Array &x, const Params &p) {
    Array r = x.copy();
    Array c = legato::copy(r);
    r[p.index("index")] = value(p);
    return c;
  });
  ops["copy_write"] = with_params([](const Array &x, const Params &p) {
    Array r = x.copy();
    Array c = r.copy();
    c[p.index("index")] = value(p);
    return r;
  });

  // Creation.
  ops["zeros"] = creation(
      [](const Params &p) { return legato::zeros(p.integers("shape"), p.dtype("dtype")); });
  ops["ones"] = creation(
      [](const Params &p) { return legato::ones(p.integers("shape"), p.dtype("dtype")); });
  ops["full"] = creation([](const Params &p) {
    return legato::full(p.integers("shape"), p.number("value"), p.dtype("dtype"));
  });
  ops["arange_stop"] = creation(
      [](const Params &p) { return legato::arange(p.integer("stop"), p.dtype("dtype")); });
  ops["arange"] = creation([](const Params &p) {
    return legato::arange(p.real("start"), p.real("stop"), p.real("step"), p.dtype("dtype"));
  });
  ops["linspace"] = creation([](const Params &p) {
    return legato::linspace(p.real("start"), p.real("stop"), p.integer("num"), p.dtype("dtype"));
  });
  ops["eye"] =
      creation([](const Params &p) { return legato::eye(p.integer("n"), p.dtype("dtype")); });
  ops["tri"] = creation([](const Params &p) {
    std::optional<int64_t> m;
    if (p.has("m"))
      m = p.integer("m");
    return legato::tri(p.integer("n"), m, p.integer_or("k", 0), p.dtype("dtype"));
  });
  ops["random"] = creation([](const Params &p) {
    return legato::random(p.integers("shape"), p.dtype("dtype"), p.unsigned_integer("seed"));
  });

  // NumPy functions composed of the primitives (lib/API/Composites.cpp).
  ops["square"] = unary([](const Array &x) { return legato::square(x); });
  ops["sign"] = unary([](const Array &x) { return legato::sign(x); });
  ops["isnan"] = unary([](const Array &x) { return legato::isnan(x); });
  ops["isinf"] = unary([](const Array &x) { return legato::isinf(x); });
  ops["isfinite"] = unary([](const Array &x) { return legato::isfinite(x); });
  ops["clip"] = {[](const Args &a, const Params &) -> Array {
    want_arity(a, 3);
    const Array &x = array(a, 0);
    return std::visit([&](const auto &lo, const auto &hi) { return legato::clip(x, lo, hi); },
                      a[1], a[2]);
  }};
  auto closeness = [](auto f) {
    return Op{[f](const Args &a, const Params &p) -> Array {
      want_arity(a, 2);
      return f(array(a, 0), array(a, 1), p.real_or("rtol", 1e-5), p.real_or("atol", 1e-8),
               p.flag_or("equal_nan", false));
    }};
  };
  ops["isclose"] = closeness([](const Array &x, const Array &y, double r, double t, bool n) {
    return legato::isclose(x, y, r, t, n);
  });
  ops["allclose"] = closeness([](const Array &x, const Array &y, double r, double t, bool n) {
    return legato::from_vector(std::vector<bool>{legato::allclose(x, y, r, t, n)}, {});
  });
  ops["allclose"].host = true;
  ops["any"] = reduction([](const Array &x, auto ax, bool kd) { return legato::any(x, ax, kd); });
  ops["all"] = reduction([](const Array &x, auto ax, bool kd) { return legato::all(x, ax, kd); });
  ops["count_nonzero"] = reduction(
      [](const Array &x, auto ax, bool kd) { return legato::count_nonzero(x, ax, kd); });
  ops["var"] = with_params([](const Array &x, const Params &p) {
    return legato::var(x, axes(p), p.flag_or("keepdims", false), p.integer_or("ddof", 0));
  });
  ops["std"] = with_params([](const Array &x, const Params &p) {
    return legato::std(x, axes(p), p.flag_or("keepdims", false), p.integer_or("ddof", 0));
  });
  ops["ptp"] = reduction([](const Array &x, auto ax, bool kd) { return legato::ptp(x, ax, kd); });
  ops["nansum"] =
      reduction([](const Array &x, auto ax, bool kd) { return legato::nansum(x, ax, kd); });
  ops["nanprod"] =
      reduction([](const Array &x, auto ax, bool kd) { return legato::nanprod(x, ax, kd); });
  ops["nanmean"] =
      reduction([](const Array &x, auto ax, bool kd) { return legato::nanmean(x, ax, kd); });
  ops["nanmax"] =
      reduction([](const Array &x, auto ax, bool kd) { return legato::nanmax(x, ax, kd); });
  ops["nanmin"] =
      reduction([](const Array &x, auto ax, bool kd) { return legato::nanmin(x, ax, kd); });
  auto axis_or_none = [](const Params &p) {
    return p.has("axis") ? std::optional<int64_t>(p.integer("axis")) : std::nullopt;
  };
  ops["argmax"] = with_params([axis_or_none](const Array &x, const Params &p) {
    return legato::argmax(x, axis_or_none(p), p.flag_or("keepdims", false));
  });
  ops["argmin"] = with_params([axis_or_none](const Array &x, const Params &p) {
    return legato::argmin(x, axis_or_none(p), p.flag_or("keepdims", false));
  });
  for (auto [name, scan] : {std::pair{"cumsum", &legato::cumsum},
                            std::pair{"cumprod", &legato::cumprod},
                            std::pair{"nancumsum", &legato::nancumsum},
                            std::pair{"nancumprod", &legato::nancumprod}})
    ops[name] = with_params([axis_or_none, scan](const Array &x, const Params &p) {
      return scan(x, axis_or_none(p));
    });
  // take (mode raise unless the case says otherwise): in jit mode the
  // function checks the indices when it is called.
  auto take = [axis_or_none](const Args &a, const Params &p) {
    want_arity(a, 2);
    std::string mode = p.has("mode") ? p.text("mode") : "raise";
    return legato::take(array(a, 0), array(a, 1), axis_or_none(p),
                        mode == "wrap"   ? legato::IndexMode::wrap
                        : mode == "clip" ? legato::IndexMode::clip
                                         : legato::IndexMode::raise);
  };
  ops["take"] = {take};
  ops["getitem_array"] = {[](const Args &a, const Params &) -> Array {
    want_arity(a, 2);
    return array(a, 0)[array(a, 1)];
  }};
  ops["take_scalar"] = {[axis_or_none](const Args &a, const Params &p) -> Array {
    want_arity(a, 1);
    return legato::take(array(a, 0), p.integer("at"), axis_or_none(p));
  }};
  ops["take_along_axis"] = {[axis_or_none](const Args &a, const Params &p) -> Array {
    want_arity(a, 2);
    return legato::take_along_axis(array(a, 0), array(a, 1), axis_or_none(p));
  }};
  // Writes through index arrays (each into a copy of the first input).
  auto mode_of = [](const Params &p) {
    std::string mode = p.has("mode") ? p.text("mode") : "raise";
    return mode == "wrap"   ? legato::IndexMode::wrap
           : mode == "clip" ? legato::IndexMode::clip
                            : legato::IndexMode::raise;
  };
  ops["put"] = {[mode_of](const Args &a, const Params &p) -> Array {
    want_arity(a, 3);
    Array r = array(a, 0).copy();
    legato::put(r, array(a, 1), array(a, 2), mode_of(p));
    return r;
  }};
  ops["put_along_axis"] = {[axis_or_none](const Args &a, const Params &p) -> Array {
    want_arity(a, 3);
    Array r = array(a, 0).copy();
    legato::put_along_axis(r, array(a, 1), array(a, 2), axis_or_none(p));
    return r;
  }};
  ops["setitem_array"] = {[](const Args &a, const Params &p) -> Array {
    want_arity(a, 3);
    Array r = array(a, 0).copy();
    r[array(a, 1)] = array(a, 2);
    return r;
  }};
  // A single value into a mask is a select: no host read, traceable.
  ops["setitem_scalar"] = {[](const Args &a, const Params &p) -> Array {
    want_arity(a, 2);
    Array r = array(a, 0).copy();
    r[array(a, 1)] = value(p);
    return r;
  }};
  ops["setitem_mask"] = {[](const Args &a, const Params &) -> Array {
                           want_arity(a, 3);
                           Array r = array(a, 0).copy();
                           r[array(a, 1)] = array(a, 2);
                           return r;
                         },
                         /*host=*/true};
  ops["add_at"] = {[](const Args &a, const Params &) -> Array {
    want_arity(a, 3);
    Array r = array(a, 0).copy();
    legato::add_at(r, array(a, 1), array(a, 2));
    return r;
  }};
  // A mask and values of their own count: read on the host.
  ops["add_at_mask"] = {[](const Args &a, const Params &) -> Array {
                          want_arity(a, 3);
                          Array r = array(a, 0).copy();
                          legato::add_at(r, array(a, 1), array(a, 2));
                          return r;
                        },
                        /*host=*/true};
  // np.histogram: with a range, traceable; without, the extremes are read.
  auto histogram_of = [](const Args &a, const Params &p) {
    std::optional<std::pair<double, double>> range;
    if (p.has("lo"))
      range = std::pair{p.real("lo"), p.real("hi")};
    std::optional<Array> weights;
    if (a.size() == 2)
      weights = array(a, 1);
    else
      want_arity(a, 1);
    return legato::histogram(array(a, 0), p.has("bins") ? p.integer("bins") : 10, range,
                             weights);
  };
  ops["histogram"] = {[histogram_of](const Args &a, const Params &p) -> Array {
    return histogram_of(a, p).first;
  }};
  ops["histogram_edges"] = {[histogram_of](const Args &a, const Params &p) -> Array {
    return histogram_of(a, p).second;
  }};
  ops["histogram_auto"] = {[histogram_of](const Args &a, const Params &p) -> Array {
                             return histogram_of(a, p).first;
                           },
                           /*host=*/true};
  ops["histogram_auto_edges"] = {[histogram_of](const Args &a, const Params &p) -> Array {
                                   return histogram_of(a, p).second;
                                 },
                                 /*host=*/true};
  // np.histogram(a, bins=edges[, weights]): the counts (the edges are the input).
  ops["histogram_given"] = {[](const Args &a, const Params &) -> Array {
    std::optional<Array> weights;
    if (a.size() == 3)
      weights = array(a, 2);
    else
      want_arity(a, 2);
    return legato::histogram(array(a, 0), array(a, 1), weights).first;
  }};
  ops["bincount"] = {[](const Args &a, const Params &p) -> Array {
                       if (a.size() == 2)
                         return legato::bincount(array(a, 0), array(a, 1),
                                                 p.has("minlength") ? p.integer("minlength") : 0);
                       want_arity(a, 1);
                       return legato::bincount(array(a, 0), std::nullopt,
                                               p.has("minlength") ? p.integer("minlength") : 0);
                     },
                     /*host=*/true};
  // Selections whose length the values decide: read on the host.
  ops["flatnonzero"] = {[](const Args &a, const Params &) -> Array {
                          want_arity(a, 1);
                          return legato::flatnonzero(array(a, 0));
                        },
                        /*host=*/true};
  ops["nonzero_axis"] = {[](const Args &a, const Params &p) -> Array {
                           want_arity(a, 1);
                           return legato::nonzero(array(a, 0)).at(size_t(p.integer("axis")));
                         },
                         /*host=*/true};
  ops["argwhere"] = {[](const Args &a, const Params &) -> Array {
                       want_arity(a, 1);
                       return legato::argwhere(array(a, 0));
                     },
                     /*host=*/true};
  ops["compress"] = {[axis_or_none](const Args &a, const Params &p) -> Array {
                       want_arity(a, 2);
                       return legato::compress(array(a, 0), array(a, 1), axis_or_none(p));
                     },
                     /*host=*/true};
  ops["extract"] = {[](const Args &a, const Params &) -> Array {
                      want_arity(a, 2);
                      return legato::extract(array(a, 0), array(a, 1));
                    },
                    /*host=*/true};
  ops["getitem_mask"] = {[](const Args &a, const Params &) -> Array {
                           want_arity(a, 2);
                           return array(a, 0)[array(a, 1)];
                         },
                         /*host=*/true};
  auto side = [](const Params &p) {
    return p.has("side") && p.text("side") == "right" ? legato::Side::right : legato::Side::left;
  };
  ops["searchsorted"] = {[side](const Args &a, const Params &p) -> Array {
    want_arity(a, 2);
    return legato::searchsorted(array(a, 0), array(a, 1), side(p));
  }};
  ops["searchsorted_scalar"] = {[side](const Args &a, const Params &p) -> Array {
    want_arity(a, 1);
    return legato::searchsorted(array(a, 0), p.real("value"), side(p));
  }};
  // axis absent: -1; axis= (None): the flattened array.
  auto sort_axis = [](const Params &p) -> std::optional<int64_t> {
    if (!p.has("axis"))
      return -1;
    return p.text("axis").empty() ? std::nullopt : std::optional<int64_t>(p.integer("axis"));
  };
  ops["sort"] = with_params(
      [sort_axis](const Array &x, const Params &p) { return legato::sort(x, sort_axis(p)); });
  ops["argsort"] = with_params(
      [sort_axis](const Array &x, const Params &p) { return legato::argsort(x, sort_axis(p)); });
  ops["unique"] = {[](const Args &a, const Params &p) -> Array {
                     want_arity(a, 1);
                     return legato::unique(array(a, 0), p.flag_or("equal_nan", true));
                   },
                   /*host=*/true};
  ops["unique_part"] = {[](const Args &a, const Params &p) -> Array {
                          want_arity(a, 1);
                          legato::UniqueAll r =
                              legato::unique_all(array(a, 0), p.flag_or("equal_nan", true));
                          const std::string &part = p.text("part");
                          if (part == "values") return r.values;
                          if (part == "indices") return r.indices;
                          if (part == "inverse") return r.inverse_indices;
                          return r.counts;
                        },
                        /*host=*/true};
  ops["median"] =
      reduction([](const Array &x, auto ax, bool kd) { return legato::median(x, ax, kd); });
  ops["quantile"] = with_params([](const Array &x, const Params &p) {
    bool kd = p.flag_or("keepdims", false);
    return p.has("qs") ? legato::quantile(x, p.reals("qs"), axes(p), kd)
                       : legato::quantile(x, p.real("q"), axes(p), kd);
  });
  ops["percentile"] = with_params([](const Array &x, const Params &p) {
    bool kd = p.flag_or("keepdims", false);
    return p.has("qs") ? legato::percentile(x, p.reals("qs"), axes(p), kd)
                       : legato::percentile(x, p.real("q"), axes(p), kd);
  });
  ops["sort_of_expression"] = {[](const Args &a, const Params &) -> Array {
    want_arity(a, 2);
    return legato::sort(array(a, 0) * 2 - array(a, 1), 1);
  }};
  ops["gather_by_argsort"] =
      unary([](const Array &x) { return legato::take_along_axis(x, legato::argsort(x, 0), 0); });
  ops["sort_twice"] = unary([](const Array &x) { return legato::sort(legato::sort(x, 0), 1); });
  ops["rank"] = unary([](const Array &x) {
    return legato::argsort(legato::argsort(x, std::nullopt)).reshape(x.shape());
  });
  // x op= b into a copy, whole, through the view x[1:-1] or at indices;
  // returned through another name of the copy.
  ops["in_place"] = {[](const Args &a, const Params &p) -> Array {
    Array x = array(a, 0).copy();
    Array alias = x;
    std::string op = p.text("op");
    std::string target = p.has("target") ? p.text("target") : "whole";
    std::visit(
        [&](const auto &b) {
          auto apply = [&](auto &&t) {
            if (op == "add")
              t += b;
            else if (op == "subtract")
              t -= b;
            else if (op == "multiply")
              t *= b;
            else if (op == "divide")
              t /= b;
            else if (op == "remainder")
              t %= b;
            else
              fail("in_place: unknown op " + op);
          };
          if (target == "whole")
            apply(x);
          else if (target == "view")
            apply(x[{legato::slice(1, -1)}]);
          else
            apply(x[array(a, 2)]);
        },
        a[1]);
    return alias;
  }};
  ops["interp"] = {[](const Args &a, const Params &p) -> Array {
    want_arity(a, 3);
    auto bound = [&](const char *key) {
      return p.has(key) ? std::optional<double>(p.real(key)) : std::nullopt;
    };
    return legato::interp(array(a, 0), array(a, 1), array(a, 2), bound("left"), bound("right"));
  }};
  ops["fmax"] = binary([](const auto &x, const auto &y) { return legato::fmax(x, y); });
  ops["fmin"] = binary([](const auto &x, const auto &y) { return legato::fmin(x, y); });
  ops["diff"] = with_params([](const Array &x, const Params &p) {
    return legato::diff(x, p.integer_or("n", 1), p.integer_or("axis", -1));
  });
  ops["meshgrid"] = {[](const Args &a, const Params &p) -> Array {
    std::vector<Array> vectors;
    for (size_t i = 0; i < a.size(); ++i)
      vectors.push_back(array(a, i));
    return legato::stack(legato::meshgrid(vectors, p.has("layout") ? p.text("layout") : "xy"));
  }};
  ops["round"] = with_params([](const Array &x, const Params &p) {
    return legato::round(x, p.integer_or("decimals", 0));
  });
  ops["hypot"] = {[](const Args &a, const Params &) -> Array {
    want_arity(a, 2);
    return legato::hypot(array(a, 0), array(a, 1));
  }};
  ops["heaviside"] = two_arrays(
      [](const Array &x, const Array &y) { return legato::heaviside(x, y); });
  ops["logaddexp"] = two_arrays(
      [](const Array &x, const Array &y) { return legato::logaddexp(x, y); });
  ops["nan_to_num"] = with_params([](const Array &x, const Params &p) {
    std::optional<double> posinf, neginf;
    if (p.has("posinf"))
      posinf = p.real("posinf");
    if (p.has("neginf"))
      neginf = p.real("neginf");
    return legato::nan_to_num(x, p.real_or("nan", 0.0), posinf, neginf);
  });
  ops["gradient"] = with_params([](const Array &x, const Params &p) {
    return legato::gradient(x, p.real_or("spacing", 1.0), p.integer("axis"));
  });
  ops["gradient_all"] = with_params([](const Array &x, const Params &p) {
    return legato::stack(legato::gradient(x, p.real_or("spacing", 1.0)));
  });
  ops["trapezoid"] = {[](const Args &a, const Params &p) -> Array {
    if (a.size() == 2)
      return legato::trapezoid(array(a, 0), array(a, 1), p.integer_or("axis", -1));
    want_arity(a, 1);
    return legato::trapezoid(array(a, 0), p.real_or("dx", 1.0), p.integer_or("axis", -1));
  }};
  ops["deg2rad"] = unary([](const Array &x) { return legato::deg2rad(x); });
  ops["rad2deg"] = unary([](const Array &x) { return legato::rad2deg(x); });
  ops["cov"] = with_params([](const Array &x, const Params &p) {
    return legato::cov(x, p.flag_or("rowvar", true), p.integer_or("ddof", 1));
  });
  ops["corrcoef"] = with_params([](const Array &x, const Params &p) {
    return legato::corrcoef(x, p.flag_or("rowvar", true));
  });
  ops["tile"] = with_params(
      [](const Array &x, const Params &p) { return legato::tile(x, p.integers("reps")); });
  ops["repeat"] = with_params([axis_or_none](const Array &x, const Params &p) {
    return legato::repeat(x, p.integer("repeats"), axis_or_none(p));
  });
  ops["norm"] = reduction([](const Array &x, auto ax, bool kd) { return legato::norm(x, ax, kd); });
  ops["trace"] = with_params([](const Array &x, const Params &p) {
    return legato::trace(x, p.integer_or("offset", 0));
  });
  ops["stack"] = {[](const Args &a, const Params &p) -> Array {
    std::vector<Array> parts;
    for (size_t i = 0; i < a.size(); ++i)
      parts.push_back(array(a, i));
    return legato::stack(parts, p.integer("axis"));
  }};
  ops["expand_dims"] = with_params(
      [](const Array &x, const Params &p) { return legato::expand_dims(x, p.integer("axis")); });
  ops["squeeze"] =
      with_params([](const Array &x, const Params &p) { return legato::squeeze(x, axes(p)); });
  ops["flip"] = with_params(
      [axis_or_none](const Array &x, const Params &p) { return legato::flip(x, axis_or_none(p)); });
  ops["swapaxes"] = with_params([](const Array &x, const Params &p) {
    return legato::swapaxes(x, p.integer("axis1"), p.integer("axis2"));
  });
  ops["moveaxis"] = with_params([](const Array &x, const Params &p) {
    return legato::moveaxis(x, p.integer("source"), p.integer("destination"));
  });
  auto dtype_or_none = [](const Params &p) {
    return p.has("dtype") ? std::optional<legato::DType>(p.dtype("dtype")) : std::nullopt;
  };
  ops["zeros_like"] = with_params([dtype_or_none](const Array &x, const Params &p) {
    return legato::zeros_like(x, dtype_or_none(p));
  });
  ops["ones_like"] = with_params([dtype_or_none](const Array &x, const Params &p) {
    return legato::ones_like(x, dtype_or_none(p));
  });
  ops["full_like"] = with_params([dtype_or_none](const Array &x, const Params &p) {
    return legato::full_like(x, p.number("value"), dtype_or_none(p));
  });

  // Chains whose every step rounds or wraps in its own dtype (oracle.py's
  // dt_fused): a fused kernel must not keep a wider intermediate.
  ops["muladd"] = three_arrays(
      [](const Array &x, const Array &y, const Array &z) { return x * y + z; });
  ops["add_floor_divide"] = three_arrays([](const Array &x, const Array &y, const Array &z) {
    return legato::floor_divide(x + y, z);
  });
  ops["add_lt"] =
      three_arrays([](const Array &x, const Array &y, const Array &z) { return x + y < z; });
  ops["sum_of_add"] =
      two_arrays([](const Array &x, const Array &y) { return legato::sum(x + y); });
  ops["astype_twice"] = with_params([](const Array &x, const Params &p) {
    return x.astype(p.dtype("dtype")).astype(p.dtype("dtype2"));
  });
  ops["neg_astype"] = with_params(
      [](const Array &x, const Params &p) { return (-x).astype(p.dtype("dtype")); });

  // Host reads: to_vector<T>() / item<T>(), wrapped back with from_vector.
  ops["to_vector"] = with_params([](const Array &x, const Params &p) {
    return by_host_type<ToVector>(p.dtype("host"), x);
  });
  ops["to_vector"].host = true;
  ops["item"] = with_params(
      [](const Array &x, const Params &p) { return by_host_type<Item>(p.dtype("host"), x); });
  ops["item"].host = true;
  return ops;
}

} // namespace

const Op &find_op(const std::string &name) {
  static const std::map<std::string, Op> ops = make_ops();
  auto it = ops.find(name);
  if (it == ops.end())
    fail("no operation '" + name + "' (oracle.py and ops.cpp disagree)");
  return it->second;
}

} // namespace legato_numpy
