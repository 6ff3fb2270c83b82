//===- NumpyPrinter.cpp - A fuzzer program as a NumPy program --------------===//
//
// The printed program is the reference: plain NumPy with NumPy 2 semantics.
// Three things keep it faithful to what legato promises:
//   * ufuncs return NumPy scalars for 0-d results; np.asarray turns them back
//     into 0-d arrays (an Array is never a scalar);
//   * reshape/transpose/broadcast_to results are copied: in legato only basic
//     indexing makes views;
//   * np.where gets its scalar branch already in the NEP 50 dtype, because
//     NumPy 1.x's np.where ignores the weak-promotion state.
//
//===----------------------------------------------------------------------===//
#include "NumpyPrinter.h"

#include "Analysis.h"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace legato_fuzz {

using legato::DType;

const std::string &numpyPrelude() {
  static const std::string prelude = R"PY(import math
import numpy as np

if int(np.__version__.split(".")[0]) < 2:
    np._set_promotion_state("weak")  # NumPy 2's promotion (NEP 50): weak Python scalars


def erf(x):
    """np has no erf: math.erf elementwise, in the dtype np.exp gives."""
    x = np.asarray(x)
    out = np.vectorize(math.erf, otypes=[np.float64])(x.astype(np.float64))
    return out.astype(np.exp(np.zeros(1, x.dtype)).dtype)


def as_float(x):
    """Integers and bools in the float type NumPy computes their float
    functions in (np.exp's: float16 for bool and 8-bit integers, float32
    for 16-bit, float64 beyond)."""
    x = np.asarray(x)
    return x.astype(np.exp(np.zeros(0, x.dtype)).dtype) if x.dtype.kind in "biu" else x


def floor(x):
    """np.floor as legato and Debian's NumPy 1.24 define it: integers and
    bools floor to floats (as_float). NumPy 2.5 (on the GPU machine) keeps
    integer dtypes, which would make the oracle depend on its version."""
    return np.floor(as_float(x))


def clip(x, lo, hi):
    """np.clip. NumPy 1.x's weak-promotion mode types np.clip(int32 array,
    bool array, 1) as int64 (NumPy 2: int32); there, NEP 50's type (the
    arrays' type, then the Python scalars against it) and the composition
    that NumPy documents clip as."""
    if int(np.__version__.split(".")[0]) >= 2:
        return np.clip(x, lo, hi)
    operands = (x, lo, hi)
    t = np.result_type(*[v for v in operands if isinstance(v, np.ndarray)])
    for v in operands:
        if not isinstance(v, np.ndarray):
            t = np.result_type(t, v)
    x, lo, hi = (v.astype(t) if isinstance(v, np.ndarray) else v for v in operands)
    return np.minimum(np.maximum(x, lo), hi)


def rounded(fn, x):
    """np.ceil, np.trunc, np.rint as floor above: integers as floats."""
    return fn(as_float(x))


def put(a, i, v, mode):
    r = np.array(a, copy=True)
    np.put(r, i, v, mode=mode)
    return r


def add_at(a, i, v):
    r = np.array(a, copy=True)
    np.add.at(r, i, v)
    return r


def dot(a, b):
    """np.dot as NumPy documents it: np.multiply when an operand is 0-D, and
    for 1-D and 2-D operands (the only others generated) the matrix product,
    np.matmul. np.dot itself does not multiply a zero of its BLAS paths (a
    zero scalar times inf, or a (4, 1) array with a NaN times [[False]],
    gives 0, not NaN), so the documented operations are the oracle."""
    if np.ndim(a) == 0 or np.ndim(b) == 0:
        return np.multiply(a, b)
    return np.matmul(a, b)


def legato_random(shape, dtype, seed):
    """legato::random: splitmix64 of seed * golden + i; floats in [0, 1)."""
    golden = 0x9E3779B97F4A7C15
    n = int(np.prod(shape, dtype=np.int64))
    with np.errstate(over="ignore"):
        z = np.uint64(seed * golden % 2**64) + np.arange(n, dtype=np.uint64) + np.uint64(golden)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z ^= z >> np.uint64(31)
    if dtype == np.float32:
        u = ((z >> np.uint64(40)).astype(np.float64) * 2.0**-24).astype(np.float32)
    else:
        u = (z >> np.uint64(11)).astype(np.float64) * 2.0**-53
    u = u.reshape(shape)
    if dtype == np.bool_:
        return u < 0.5
    if np.dtype(dtype).kind in "iu":  # [0, 2^31): types that hold it
        return (u * 2147483648.0).astype(dtype)
    return u
)PY";
  return prelude;
}

