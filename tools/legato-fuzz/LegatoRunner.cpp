//===- LegatoRunner.cpp - Runs a fuzzer program with legato ----------------===//
#include "LegatoRunner.h"

#include <complex>
#include <cstring>
#include <functional>
#include <map>
#include <stdexcept>

namespace legato_fuzz {

using legato::Array;
using legato::DType;
using legato::Scalar;

const char *runModeName(RunMode mode) {
  switch (mode) {
  case RunMode::eager:
    return "eager";
  case RunMode::lazy:
    return "lazy";
  case RunMode::jit:
    return "jit";
  }
  return "?";
}

std::vector<int> outputVariables(const Program &program) {
  std::vector<int> vars;
  for (size_t i = 0; i < program.inputs.size(); ++i)
    vars.push_back(int(i));
  for (const Statement &s : program.statements)
    if (s.kind == Statement::Kind::let)
      vars.push_back(s.target);
  return vars;
}

namespace {

Scalar toScalar(const ScalarValue &s) {
  switch (s.kind) {
  case ScalarValue::Kind::boolean:
    return Scalar(s.i != 0);
  case ScalarValue::Kind::integer:
    return s.aboveInt64 ? Scalar(uint64_t(s.i)) : Scalar(s.i);
  case ScalarValue::Kind::floating:
    return Scalar(s.f);
  }
  return Scalar(0);
}

std::vector<legato::Index> toIndex(const IndexSpec &spec) {
  std::vector<legato::Index> index;
  for (const IndexEntry &e : spec) {
    if (e.isInteger)
      index.emplace_back(static_cast<long long>(e.integer));
    else
      index.emplace_back(legato::slice(e.start, e.stop, e.step));
  }
  return index;
}

template <class T> Array inputOf(const Input &in) {
  std::vector<T> v;
  for (double x : in.values)
    v.push_back(static_cast<T>(x));
  return legato::from_vector(v, in.shape);
}

Array makeInput(const Input &in) {
  switch (in.dtype) {
  case DType::bool_: {
    std::vector<bool> v;
    for (double x : in.values)
      v.push_back(x != 0);
    return legato::from_vector(v, in.shape);
  }
  case DType::i8:
    return inputOf<int8_t>(in);
  case DType::i16:
    return inputOf<int16_t>(in);
  case DType::i32:
    return inputOf<int32_t>(in);
  case DType::i64:
    return inputOf<int64_t>(in);
  case DType::u8:
    return inputOf<uint8_t>(in);
  case DType::u16:
    return inputOf<uint16_t>(in);
  case DType::u32:
    return inputOf<uint32_t>(in);
  case DType::u64:
    return inputOf<uint64_t>(in);
  case DType::f16: { // float16's bits (it has no C++17 type)
    std::vector<uint16_t> bits;
    for (double x : in.values)
      bits.push_back(doubleToHalf(x));
    return legato::from_buffer(bits.data(), DType::f16, in.shape, int64_t(bits.size()));
  }
  case DType::f32:
    return inputOf<float>(in);
  case DType::f64:
    return legato::from_vector(in.values, in.shape);
  case DType::c64: // (inputs are real; complex values come from np.fft)
  case DType::c128:
    break;
  }
  throw std::logic_error("bad dtype");
}

/// The program's statements over Arrays; `env` maps variables to arrays.
class Interpreter {
public:
  Interpreter(const Program &p, bool allowFlush) : p_(p), allowFlush_(allowFlush) {}

  std::vector<Array> run(const std::vector<Array> &inputs) {
    for (size_t i = 0; i < inputs.size(); ++i)
      env_[int(i)] = inputs[i];
    for (const Statement &s : p_.statements)
      execute(s);
    std::vector<Array> out;
    for (int v : outputVariables(p_))
      out.push_back(env_.at(v));
    return out;
  }

private:
  using Binary = Array (*)(const Array &, const Array &);

  const Array &var(int v) const { return env_.at(v); }
  const Array &arg(const Statement &s, size_t i) const { return var(s.args.at(i).var); }

  /// An elementwise binary op with the operand kinds the program has.
  template <class F> Array binary(const Statement &s, F f) {
    const Operand &a = s.args.at(0), &b = s.args.at(1);
    if (a.isScalar())
      return f(toScalar(a.scalar), var(b.var));
    if (b.isScalar())
      return f(var(a.var), toScalar(b.scalar));
    return f(var(a.var), var(b.var));
  }

