//===- Program.cpp - Fuzzer programs: op table, text form, index shapes ---===//
//
// Text form (one line each; `#` starts a comment):
//   legato-fuzz-program 1
//   seed 42
//   input float32 (3,4) 1.5 -2 0 ...        # variable x0
//   v2 = add x0 f:2.5                        # scalars: b:1  i:-3  f:2.5
//   v3 = sum v2 axes=0,-1 keepdims=1
//   set v2 [1:-1:2,3] = v3
//   v4 = rfft v2 axes=-1 s=8 norm=ortho      # s: n, or np.fftn's s (s=: none)
//   v5 = partition v4 axes=0 kth=-1          # np.partition's kth element
//   flush
//
//===----------------------------------------------------------------------===//
#include "Program.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>

namespace legato_fuzz {

using legato::DType;
using Attr = OpInfo::Attr;

const std::vector<OpInfo> &allOps() {
  static const std::vector<OpInfo> ops = {
      // Elementwise binary: two operands, at least one a variable.
      {"add", 2, 2, 0},
      {"sub", 2, 2, 0},
      {"mul", 2, 2, 0},
      {"div", 2, 2, 0},
      {"pow", 2, 2, 0},
      {"maximum", 2, 2, 0},
      {"minimum", 2, 2, 0},
      {"mod", 2, 2, 0},
      {"floor_divide", 2, 2, 0},
      {"fmax", 2, 2, 0},
      {"fmin", 2, 2, 0},
      {"hypot", 2, 2, 0}, // arrays only
      {"lt", 2, 2, 0},
      {"le", 2, 2, 0},
      {"gt", 2, 2, 0},
      {"ge", 2, 2, 0},
      {"eq", 2, 2, 0},
      {"ne", 2, 2, 0},
      {"logical_and", 2, 2, 0},
      {"logical_or", 2, 2, 0},
      {"bitwise_and", 2, 2, 0},
      {"bitwise_or", 2, 2, 0},
      {"bitwise_xor", 2, 2, 0},
      {"left_shift", 2, 2, 0},
      {"right_shift", 2, 2, 0},
      // Elementwise unary.
      {"neg", 1, 1, 0},
      {"logical_not", 1, 1, 0},
      {"invert", 1, 1, 0},
      {"abs", 1, 1, 0},
      {"exp", 1, 1, 0},
      {"log", 1, 1, 0},
      {"sqrt", 1, 1, 0},
      {"sin", 1, 1, 0},
      {"cos", 1, 1, 0},
      {"tanh", 1, 1, 0},
      {"erf", 1, 1, 0},
      {"floor", 1, 1, 0},
      {"ceil", 1, 1, 0},
      {"trunc", 1, 1, 0},
      {"rint", 1, 1, 0},
      {"arctan", 1, 1, 0},
      {"sinh", 1, 1, 0},
      {"cosh", 1, 1, 0},
      {"arcsinh", 1, 1, 0},
      {"exp2", 1, 1, 0},
      {"expm1", 1, 1, 0},
      {"log2", 1, 1, 0},
      {"log10", 1, 1, 0},
      {"log1p", 1, 1, 0},
      {"cbrt", 1, 1, 0},
      {"deg2rad", 1, 1, 0},
      {"rad2deg", 1, 1, 0},
      {"round", 1, 1, Attr::Decimals},
      // NumPy functions that legato composes from the others (Composites.cpp).
      {"square", 1, 1, 0},
      {"sign", 1, 1, 0},
      {"isnan", 1, 1, 0},
      {"isfinite", 1, 1, 0},
      {"clip", 3, 3, 0},
      {"astype", 1, 1, Attr::DTypeAttr},
      {"where", 3, 3, 0},
      // Reductions.
      {"sum", 1, 1, Attr::Axes | Attr::Keepdims},
      {"prod", 1, 1, Attr::Axes | Attr::Keepdims},
      {"max", 1, 1, Attr::Axes | Attr::Keepdims},
      {"min", 1, 1, Attr::Axes | Attr::Keepdims},
      {"mean", 1, 1, Attr::Axes | Attr::Keepdims},
      {"any", 1, 1, Attr::Axes | Attr::Keepdims},
      {"all", 1, 1, Attr::Axes | Attr::Keepdims},
      {"count_nonzero", 1, 1, Attr::Axes | Attr::Keepdims},
      {"var", 1, 1, Attr::Axes | Attr::Keepdims | Attr::Ddof},
      {"std", 1, 1, Attr::Axes | Attr::Keepdims | Attr::Ddof},
      {"ptp", 1, 1, Attr::Axes | Attr::Keepdims},
      {"nansum", 1, 1, Attr::Axes | Attr::Keepdims},
      {"nanprod", 1, 1, Attr::Axes | Attr::Keepdims},
      {"nanmean", 1, 1, Attr::Axes | Attr::Keepdims},
      {"nanmax", 1, 1, Attr::Axes | Attr::Keepdims},
      {"nanmin", 1, 1, Attr::Axes | Attr::Keepdims},
      {"argmax", 1, 1, Attr::Axes | Attr::Keepdims}, // one axis or none
      {"argmin", 1, 1, Attr::Axes | Attr::Keepdims},
      // Scans: one axis or none (the flattened array).
      {"cumsum", 1, 1, Attr::Axes},
      {"cumprod", 1, 1, Attr::Axes},
      {"nancumsum", 1, 1, Attr::Axes},
      {"nancumprod", 1, 1, Attr::Axes},
      // np.sort, np.argsort(kind="stable"): one axis or none (flattened).
      {"sort", 1, 1, Attr::Axes},
      {"argsort", 1, 1, Attr::Axes},
      // np.median: one axis or none (all); np.partition's kth element,
      // np.take(np.partition(a, kth, axis), kth, axis) (none: flattened),
      // which, unlike the rest of the partition, has one right answer.
      {"median", 1, 1, Attr::Axes | Attr::Keepdims},
      {"partition", 1, 1, Attr::Axes | Attr::Kth},
      // np.take(a, indices, axis, mode): one axis or none; mode wrap or clip
      // (raise reads the indices on the host, which jit cannot).
      {"take", 2, 2, Attr::Axes | Attr::Mode},
      // np.put into a copy (mode wrap or clip) and np.add.at into a copy
      // (axis 0; its indices must be in range).
      {"put", 3, 3, Attr::Mode},
      {"add_at", 3, 3, 0},
      // Linear algebra.
      {"matmul", 2, 2, 0},
      {"dot", 2, 2, 0},
      {"outer", 2, 2, 0},
      {"kron", 2, 2, 0},
      {"tril", 1, 1, Attr::N}, // n: the diagonal k
      {"triu", 1, 1, Attr::N},
      {"transpose", 1, 1, Attr::Perm},
      {"T", 1, 1, 0},
      // Shape.
      {"reshape", 1, 1, Attr::ShapeAttr},
      {"broadcast_to", 1, 1, Attr::ShapeAttr},
      {"concatenate", 1, 3, Attr::Axis},
      {"pad", 1, 1, Attr::Widths | Attr::Value},
      {"roll", 1, 1, Attr::Shifts | Attr::Axes},
      {"flip", 1, 1, Attr::Axes}, // no axes: every axis; else the one given
      {"diff", 1, 1, Attr::Axes | Attr::N}, // one axis; n: the order
      {"tile", 1, 1, Attr::Reps},
      {"repeat", 1, 1, Attr::Axes | Attr::N}, // one axis or none; n: the count
      {"getitem", 1, 1, 0},
      // The parts of complex values (those of np.fft's results).
      {"real", 1, 1, 0},
      {"imag", 1, 1, 0},
      // np.fft: the 1-D transforms take one axis (in axes) and n (in s);
      // fft2/ifft2 two axes (none: the last two), fftn/ifftn any (none: all).
      {"fft", 1, 1, Attr::Axes | Attr::Lengths | Attr::NormAttr},
      {"ifft", 1, 1, Attr::Axes | Attr::Lengths | Attr::NormAttr},
      {"rfft", 1, 1, Attr::Axes | Attr::Lengths | Attr::NormAttr},
      {"irfft", 1, 1, Attr::Axes | Attr::Lengths | Attr::NormAttr},
      {"fft2", 1, 1, Attr::Axes | Attr::Lengths | Attr::NormAttr},
      {"ifft2", 1, 1, Attr::Axes | Attr::Lengths | Attr::NormAttr},
      {"fftn", 1, 1, Attr::Axes | Attr::Lengths | Attr::NormAttr},
      {"ifftn", 1, 1, Attr::Axes | Attr::Lengths | Attr::NormAttr},
      {"copy", 1, 1, 0},
      {"alias", 1, 1, 0},
      // Creation.
      {"zeros", 0, 0, Attr::ShapeAttr | Attr::DTypeAttr},
      {"ones", 0, 0, Attr::ShapeAttr | Attr::DTypeAttr},
      {"full", 0, 0, Attr::ShapeAttr | Attr::DTypeAttr | Attr::Value},
      {"arange_stop", 0, 0, Attr::Stop | Attr::DTypeAttr},
      {"arange", 0, 0, Attr::Range | Attr::DTypeAttr},
      {"linspace", 0, 0, Attr::Range | Attr::Num | Attr::DTypeAttr},
      {"eye", 0, 0, Attr::N | Attr::DTypeAttr},
      {"random", 0, 0, Attr::ShapeAttr | Attr::DTypeAttr | Attr::Seed},
  };
  return ops;
}

const OpInfo *findOp(const std::string &name) {
  for (const OpInfo &op : allOps())
    if (name == op.name)
      return &op;
  return nullptr;
}

std::string dtypeName(DType t) { return legato::dtype_name(t); }

std::optional<DType> parseDType(const std::string &name) {
  for (DType t : legato::all_dtypes)
    if (dtypeName(t) == name)
      return t;
  return std::nullopt;
}

bool isFloat(DType t) { return t == DType::f16 || t == DType::f32 || t == DType::f64; }
bool isUnsigned(DType t) {
  return t == DType::u8 || t == DType::u16 || t == DType::u32 || t == DType::u64;
}
bool isComplex(DType t) { return t == DType::c64 || t == DType::c128; }
bool isInteger(DType t) { return t != DType::bool_ && !isFloat(t) && !isComplex(t); }
DType partType(DType t) {
  return t == DType::c64 ? DType::f32 : t == DType::c128 ? DType::f64 : t;
}

int dtypeBits(DType t) {
  switch (t) {
  case DType::bool_:
  case DType::i8:
  case DType::u8:
    return 8;
  case DType::i16:
  case DType::u16:
  case DType::f16:
    return 16;
  case DType::i32:
  case DType::u32:
  case DType::f32:
    return 32;
  case DType::i64:
  case DType::u64:
  case DType::f64:
  case DType::c64:
    return 64;
  case DType::c128:
    return 128;
  }
  return 64;
}

int64_t numElements(const legato::Shape &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

uint16_t doubleToHalf(double v) {
  uint16_t sign = std::signbit(v) ? 0x8000 : 0;
  if (std::isnan(v))
    return 0x7e00;
  double a = std::fabs(v);
  if (a >= 65520.0) // rounds to infinity
    return sign | 0x7c00;
  // Multiples of the spacing 2^(e - 10) at a's binade (2^-24 below 2^-14).
  int e;
  std::frexp(a, &e); // a = m * 2^e, 0.5 <= m < 1: the binade is 2^(e-1)
  int exponent = std::max(e - 1, -14);
  double units = std::nearbyint(std::ldexp(a, 10 - exponent)); // (round to even)
  if (units >= 2048) { // rounded up into the next binade
    units /= 2;
    ++exponent;
  }
  if (units < 1024) // subnormal (exponent -14) or zero
    return sign | uint16_t(units);
  return sign | uint16_t((exponent + 15) << 10) | uint16_t(units - 1024);
}

double halfToDouble(uint16_t bits) {
  double sign = bits & 0x8000 ? -1 : 1;
  int exponent = (bits >> 10) & 0x1f, mantissa = bits & 0x3ff;
  if (exponent == 0x1f)
    return mantissa ? NAN : sign * INFINITY;
  if (exponent == 0)
    return sign * std::ldexp(double(mantissa), -24);
  return sign * std::ldexp(double(mantissa + 1024), exponent - 25);
}

int Program::numVariables() const {
  int n = int(inputs.size());
  for (const Statement &s : statements)
    if (s.kind == Statement::Kind::let)
      n = std::max(n, s.target + 1);
  return n;
}

std::string Program::name(int var) const {
  return (var < int(inputs.size()) ? "x" : "v") + std::to_string(var);
}

std::optional<legato::Shape> indexedShape(const legato::Shape &shape, const IndexSpec &index) {
  if (index.size() > shape.size())
    return std::nullopt;
  legato::Shape out;
  for (size_t d = 0; d < shape.size(); ++d) {
    int64_t n = shape[d];
    if (d >= index.size()) {
      out.push_back(n);
      continue;
    }
    const IndexEntry &e = index[d];
    if (e.isInteger) {
      if (e.integer < -n || e.integer >= n)
        return std::nullopt;
      continue;
    }
    if (e.step == 0)
      return std::nullopt;
    // Python's slice.indices() and len(range(...)).
    auto wrap = [n](int64_t v) { return v < 0 ? v + n : v; };
    int64_t start, stop, size;
    if (e.step > 0) {
      start = e.start ? std::clamp<int64_t>(wrap(*e.start), 0, n) : 0;
      stop = e.stop ? std::clamp<int64_t>(wrap(*e.stop), 0, n) : n;
      size = stop > start ? (stop - start + e.step - 1) / e.step : 0;
    } else {
      start = e.start ? std::clamp<int64_t>(wrap(*e.start), -1, n - 1) : n - 1;
      stop = e.stop ? std::clamp<int64_t>(wrap(*e.stop), -1, n - 1) : -1;
      size = start > stop ? (start - stop - e.step - 1) / -e.step : 0;
    }
    out.push_back(size);
  }
  return out;
}

bool selectsScalar(const legato::Shape &shape, const IndexSpec &index) {
  if (index.size() != shape.size())
    return false;
  for (const IndexEntry &e : index)
    if (!e.isInteger)
      return false;
  return true;
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

namespace {

std::string formatDouble(double v) {
  if (std::isnan(v))
    return "nan";
  if (std::isinf(v))
    return v > 0 ? "inf" : "-inf";
  if (v == 0 && std::signbit(v))
    return "-0"; // (int64_t(-0.0) would drop the sign)
  if (v == std::floor(v) && std::fabs(v) < 1e15)
    return std::to_string(int64_t(v));
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  return buffer;
}

std::string formatInts(const std::vector<int64_t> &values) {
  std::string s;
  for (size_t i = 0; i < values.size(); ++i)
    s += (i ? "," : "") + std::to_string(values[i]);
  return s;
}

std::string formatShape(const legato::Shape &shape) { return "(" + formatInts(shape) + ")"; }

} // namespace

std::string normName(legato::fft::Norm norm) {
  return norm == legato::fft::Norm::ortho     ? "ortho"
         : norm == legato::fft::Norm::forward ? "forward"
                                              : "backward";
}

namespace {

std::string formatIndex(const IndexSpec &index) {
  std::string s = "[";
  for (size_t i = 0; i < index.size(); ++i) {
    const IndexEntry &e = index[i];
    if (i)
      s += ",";
    if (e.isInteger) {
      s += std::to_string(e.integer);
      continue;
    }
    if (e.start)
      s += std::to_string(*e.start);
    s += ":";
    if (e.stop)
      s += std::to_string(*e.stop);
    s += ":" + std::to_string(e.step);
  }
  return s + "]";
}

std::string formatOperand(const Program &p, const Operand &o) {
  if (!o.isScalar())
    return p.name(o.var);
  switch (o.scalar.kind) {
  case ScalarValue::Kind::boolean:
    return "b:" + std::to_string(o.scalar.i);
  case ScalarValue::Kind::integer:
    return "i:" + o.scalar.integerText();
  case ScalarValue::Kind::floating:
    return "f:" + formatDouble(o.scalar.f);
  }
  return "?";
}

std::string formatAttributes(const OpInfo &info, const Statement &s) {
  std::string out;
  auto add = [&](const std::string &key, const std::string &value) {
    out += " " + key + "=" + value;
  };
  if (info.attrs & Attr::Axes)
    add("axes", formatInts(s.ints));
  if (info.attrs & Attr::Perm)
    add("perm", formatInts(s.ints));
  if (info.attrs & Attr::ShapeAttr)
    add("shape", formatShape(s.ints));
  if (info.attrs & Attr::Widths) {
    std::string w;
    for (size_t i = 0; i + 1 < s.ints.size(); i += 2)
      w += (i ? "," : "") + std::to_string(s.ints[i]) + ":" + std::to_string(s.ints[i + 1]);
    add("widths", w);
  }
  if (info.attrs & Attr::Keepdims)
    add("keepdims", s.keepdims ? "1" : "0");
  if (info.attrs & Attr::DTypeAttr)
    add("dtype", dtypeName(s.dtype));
  if (info.attrs & Attr::Value)
    add("value", formatDouble(s.value));
  if (info.attrs & Attr::Range) {
    add("start", formatDouble(s.value));
    add("stop", formatDouble(s.value2));
    if (!(info.attrs & Attr::Num))
      add("step", formatDouble(s.value3));
  }
  if (info.attrs & Attr::Num)
    add("num", std::to_string(s.count));
  if (info.attrs & Attr::N)
    add("n", std::to_string(s.count));
  if (info.attrs & Attr::Stop)
    add("stop", std::to_string(s.count));
  if (info.attrs & Attr::Seed)
    add("seed", std::to_string(s.count));
  if (info.attrs & Attr::Axis)
    add("axis", std::to_string(s.count));
  if (info.attrs & Attr::Shifts)
    add("shifts", formatInts(s.shifts));
  if (info.attrs & Attr::Ddof)
    add("ddof", std::to_string(s.count));
  if (info.attrs & Attr::Decimals)
    add("decimals", std::to_string(s.count));
  if (info.attrs & Attr::Reps)
    add("reps", formatInts(s.ints));
  if (info.attrs & Attr::Mode)
    add("mode", s.count == 0 ? "wrap" : "clip");
  if (info.attrs & Attr::Lengths)
    add("s", formatInts(s.lengths));
  if (info.attrs & Attr::NormAttr)
    add("norm", normName(s.norm));
  if (info.attrs & Attr::Kth)
    add("kth", std::to_string(s.count));
  return out;
}

} // namespace

std::string printProgram(const Program &p) {
  std::ostringstream os;
  os << "legato-fuzz-program 1\n";
  os << "seed " << p.seed << "\n";
  for (const Input &in : p.inputs) {
    os << "input " << dtypeName(in.dtype) << " " << formatShape(in.shape);
    for (double v : in.values)
      os << " " << formatDouble(v);
    os << "\n";
  }
  for (const Statement &s : p.statements) {
    switch (s.kind) {
    case Statement::Kind::flush:
      os << "flush\n";
      break;
    case Statement::Kind::setitem:
      os << "set " << p.name(s.target) << " " << formatIndex(s.index) << " = "
         << formatOperand(p, s.args.at(0)) << "\n";
      break;
    case Statement::Kind::let: {
      const OpInfo *info = findOp(s.op);
      os << p.name(s.target) << " = " << s.op;
      for (const Operand &o : s.args)
        os << " " << formatOperand(p, o);
      if (s.op == "getitem")
        os << " " << formatIndex(s.index);
      if (info)
        os << formatAttributes(*info, s);
      os << "\n";
      break;
    }
    }
  }
  return os.str();
}

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

namespace {

struct ParseError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::vector<std::string> split(const std::string &s, char sep) {
  std::vector<std::string> parts;
  std::string current;
  for (char c : s) {
    if (c == sep) {
      parts.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  parts.push_back(current);
  return parts;
}

int64_t parseInt(const std::string &s) {
  size_t used = 0;
  int64_t v = std::stoll(s, &used);
  if (used != s.size())
    throw ParseError("bad integer '" + s + "'");
  return v;
}

double parseDouble(const std::string &s) {
  if (s == "nan")
    return NAN;
  if (s == "inf")
    return INFINITY;
  if (s == "-inf")
    return -INFINITY;
  // from_chars, not stod: stod throws on a subnormal (strtod's ERANGE).
  double v = 0;
  auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (error != std::errc() || end != s.data() + s.size())
    throw ParseError("bad number '" + s + "'");
  return v;
}

std::vector<int64_t> parseInts(const std::string &s) {
  std::vector<int64_t> out;
  if (s.empty())
    return out;
  for (const std::string &part : split(s, ','))
    out.push_back(parseInt(part));
  return out;
}

legato::Shape parseShape(const std::string &s) {
  if (s.size() < 2 || s.front() != '(' || s.back() != ')')
    throw ParseError("bad shape '" + s + "'");
  return parseInts(s.substr(1, s.size() - 2));
}

IndexSpec parseIndex(const std::string &s) {
  if (s.size() < 2 || s.front() != '[' || s.back() != ']')
    throw ParseError("bad index '" + s + "'");
  IndexSpec index;
  std::string body = s.substr(1, s.size() - 2);
  if (body.empty())
    return index;
  for (const std::string &part : split(body, ',')) {
    IndexEntry e;
    std::vector<std::string> fields = split(part, ':');
    if (fields.size() == 1) {
      e.isInteger = true;
      e.integer = parseInt(fields[0]);
    } else {
      if (fields.size() != 3)
        throw ParseError("bad slice '" + part + "' (write start:stop:step)");
      if (!fields[0].empty())
        e.start = parseInt(fields[0]);
      if (!fields[1].empty())
        e.stop = parseInt(fields[1]);
      e.step = parseInt(fields[2]);
    }
    index.push_back(e);
  }
  return index;
}

int parseVariable(const std::string &s) {
  if (s.size() < 2 || (s[0] != 'x' && s[0] != 'v'))
    throw ParseError("bad variable '" + s + "'");
  return int(parseInt(s.substr(1)));
}

Operand parseOperand(const std::string &s) {
  if (s.size() > 2 && s[1] == ':') {
    ScalarValue v;
    std::string text = s.substr(2);
    switch (s[0]) {
    case 'b':
      v.kind = ScalarValue::Kind::boolean;
      v.i = parseInt(text) != 0;
      break;
    case 'i':
      v.kind = ScalarValue::Kind::integer;
      if (text[0] != '-' && text.size() >= 19 && std::stoull(text) > uint64_t(INT64_MAX)) {
        v.aboveInt64 = true; // (uint64's range)
        v.i = int64_t(std::stoull(text));
      } else {
        v.i = parseInt(text);
      }
      break;
    case 'f':
      v.kind = ScalarValue::Kind::floating;
      v.f = parseDouble(text);
      break;
    default:
      throw ParseError("bad scalar '" + s + "'");
    }
    return Operand::of(v);
  }
  return Operand::variable(parseVariable(s));
}

void parseAttribute(Statement &s, const std::string &key, const std::string &value) {
  if (key == "axes" || key == "perm" || key == "reps") {
    s.ints = parseInts(value);
  } else if (key == "shifts") {
    s.shifts = parseInts(value);
  } else if (key == "shape") {
    s.ints = parseShape(value);
  } else if (key == "widths") {
    s.ints.clear();
    if (!value.empty())
      for (const std::string &pair : split(value, ',')) {
        std::vector<std::string> lohi = split(pair, ':');
        if (lohi.size() != 2)
          throw ParseError("bad pad width '" + pair + "'");
        s.ints.push_back(parseInt(lohi[0]));
        s.ints.push_back(parseInt(lohi[1]));
      }
  } else if (key == "keepdims") {
    s.keepdims = parseInt(value) != 0;
  } else if (key == "dtype") {
    std::optional<DType> t = parseDType(value);
    if (!t)
      throw ParseError("bad dtype '" + value + "'");
    s.dtype = *t;
  } else if (key == "value" || key == "start") {
    s.value = parseDouble(value);
  } else if (key == "stop" && s.op == "arange_stop") {
    s.count = parseInt(value);
  } else if (key == "stop") {
    s.value2 = parseDouble(value);
  } else if (key == "step") {
    s.value3 = parseDouble(value);
  } else if (key == "s") {
    s.lengths = parseInts(value);
  } else if (key == "norm") {
    if (value != "backward" && value != "ortho" && value != "forward")
      throw ParseError("bad norm '" + value + "' (backward, ortho or forward)");
    s.norm = legato::fft::normFromString(value);
  } else if (key == "mode") {
    if (value != "wrap" && value != "clip")
      throw ParseError("bad take mode '" + value + "' (wrap or clip)");
    s.count = value == "wrap" ? 0 : 1;
  } else if (key == "num" || key == "n" || key == "seed" || key == "axis" ||
             key == "ddof" || key == "decimals" || key == "kth") {
    s.count = parseInt(value);
  } else {
    throw ParseError("unknown attribute '" + key + "'");
  }
}

std::vector<std::string> tokens(const std::string &line) {
  std::istringstream is(line.substr(0, line.find('#')));
  std::vector<std::string> out;
  std::string t;
  while (is >> t)
    out.push_back(t);
  return out;
}

} // namespace

Program parseProgram(const std::string &text) {
  Program p;
  std::istringstream is(text);
  std::string line;
  int lineNo = 0;
  bool sawHeader = false;
  try {
    while (std::getline(is, line)) {
      ++lineNo;
      std::vector<std::string> t = tokens(line);
      if (t.empty())
        continue;
      if (!sawHeader) {
        if (t.size() != 2 || t[0] != "legato-fuzz-program" || t[1] != "1")
          throw ParseError("expected 'legato-fuzz-program 1'");
        sawHeader = true;
      } else if (t[0] == "seed" && t.size() == 2) {
        p.seed = uint64_t(std::stoull(t[1]));
      } else if (t[0] == "input") {
        if (t.size() < 3 || !p.statements.empty())
          throw ParseError("inputs come first: input DTYPE SHAPE VALUES...");
        Input in;
        std::optional<DType> dt = parseDType(t[1]);
        if (!dt)
          throw ParseError("bad dtype '" + t[1] + "'");
        in.dtype = *dt;
        in.shape = parseShape(t[2]);
        for (size_t i = 3; i < t.size(); ++i)
          in.values.push_back(parseDouble(t[i]));
        if (int64_t(in.values.size()) != numElements(in.shape))
          throw ParseError("input has " + std::to_string(in.values.size()) + " values for shape " +
                           t[2]);
        p.inputs.push_back(std::move(in));
      } else if (t[0] == "flush") {
        Statement s;
        s.kind = Statement::Kind::flush;
        p.statements.push_back(s);
      } else if (t[0] == "set") {
        if (t.size() != 5 || t[3] != "=")
          throw ParseError("expected: set VAR [INDEX] = OPERAND");
        Statement s;
        s.kind = Statement::Kind::setitem;
        s.target = parseVariable(t[1]);
        s.index = parseIndex(t[2]);
        s.args.push_back(parseOperand(t[4]));
        p.statements.push_back(s);
      } else {
        if (t.size() < 3 || t[1] != "=")
          throw ParseError("expected: VAR = OP OPERANDS... KEY=VALUE...");
        Statement s;
        s.target = parseVariable(t[0]);
        s.op = t[2];
        const OpInfo *info = findOp(s.op);
        if (!info)
          throw ParseError("unknown op '" + s.op + "'");
        for (size_t i = 3; i < t.size(); ++i) {
          size_t eq = t[i].find('=');
          if (t[i][0] == '[')
            s.index = parseIndex(t[i]);
          else if (eq != std::string::npos)
            parseAttribute(s, t[i].substr(0, eq), t[i].substr(eq + 1));
          else
            s.args.push_back(parseOperand(t[i]));
        }
        if (int(s.args.size()) < info->minArgs || int(s.args.size()) > info->maxArgs)
          throw ParseError("'" + s.op + "' takes " + std::to_string(info->minArgs) + " to " +
                           std::to_string(info->maxArgs) + " operands");
        p.statements.push_back(s);
      }
    }
  } catch (const std::exception &e) {
    throw std::runtime_error("line " + std::to_string(lineNo) + ": " + e.what());
  }
  if (!sawHeader)
    throw std::runtime_error("not a legato-fuzz program (no 'legato-fuzz-program 1' line)");
  return p;
}

} // namespace legato_fuzz
