//===- Analysis.cpp - Types, shapes and value ranges of a fuzzer program ---===//
#include "Analysis.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>
#include <set>

namespace legato_fuzz {

using legato::DType;
using legato::Shape;

namespace {

constexpr double kInf = INFINITY;
/// Arrays stay small: the fuzzer wants many programs, not big ones.
constexpr int64_t kMaxElements = 4096;

double dtypeMin(DType t) {
  if (t == DType::bool_ || isUnsigned(t))
    return 0;
  if (isInteger(t))
    return -std::ldexp(1.0, dtypeBits(t) - 1);
  return -kInf;
}
double dtypeMax(DType t) {
  if (t == DType::bool_)
    return 1;
  if (isInteger(t)) // (for 64 bits the double rounds up to 2^63, 2^64)
    return std::ldexp(1.0, dtypeBits(t) - (isUnsigned(t) ? 0 : 1)) - 1;
  return kInf;
}
/// Whether integer values in [lo, hi] (bounds computed in doubles) may lie
/// outside dtype `t` and wrap. Near 2^63 and 2^64 a double cannot tell
/// 2^64 - 1 from 2^64, so the 64-bit limits count as outside.
bool mayWrap(double lo, double hi, DType t) {
  if (dtypeBits(t) == 64)
    return lo < dtypeMin(t) || (!isUnsigned(t) && lo <= dtypeMin(t)) ||
           hi >= std::ldexp(1.0, isUnsigned(t) ? 64 : 63);
  return lo < dtypeMin(t) || hi > dtypeMax(t);
}
int mantissaBits(DType t) { return t == DType::f16 ? 11 : t == DType::f32 ? 24 : 53; }
/// Exact floats are multiples of 2^-frac: at most this many fraction bits
/// (the smallest subnormal).
int maxFractionBits(DType t) { return t == DType::f16 ? 24 : t == DType::f32 ? 149 : 1074; }
double largestFinite(DType t) {
  return t == DType::f16 ? 65504.0
         : t == DType::f32 ? double(std::numeric_limits<float>::max())
                           : std::numeric_limits<double>::max();
}

bool rangeHas(const Range &r, double v) { return r.lo <= v && v <= r.hi; }

/// NaN and infinity come from overflow and inf - inf: where the values were
/// rounded, two correct implementations may disagree on them.
bool mayBeNaNByRounding(const Range &r) {
  bool bounded = std::isfinite(r.lo) && std::isfinite(r.hi);
  return !r.exact && (r.nan || !bounded);
}

/// Makes `r` a valid description of values of dtype `t`: integers wrap (so
/// an overflowing range becomes the whole dtype), floats round to infinity
/// beyond their largest value and lose exactness past the mantissa.
Range normalize(Range r, DType t) {
  if (std::isnan(r.lo) || std::isnan(r.hi)) {
    r.lo = -kInf;
    r.hi = kInf;
    r.nan = true;
  }
  if (t == DType::bool_) {
    r.lo = std::clamp(r.lo, 0.0, 1.0);
    r.hi = std::clamp(r.hi, 0.0, 1.0);
    r.nan = false;
    r.exact = true;
    r.frac = 0;
  } else if (isInteger(t)) {
    if (mayWrap(r.lo, r.hi, t) || r.nan) {
      r.lo = dtypeMin(t);
      r.hi = dtypeMax(t);
    }
    r.lo = std::ceil(r.lo);
    r.hi = std::floor(r.hi);
    r.nan = false;
    r.exact = true;
    r.frac = 0;
  } else if (isComplex(t)) {
    // A complex range bounds the modulus, hence both parts: symmetric, and
    // never exact (np.fft, the only source of complex values, rounds).
    double limit = largestFinite(partType(t)), m = r.maxAbs();
    r.lo = m > limit ? -kInf : -m;
    r.hi = m > limit ? kInf : m;
    r.exact = false;
    r.frac = 0;
    r.rtol = std::max(r.rtol, floatTolerance(partType(t)));
  } else {
    double limit = largestFinite(t);
    if (r.lo < -limit)
      r.lo = -kInf;
    if (r.hi > limit)
      r.hi = kInf;
    if (r.exact && !(std::ldexp(r.maxAbs(), r.frac) < std::ldexp(1.0, mantissaBits(t))))
      r.exact = false;
    if (r.nan || r.frac > std::min(200, maxFractionBits(t)))
      r.exact = false;
    if (!r.exact)
      r.rtol = std::max(r.rtol, floatTolerance(t));
  }
  if (r.lo > r.hi)
    std::swap(r.lo, r.hi);
  double m = r.maxAbs();
  if (std::isfinite(m))
    r.scale = std::max(r.scale, m);
  return r;
}

/// The smallest k with v * 2^k an integer (capped).
int fractionBits(double v) {
  for (int k = 0; k <= 64; ++k)
    if (std::ldexp(v, k) == std::floor(std::ldexp(v, k)))
      return k;
  return 1000;
}

/// min/max over the candidate bounds, with NaN (0*inf, inf-inf) poisoning.
Range fromCorners(std::initializer_list<double> corners, const Range &a, const Range &b) {
  Range r;
  r.lo = kInf;
  r.hi = -kInf;
  r.nan = a.nan || b.nan;
  for (double c : corners) {
    if (std::isnan(c)) {
      r.nan = true;
      r.lo = -kInf;
      r.hi = kInf;
      break;
    }
    r.lo = std::min(r.lo, c);
    r.hi = std::max(r.hi, c);
  }
  r.exact = a.exact && b.exact;
  r.scale = std::max(a.scale, b.scale);
  r.rtol = std::max(a.rtol, b.rtol);
  return r;
}

Range unite(const Range &a, const Range &b) {
  Range r;
  r.lo = std::min(a.lo, b.lo);
  r.hi = std::max(a.hi, b.hi);
  r.nan = a.nan || b.nan;
  r.exact = a.exact && b.exact;
  r.frac = std::max(a.frac, b.frac);
  r.scale = std::max(a.scale, b.scale);
  r.rtol = std::max(a.rtol, b.rtol);
  r.zeroSign = a.zeroSign || b.zeroSign;
  return r;
}

/// The shape a reduction of `shape` over `axes` (none: all) gives, appended
/// to `out` (reduced axes kept as 1 with `keepdims`), and in `count` the
/// number of elements each result reduces; what is wrong with the axes.
std::optional<std::string> reduceShape(const Shape &shape, const std::vector<int64_t> &axes,
                                       bool keepdims, Shape &out, int64_t &count) {
  int64_t rank = int64_t(shape.size());
  std::vector<bool> reduced(size_t(rank), axes.empty());
  for (int64_t a : axes) {
    if (a < -rank || a >= rank)
      return std::string("axis out of range");
    int64_t d = a < 0 ? a + rank : a;
    if (reduced[size_t(d)])
      return std::string("repeated axis");
    reduced[size_t(d)] = true;
  }
  for (int64_t d = 0; d < rank; ++d) {
    if (reduced[size_t(d)]) {
      count *= shape[size_t(d)];
      if (keepdims)
        out.push_back(1);
    } else {
      out.push_back(shape[size_t(d)]);
    }
  }
  return std::nullopt;
}

/// Whether a zero among values of dtype `t` in `r` may have either sign
/// after a sort or a selection (floats only: integers have no -0).
bool zeroOfEitherSign(const Range &r, DType t) {
  return (isFloat(t) || isComplex(t)) && (r.zeroSign || rangeHas(r, 0) || r.nan);
}

/// Whether dividing by values in `r` (or raising them to a negative power)
/// may turn a zero of either sign (Range::zeroSign) into -inf or +inf.
bool mayDivideBySignedZero(const Range &r) { return r.zeroSign && (rangeHas(r, 0) || r.nan); }

Range boolRange() {
  Range r;
  r.lo = 0;
  r.hi = 1;
  return r;
}

/// Whether complex values in `r` (of dtype `t`) stay finite with room to
/// spare: where an infinity or NaN lands in a complex product or transform
/// depends on how it is computed (NumPy's (inf+0j) * 2 is inf+nanj).
bool finiteComplex(const Range &r, DType t) {
  return !r.nan && r.maxAbs() * 4 <= largestFinite(partType(t));
}

/// An inexact range; `from` carries the tolerance of earlier roundings.
Range inexact(double lo, double hi, bool nan, double scale, double rtol = 0) {
  Range r;
  r.lo = lo;
  r.hi = hi;
  r.nan = nan;
  r.exact = false;
  r.scale = scale;
  r.rtol = rtol;
  return r;
}

/// A binary elementwise operand, resolved: its dtype/shape (a scalar has no
/// shape and is weak) and its range.
struct Resolved {
  bool scalar = false;
  ScalarValue::Kind kind{};
  DType dtype = DType::f64;
  Shape shape;
  Range range;
};

using Error = std::optional<std::string>;

Error fail(const std::string &why) { return why; }

/// Range of an operand once converted to the computation dtype `t`; an error
/// when the conversion would round or be undefined.
std::optional<Range> operandAs(const Resolved &o, DType t) {
  if (o.scalar) {
    Range r = o.range;
    if (isInteger(t) && !(r.lo >= dtypeMin(t) && r.hi <= dtypeMax(t)))
      return std::nullopt; // NumPy 2 raises for out-of-range Python ints
    return normalize(r, t);
  }
  return convertRange(o.range, o.dtype, t);
}

/// Whether a float sum (or product) of `count` values in `in` may overflow
/// part way: then its result depends on the order of the terms (terms of
/// both signs that overflow apart, or a product that overflows before
/// meeting a zero or a factor below 1), and NumPy's order differs from
/// legato's (blocks, ranks, chunks): seed 696212 on a 2 x 2 mesh, a product
/// holding the largest double twice and zeros, was 0 in legato and NaN in
/// NumPy.
bool overflowsPartWay(bool product, const Range &in, DType t, int64_t count) {
  if (!isFloat(t) || count <= 1)
    return false;
  double largest = largestFinite(t);
  double n = double(count);
  return product ? std::pow(std::max(in.maxAbs(), 1.0), n) > largest
                 : n * in.maxAbs() > largest && in.lo < 0 && in.hi > 0;
}

/// The range of a sum (or product) of `count` values in `in` of dtype `t`,
/// in NumPy's accumulator type (sumType).
Range accumulated(bool product, const Range &in, DType t, int64_t count) {
  DType to = sumType(t);
  Range r = *convertRange(in, t, to);
  double n = double(count);
  if (!product) {
    r.lo = count ? std::min(0.0, n * in.lo) : 0;
    r.hi = count ? std::max(0.0, n * in.hi) : 0;
    if (count && in.lo > 0)
      r.lo = in.lo;
    if (count && in.hi < 0)
      r.hi = in.hi;
    if (std::isnan(r.lo) || std::isnan(r.hi))
      r.nan = true;
  } else {
    double m = count ? std::pow(std::max(in.maxAbs(), 1.0), n) : 1;
    r.lo = count ? -m : 1;
    r.hi = count ? m : 1;
    r.frac = int(std::min<double>(1000, double(in.frac) * n));
  }
  return normalize(r, to);
}

/// NumPy sums and multiplies float16 in float16 along most axes, rounding
/// each partial result (np.sum(np.ones((3000, 2), np.float16), axis=0)
/// stops at 2048), where legato accumulates in float32: count roundings of
/// up to 2^-11 of the largest partial result (at most the scale) apart.
void float16Accumulation(Range &r, DType t, int64_t count) {
  if (t == DType::f16 && !r.exact)
    r.rtol = std::max(r.rtol, std::ldexp(double(count), -11));
}

} // namespace

double Range::maxAbs() const { return std::max(std::fabs(lo), std::fabs(hi)); }

// NumPy 2's promotion, written again on purpose rather than taken from
// lib/API/Promotion.cpp: an oracle must not share the code it checks.
DType promoteTypes(DType a, DType b) {
  if (a == b)
    return a;
  if (a == DType::bool_)
    return b;
  if (b == DType::bool_)
    return a;
  if (isComplex(a) || isComplex(b)) { // complex of the float that holds both parts
    DType f = promoteTypes(isComplex(a) ? partType(a) : floatOf(a),
                           isComplex(b) ? partType(b) : floatOf(b));
    return f == DType::f64 ? DType::c128 : DType::c64;
  }
  auto wider = [](DType x, DType y) { return dtypeBits(x) >= dtypeBits(y) ? x : y; };
  if (isFloat(a) || isFloat(b)) // the wider float, or the float that holds the integer
    return wider(floatOf(a), floatOf(b));
  if (isUnsigned(a) == isUnsigned(b))
    return wider(a, b);
  DType s = isUnsigned(a) ? b : a, u = isUnsigned(a) ? a : b;
  if (dtypeBits(s) > dtypeBits(u))
    return s;
  switch (dtypeBits(u)) { // a signed type twice as wide; none past 64 bits
  case 8:
    return DType::i16;
  case 16:
    return DType::i32;
  case 32:
    return DType::i64;
  default:
    return DType::f64;
  }
}

DType floatOf(DType t) {
  if (isFloat(t))
    return t;
  int bits = dtypeBits(t); // (bool: 8)
  return bits == 8 ? DType::f16 : bits == 16 ? DType::f32 : DType::f64;
}

DType sumType(DType t) {
  if (isFloat(t) || isComplex(t))
    return t;
  return isUnsigned(t) ? DType::u64 : DType::i64;
}

double floatTolerance(DType t) {
  return t == DType::f16 ? kFloat16Tolerance : t == DType::f32 ? kFloat32Tolerance : kFloat64Tolerance;
}

DType promoteWithScalar(DType t, ScalarValue::Kind kind) {
  switch (kind) {
  case ScalarValue::Kind::boolean:
    return t;
  case ScalarValue::Kind::integer:
    return t == DType::bool_ ? DType::i64 : t;
  case ScalarValue::Kind::floating:
    return isFloat(t) || isComplex(t) ? t : DType::f64;
  }
  return t;
}

DType transformDType(const std::string &op, DType t) {
  DType part = isComplex(t) ? partType(t) : isFloat(t) ? t : DType::f64;
  return op == "irfft" ? part : part == DType::f64 ? DType::c128 : DType::c64;
}

std::optional<Shape> broadcastShapes(const Shape &a, const Shape &b) {
  size_t rank = std::max(a.size(), b.size());
  Shape out(rank);
  for (size_t i = 0; i < rank; ++i) {
    int64_t x = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    int64_t y = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (x != y && x != 1 && y != 1)
      return std::nullopt;
    out[i] = x == 1 ? y : x;
  }
  return out;
}

Range scalarRange(double value) {
  Range r;
  r.lo = r.hi = value;
  r.frac = fractionBits(value);
  r.exact = r.frac <= 64;
  r.scale = std::max(1.0, std::fabs(value));
  return r;
}

double castValue(double v, DType t) {
  if (t == DType::bool_)
    return v != 0;
  if (isInteger(t))
    return std::trunc(v);
  if (t == DType::f16)
    return halfToDouble(doubleToHalf(v));
  if (t == DType::f32)
    return double(float(v));
  return v;
}

std::optional<Range> convertRange(const Range &r, DType from, DType to) {
  if (from == to)
    return r;
  if (isComplex(from) && !isComplex(to))
    return std::nullopt; // NumPy drops the imaginary part with a ComplexWarning
  if (to == DType::bool_) {
    if (isFloat(from) && !r.exact)
      return std::nullopt; // truthiness of a rounded value
    Range b = boolRange();
    if (!r.nan && !rangeHas(r, 0))
      b.lo = 1;
    if (r.lo == 0 && r.hi == 0 && !r.nan)
      b.hi = 0;
    return b;
  }
  if (isInteger(to) && isFloat(from)) {
    // Truncation toward zero must land in the type: -1 < x < 2^bits for
    // unsigned types (a C cast of a value out of range is undefined).
    if (!r.exact || r.nan || !(r.lo > dtypeMin(to) - 1) || !(r.hi < dtypeMax(to) + 1))
      return std::nullopt; // rounding-dependent or undefined (NaN, overflow)
    Range i = r;
    i.lo = std::trunc(r.lo);
    i.hi = std::trunc(r.hi);
    return normalize(i, to);
  }
  Range c = r;
  if (isFloat(to) && !isFloat(from))
    c.frac = 0;
  return normalize(c, to);
}

Analysis::Analysis(const Program &program) {
  for (size_t i = 0; i < program.inputs.size(); ++i) {
    const Input &in = program.inputs[i];
    VarInfo v;
    v.dtype = in.dtype;
    v.shape = in.shape;
    Range r;
    r.lo = kInf;
    r.hi = -kInf;
    for (double x : in.values) {
      nanInputs_ = nanInputs_ || std::isnan(x);
      r.lo = std::min(r.lo, x);
      r.hi = std::max(r.hi, x);
      r.frac = std::max(r.frac, fractionBits(x));
    }
    if (in.values.empty())
      r.lo = r.hi = 0;
    v.range = normalize(r, in.dtype);
    v.storage = nextStorage_++;
    vars_[int(i)] = v;
  }
}

const VarInfo *Analysis::find(int var) const {
  auto it = vars_.find(var);
  return it == vars_.end() ? nullptr : &it->second;
}

std::optional<std::string> checkProgram(const Program &program) {
  Analysis a(program);
  for (size_t i = 0; i < program.statements.size(); ++i)
    if (auto why = a.apply(program.statements[i]))
      return "statement " + std::to_string(i + 1) + ": " + *why;
  return std::nullopt;
}

std::optional<std::string> Analysis::apply(const Statement &s) {
  switch (s.kind) {
  case Statement::Kind::flush:
    return std::nullopt;
  case Statement::Kind::setitem: {
    const VarInfo *target = find(s.target);
    if (!target)
      return "setitem of an undefined variable";
    std::optional<Shape> selected = indexedShape(target->shape, s.index);
    if (!selected)
      return "bad index for setitem";
    if (s.args.size() != 1)
      return "setitem takes one value";
    Range value;
    DType from;
    if (s.args[0].isScalar()) {
      const ScalarValue &sv = s.args[0].scalar;
      value = scalarRange(sv.value());
      from = sv.kind == ScalarValue::Kind::floating ? DType::f64 : DType::i64;
      if (isInteger(target->dtype) && sv.kind != ScalarValue::Kind::floating &&
          !(value.lo >= dtypeMin(target->dtype) && value.hi <= dtypeMax(target->dtype)))
        return "integer scalar out of the target's range";
      if (sv.kind == ScalarValue::Kind::boolean)
        from = DType::bool_;
    } else {
      const VarInfo *v = find(s.args[0].var);
      if (!v)
        return "setitem from an undefined variable";
      std::optional<Shape> b = broadcastShapes(v->shape, *selected);
      if (!b || *b != *selected)
        return "setitem value does not broadcast to the selection";
      value = v->range;
      from = v->dtype;
    }
    std::optional<Range> converted = convertRange(value, from, target->dtype);
    if (!converted)
      return "setitem needs a rounding-dependent conversion";
    if (isComplex(target->dtype) && !finiteComplex(*converted, target->dtype))
      return "setitem of values that may be NaN or infinite into complex values";
    int storage = target->storage;
    for (auto &[id, info] : vars_)
      if (info.storage == storage)
        info.range = unite(info.range, *converted);
    return std::nullopt;
  }
  case Statement::Kind::let: {
    if (vars_.count(s.target))
      return "variable defined twice";
    VarInfo out;
    if (auto why = let(s, out))
      return why;
    // A zero of either sign stays one through every op with a float result
    // (-x, x * 2, sin(x), sums, ...): conservatively, whatever the op.
    for (const Operand &o : s.args)
      if (!o.isScalar() && find(o.var)->range.zeroSign)
        out.range.zeroSign = true;
    if (!isFloat(out.dtype) && !isComplex(out.dtype))
      out.range.zeroSign = false;
    if (isComplex(out.dtype) && !finiteComplex(out.range, out.dtype))
      return "complex values that may overflow, be infinite or NaN";
    if (numElements(out.shape) > kMaxElements)
      return "result too large";
    for (int64_t d : out.shape)
      if (d < 0)
        return "negative dimension";
    if (out.storage < 0)
      out.storage = nextStorage_++;
    vars_[s.target] = out;
    return std::nullopt;
  }
  }
  return "unknown statement";
}

std::optional<std::string> Analysis::let(const Statement &s, VarInfo &out) {
  const OpInfo *info = findOp(s.op);
  if (!info)
    return fail("unknown op " + s.op);
  if (int(s.args.size()) < info->minArgs || int(s.args.size()) > info->maxArgs)
    return fail("wrong operand count");

  // Resolve operands.
  std::vector<Resolved> ops;
  for (const Operand &o : s.args) {
    Resolved r;
    if (o.isScalar()) {
      r.scalar = true;
      r.kind = o.scalar.kind;
      r.dtype = o.scalar.kind == ScalarValue::Kind::floating  ? DType::f64
                : o.scalar.kind == ScalarValue::Kind::integer ? DType::i64
                                                              : DType::bool_;
      r.range = scalarRange(o.scalar.value());
    } else {
      const VarInfo *v = find(o.var);
      if (!v)
        return fail("use of an undefined variable");
      r.dtype = v->dtype;
      r.shape = v->shape;
      r.range = v->range;
    }
    ops.push_back(r);
  }
  const std::string &op = s.op;
  static const std::set<std::string> arithmetic = {"add",     "sub",     "mul", "div",
                                                   "pow",     "maximum", "minimum", "mod",
                                                   "floor_divide", "fmax", "fmin"};
  static const std::set<std::string> comparisons = {"lt", "le", "gt", "ge", "eq", "ne"};
  static const std::set<std::string> bitwise = {"bitwise_and", "bitwise_or", "bitwise_xor",
                                                "left_shift", "right_shift"};
  static const std::set<std::string> transcendental = {
      "exp",     "log",  "sqrt",  "sin",  "cos",  "tanh",  "erf",   "arctan",
      "sinh",    "cosh", "arcsinh", "exp2", "expm1", "log2", "log10", "log1p", "cbrt"};
  static const std::set<std::string> rounding = {"floor", "ceil", "trunc", "rint"};
  static const std::set<std::string> reductions = {
      "sum",    "prod",    "max",     "min",    "mean",   "any",    "all",    "count_nonzero",
      "var",    "std",     "ptp",     "nansum", "nanprod", "nanmean", "nanmax", "nanmin",
      "argmax", "argmin"};

  // Complex values (np.fft's) go only into the ops whose rules below know
  // them: + - * neg abs real imag sum mean where, products, moves and
  // transforms (of the others, NumPy's comparisons, floor, casts ... of
  // complex values raise or drop the imaginary part, and the rest would
  // need rules of their own).
  static const std::set<std::string> complexOps = {
      "add",     "sub",   "mul",   "neg",   "abs",     "real",    "imag",
      "sum",     "mean",  "where", "matmul", "dot",    "outer",   "kron",
      "transpose", "T",   "reshape", "broadcast_to", "concatenate", "pad", "roll",
      "flip",    "tile",  "repeat", "getitem", "copy",  "alias",   "fft",
      "ifft",    "irfft", "fft2",  "ifft2", "fftn",    "ifftn"};
  for (const Resolved &o : ops)
    if (isComplex(o.dtype) && !complexOps.count(op))
      return fail(op + " of complex values");

  // Scalars are allowed only in elementwise binary ops, where's branches and
  // clip's bounds.
  bool scalarsAllowed = arithmetic.count(op) || comparisons.count(op) || bitwise.count(op) ||
                        op == "logical_and" ||
                        op == "logical_or" || op == "where" || op == "clip";
  for (size_t i = 0; i < ops.size(); ++i)
    if (ops[i].scalar && (!scalarsAllowed || ((op == "where" || op == "clip") && i == 0)))
      return fail("scalar operand not allowed here");

  auto joinedDType = [&](const std::vector<Resolved> &xs) -> std::optional<DType> {
    std::optional<DType> arrays;
    for (const Resolved &x : xs)
      if (!x.scalar)
        arrays = arrays ? promoteTypes(*arrays, x.dtype) : x.dtype;
    if (!arrays)
      return std::nullopt;
    DType t = *arrays;
    for (const Resolved &x : xs)
      if (x.scalar)
        t = promoteWithScalar(t, x.kind);
    return t;
  };
  auto joinedShape = [&](const std::vector<Resolved> &xs) -> std::optional<Shape> {
    Shape shape;
    for (const Resolved &x : xs)
      if (!x.scalar) {
        std::optional<Shape> b = broadcastShapes(shape, x.shape);
        if (!b)
          return std::nullopt;
        shape = *b;
      }
    return shape;
  };

  // ---- elementwise binary -------------------------------------------------
  if (arithmetic.count(op) || comparisons.count(op) || bitwise.count(op)) {
    std::optional<DType> t = joinedDType(ops);
    if (!t)
      return fail("needs an array operand");
    std::optional<Shape> shape = joinedShape(ops);
    if (!shape)
      return fail("shapes do not broadcast");
    out.shape = *shape;
    std::optional<Range> a = operandAs(ops[0], *t), b = operandAs(ops[1], *t);
    if (!a || !b)
      return fail("operand conversion would round");
    if (bitwise.count(op)) {
      if (isFloat(*t))
        return fail("bitwise operation of floats");
      out.dtype = *t;
      if (*t == DType::bool_) {
        // (NumPy shifts bools as int8; legato refuses them, on purpose:
        // "cast to an integer type")
        if (op == "left_shift" || op == "right_shift")
          return fail("boolean shift (NumPy gives int8, legato refuses)");
        out.range = boolRange();
        return std::nullopt;
      }
      Range r = fromCorners({a->lo, a->hi}, *a, *b);
      if (op == "left_shift") { // wraps: any value of the dtype
        r.lo = -kInf;
        r.hi = kInf;
      } else if (op == "right_shift") { // toward 0, or -1
        r.lo = std::min(a->lo, 0.0);
        r.hi = std::max(a->hi, 0.0);
      } else { // within the bits of the wider operand, with its sign
        double bound = std::exp2(std::ceil(std::log2(std::max(a->maxAbs(), b->maxAbs()) + 1)));
        r.lo = a->lo < 0 || b->lo < 0 ? -bound : 0;
        r.hi = bound - 1;
      }
      out.range = normalize(r, *t);
      return std::nullopt;
    }
    if (comparisons.count(op)) {
      if (!a->exact || !b->exact)
        return fail("comparison of rounded values");
      out.dtype = DType::bool_;
      out.range = boolRange();
      return std::nullopt;
    }
    DType ct = *t;
    Range r;
    if (op == "add" || op == "sub" || op == "mul") {
      if (ct == DType::bool_) {
        if (op == "sub")
          return fail("boolean subtract");
        out.dtype = DType::bool_;
        out.range = boolRange();
        return std::nullopt;
      }
      if (op == "add")
        r = fromCorners({a->lo + b->lo, a->hi + b->hi}, *a, *b);
      else if (op == "sub")
        r = fromCorners({a->lo - b->hi, a->hi - b->lo}, *a, *b);
      else
        r = fromCorners({a->lo * b->lo, a->lo * b->hi, a->hi * b->lo, a->hi * b->hi}, *a, *b);
      r.frac = op == "mul" ? a->frac + b->frac : std::max(a->frac, b->frac);
      out.dtype = ct;
      out.range = normalize(r, ct);
      return std::nullopt;
    }
    // fmax and fmin are NaN only where both operands are, so maximum's and
    // minimum's rule (NaN where either may be) covers them; as they skip
    // NaN, which operand is NaN must not be a matter of rounding (a NaN
    // scalar is NaN on both sides).
    bool skipsNaN = op == "fmax" || op == "fmin";
    if (op == "maximum" || op == "minimum" || skipsNaN) {
      if (skipsNaN && ((!ops[0].scalar && mayBeNaNByRounding(*a)) ||
                       (!ops[1].scalar && mayBeNaNByRounding(*b))))
        return fail("fmax/fmin of rounded values that may be NaN");
      r = op == "maximum" || op == "fmax"
              ? fromCorners({std::max(a->lo, b->lo), std::max(a->hi, b->hi)}, *a, *b)
              : fromCorners({std::min(a->lo, b->lo), std::min(a->hi, b->hi)}, *a, *b);
      r.frac = std::max(a->frac, b->frac);
      out.dtype = ct;
      out.range = normalize(r, ct);
      return std::nullopt;
    }
    if ((op == "div" || op == "floor_divide") && mayDivideBySignedZero(*b))
      return fail(op + " by a zero whose sign (or whether it is zero) the algorithm chose");
    if (op == "mod" || op == "floor_divide") {
      if (ct == DType::bool_) { // NumPy computes in int8: x // 0 and x % 0 are 0
        out.dtype = DType::i8;
        out.range = normalize(boolRange(), DType::i8);
        return std::nullopt;
      }
      // Floored results jump at multiples of the divisor: only exact
      // operands (then both sides take NumPy's divmod steps bit for bit).
      if (isFloat(ct) && (!a->exact || !b->exact))
        return fail("floored division of rounded values");
      bool byZero = rangeHas(*b, 0) || b->nan;
      if (op == "mod") {
        double m = b->maxAbs();
        r = fromCorners({-m, m}, *a, *b);
        r.frac = std::max(a->frac, b->frac);
        r.nan = isFloat(ct) && (byZero || a->nan || !std::isfinite(a->maxAbs()));
      } else {
        double smallest = std::min(std::fabs(b->lo), std::fabs(b->hi));
        double m = byZero ? kInf : a->maxAbs() / smallest + 1;
        r = fromCorners({-m, m}, *a, *b);
        r.frac = 0;
        r.nan = isFloat(ct) && (byZero || a->nan || b->nan);
      }
      out.dtype = ct;
      out.range = normalize(r, ct);
      return std::nullopt;
    }
    if (op == "div") {
      DType ft = isFloat(ct) ? ct : DType::f64;
      double scale = std::max(a->scale, b->scale);
      if (rangeHas(*b, 0) || b->nan)
        r = inexact(-kInf, kInf, true, scale, std::max(a->rtol, b->rtol));
      else {
        r = fromCorners({a->lo / b->lo, a->lo / b->hi, a->hi / b->lo, a->hi / b->hi}, *a, *b);
        r.exact = false;
      }
      out.dtype = ft;
      out.range = normalize(r, ft);
      return std::nullopt;
    }
    // pow
    if (ct == DType::bool_) { // NumPy computes in int8 (0 ** 0 is 1)
      out.dtype = DType::i8;
      out.range = normalize(boolRange(), DType::i8);
      return std::nullopt;
    }
    if (isInteger(ct)) {
      if (b->lo < 0)
        return fail("integer power with a possibly negative exponent");
      double base = a->maxAbs(), e = b->hi;
      double bound = e == 0 ? 1 : std::pow(base, e);
      r = *a;
      r.lo = -std::max(bound, 1.0);
      r.hi = std::max(bound, 1.0);
      out.dtype = ct;
      out.range = normalize(r, ct);
      return std::nullopt;
    }
    if (mayDivideBySignedZero(*a) && (b->lo < 0 || b->nan)) // ((-0) ** -1 is -inf)
      return fail("a negative power of a zero whose sign a sort or selection chose");
    double scale = std::max(a->scale, b->scale);
    double rtol = std::max(a->rtol, b->rtol);
    r = a->lo >= 0 && !a->nan && !b->nan ? inexact(0, kInf, false, scale, rtol)
                                         : inexact(-kInf, kInf, true, scale, rtol);
    out.dtype = ct;
    out.range = normalize(r, ct);
    return std::nullopt;
  }

  if (op == "clip") { // minimum(maximum(x, lo), hi)
    std::optional<DType> t = joinedDType(ops);
    std::optional<Shape> shape = joinedShape(ops);
    if (!t || !shape)
      return fail("clip operands do not broadcast");
    std::optional<Range> a = operandAs(ops[0], *t), lo = operandAs(ops[1], *t),
                         hi = operandAs(ops[2], *t);
    if (!a || !lo || !hi)
      return fail("operand conversion would round");
    Range r = fromCorners({std::min(std::max(a->lo, lo->lo), hi->lo),
                           std::min(std::max(a->hi, lo->hi), hi->hi)},
                          *a, unite(*lo, *hi));
    r.frac = std::max({a->frac, lo->frac, hi->frac});
    out.shape = *shape;
    out.dtype = *t;
    out.range = normalize(r, *t);
    return std::nullopt;
  }

  if (op == "hypot") {
    std::optional<DType> t = joinedDType(ops);
    std::optional<Shape> shape = joinedShape(ops);
    if (!t || !shape)
      return fail("hypot operands do not broadcast");
    // inf wins over NaN: which is which must not be a matter of rounding.
    if (mayBeNaNByRounding(ops[0].range) || mayBeNaNByRounding(ops[1].range))
      return fail("hypot of rounded values that may be NaN or infinite");
    // NumPy's first loop both operands cast to safely (e, f, d), not the
    // float of their promotion: hypot(int8, uint8) is float16, not float32.
    DType ft = promoteTypes(floatOf(ops[0].dtype), floatOf(ops[1].dtype));
    std::optional<Range> a = operandAs(ops[0], ft), b = operandAs(ops[1], ft);
    if (!a || !b)
      return fail("operand conversion would round");
    double m = std::hypot(a->maxAbs(), b->maxAbs());
    Range r = inexact(0, m, a->nan || b->nan, std::max({a->scale, b->scale, m}),
                      std::max(a->rtol, b->rtol));
    out.shape = *shape;
    out.dtype = ft;
    out.range = normalize(r, ft);
    return std::nullopt;
  }

  if (op == "logical_and" || op == "logical_or") {
    if (!joinedDType(ops))
      return fail("needs an array operand");
    std::optional<Shape> shape = joinedShape(ops);
    if (!shape)
      return fail("shapes do not broadcast");
    for (const Resolved &o : ops)
      if (!convertRange(o.range, o.dtype, DType::bool_))
        return fail("truth value of rounded values");
    out.shape = *shape;
    out.dtype = DType::bool_;
    out.range = boolRange();
    return std::nullopt;
  }

  // ---- elementwise unary --------------------------------------------------
  const Resolved &x = ops.empty() ? Resolved{} : ops[0];
  if (op == "neg" || op == "abs") {
    out.shape = x.shape;
    out.dtype = op == "abs" ? partType(x.dtype) : x.dtype; // (|z| is real)
    if (x.dtype == DType::bool_) {
      if (op == "neg")
        return fail("boolean negative");
      out.range = x.range;
      return std::nullopt;
    }
    Range r = x.range;
    if (op == "neg") {
      r.lo = -x.range.hi;
      r.hi = -x.range.lo;
    } else {
      r.lo = rangeHas(x.range, 0) ? 0 : std::min(std::fabs(x.range.lo), std::fabs(x.range.hi));
      r.hi = x.range.maxAbs();
    }
    out.range = normalize(r, out.dtype);
    return std::nullopt;
  }
  if (op == "real" || op == "imag") { // each part is at most the modulus
    if (!isComplex(x.dtype))
      return fail(op + " of real values (NumPy's np.real is the array itself, a view)");
    out.shape = x.shape;
    out.dtype = partType(x.dtype);
    out.range = normalize(x.range, out.dtype);
    return std::nullopt;
  }
  if (op == "invert") {
    if (isFloat(x.dtype))
      return fail("bitwise not of floats");
    out.shape = x.shape;
    out.dtype = x.dtype;
    Range r = x.range;
    if (x.dtype != DType::bool_) { // ~x is -x - 1
      r.lo = -x.range.hi - 1;
      r.hi = -x.range.lo - 1;
    }
    out.range = normalize(r, x.dtype);
    return std::nullopt;
  }
  if (op == "logical_not") {
    if (!convertRange(x.range, x.dtype, DType::bool_))
      return fail("truth value of rounded values");
    out.shape = x.shape;
    out.dtype = DType::bool_;
    out.range = boolRange();
    return std::nullopt;
  }
  if (op == "square") {
    if (x.dtype == DType::bool_) { // NumPy squares bools as int8
      out.shape = x.shape;
      out.dtype = DType::i8;
      out.range = normalize(x.range, DType::i8);
      return std::nullopt;
    }
    const Range &a = x.range;
    Range r = fromCorners({a.lo * a.lo, a.lo * a.hi, a.hi * a.hi}, a, a);
    if (!a.nan && rangeHas(a, 0))
      r.lo = 0;
    else if (!a.nan)
      r.lo = std::min(a.lo * a.lo, a.hi * a.hi);
    r.frac = 2 * a.frac;
    out.shape = x.shape;
    out.dtype = x.dtype;
    out.range = normalize(r, x.dtype);
    return std::nullopt;
  }
  if (op == "sign") {
    if (x.dtype == DType::bool_)
      return fail("sign of bool (NumPy raises)");
    if (!x.range.exact && (rangeHas(x.range, 0) || x.range.nan))
      return fail("sign of a rounded value near 0");
    Range r;
    r.lo = x.range.lo < 0 ? -1 : x.range.lo > 0 ? 1 : 0;
    r.hi = x.range.hi > 0 ? 1 : x.range.hi < 0 ? -1 : 0;
    r.nan = x.range.nan;
    out.shape = x.shape;
    out.dtype = x.dtype;
    out.range = normalize(r, x.dtype);
    return std::nullopt;
  }
  if (op == "isnan" || op == "isfinite") {
    if (mayBeNaNByRounding(x.range))
      return fail("NaN or infinity of a rounded value");
    out.shape = x.shape;
    out.dtype = DType::bool_;
    out.range = boolRange();
    return std::nullopt;
  }
  if (op == "deg2rad" || op == "rad2deg") { // one multiplication by a constant
    DType t = floatOf(x.dtype);
    std::optional<Range> in = convertRange(x.range, x.dtype, t);
    double c = op == "deg2rad" ? M_PI / 180 : 180 / M_PI;
    out.shape = x.shape;
    out.dtype = t;
    out.range = normalize(inexact(in->lo * c, in->hi * c, in->nan, in->scale * c, in->rtol), t);
    return std::nullopt;
  }
  if (op == "round") { // a * 10^d, rint, / 10^d: the same steps on both sides
    if (x.dtype == DType::bool_)
      return fail("round of bool (NumPy gives float16 or raises)");
    out.shape = x.shape;
    out.dtype = x.dtype;
    int64_t d = s.count;
    if (!isFloat(x.dtype) && d >= 0) { // a copy (NumpyPrinter spells it out)
      out.range = x.range;
      return std::nullopt;
    }
    // rint jumps at halves: only exact values, whose scaled value is then
    // the same IEEE operation on both sides.
    if (!x.range.exact)
      return fail("round of a rounded value");
    double unit = std::pow(10.0, double(d < 0 ? -d : 0));
    Range r = x.range;
    r.lo -= unit;
    r.hi += unit;
    if (!isFloat(x.dtype)) {
      // Integers go through float64: past 2^53 they round there, and a
      // result past the dtype's bounds does not convert back.
      if (x.range.maxAbs() > 9007199254740992.0 || r.lo < dtypeMin(x.dtype) ||
          r.hi > dtypeMax(x.dtype))
        return fail("round of integers near the limits of float64 or of their dtype");
      out.range = normalize(r, x.dtype);
      return std::nullopt;
    }
    if (d > 0) // a quotient by 10^d: the same bits on both sides, not an exact value
      r = inexact(r.lo, r.hi, r.nan, r.scale, r.rtol);
    else
      r.frac = 0;
    out.range = normalize(r, x.dtype);
    return std::nullopt;
  }
  if (transcendental.count(op) || rounding.count(op)) {
    if (rounding.count(op) && !x.range.exact)
      return fail(op + " of a rounded value");
    // cbrt, like sqrt, magnifies the rounding of values near 0 beyond any
    // relative tolerance (cbrt(1e-18) = 1e-6).
    if (op == "cbrt" && !x.range.exact && rangeHas(x.range, 0))
      return fail("cbrt of a rounded value near 0");
    DType t = floatOf(x.dtype);
    std::optional<Range> in = convertRange(x.range, x.dtype, t);
    out.shape = x.shape;
    out.dtype = t;
    double lo = in->lo, hi = in->hi, scale = in->scale, rtol = in->rtol;
    bool nan = in->nan;
    Range r;
    // The monotone functions map the bounds.
    auto monotone = [&](double (*f)(double)) {
      return inexact(f(lo), f(hi), nan, scale, rtol);
    };
    if (rounding.count(op)) {
      double (*f)(double) = op == "floor"   ? static_cast<double (*)(double)>(std::floor)
                            : op == "ceil"  ? static_cast<double (*)(double)>(std::ceil)
                            : op == "trunc" ? static_cast<double (*)(double)>(std::trunc)
                                            : static_cast<double (*)(double)>(std::nearbyint);
      r = *in;
      r.lo = f(lo);
      r.hi = f(hi);
      r.frac = 0;
    } else if (op == "exp") {
      r = inexact(std::exp(lo), std::exp(hi), nan, scale, rtol);
    } else if (op == "exp2" || op == "expm1" || op == "sinh" || op == "arcsinh" ||
               op == "arctan" || op == "cbrt") {
      r = monotone(op == "exp2"      ? static_cast<double (*)(double)>(std::exp2)
                   : op == "expm1"   ? static_cast<double (*)(double)>(std::expm1)
                   : op == "sinh"    ? static_cast<double (*)(double)>(std::sinh)
                   : op == "arcsinh" ? static_cast<double (*)(double)>(std::asinh)
                   : op == "arctan"  ? static_cast<double (*)(double)>(std::atan)
                                     : static_cast<double (*)(double)>(std::cbrt));
    } else if (op == "cosh") {
      double nearest = rangeHas(*in, 0) ? 0 : std::min(std::fabs(lo), std::fabs(hi));
      r = inexact(std::cosh(nearest), std::cosh(in->maxAbs()), nan, scale, rtol);
    } else if (op == "log1p") {
      r = inexact(lo <= -1 ? -kInf : std::log1p(lo), hi <= -1 ? -kInf : std::log1p(hi),
                  nan || lo < -1, scale, rtol);
      if (hi < -1)
        r = inexact(-kInf, kInf, true, scale, rtol);
    } else if (op == "log" || op == "log2" || op == "log10") {
      double (*f)(double) = op == "log"    ? static_cast<double (*)(double)>(std::log)
                            : op == "log2" ? static_cast<double (*)(double)>(std::log2)
                                           : static_cast<double (*)(double)>(std::log10);
      r = inexact(lo <= 0 ? -kInf : f(lo), hi <= 0 ? -kInf : f(hi), nan || lo < 0, scale, rtol);
      if (hi < 0)
        r = inexact(-kInf, kInf, true, scale, rtol);
    } else if (op == "sqrt") {
      r = inexact(std::sqrt(std::max(lo, 0.0)), std::sqrt(std::max(hi, 0.0)), nan || lo < 0, scale,
                  rtol);
    } else {
      bool infinite = !std::isfinite(lo) || !std::isfinite(hi);
      r = inexact(-1, 1, nan || (infinite && (op == "sin" || op == "cos")), scale, rtol);
    }
    out.range = normalize(r, t);
    return std::nullopt;
  }
  if (op == "astype") {
    std::optional<Range> r = convertRange(x.range, x.dtype, s.dtype);
    if (!r)
      return fail("cast would depend on rounding or be undefined");
    out.shape = x.shape;
    out.dtype = s.dtype;
    out.range = *r;
    return std::nullopt;
  }
  if (op == "where") {
    if (!convertRange(ops[0].range, ops[0].dtype, DType::bool_))
      return fail("condition is a rounded value");
    std::vector<Resolved> values = {ops[1], ops[2]};
    DType t;
    if (ops[1].scalar && ops[2].scalar) {
      bool anyFloat =
          ops[1].kind == ScalarValue::Kind::floating || ops[2].kind == ScalarValue::Kind::floating;
      bool allBool =
          ops[1].kind == ScalarValue::Kind::boolean && ops[2].kind == ScalarValue::Kind::boolean;
      t = anyFloat ? DType::f64 : allBool ? DType::bool_ : DType::i64;
    } else {
      t = *joinedDType(values);
    }
    std::optional<Shape> shape = joinedShape(ops);
    if (!shape)
      return fail("shapes do not broadcast");
    std::optional<Range> a = operandAs(ops[1], t), b = operandAs(ops[2], t);
    if (!a || !b)
      return fail("operand conversion would round");
    out.shape = *shape;
    out.dtype = t;
    out.range = normalize(unite(*a, *b), t);
    return std::nullopt;
  }

  // ---- reductions ---------------------------------------------------------
  if (reductions.count(op)) {
    int64_t count = 1;
    if (std::optional<std::string> bad = reduceShape(x.shape, s.ints, s.keepdims, out.shape, count))
      return fail(*bad);
    const Range &in = x.range;
    if (op == "argmax" || op == "argmin") {
      if (s.ints.size() > 1)
        return fail("argmax/argmin take one axis or none");
      if (count == 0)
        return fail("argmax/argmin of an empty sequence");
      // Which element is largest is a question of exact values (NaN too: a
      // rounded value may be NaN on one side only).
      if (!in.exact)
        return fail("argmax/argmin of rounded values");
      out.dtype = DType::i64;
      Range r = boolRange();
      r.hi = double(count - 1);
      out.range = normalize(r, DType::i64);
      return std::nullopt;
    }
    if (op == "ptp") { // max - min
      if (x.dtype == DType::bool_)
        return fail("boolean ptp (NumPy subtracts)");
      if (count == 0)
        return fail("zero-size ptp");
      Range r = fromCorners({0.0, in.hi - in.lo}, in, in);
      r.frac = in.frac;
      r.nan = r.nan || (isFloat(x.dtype) && !std::isfinite(in.hi - in.lo)); // inf - inf
      out.dtype = x.dtype;
      out.range = normalize(r, x.dtype);
      return std::nullopt;
    }
    // NumPy's nan-functions: the rules below, which already take a NaN
    // input to a result that may be NaN (an all-NaN slice gives 0, 1 or NaN).
    // Which elements they skip must not depend on rounding (as for isnan).
    std::string base = op.rfind("nan", 0) == 0 ? op.substr(3) : op;
    if (base != op && mayBeNaNByRounding(in))
      return fail("nan-function of rounded values that may be NaN");
    if (base == "max" || base == "min") {
      if (count == 0)
        return fail("zero-size max/min");
      out.dtype = x.dtype;
      out.range = in;
      return std::nullopt;
    }
    // NumPy's mean of float16 sums in float32 (legato's too), its nanmean,
    // var and std in float16: a float16 total past 65504 is infinite there.
    DType accumulator = op == "mean" && x.dtype == DType::f16 ? DType::f32 : x.dtype;
    if ((base == "sum" || base == "mean" || base == "prod") &&
        overflowsPartWay(base == "prod", in, accumulator, count))
      return fail("a float reduction that may overflow part way, to a result its order decides");
    if (x.dtype == DType::f16 && (op == "nanmean" || op == "var" || op == "std")) {
      double spread = in.hi - in.lo;
      if (!(in.maxAbs() * double(count) <= 65504) || !(spread * spread * double(count) <= 65504))
        return fail("a float16 nanmean, var or std whose float16 sums or squares may overflow "
                    "in NumPy");
    }
    if (op == "any" || op == "all" || op == "count_nonzero") {
      if (!convertRange(in, x.dtype, DType::bool_))
        return fail("truth value of rounded values");
      out.dtype = op == "count_nonzero" ? DType::i64 : DType::bool_;
      Range r = boolRange();
      if (op == "count_nonzero")
        r.hi = double(count);
      out.range = normalize(r, out.dtype);
      return std::nullopt;
    }
    if (op == "var" || op == "std") {
      // The mean's rule below, and deviations from it squared: the
      // tolerance scales with the squares (var) or the values (std).
      if (!isFloat(x.dtype) && in.maxAbs() * double(count) > 9007199254740992.0)
        return fail("variance of integers whose float64 sum may round");
      out.dtype = isFloat(x.dtype) ? x.dtype : DType::f64;
      double spread = in.hi - in.lo, kept = double(count - s.count);
      bool undefined = in.nan || kept <= 0 || !std::isfinite(spread);
      double variance = undefined ? kInf : spread * spread * double(count) / kept;
      double scale = op == "var" ? in.maxAbs() * in.maxAbs() * double(count)
                                 : in.maxAbs() * std::sqrt(double(count));
      Range r = inexact(0, op == "var" ? variance : std::sqrt(variance), undefined,
                        std::max(in.scale, scale), in.rtol);
      out.range = normalize(r, out.dtype);
      float16Accumulation(out.range, x.dtype, count);
      return std::nullopt;
    }
    if (base == "mean") {
      // Integers sum in float64 (NumPy pairwise, legato in blocks): past 2^53
      // the sums round differently, and where large terms cancel the two
      // means can differ even in sign (seed 647 after roll joined the
      // generator: x1 / mean(x0) was +inf here, -inf in NumPy).
      if (!isFloat(x.dtype) && !isComplex(x.dtype) &&
          in.maxAbs() * double(count) > 9007199254740992.0)
        return fail("mean of integers whose float64 sum may round");
      if (isComplex(x.dtype) && count == 0)
        return fail("complex mean of nothing (which parts are NaN is a convention)");
      out.dtype = isFloat(x.dtype) || isComplex(x.dtype) ? x.dtype : DType::f64;
      Range r = inexact(in.lo, in.hi, in.nan || count == 0, in.scale, in.rtol);
      if (count == 0)
        r = inexact(-kInf, kInf, true, in.scale, in.rtol);
      else
        r.scale = std::max(in.scale, in.maxAbs() * double(count));
      out.range = normalize(r, out.dtype);
      if (op == "nanmean") // (mean sums float16 in float32, nanmean in float16)
        float16Accumulation(out.range, x.dtype, count);
      return std::nullopt;
    }
    out.dtype = sumType(x.dtype);
    out.range = accumulated(base == "prod", in, x.dtype, count);
    float16Accumulation(out.range, x.dtype, count);
    return std::nullopt;
  }

  // ---- scans: the sums or products of the first 1, 2, ... count elements
  // along one axis (none: of the flattened array; a 0-d array is 1-D), each
  // within the range of the sum or product of all count.
  if (op == "cumsum" || op == "cumprod" || op == "nancumsum" || op == "nancumprod") {
    bool product = op == "cumprod" || op == "nancumprod", nan = op[0] == 'n';
    bool flat = s.ints.empty() || x.shape.empty();
    Shape shape = flat ? Shape{numElements(x.shape)} : x.shape;
    int64_t rank = int64_t(shape.size());
    if (s.ints.size() > 1)
      return fail("a scan takes one axis or none");
    if (!s.ints.empty() && (s.ints[0] < -rank || s.ints[0] >= rank))
      return fail("scan axis out of range");
    int64_t axis = s.ints.empty() ? 0 : s.ints[0] < 0 ? s.ints[0] + rank : s.ints[0];
    int64_t count = shape[size_t(axis)];
    if (nan && mayBeNaNByRounding(x.range))
      return fail("nan-function of rounded values that may be NaN");
    if (overflowsPartWay(product, x.range, x.dtype, count))
      return fail("a float scan that may overflow part way, to a result its order decides");
    out.shape = shape;
    out.dtype = sumType(x.dtype);
    out.range = accumulated(product, x.range, x.dtype, count);
    float16Accumulation(out.range, x.dtype, count);
    return std::nullopt;
  }

  // ---- sorting along one axis (none: the flattened array) -----------------
  if (op == "sort" || op == "argsort") {
    if (s.ints.size() > 1)
      return fail("a sort takes one axis or none");
    bool flat = s.ints.empty();
    Shape shape = flat ? Shape{numElements(x.shape)} : x.shape;
    int64_t rank = int64_t(shape.size());
    if (!flat && (s.ints[0] < -rank || s.ints[0] >= rank))
      return fail("sort axis out of range"); // (a 0-d array has none)
    out.shape = shape;
    if (mayBeNaNByRounding(x.range)) // (NaN on one side only moves to the end)
      return fail("sort of rounded values that may be NaN");
    if (op == "sort") { // the same values, reordered (-0 and 0 in either order)
      out.dtype = x.dtype;
      out.range = x.range;
      out.range.zeroSign = zeroOfEitherSign(x.range, x.dtype);
      return std::nullopt;
    }
    // The order is a question of exact values (a rounded value may move).
    if (!x.range.exact)
      return fail("argsort of rounded values");
    int64_t axis = flat ? 0 : s.ints[0] < 0 ? s.ints[0] + rank : s.ints[0];
    out.dtype = DType::i64;
    Range r = boolRange();
    r.hi = double(std::max<int64_t>(shape[size_t(axis)] - 1, 0));
    out.range = normalize(r, DType::i64);
    return std::nullopt;
  }

  // ---- order statistics: np.partition's kth element, np.median ------------
  // Both select elements as sort orders them: an order statistic of rounded
  // values is within their tolerance of the exact one (each value moves by
  // at most its tolerance, so the kth smallest does too), but a NaN that
  // only one side has (NaN sorts last) moves the others, as for sort.
  if (op == "partition") { // np.take(np.partition(a, k, axis), k, axis)
    if (s.ints.size() > 1)
      return fail("partition takes one axis or none");
    bool flat = s.ints.empty();
    Shape shape = flat ? Shape{numElements(x.shape)} : x.shape;
    int64_t rank = int64_t(shape.size());
    if (!flat && (s.ints[0] < -rank || s.ints[0] >= rank))
      return fail("partition axis out of range"); // (a 0-d array has none)
    int64_t axis = flat ? 0 : s.ints[0] < 0 ? s.ints[0] + rank : s.ints[0];
    int64_t n = shape[size_t(axis)];
    if (s.count < -n || s.count >= n) // (NumPy raises, and so does legato)
      return fail("partition's kth outside the axis");
    if (mayBeNaNByRounding(x.range))
      return fail("partition of rounded values that may be NaN");
    // One element of each line: exactly an element of the input (-0 or 0
    // where the line holds both: their order is the algorithm's choice).
    out.shape = shape;
    out.shape.erase(out.shape.begin() + axis);
    out.dtype = x.dtype;
    out.range = x.range;
    out.range.zeroSign = zeroOfEitherSign(x.range, x.dtype);
    return std::nullopt;
  }
  if (op == "median") {
    int64_t count = 1;
    if (std::optional<std::string> bad = reduceShape(x.shape, s.ints, s.keepdims, out.shape, count))
      return fail("median: " + *bad);
    if (mayBeNaNByRounding(x.range))
      return fail("median of rounded values that may be NaN");
    // NumPy's median is the mean of the middle element (odd count) or the
    // two middle ones, np.mean's: integers and bools in float64, floats in
    // their own type (float16 summed in float32, then rounded once).
    DType t = isFloat(x.dtype) ? x.dtype : DType::f64;
    out.dtype = t;
    std::optional<Range> in = convertRange(x.range, x.dtype, t);
    if (count == 0) { // the mean of an empty slice: NaN (with a warning)
      out.range = normalize(inexact(-kInf, kInf, true, in->scale, in->rtol), t);
      return std::nullopt;
    }
    Range r = *in;
    // The middle element, or the mean of the middle two: -0 or 0 where
    // the slice holds both (-0 + -0 is -0, -0 + 0 is 0).
    r.zeroSign = zeroOfEitherSign(x.range, x.dtype);
    if (count % 2 == 0) {
      // (a + b) / 2: exact where the sum is (a multiple of 2^-frac within
      // the mantissa: normalize's test with one more fraction bit), and a
      // float computation (rounded) otherwise. The sum may overflow (to an
      // infinity of the sign of both middle elements: float16's sums, in
      // float32, do not), and inf + -inf is NaN.
      r.frac = in->frac + 1;
      double limit = largestFinite(t == DType::f16 ? DType::f32 : t);
      if (2 * in->lo < -limit)
        r.lo = -kInf;
      if (2 * in->hi > limit)
        r.hi = kInf;
      if (!std::isfinite(in->lo) && !std::isfinite(in->hi) && in->lo < 0 && in->hi > 0)
        r.nan = true;
      if (r.lo == -kInf || r.hi == kInf)
        r.exact = false;
    }
    out.range = normalize(r, t);
    return std::nullopt;
  }

  // ---- np.fft -------------------------------------------------------------
  if (op == "fft" || op == "ifft" || op == "rfft" || op == "irfft" || op == "fft2" ||
      op == "ifft2" || op == "fftn" || op == "ifftn") {
    bool inverse = op[0] == 'i';
    bool oneAxis = op == "fft" || op == "ifft" || op == "rfft" || op == "irfft";
    int64_t rank = int64_t(x.shape.size());
    std::vector<int64_t> axes = s.ints;
    if (oneAxis && (axes.size() != 1 || s.lengths.size() > 1))
      return fail(op + " takes one axis and one n or none");
    if ((op == "fft2" || op == "ifft2") && axes.empty())
      axes = {-2, -1};
    if ((op == "fft2" || op == "ifft2") && axes.size() != 2)
      return fail(op + " takes two axes");
    if (axes.empty()) // fftn: the last len(s) axes, or every axis
      for (int64_t d = s.lengths.empty() ? 0 : rank - int64_t(s.lengths.size()); d < rank; ++d)
        axes.push_back(d);
    if (axes.empty())
      return fail("a transform over no axis (NumPy 1.x returns its input, not cast)");
    if (!s.lengths.empty() && s.lengths.size() != axes.size())
      return fail("one length per axis");
    if (op == "rfft" && isComplex(x.dtype))
      return fail("rfft of complex values (NumPy 2 raises, 1.x drops the imaginary part)");
    // Where a NaN or an infinity spreads in a transform depends on its
    // algorithm (seed 64090004487: rfft of [nan, 0, 0, 0] has an imaginary
    // part 0 at frequency 0 in NumPy's pocketfft, NaN in legato's).
    if (nanInputs_ || x.range.nan || !std::isfinite(x.range.maxAbs()))
      return fail("a transform of values that may be NaN or infinite");
    out.shape = x.shape;
    std::vector<bool> seen(size_t(rank), false);
    double bound = x.range.maxAbs();
    for (size_t i = 0; i < axes.size(); ++i) {
      if (axes[i] < -rank || axes[i] >= rank)
        return fail("transform axis out of range");
      size_t d = size_t(axes[i] < 0 ? axes[i] + rank : axes[i]);
      if (seen[d])
        return fail("a repeated transform axis (NumPy 1.x transforms it twice)");
      seen[d] = true;
      int64_t m = x.shape[d];
      int64_t n = !s.lengths.empty() ? s.lengths[i] : op == "irfft" ? 2 * (m - 1) : m;
      if (n < 1)
        return fail("a transform of fewer than one point (NumPy raises)");
      // Each output sums min(n, m) inputs (irfft: the n terms of the whole
      // Hermitian spectrum), times the norm's factor: 1/sqrt(n) for ortho,
      // 1/n for the forward transforms' "forward" and the inverses' "backward".
      double terms = double(op == "irfft" ? n : std::min(n, m));
      double factor = s.norm == legato::fft::Norm::ortho ? 1 / std::sqrt(double(n))
                      : (s.norm == legato::fft::Norm::forward) != inverse ? 1 / double(n)
                                                                          : 1.0;
      bound *= terms * factor;
      out.shape[d] = op == "rfft" ? n / 2 + 1 : n;
    }
    out.dtype = transformDType(op, x.dtype);
    if (!(bound * 4 <= largestFinite(partType(out.dtype))))
      return fail("a transform that may overflow");
    // The error grows like eps * log2(n) * sum |x|, within the bound.
    out.range = normalize(inexact(-bound, bound, false, std::max(x.range.scale, bound),
                                  x.range.rtol),
                          out.dtype);
    out.range.zeroSign = true; // (an output that cancels may be 0 or tiny)
    return std::nullopt;
  }

  // ---- indexing with integer arrays ---------------------------------------
  // ---- writing through integer arrays (into a copy) --------------------
  if (op == "put" || op == "add_at") {
    const Resolved &a = ops[0], &indices = ops[1], &values = ops[2];
    if (isFloat(indices.dtype))
      return fail(op + " with float indices");
    if (op == "put" && indices.dtype == DType::u64) // (add.at indexes: any integer)
      return fail("put with uint64 indices (NumPy casts indices to int64 safely only)");
    if (isFloat(values.dtype) && !isFloat(a.dtype))
      return fail(op + " of float values into integers");
    std::optional<Range> converted = convertRange(values.range, values.dtype, a.dtype);
    if (!converted)
      return fail(op + " needs a rounding-dependent conversion");
    int64_t count = numElements(indices.shape);
    out.shape = a.shape;
    out.dtype = a.dtype;
    if (op == "put") {
      if (numElements(a.shape) == 0 && count != 0 && numElements(values.shape) != 0)
        return fail("put into an empty array");
      if (s.count == 0 && indices.range.maxAbs() > 1e4 * double(numElements(a.shape)))
        return fail("put, mode wrap, of indices far out of range (slow in NumPy)");
      out.range = numElements(values.shape) ? unite(a.range, *converted) : a.range;
      return std::nullopt;
    }
    if (a.shape.empty())
      return fail("add_at into a 0-d array");
    if (indices.dtype == DType::bool_)
      return fail("add_at with a mask (its selection's length is data)");
    double n = double(a.shape[0]);
    if (count != 0 && (indices.range.lo < -n || indices.range.hi >= n))
      return fail("add_at with indices that may be out of range");
    if (a.dtype == DType::bool_ && values.dtype != DType::bool_)
      return fail("add_at of numbers into bools");
    // NumPy's add.at adds in the promoted type and casts each sum back;
    // legato casts the values first: the same where the values fit the
    // array's dtype and the sums stay exact in the promoted type (uint64
    // with int64 adds in float64).
    if (promoteTypes(a.dtype, values.dtype) != a.dtype && isInteger(a.dtype) &&
        (values.range.lo < dtypeMin(a.dtype) || values.range.hi > dtypeMax(a.dtype) ||
         std::fabs(a.range.lo) > 0x1p52 || std::fabs(a.range.hi) > 0x1p52))
      return fail("add_at of values the array's dtype cannot hold");
    Shape target = indices.shape;
    target.insert(target.end(), a.shape.begin() + 1, a.shape.end());
    std::optional<Shape> b = broadcastShapes(values.shape, target);
    if (!b || *b != target)
      return fail("add_at values do not broadcast to the indexed shape");
    if (a.dtype == DType::bool_) {
      out.range = unite(a.range, boolRange());
      return std::nullopt;
    }
    // Each element adds at most `count` values, in NumPy's order on both
    // sides (legato's CPU scatter is that loop).
    Range added = accumulated(false, *converted, a.dtype, count);
    Range r = a.range;
    r.lo += std::min(0.0, added.lo);
    r.hi += std::max(0.0, added.hi);
    r.nan = r.nan || added.nan;
    r.exact = r.exact && added.exact;
    r.frac = std::max(r.frac, added.frac);
    r.scale = std::max({r.scale, added.scale, std::fabs(r.lo), std::fabs(r.hi)});
    r.rtol = std::max(r.rtol, added.rtol);
    if (isInteger(a.dtype) && (r.lo < dtypeMin(a.dtype) || r.hi > dtypeMax(a.dtype)))
      return fail("add_at may overflow");
    out.range = normalize(r, a.dtype);
    return std::nullopt;
  }

  if (op == "take") {
    const Resolved &a = ops[0], &indices = ops[1];
    if (isFloat(indices.dtype))
      return fail("take with float indices");
    if (indices.dtype == DType::u64) // (NumPy: "Cannot cast ... according to the rule 'safe'")
      return fail("take with uint64 indices (NumPy casts indices to int64 safely only)");
    Shape from = s.ints.empty() ? Shape{numElements(a.shape)} : a.shape;
    int64_t rank = int64_t(from.size()), axis = s.ints.empty() ? 0 : s.ints[0];
    if (s.ints.size() > 1 || axis < -rank || axis >= rank)
      return fail("take takes one axis in range, or none");
    axis += axis < 0 ? rank : 0;
    if (from[size_t(axis)] == 0 && numElements(indices.shape) != 0)
      return fail("take from an empty axis");
    // NumPy's mode wrap steps an index into range one extent at a time.
    if (s.count == 0 && indices.range.maxAbs() > 1e4 * double(from[size_t(axis)]))
      return fail("take, mode wrap, of indices far out of range (slow in NumPy)");
    out.shape.assign(from.begin(), from.begin() + axis);
    out.shape.insert(out.shape.end(), indices.shape.begin(), indices.shape.end());
    out.shape.insert(out.shape.end(), from.begin() + axis + 1, from.end());
    out.dtype = a.dtype;
    out.range = a.range;
    return std::nullopt;
  }

  // ---- linear algebra -----------------------------------------------------
  if (op == "matmul" || op == "dot" || op == "outer" || op == "kron") {
    const Resolved &a = ops[0], &b = ops[1];
    DType t = promoteTypes(a.dtype, b.dtype);
    std::optional<Range> ra = convertRange(a.range, a.dtype, t),
                         rb = convertRange(b.range, b.dtype, t);
    if (!ra || !rb)
      return fail("operand conversion would round");
    int64_t k = 1;
    if (op == "outer") {
      out.shape = {numElements(a.shape), numElements(b.shape)};
    } else if (op == "kron") { // a[i] * b[k] at i * len(b) + k along every axis
      size_t rank = std::max(a.shape.size(), b.shape.size());
      Shape sa = a.shape, sb = b.shape;
      sa.insert(sa.begin(), rank - sa.size(), 1);
      sb.insert(sb.begin(), rank - sb.size(), 1);
      for (size_t d = 0; d < rank; ++d)
        out.shape.push_back(sa[d] * sb[d]);
    } else if (op == "dot" && (a.shape.empty() || b.shape.empty())) {
      std::optional<Shape> shape = broadcastShapes(a.shape, b.shape);
      out.shape = *shape;
    } else {
      if (a.shape.empty() || b.shape.empty() || a.shape.size() > 2 || b.shape.size() > 2)
        return fail("matmul needs 1-D or 2-D operands");
      k = a.shape.back();
      if (k != b.shape[0])
        return fail("inner dimensions differ");
      if (a.shape.size() == 2)
        out.shape.push_back(a.shape[0]);
      if (b.shape.size() == 2)
        out.shape.push_back(b.shape[1]);
    }
    out.dtype = t;
    if (t == DType::bool_) {
      out.range = boolRange();
      return std::nullopt;
    }
    double m = ra->maxAbs() * rb->maxAbs() * double(std::max<int64_t>(k, 1));
    Range r = fromCorners({-m, m}, *ra, *rb);
    if (std::isnan(m))
      r = inexact(-kInf, kInf, true, r.scale, r.rtol);
    r.frac = ra->frac + rb->frac;
    out.range = normalize(r, t);
    return std::nullopt;
  }
  if (op == "transpose" || op == "T") {
    int64_t rank = int64_t(x.shape.size());
    std::vector<int64_t> perm = s.ints;
    if (op == "T" || perm.empty()) {
      perm.clear();
      for (int64_t d = rank - 1; d >= 0; --d)
        perm.push_back(d);
    }
    if (int64_t(perm.size()) != rank)
      return fail("permutation length differs from the rank");
    std::vector<bool> seen(size_t(rank), false);
    for (int64_t p : perm) {
      if (p < -rank || p >= rank)
        return fail("permutation entry out of range");
      int64_t d = p < 0 ? p + rank : p;
      if (seen[size_t(d)])
        return fail("repeated permutation entry");
      seen[size_t(d)] = true;
      out.shape.push_back(x.shape[size_t(d)]);
    }
    out.dtype = x.dtype;
    out.range = x.range;
    return std::nullopt;
  }

  // ---- shape --------------------------------------------------------------
  if (op == "reshape") {
    int64_t known = 1, unknown = -1;
    Shape shape = s.ints;
    for (size_t i = 0; i < shape.size(); ++i) {
      if (shape[i] == -1) {
        if (unknown >= 0)
          return fail("two -1 dimensions");
        unknown = int64_t(i);
      } else if (shape[i] < 0) {
        return fail("negative dimension");
      } else {
        known *= shape[i];
      }
    }
    int64_t total = numElements(x.shape);
    if (unknown >= 0) {
      if (known == 0 || total % known)
        return fail("-1 cannot be inferred");
      shape[size_t(unknown)] = total / known;
    }
    if (numElements(shape) != total)
      return fail("reshape size mismatch");
    out.shape = shape;
    out.dtype = x.dtype;
    out.range = x.range;
    return std::nullopt;
  }
  if (op == "broadcast_to") {
    std::optional<Shape> b = broadcastShapes(x.shape, s.ints);
    if (!b || *b != s.ints)
      return fail("cannot broadcast to the shape");
    out.shape = s.ints;
    out.dtype = x.dtype;
    out.range = x.range;
    return std::nullopt;
  }
  if (op == "concatenate") {
    int64_t rank = int64_t(x.shape.size());
    if (rank == 0)
      return fail("concatenate of 0-d arrays");
    int64_t axis = s.count;
    if (axis < -rank || axis >= rank)
      return fail("axis out of range");
    int64_t dim = axis < 0 ? axis + rank : axis;
    out.shape = x.shape;
    out.shape[size_t(dim)] = 0;
    DType t = x.dtype;
    for (const Resolved &o : ops) {
      if (int64_t(o.shape.size()) != rank)
        return fail("ranks differ");
      for (int64_t d = 0; d < rank; ++d)
        if (d != dim && o.shape[size_t(d)] != x.shape[size_t(d)])
          return fail("shapes differ outside the axis");
      out.shape[size_t(dim)] += o.shape[size_t(dim)];
      t = promoteTypes(t, o.dtype);
    }
    Range r;
    bool first = true;
    for (const Resolved &o : ops) {
      std::optional<Range> c = convertRange(o.range, o.dtype, t);
      if (!c)
        return fail("operand conversion would round");
      r = first ? *c : unite(r, *c);
      first = false;
    }
    out.dtype = t;
    out.range = r;
    return std::nullopt;
  }
  if (op == "pad") {
    size_t rank = x.shape.size();
    if (rank == 0)
      return fail("pad of a 0-d array");
    size_t pairs = s.ints.size() / 2;
    if (s.ints.size() % 2 || (pairs != rank && pairs != 1))
      return fail("one (before, after) pair per axis, or one for all");
    for (size_t d = 0; d < rank; ++d) {
      size_t p = pairs == 1 ? 0 : d;
      int64_t lo = s.ints[2 * p], hi = s.ints[2 * p + 1];
      if (lo < 0 || hi < 0)
        return fail("negative pad width");
      out.shape.push_back(x.shape[d] + lo + hi);
    }
    out.dtype = x.dtype;
    std::optional<Range> v = convertRange(scalarRange(s.value), DType::f64, x.dtype);
    if (!v)
      return fail("pad value conversion would round");
    out.range = normalize(unite(x.range, *v), x.dtype);
    return std::nullopt;
  }
  if (op == "roll") {
    int64_t rank = int64_t(x.shape.size());
    if (s.ints.empty() ? s.shifts.size() != 1 : s.shifts.size() != s.ints.size())
      return fail("one shift per axis, or one shift and no axis");
    for (int64_t a : s.ints)
      if (a < -rank || a >= rank)
        return fail("roll axis out of range");
    out.shape = x.shape;
    out.dtype = x.dtype;
    out.range = x.range;
    return std::nullopt;
  }
  if (op == "diff") { // a[1:] - a[:-1] along the axis, n times (bools: !=)
    int64_t rank = int64_t(x.shape.size());
    if (rank == 0 || s.ints.size() != 1)
      return fail("diff takes one axis of an array of at least one dimension");
    if (s.ints[0] < -rank || s.ints[0] >= rank)
      return fail("diff axis out of range");
    if (s.count < 0)
      return fail("negative diff order");
    size_t d = size_t(s.ints[0] < 0 ? s.ints[0] + rank : s.ints[0]);
    out.shape = x.shape;
    out.dtype = x.dtype;
    out.range = x.range;
    if (s.count == 0) // NumPy's and legato's diff of order 0 is a itself
      out.storage = find(s.args[0].var)->storage;
    for (int64_t k = 0; k < s.count && out.shape[d] > 0; ++k) {
      --out.shape[d];
      if (x.dtype == DType::bool_)
        continue;
      Range &r = out.range;
      Range next = fromCorners({r.lo - r.hi, r.hi - r.lo}, r, r);
      next.frac = r.frac;
      next.nan = next.nan || (isFloat(x.dtype) && !(std::isfinite(r.lo) && std::isfinite(r.hi)));
      r = normalize(next, x.dtype);
    }
    return std::nullopt;
  }
  if (op == "tile") {
    for (int64_t r : s.ints)
      if (r < 0)
        return fail("negative tile count");
    Shape shape = x.shape;
    std::vector<int64_t> reps = s.ints;
    size_t rank = std::max(shape.size(), reps.size());
    shape.insert(shape.begin(), rank - shape.size(), 1);
    reps.insert(reps.begin(), rank - reps.size(), 1);
    for (size_t i = 0; i < rank; ++i)
      out.shape.push_back(shape[i] * reps[i]);
    out.dtype = x.dtype;
    out.range = x.range;
    return std::nullopt;
  }
  if (op == "repeat") {
    int64_t rank = int64_t(x.shape.size());
    if (s.ints.size() > 1 || s.count < 0)
      return fail("repeat takes one axis or none, and a count >= 0");
    if (s.ints.empty()) {
      out.shape = {numElements(x.shape) * s.count};
    } else {
      if (s.ints[0] < -rank || s.ints[0] >= rank)
        return fail("repeat axis out of range");
      out.shape = x.shape;
      out.shape[size_t(s.ints[0] < 0 ? s.ints[0] + rank : s.ints[0])] *= s.count;
    }
    out.dtype = x.dtype;
    out.range = x.range;
    return std::nullopt;
  }
  if (op == "tril" || op == "triu") { // zeros off one side of diagonal n
    if (x.shape.empty())
      return fail("tril/triu of a 0-d array");
    out.shape = x.shape;
    if (x.shape.size() == 1) // NumPy: a row broadcast to a square
      out.shape = {x.shape[0], x.shape[0]};
    out.dtype = x.dtype;
    Range r = x.range;
    r.lo = std::min(r.lo, 0.0);
    r.hi = std::max(r.hi, 0.0);
    out.range = normalize(r, x.dtype);
    return std::nullopt;
  }
  if (op == "flip") {
    int64_t rank = int64_t(x.shape.size());
    if (rank == 0)
      return fail("flip of a 0-d array (NumPy's is a scalar, not a view)");
    if (s.ints.size() > 1)
      return fail("flip takes one axis or none");
    for (int64_t a : s.ints)
      if (a < -rank || a >= rank)
        return fail("flip axis out of range");
    out.shape = x.shape;
    out.dtype = x.dtype;
    out.range = x.range;
    out.storage = find(s.args[0].var)->storage; // a view, in NumPy and in legato
    return std::nullopt;
  }
  if (op == "getitem") {
    std::optional<Shape> shape = indexedShape(x.shape, s.index);
    if (!shape)
      return fail("bad index");
    out.shape = *shape;
    out.dtype = x.dtype;
    out.range = x.range;
    // A view shares its base's storage; NumPy's all-integer index is a copy.
    if (!selectsScalar(x.shape, s.index))
      out.storage = find(s.args[0].var)->storage;
    return std::nullopt;
  }
  if (op == "copy" || op == "alias") {
    out = *find(s.args[0].var);
    if (op == "copy")
      out.storage = -1;
    return std::nullopt;
  }

  // ---- creation -----------------------------------------------------------
  out.dtype = s.dtype;
  if (op == "zeros" || op == "ones" || op == "full" || op == "random") {
    out.shape = s.ints;
    for (int64_t d : s.ints)
      if (d < 0)
        return fail("negative dimension");
    if (op == "random") {
      Range r;
      // legato::random draws integers in [0, 2^31) (int8 and int16 then
      // keep low bits) and float16 as float64 (its result is float64: a
      // bug, reported with issue 53); neither has a definition to check.
      if (isInteger(s.dtype) && dtypeMax(s.dtype) < 2147483647.0)
        return fail("random integers are in [0, 2^31): only types that hold them");
      if (s.dtype == DType::f16)
        return fail("random of float16 (legato's gives float64; no definition yet)");
      if (isFloat(s.dtype)) {
        r.lo = 0;
        r.hi = 1;
        r.frac = s.dtype == DType::f32 ? 24 : 53;
      } else {
        r.lo = 0;
        r.hi = s.dtype == DType::bool_ ? 1 : 2147483647.0;
      }
      out.range = normalize(r, s.dtype);
      return std::nullopt;
    }
    double value = op == "zeros" ? 0 : op == "ones" ? 1 : s.value;
    std::optional<Range> r = convertRange(scalarRange(value), DType::f64, s.dtype);
    if (!r)
      return fail("fill value conversion would round");
    out.range = *r;
    return std::nullopt;
  }
  if (op == "arange_stop") {
    if (s.dtype == DType::bool_)
      return fail("arange of bool");
    out.shape = {std::max<int64_t>(s.count, 0)};
    out.range = normalize(scalarRange(0), s.dtype);
    out.range.hi = std::max<double>(0, double(s.count - 1));
    out.range = normalize(out.range, s.dtype);
    return std::nullopt;
  }
  if (op == "arange" || op == "linspace") {
    if (s.dtype == DType::bool_)
      return fail(op + " of bool");
    double start = s.value, stop = s.value2;
    int64_t n;
    double step;
    if (op == "arange") {
      step = s.value3;
      if (step == 0)
        return fail("zero step");
      n = std::max<int64_t>(0, int64_t(std::ceil((stop - start) / step)));
      if (isInteger(s.dtype) && (start != std::floor(start) || step != std::floor(step)))
        return fail("integer arange needs integer start and step");
    } else {
      n = s.count;
      if (n < 0)
        return fail("negative num");
      step = n > 1 ? (stop - start) / double(n - 1) : 0;
    }
    out.shape = {n};
    Range r = unite(unite(scalarRange(start), scalarRange(stop)), scalarRange(step));
    r.lo = n ? std::min(start, start + step * double(n - 1)) : 0;
    r.hi = n ? std::max(start, start + step * double(n - 1)) : 0;
    r.lo = std::min(r.lo, start);
    r.hi = std::max(r.hi, start);
    if (!r.exact || (isInteger(s.dtype) && r.frac > 0 && op == "linspace"))
      return fail("samples are not exact");
    std::optional<Range> c = convertRange(normalize(r, DType::f64), DType::f64, s.dtype);
    if (!c)
      return fail("samples do not convert exactly");
    out.range = *c;
    return std::nullopt;
  }
  if (op == "eye") {
    if (s.count < 0)
      return fail("negative size");
    out.shape = {s.count, s.count};
    out.range = boolRange();
    return std::nullopt;
  }
  return fail("unhandled op " + op);
}

} // namespace legato_fuzz