  Array where(const Statement &s) {
    const Array &c = arg(s, 0);
    const Operand &a = s.args.at(1), &b = s.args.at(2);
    if (a.isScalar() && b.isScalar())
      return legato::where(c, toScalar(a.scalar), toScalar(b.scalar));
    if (a.isScalar())
      return legato::where(c, toScalar(a.scalar), var(b.var));
    if (b.isScalar())
      return legato::where(c, var(a.var), toScalar(b.scalar));
    return legato::where(c, var(a.var), var(b.var));
  }

  /// clip(x, lo, hi) with each bound an array or a scalar.
  Array clip(const Statement &s) {
    const Array &x = arg(s, 0);
    const Operand &lo = s.args.at(1), &hi = s.args.at(2);
    if (lo.isScalar() && hi.isScalar())
      return legato::clip(x, toScalar(lo.scalar), toScalar(hi.scalar));
    if (lo.isScalar())
      return legato::clip(x, toScalar(lo.scalar), var(hi.var));
    if (hi.isScalar())
      return legato::clip(x, var(lo.var), toScalar(hi.scalar));
    return legato::clip(x, var(lo.var), var(hi.var));
  }

  Array evaluate(const Statement &s) {
    const std::string &op = s.op;
#define BINARY_CASE(NAME, EXPR)                                                                    \
  if (op == NAME)                                                                                  \
    return binary(s, [](const auto &x, const auto &y) { return EXPR; });
    BINARY_CASE("add", x + y)
    BINARY_CASE("sub", x - y)
    BINARY_CASE("mul", x * y)
    BINARY_CASE("div", x / y)
    BINARY_CASE("pow", legato::pow(x, y))
    BINARY_CASE("maximum", legato::maximum(x, y))
    BINARY_CASE("minimum", legato::minimum(x, y))
    BINARY_CASE("mod", x % y)
    BINARY_CASE("floor_divide", legato::floor_divide(x, y))
    BINARY_CASE("fmax", legato::fmax(x, y))
    BINARY_CASE("fmin", legato::fmin(x, y))
    BINARY_CASE("lt", x < y)
    BINARY_CASE("le", x <= y)
    BINARY_CASE("gt", x > y)
    BINARY_CASE("ge", x >= y)
    BINARY_CASE("eq", x == y)
    BINARY_CASE("ne", x != y)
    BINARY_CASE("logical_and", legato::logical_and(x, y))
    BINARY_CASE("logical_or", legato::logical_or(x, y))
    BINARY_CASE("bitwise_and", x & y)
    BINARY_CASE("bitwise_or", x | y)
    BINARY_CASE("bitwise_xor", x ^ y)
    BINARY_CASE("left_shift", legato::left_shift(x, y))
    BINARY_CASE("right_shift", legato::right_shift(x, y))
#undef BINARY_CASE
    static const std::map<std::string, Array (*)(const Array &)> unary = {
        {"neg", [](const Array &a) { return -a; }},
        {"logical_not", legato::logical_not},
        {"invert", legato::invert},
        {"abs", legato::abs},
        {"exp", legato::exp},
        {"log", legato::log},
        {"sqrt", legato::sqrt},
        {"sin", legato::sin},
        {"cos", legato::cos},
        {"tanh", legato::tanh},
        {"erf", legato::erf},
        {"floor", legato::floor},
        {"ceil", legato::ceil},
        {"trunc", legato::trunc},
        {"rint", legato::rint},
        {"arctan", legato::arctan},
        {"sinh", legato::sinh},
        {"cosh", legato::cosh},
        {"arcsinh", legato::arcsinh},
        {"exp2", legato::exp2},
        {"expm1", legato::expm1},
        {"log2", legato::log2},
        {"log10", legato::log10},
        {"log1p", legato::log1p},
        {"cbrt", legato::cbrt},
        {"square", legato::square},
        {"sign", legato::sign},
        {"isnan", legato::isnan},
        {"isfinite", legato::isfinite},
        {"deg2rad", legato::deg2rad},
        {"rad2deg", legato::rad2deg}};
    if (auto it = unary.find(op); it != unary.end())
      return it->second(arg(s, 0));
    if (op == "astype")
      return arg(s, 0).astype(s.dtype);
    if (op == "where")
      return where(s);
    using Reduce = Array (*)(const Array &, std::vector<int64_t>, bool);
    // legato::all is also the `:` of a subscript: an object, called here.
    static const Reduce all = [](const Array &a, std::vector<int64_t> axes, bool keepdims) {
      return legato::all(a, std::move(axes), keepdims);
    };
    static const std::map<std::string, Reduce> reductions = {
        {"sum", legato::sum}, {"prod", legato::prod}, {"max", legato::max},
        {"min", legato::min}, {"mean", legato::mean}, {"any", legato::any},
        {"all", all},         {"count_nonzero", legato::count_nonzero},
        {"ptp", legato::ptp}, {"nansum", legato::nansum}, {"nanprod", legato::nanprod},
        {"nanmean", legato::nanmean}, {"nanmax", legato::nanmax}, {"nanmin", legato::nanmin}};
    if (auto it = reductions.find(op); it != reductions.end())
      return it->second(arg(s, 0), s.ints, s.keepdims);
    if (op == "var")
      return legato::var(arg(s, 0), s.ints, s.keepdims, s.count);
    if (op == "std")
      return legato::std(arg(s, 0), s.ints, s.keepdims, s.count);
    if (op == "clip")
      return clip(s);
    if (op == "argmax" || op == "argmin") {
      std::optional<int64_t> axis;
      if (!s.ints.empty())
        axis = s.ints[0];
      return op == "argmax" ? legato::argmax(arg(s, 0), axis, s.keepdims)
                            : legato::argmin(arg(s, 0), axis, s.keepdims);
    }
    if (op == "cumsum" || op == "cumprod" || op == "nancumsum" || op == "nancumprod") {
      std::optional<int64_t> axis;
      if (!s.ints.empty())
        axis = s.ints[0];
      return op == "cumsum"      ? legato::cumsum(arg(s, 0), axis)
             : op == "cumprod"   ? legato::cumprod(arg(s, 0), axis)
             : op == "nancumsum" ? legato::nancumsum(arg(s, 0), axis)
                                 : legato::nancumprod(arg(s, 0), axis);
    }
    if (op == "sort" || op == "argsort") {
      std::optional<int64_t> axis;
      if (!s.ints.empty())
        axis = s.ints[0];
      return op == "sort" ? legato::sort(arg(s, 0), axis) : legato::argsort(arg(s, 0), axis);
    }
    if (op == "median")
      return legato::median(arg(s, 0), s.ints, s.keepdims);
    if (op == "partition") { // the kth element along the axis (none: of the flattened array)
      std::optional<int64_t> axis;
      if (!s.ints.empty())
        axis = s.ints[0];
      return legato::take(legato::partition(arg(s, 0), {s.count}, axis), s.count, axis);
    }
    if (op == "round")
      return legato::round(arg(s, 0), s.count);
    if (op == "hypot")
      return legato::hypot(arg(s, 0), arg(s, 1));
    if (op == "tile")
      return legato::tile(arg(s, 0), s.ints);
    if (op == "repeat")
      return s.ints.empty() ? legato::repeat(arg(s, 0), s.count)
                            : legato::repeat(arg(s, 0), s.count, s.ints[0]);
    if (op == "diff")
      return legato::diff(arg(s, 0), s.count, s.ints.at(0));
    if (op == "flip")
      return s.ints.empty() ? legato::flip(arg(s, 0)) : legato::flip(arg(s, 0), s.ints.at(0));
    if (op == "take")
      return legato::take(arg(s, 0), arg(s, 1),
                          s.ints.empty() ? std::nullopt : std::optional<int64_t>(s.ints[0]),
                          s.count == 0 ? legato::IndexMode::wrap : legato::IndexMode::clip);
    if (op == "put" || op == "add_at") {
      legato::Array r = arg(s, 0).copy();
      if (op == "put")
        legato::put(r, arg(s, 1), arg(s, 2),
                    s.count == 0 ? legato::IndexMode::wrap : legato::IndexMode::clip);
      else
        legato::add_at(r, arg(s, 1), arg(s, 2));
      return r;
    }
    if (op == "matmul")
      return legato::matmul(arg(s, 0), arg(s, 1));
    if (op == "dot")
      return legato::dot(arg(s, 0), arg(s, 1));
    if (op == "outer")
      return legato::outer(arg(s, 0), arg(s, 1));
    if (op == "kron")
      return legato::kron(arg(s, 0), arg(s, 1));
    if (op == "tril")
      return legato::tril(arg(s, 0), s.count);
    if (op == "triu")
      return legato::triu(arg(s, 0), s.count);
    if (op == "transpose")
      return legato::transpose(arg(s, 0), s.ints);
    if (op == "T")
      return arg(s, 0).T();
    if (op == "reshape")
      return legato::reshape(arg(s, 0), s.ints);
    if (op == "broadcast_to")
      return legato::broadcast_to(arg(s, 0), s.ints);
    if (op == "concatenate") {
      std::vector<Array> arrays;
      for (size_t i = 0; i < s.args.size(); ++i)
        arrays.push_back(arg(s, i));
      return legato::concatenate(arrays, s.count);
    }
    if (op == "pad") {
      std::vector<std::pair<int64_t, int64_t>> widths;
      for (size_t i = 0; i + 1 < s.ints.size(); i += 2)
        widths.emplace_back(s.ints[i], s.ints[i + 1]);
      return legato::pad(arg(s, 0), widths, s.value);
    }
    if (op == "roll")
      return s.ints.empty() ? legato::roll(arg(s, 0), s.shifts.at(0))
                            : legato::roll(arg(s, 0), s.shifts, s.ints);
    if (op == "getitem")
      return arg(s, 0)[toIndex(s.index)];
    if (op == "real")
      return legato::real(arg(s, 0));
    if (op == "imag")
      return legato::imag(arg(s, 0));
    if (op == "fft" || op == "ifft" || op == "rfft" || op == "irfft") {
      auto f = op == "fft" ? legato::fft::fft : op == "ifft" ? legato::fft::ifft
               : op == "rfft" ? legato::fft::rfft : legato::fft::irfft;
      return f(arg(s, 0), s.lengths.empty() ? -1 : s.lengths[0], s.ints.at(0), s.norm);
    }
    if (op == "fft2" || op == "ifft2") // (no axes: the default, the last two)
      return (op == "fft2" ? legato::fft::fft2 : legato::fft::ifft2)(
          arg(s, 0), s.lengths, s.ints.empty() ? std::vector<int64_t>{-2, -1} : s.ints, s.norm);
    if (op == "fftn" || op == "ifftn")
      return (op == "fftn" ? legato::fft::fftn : legato::fft::ifftn)(
          arg(s, 0), s.lengths,
          s.ints.empty() ? std::nullopt : std::optional<std::vector<int64_t>>(s.ints), s.norm);
    if (op == "copy")
      return arg(s, 0).copy();
    if (op == "alias")
      return arg(s, 0);
    if (op == "zeros")
      return legato::zeros(s.ints, s.dtype);
    if (op == "ones")
      return legato::ones(s.ints, s.dtype);
    if (op == "full")
      return legato::full(s.ints, s.value, s.dtype);
    if (op == "arange_stop")
      return legato::arange(s.count, s.dtype);
    if (op == "arange")
      return legato::arange(s.value, s.value2, s.value3, s.dtype);
    if (op == "linspace")
      return legato::linspace(s.value, s.value2, s.count, s.dtype);
    if (op == "eye")
      return legato::eye(s.count, s.dtype);
    if (op == "random")
      return legato::random(s.ints, s.dtype, uint64_t(s.count));
    throw std::logic_error("legato-fuzz: no legato call for op '" + op + "'");
  }

