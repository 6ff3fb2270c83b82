//===- Compare.cpp - legato's answer against NumPy's -------------------------===//
#include "Compare.h"

#include "Analysis.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

namespace legato_fuzz {

namespace {

std::string shapeText(const legato::Shape &s) {
  std::string t = "(";
  for (size_t i = 0; i < s.size(); ++i)
    t += (i ? ", " : "") + std::to_string(s[i]);
  return t + (s.size() == 1 ? ",)" : ")");
}

std::string number(double v) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  return buffer;
}

/// Flat position -> NumPy-style multi-index, for messages.
std::string position(const legato::Shape &shape, size_t flat) {
  std::vector<int64_t> idx(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    idx[d] = shape[d] ? int64_t(flat) % shape[d] : 0;
    flat = shape[d] ? flat / size_t(shape[d]) : 0;
  }
  std::string s = "[";
  for (size_t i = 0; i < idx.size(); ++i)
    s += (i ? ", " : "") + std::to_string(idx[i]);
  return s + "]";
}

bool floatsAgree(double x, double y, bool exact, double tolerance, double scale) {
  if (std::isnan(x) || std::isnan(y))
    return std::isnan(x) && std::isnan(y);
  if (std::isinf(x) || std::isinf(y))
    return x == y;
  if (exact)
    return x == y;
  return std::fabs(x - y) <= tolerance * (std::fabs(y) + scale);
}

std::string compareArray(const ArrayResult &n, const ArrayResult &l, const VarInfo *info) {
  if (n.dtype != l.dtype)
    return "dtype " + l.dtype + ", NumPy has " + n.dtype;
  if (n.shape != l.shape)
    return "shape " + shapeText(l.shape) + ", NumPy has " + shapeText(n.shape);
  if (n.ints.size() != l.ints.size() || n.floats.size() != l.floats.size())
    return "element count differs";
  auto integer = [&](int64_t v) {
    return n.dtype == "uint64" ? std::to_string(uint64_t(v)) : std::to_string(v);
  };
  for (size_t i = 0; i < n.ints.size(); ++i)
    if (n.ints[i] != l.ints[i])
      return "element " + position(n.shape, i) + " is " + integer(l.ints[i]) + ", NumPy has " +
             integer(n.ints[i]);
  bool exact = info && info->range.exact;
  double tolerance = n.dtype == "float16"                           ? kFloat16Tolerance
                     : n.dtype == "float32" || n.dtype == "complex64" ? kFloat32Tolerance
                                                                      : kFloat64Tolerance;
  if (info && !exact)
    tolerance = std::max(tolerance, info->range.rtol); // float32 roundings upstream
  double scale = info ? std::max(1.0, info->range.scale) : 1.0;
  // Complex values are their parts, each within the tolerance of the scale
  // (which bounds the modulus).
  bool complex = n.dtype.rfind("complex", 0) == 0;
  for (size_t i = 0; i < n.floats.size(); ++i)
    if (!floatsAgree(l.floats[i], n.floats[i], exact, tolerance, scale))
      return "element " + position(n.shape, complex ? i / 2 : i) +
             (complex ? i % 2 ? " (imaginary part)" : " (real part)" : "") + " is " +
             number(l.floats[i]) + ", NumPy has " + number(n.floats[i]) +
             (exact ? " (exact value)" : "");
  return "";
}

} // namespace

std::string compareResults(const Program &program, const ProgramResult &numpy,
                           const ProgramResult &legato) {
  using Status = ProgramResult::Status;
  if (numpy.status != Status::ok) {
    if (legato.status == Status::error && legato.message.rfind("legato::Error", 0) == 0)
      return "";
    return "NumPy raised (" + numpy.message + ") but legato " +
           (legato.status == Status::ok ? std::string("returned values")
                                        : "failed: " + legato.message);
  }
  if (legato.status == Status::crash)
    return "crash: " + legato.message;
  if (legato.status == Status::missing)
    return "no result";
  if (legato.status == Status::error)
    return "legato raised: " + legato.message;

  Analysis analysis(program);
  for (const Statement &s : program.statements)
    analysis.apply(s);
  std::map<std::string, const ArrayResult *> byName;
  for (const ArrayResult &a : legato.arrays)
    byName[a.name] = &a;
  for (const ArrayResult &n : numpy.arrays) {
    auto it = byName.find(n.name);
    if (it == byName.end())
      return n.name + ": missing from legato's results";
    const VarInfo *info = nullptr;
    for (const auto &[id, vi] : analysis.variables())
      if (program.name(id) == n.name)
        info = &vi;
    std::string why = compareArray(n, *it->second, info);
    if (!why.empty())
      return n.name + ": " + why;
  }
  return "";
}

} // namespace legato_fuzz