namespace {

std::string npDType(DType t) {
  return t == DType::bool_ ? "np.bool_" : "np." + dtypeName(t);
}

std::string pyFloat(double v) {
  if (std::isnan(v))
    return "np.nan";
  if (std::isinf(v))
    return v > 0 ? "np.inf" : "-np.inf";
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  std::string s = buffer;
  if (s.find_first_of(".en") == std::string::npos)
    s += ".0";
  return s;
}

std::string pyScalar(const ScalarValue &s) {
  switch (s.kind) {
  case ScalarValue::Kind::boolean:
    return s.i ? "True" : "False";
  case ScalarValue::Kind::integer:
    return s.integerText();
  case ScalarValue::Kind::floating:
    return pyFloat(s.f);
  }
  return "?";
}

std::string pyTuple(const std::vector<int64_t> &values) {
  std::string s = "(";
  for (size_t i = 0; i < values.size(); ++i)
    s += (i ? ", " : "") + std::to_string(values[i]);
  return s + (values.size() == 1 ? ",)" : ")");
}

std::string pyIndex(const IndexSpec &index) {
  if (index.empty())
    return "()";
  std::string s;
  for (size_t i = 0; i < index.size(); ++i) {
    const IndexEntry &e = index[i];
    if (i)
      s += ", ";
    if (e.isInteger) {
      s += std::to_string(e.integer);
      continue;
    }
    if (e.start)
      s += std::to_string(*e.start);
    s += ":";
    if (e.stop)
      s += std::to_string(*e.stop);
    if (e.step != 1)
      s += ":" + std::to_string(e.step);
  }
  return s;
}

class Printer {
public:
  explicit Printer(const Program &p) : p_(p), analysis_(p) {}

  std::string body() {
    for (size_t i = 0; i < p_.inputs.size(); ++i)
      input(int(i), p_.inputs[i]);
    for (const Statement &s : p_.statements) {
      std::string line = statement(s);
      os_ << line << "\n";
      analysis_.apply(s); // keeps shapes and dtypes current for the next line
    }
    return os_.str();
  }

private:
  void input(int var, const Input &in) {
    os_ << p_.name(var) << " = np.array([";
    for (size_t k = 0; k < in.values.size(); ++k) {
      double v = in.values[k];
      os_ << (k ? ", " : "");
      if (in.dtype == DType::bool_)
        os_ << (v != 0 ? "True" : "False");
      else if (isUnsigned(in.dtype))
        os_ << uint64_t(v);
      else if (isInteger(in.dtype))
        os_ << int64_t(v);
      else
        os_ << pyFloat(v);
    }
    os_ << "], dtype=" << npDType(in.dtype) << ").reshape(" << pyTuple(in.shape) << ")\n";
  }

  std::string operand(const Operand &o) {
    if (!o.isScalar())
      return p_.name(o.var);
    std::string s = pyScalar(o.scalar);
    return s[0] == '-' ? "(" + s + ")" : s;
  }

  const VarInfo *info(const Operand &o) { return o.isScalar() ? nullptr : analysis_.find(o.var); }

  /// A where branch: scalars become NumPy scalars of the NEP 50 dtype.
  std::string branch(const Operand &o, const Operand &other) {
    if (!o.isScalar() || other.isScalar())
      return operand(o);
    const VarInfo *v = info(other);
    if (!v)
      return operand(o);
    DType t = promoteWithScalar(v->dtype, o.scalar.kind);
    return npDType(t) + "(" + pyScalar(o.scalar) + ")";
  }