  void execute(const Statement &s) {
    switch (s.kind) {
    case Statement::Kind::flush:
      if (allowFlush_)
        legato::flush();
      return;
    case Statement::Kind::setitem: {
      legato::ArrayView view = var(s.target)[toIndex(s.index)];
      const Operand &value = s.args.at(0);
      if (value.isScalar())
        view = toScalar(value.scalar);
      else
        view = var(value.var);
      return;
    }
    case Statement::Kind::let:
      env_[s.target] = evaluate(s);
      return;
    }
  }

  const Program &p_;
  bool allowFlush_;
  std::map<int, Array> env_;
};

ArrayResult readBack(const std::string &name, const Array &a) {
  ArrayResult r;
  r.name = name;
  r.dtype = legato::dtype_name(a.dtype());
  r.shape = a.shape();
  auto ints = [&](auto type) {
    using T = decltype(type);
    for (T v : a.to_vector<T>())
      r.ints.push_back(static_cast<int64_t>(v)); // (uint64: its bits)
  };
  switch (a.dtype()) {
  case DType::bool_:
    for (bool b : a.to_vector<bool>())
      r.ints.push_back(b);
    break;
  case DType::i8:
    ints(int8_t{});
    break;
  case DType::i16:
    ints(int16_t{});
    break;
  case DType::i32:
    ints(int32_t{});
    break;
  case DType::i64:
    r.ints = a.to_vector<int64_t>();
    break;
  case DType::u8:
    ints(uint8_t{});
    break;
  case DType::u16:
    ints(uint16_t{});
    break;
  case DType::u32:
    ints(uint32_t{});
    break;
  case DType::u64:
    ints(uint64_t{});
    break;
  case DType::f16: // (read as float, exactly)
  case DType::f32:
    for (float v : a.to_vector<float>())
      r.floats.push_back(v);
    break;
  case DType::f64:
    r.floats = a.to_vector<double>();
    break;
  case DType::c64: // real and imaginary parts, interleaved (numpy_eval.py's order)
    for (std::complex<float> v : a.to_vector<std::complex<float>>()) {
      r.floats.push_back(v.real());
      r.floats.push_back(v.imag());
    }
    break;
  case DType::c128:
    for (std::complex<double> v : a.to_vector<std::complex<double>>()) {
      r.floats.push_back(v.real());
      r.floats.push_back(v.imag());
    }
    break;
  }
  return r;
}

using Body = std::function<std::vector<Array>(const std::vector<Array> &)>;

/// Traces `body` with legato::jit (at most 8 arguments) and calls it twice:
/// the second call runs the cached executable, and must agree with the first.
std::vector<Array> callJit(const Body &body, const std::vector<Array> &a) {
  auto f = legato::jit([&body](const auto &...xs) -> std::vector<Array> {
    return body(std::vector<Array>{Array(xs)...});
  });
  auto call = [&]() -> std::vector<Array> {
    switch (a.size()) {
    case 0:
      return f();
    case 1:
      return f(a[0]);
    case 2:
      return f(a[0], a[1]);
    case 3:
      return f(a[0], a[1], a[2]);
    case 4:
      return f(a[0], a[1], a[2], a[3]);
    case 5:
      return f(a[0], a[1], a[2], a[3], a[4]);
    case 6:
      return f(a[0], a[1], a[2], a[3], a[4], a[5]);
    case 7:
      return f(a[0], a[1], a[2], a[3], a[4], a[5], a[6]);
    case 8:
      return f(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]);
    default:
      throw std::invalid_argument("legato-fuzz: more than 8 inputs cannot be jitted");
    }
  };
  std::vector<Array> first = call();
  std::vector<Array> second = call();
  for (size_t i = 0; i < first.size(); ++i) {
    ArrayResult x = readBack("", first[i]), y = readBack("", second[i]);
    bool same = x.ints == y.ints && x.floats.size() == y.floats.size();
    for (size_t k = 0; same && k < x.floats.size(); ++k)
      same = std::memcmp(&x.floats[k], &y.floats[k], sizeof(double)) == 0;
    if (!same)
      throw std::runtime_error("legato::jit: the second call (cached executable) differs "
                               "from the first in output " +
                               std::to_string(i));
  }
  return second;
}

} // namespace

ProgramResult runWithLegato(const Program &program, RunMode mode) {
  ProgramResult result;
  try {
    std::vector<Array> inputs;
    for (const Input &in : program.inputs)
      inputs.push_back(makeInput(in));
    Body body = [&](const std::vector<Array> &args) {
      return Interpreter(program, mode != RunMode::jit).run(args);
    };
    std::vector<Array> outputs = mode == RunMode::jit ? callJit(body, inputs) : body(inputs);
    std::vector<int> vars = outputVariables(program);
    for (size_t i = 0; i < outputs.size(); ++i)
      result.arrays.push_back(readBack(program.name(vars[i]), outputs[i]));
    result.status = ProgramResult::Status::ok;
  } catch (const legato::Error &e) {
    result.status = ProgramResult::Status::error;
    result.message = std::string("legato::Error: ") + e.what();
  } catch (const std::exception &e) {
    result.status = ProgramResult::Status::error;
    result.message = std::string("non-legato exception: ") + e.what();
  }
  return result;
}

} // namespace legato_fuzz