  std::string expression(const Statement &s) {
    const std::string &op = s.op;
    auto arg = [&](size_t i) { return operand(s.args.at(i)); };
    static const std::vector<std::pair<std::string, std::string>> infix = {
        {"add", "+"}, {"sub", "-"}, {"mul", "*"}, {"div", "/"}, {"lt", "<"},
        {"le", "<="}, {"gt", ">"},  {"ge", ">="}, {"eq", "=="}, {"ne", "!="},
        {"mod", "%"}, {"floor_divide", "//"}, {"bitwise_and", "&"}, {"bitwise_or", "|"},
        {"bitwise_xor", "^"}, {"left_shift", "<<"}, {"right_shift", ">>"}};
    for (const auto &[name, symbol] : infix)
      if (op == name)
        return arg(0) + " " + symbol + " " + arg(1);
    // np.power, not **: ndarray.__pow__ short-cuts 0-d exponents such as 1.0
    // to np.positive and so skips type promotion on NumPy 1.x.
    if (op == "pow" || op == "maximum" || op == "minimum" || op == "logical_and" ||
        op == "logical_or" || op == "fmax" || op == "fmin" || op == "hypot")
      return std::string(op == "pow" ? "np.power" : "np." + op) + "(" + arg(0) + ", " + arg(1) +
             ")";
    if (op == "neg")
      return "-" + arg(0);
    if (op == "invert")
      return "~" + arg(0);
    if (op == "abs" || op == "exp" || op == "log" || op == "sqrt" || op == "sin" || op == "cos" ||
        op == "tanh" || op == "logical_not")
      return "np." + op + "(" + arg(0) + ")";
    if (op == "erf" || op == "floor")
      return op + "(" + arg(0) + ")";
    if (op == "ceil" || op == "trunc" || op == "rint")
      return "rounded(np." + op + ", " + arg(0) + ")";
    if (op == "arctan" || op == "sinh" || op == "cosh" || op == "arcsinh" || op == "exp2" ||
        op == "expm1" || op == "log2" || op == "log10" || op == "log1p" || op == "cbrt" ||
        op == "square" || op == "sign" || op == "isnan" || op == "isfinite" || op == "deg2rad" ||
        op == "rad2deg")
      return "np." + op + "(" + arg(0) + ")";
    if (op == "clip")
      return "clip(" + arg(0) + ", " + arg(1) + ", " + arg(2) + ")";
    if (op == "any" || op == "all" || op == "count_nonzero")
      return "np." + op + "(" + arg(0) + ", axis=" + (s.ints.empty() ? "None" : pyTuple(s.ints)) +
             ", keepdims=" + (s.keepdims ? "True" : "False") + ")";
    if (op == "var" || op == "std")
      return "np." + op + "(" + arg(0) + ", axis=" + (s.ints.empty() ? "None" : pyTuple(s.ints)) +
             ", keepdims=" + (s.keepdims ? "True" : "False") + ", ddof=" +
             std::to_string(s.count) + ")";
    if (op == "flip") // a view, as legato's
      return "np.flip(" + arg(0) + (s.ints.empty() ? "" : ", " + std::to_string(s.ints[0])) + ")";
    if (op == "astype")
      return arg(0) + ".astype(" + npDType(s.dtype) + ")";
    if (op == "where")
      return "np.where(" + arg(0) + ", " + branch(s.args[1], s.args[2]) + ", " +
             branch(s.args[2], s.args[1]) + ")";
    if (op == "argmax" || op == "argmin")
      return "np." + op + "(" + arg(0) + ", axis=" +
             (s.ints.empty() ? "None" : std::to_string(s.ints[0])) +
             ", keepdims=" + (s.keepdims ? "True" : "False") + ")";
    if (op == "cumsum" || op == "cumprod" || op == "nancumsum" || op == "nancumprod")
      return "np." + op + "(" + arg(0) + ", axis=" +
             (s.ints.empty() ? "None" : std::to_string(s.ints[0])) + ")";
    if (op == "sort" || op == "argsort")
      return "np." + op + "(" + arg(0) + ", axis=" +
             (s.ints.empty() ? "None" : std::to_string(s.ints[0])) +
             (op == "argsort" ? ", kind=\"stable\")" : ")");
    if (op == "median")
      return "np.median(" + arg(0) + ", axis=" + (s.ints.empty() ? "None" : pyTuple(s.ints)) +
             ", keepdims=" + (s.keepdims ? "True" : "False") + ")";
    if (op == "partition") { // (the rest of the partition is in no given order)
      std::string axis = s.ints.empty() ? "None" : std::to_string(s.ints[0]);
      std::string k = std::to_string(s.count);
      return "np.take(np.partition(" + arg(0) + ", " + k + ", axis=" + axis + "), " + k +
             ", axis=" + axis + ")";
    }
    if (op == "round") // a copy as of NumPy 2.4; earlier ones return integers themselves
      return "np.round(" + arg(0) + ", " + std::to_string(s.count) + ").copy()";
    if (op == "tile")
      return "np.tile(" + arg(0) + ", " + pyTuple(s.ints) + ")";
    if (op == "repeat")
      return "np.repeat(" + arg(0) + ", " + std::to_string(s.count) + ", " +
             (s.ints.empty() ? "None" : std::to_string(s.ints[0])) + ")";
    if (op == "diff")
      return "np.diff(" + arg(0) + ", " + std::to_string(s.count) + ", " +
             std::to_string(s.ints.at(0)) + ")";
    if (op == "sum" || op == "prod" || op == "max" || op == "min" || op == "mean" ||
        op == "ptp" || op == "nansum" || op == "nanprod" || op == "nanmean" ||
        op == "nanmax" || op == "nanmin")
      return "np." + op + "(" + arg(0) + ", axis=" + (s.ints.empty() ? "None" : pyTuple(s.ints)) +
             ", keepdims=" + (s.keepdims ? "True" : "False") + ")";
    if (op == "take")
      return "np.take(" + arg(0) + ", " + arg(1) + ", axis=" +
             (s.ints.empty() ? "None" : std::to_string(s.ints[0])) + ", mode=" +
             (s.count == 0 ? "'wrap'" : "'clip'") + ")";
    if (op == "put")
      return "put(" + arg(0) + ", " + arg(1) + ", " + arg(2) + ", " +
             (s.count == 0 ? "'wrap'" : "'clip'") + ")";
    if (op == "add_at")
      return "add_at(" + arg(0) + ", " + arg(1) + ", " + arg(2) + ")";
    if (op == "matmul")
      return arg(0) + " @ " + arg(1);
    if (op == "dot")
      return "dot(" + arg(0) + ", " + arg(1) + ")";
    if (op == "outer")
      return "np.outer(" + arg(0) + ", " + arg(1) + ")";
    if (op == "kron")
      return "np.kron(" + arg(0) + ", " + arg(1) + ")";
    if (op == "tril" || op == "triu")
      return "np." + op + "(" + arg(0) + ", " + std::to_string(s.count) + ")";
    if (op == "transpose")
      return s.ints.empty() ? "np.transpose(" + arg(0) + ").copy()"
                            : "np.transpose(" + arg(0) + ", " + pyTuple(s.ints) + ").copy()";
    if (op == "T")
      return arg(0) + ".T.copy()";
    if (op == "reshape")
      return "np.reshape(" + arg(0) + ", " + pyTuple(s.ints) + ").copy()";
    if (op == "broadcast_to")
      return "np.broadcast_to(" + arg(0) + ", " + pyTuple(s.ints) + ").copy()";
    if (op == "concatenate") {
      std::string list;
      for (size_t i = 0; i < s.args.size(); ++i)
        list += (i ? ", " : "") + arg(i);
      return "np.concatenate([" + list + "], axis=" + std::to_string(s.count) + ")";
    }
    if (op == "pad") {
      std::string widths = "(";
      for (size_t i = 0; i + 1 < s.ints.size(); i += 2)
        widths += "(" + std::to_string(s.ints[i]) + ", " + std::to_string(s.ints[i + 1]) + "), ";
      widths += ")";
      return "np.pad(" + arg(0) + ", " + widths + ", constant_values=" + pyFloat(s.value) + ")";
    }
    if (op == "roll")
      return s.ints.empty() ? "np.roll(" + arg(0) + ", " + std::to_string(s.shifts.at(0)) + ")"
                            : "np.roll(" + arg(0) + ", " + pyTuple(s.shifts) + ", " +
                                  pyTuple(s.ints) + ")";
    if (op == "getitem")
      return arg(0) + "[" + pyIndex(s.index) + "]";
    if (op == "real" || op == "imag") // (NumPy's are views into the complex array)
      return "np." + op + "(" + arg(0) + ").copy()";
    if (op == "fft" || op == "ifft" || op == "rfft" || op == "irfft" || op == "fft2" ||
        op == "ifft2" || op == "fftn" || op == "ifftn")
      return fourier(s);
    if (op == "copy")
      return arg(0) + ".copy()";
    if (op == "alias")
      return arg(0);
    std::string dt = "dtype=" + npDType(s.dtype);
    if (op == "zeros" || op == "ones")
      return "np." + op + "(" + pyTuple(s.ints) + ", " + dt + ")";
    if (op == "full")
      return "np.full(" + pyTuple(s.ints) + ", " + pyFloat(s.value) + ", " + dt + ")";
    if (op == "arange_stop")
      return "np.arange(" + std::to_string(s.count) + ", " + dt + ")";
    if (op == "arange")
      return "np.arange(" + pyFloat(s.value) + ", " + pyFloat(s.value2) + ", " + pyFloat(s.value3) +
             ", " + dt + ")";
    if (op == "linspace")
      return "np.linspace(" + pyFloat(s.value) + ", " + pyFloat(s.value2) + ", " +
             std::to_string(s.count) + ", " + dt + ")";
    if (op == "eye")
      return "np.eye(" + std::to_string(s.count) + ", " + dt + ")";
    if (op == "random")
      return "legato_random(" + pyTuple(s.ints) + ", " + npDType(s.dtype) +
             ", seed=" + std::to_string(s.count) + ")";
    return "None  # unknown op " + op;
  }

  /// An np.fft call. NumPy 1.x transforms in complex128 (float64 for
  /// irfft); NumPy 2, like legato, in single precision for float16,
  /// float32 and complex64: the result is cast to NumPy 2's dtype.
  std::string fourier(const Statement &s) {
    std::string call = "np.fft." + s.op + "(" + operand(s.args.at(0));
    bool oneAxis = s.op == "fft" || s.op == "ifft" || s.op == "rfft" || s.op == "irfft";
    if (oneAxis)
      call += ", n=" + (s.lengths.empty() ? "None" : std::to_string(s.lengths[0])) +
              ", axis=" + std::to_string(s.ints.at(0));
    else
      call += ", s=" + (s.lengths.empty() ? "None" : pyTuple(s.lengths)) + ", axes=" +
              (!s.ints.empty()               ? pyTuple(s.ints)
               : s.op == "fft2" || s.op == "ifft2" ? "(-2, -1)"
                                                   : "None");
    call += ", norm=\"" + normName(s.norm) + "\")";
    const VarInfo *x = info(s.args.at(0)); // (none in a program the analysis refuses)
    return x ? call + ".astype(" + npDType(transformDType(s.op, x->dtype)) + ")" : call;
  }

  std::string statement(const Statement &s) {
    switch (s.kind) {
    case Statement::Kind::flush:
      return "pass  # legato::flush()";
    case Statement::Kind::setitem:
      return p_.name(s.target) + "[" + pyIndex(s.index) + "] = " + operand(s.args.at(0));
    case Statement::Kind::let:
      break;
    }
    std::string e = expression(s);
    if (s.op == "alias")
      return p_.name(s.target) + " = " + e;
    // A 0-d result must be an array (writable, never a NumPy scalar); an
    // all-integer index gives a copy in NumPy, and np.asarray keeps it one.
    Analysis after = analysis_;
    bool zeroD = after.apply(s) || after.find(s.target)->shape.empty();
    if (zeroD && s.op != "copy")
      e = "np.asarray(" + e + ")";
    return p_.name(s.target) + " = " + e;
  }

  const Program &p_;
  Analysis analysis_;
  std::ostringstream os_;
};

} // namespace

std::string printNumpyBody(const Program &program) { return Printer(program).body(); }

std::string printNumpyScript(const Program &program) {
  std::ostringstream os;
  os << "# NumPy program of legato-fuzz seed " << program.seed << "\n";
  os << numpyPrelude() << "\n\n";
  os << "with np.errstate(all=\"ignore\"):\n";
  std::istringstream body(printNumpyBody(program));
  std::string line;
  while (std::getline(body, line))
    os << "    " << line << "\n";
  int n = program.numVariables();
  for (int v = 0; v < n; ++v) {
    bool defined = v < int(program.inputs.size());
    for (const Statement &s : program.statements)
      defined = defined || (s.kind == Statement::Kind::let && s.target == v);
    if (defined)
      os << "print(\"" << program.name(v) << " =\", repr(" << program.name(v) << "))\n";
  }
  return os.str();
}

} // namespace legato_fuzz
