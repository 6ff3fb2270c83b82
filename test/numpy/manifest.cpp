//===- manifest.cpp - Reading the NumPy oracle's cases --------------------===//

#include "manifest.h"

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <stdexcept>

namespace legato_numpy {
namespace {

[[noreturn]] void fail(const std::string &what) {
  throw std::runtime_error("numpy oracle manifest: " + what);
}

std::vector<std::string> split(const std::string &s, char sep) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(s);
  while (std::getline(in, part, sep))
    parts.push_back(part);
  if (!s.empty() && s.back() == sep)
    parts.push_back("");
  return parts;
}

int64_t to_int(const std::string &s) {
  char *end = nullptr;
  errno = 0;
  long long v = std::strtoll(s.c_str(), &end, 10);
  if (s.empty() || *end || errno)
    fail("not an integer: '" + s + "'");
  return v;
}

double to_real(const std::string &s) {
  char *end = nullptr;
  double v = std::strtod(s.c_str(), &end); // also "nan", "inf", "-inf"
  if (s.empty() || *end)
    fail("not a number: '" + s + "'");
  return v;
}

/// "a,b,c" -> {parse(a), parse(b), parse(c)}; "" -> {}.
template <class Parse> auto listOf(const std::string &s, Parse parse) {
  std::vector<decltype(parse(s))> out;
  if (!s.empty())
    for (const std::string &v : split(s, ','))
      out.push_back(parse(v));
  return out;
}

/// "(3,4)", "(5,)", "()".
legato::Shape parse_shape(const std::string &s) {
  if (s.size() < 2 || s.front() != '(' || s.back() != ')')
    fail("bad shape '" + s + "'");
  legato::Shape shape;
  for (const std::string &d : split(s.substr(1, s.size() - 2), ','))
    if (!d.empty())
      shape.push_back(to_int(d));
  return shape;
}

/// A Python int as a C++ scalar: int64_t, or uint64_t above INT64_MAX (a
/// uint64 array's weak operand).
legato::Scalar to_integer_scalar(const std::string &s) {
  if (s.empty() || s[0] == '-')
    return legato::Scalar(to_int(s));
  char *end = nullptr;
  errno = 0;
  unsigned long long v = std::strtoull(s.c_str(), &end, 10);
  if (*end || errno)
    fail("not an integer in [-2^63, 2^64): '" + s + "'");
  if (v <= static_cast<unsigned long long>(INT64_MAX))
    return legato::Scalar(static_cast<int64_t>(v));
  return legato::Scalar(static_cast<uint64_t>(v));
}

Operand parse_operand(const std::string &s) {
  Operand op;
  if (s.size() > 1 && s[0] == '%') {
    op.input = static_cast<int>(to_int(s.substr(1)));
  } else if (s.rfind("b:", 0) == 0) {
    op.scalar = legato::Scalar(to_int(s.substr(2)) != 0);
  } else if (s.rfind("i:", 0) == 0) {
    op.scalar = to_integer_scalar(s.substr(2));
  } else if (s.rfind("f:", 0) == 0) {
    op.scalar = legato::Scalar(to_real(s.substr(2)));
  } else {
    fail("bad operand '" + s + "'");
  }
  return op;
}

HostArray read_array(const std::string &dtype, const std::string &shape,
                     const std::string &offset, const std::string &data) {
  HostArray a;
  a.dtype = parse_dtype(dtype);
  a.dtype_name = dtype;
  a.shape = parse_shape(shape);
  size_t begin = static_cast<size_t>(to_int(offset));
  size_t n = static_cast<size_t>(a.size() * legato::dtype_size(a.dtype));
  if (begin + n > data.size())
    fail("array at offset " + offset + " runs past the end of data.bin");
  a.bytes.assign(data.begin() + begin, data.begin() + begin + n);
  return a;
}

std::string slurp(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    fail("cannot open " + path + " (run oracle.py; CTest runs it as a fixture)");
  return std::string(std::istreambuf_iterator<char>(in), {});
}

} // namespace

legato::DType parse_dtype(const std::string &name) {
  // Spelled out here rather than through legato::dtype_name, which the
  // comparison checks.
  static const std::map<std::string, legato::DType> dtypes = {
      {"bool", legato::bool_},  {"int8", legato::i8},     {"int16", legato::i16},
      {"int32", legato::i32},   {"int64", legato::i64},   {"uint8", legato::u8},
      {"uint16", legato::u16},  {"uint32", legato::u32},  {"uint64", legato::u64},
      {"float16", legato::f16}, {"float32", legato::f32}, {"float64", legato::f64},
  };
  auto it = dtypes.find(name);
  if (it == dtypes.end())
    fail("unknown dtype '" + name + "'");
  return it->second;
}

int64_t HostArray::size() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

legato::Array HostArray::to_legato() const {
  switch (dtype) {
  case legato::DType::bool_: return legato::from_vector(values<bool>(), shape);
  case legato::DType::i8: return legato::from_vector(values<int8_t>(), shape);
  case legato::DType::i16: return legato::from_vector(values<int16_t>(), shape);
  case legato::DType::i32: return legato::from_vector(values<int32_t>(), shape);
  case legato::DType::i64: return legato::from_vector(values<int64_t>(), shape);
  case legato::DType::u8: return legato::from_vector(values<uint8_t>(), shape);
  case legato::DType::u16: return legato::from_vector(values<uint16_t>(), shape);
  case legato::DType::u32: return legato::from_vector(values<uint32_t>(), shape);
  case legato::DType::u64: return legato::from_vector(values<uint64_t>(), shape);
  case legato::DType::f16: { // no C++17 type: the bits, through from_buffer
    std::vector<uint16_t> bits = values<uint16_t>();
    return legato::from_buffer(bits.data(), legato::f16, shape, size());
  }
  case legato::DType::f32: return legato::from_vector(values<float>(), shape);
  case legato::DType::f64: return legato::from_vector(values<double>(), shape);
  }
  fail("bad dtype");
}

const std::string &Params::text(const std::string &key) const {
  auto it = values_.find(key);
  if (it == values_.end())
    fail("missing parameter '" + key + "'");
  return it->second;
}

int64_t Params::integer(const std::string &key) const { return to_int(text(key)); }

uint64_t Params::unsigned_integer(const std::string &key) const {
  const std::string &s = text(key);
  char *end = nullptr;
  errno = 0;
  unsigned long long v = std::strtoull(s.c_str(), &end, 10);
  if (s.empty() || *end || errno || s[0] == '-')
    fail("not an unsigned integer: '" + s + "'");
  return v;
}

double Params::real(const std::string &key) const { return to_real(text(key)); }

legato::Scalar Params::number(const std::string &key) const {
  const std::string &s = text(key);
  if (s.find_first_not_of("-0123456789") == std::string::npos)
    return legato::Scalar(to_int(s));
  return legato::Scalar(to_real(s));
}

int64_t Params::integer_or(const std::string &key, int64_t fallback) const {
  return has(key) ? integer(key) : fallback;
}

double Params::real_or(const std::string &key, double fallback) const {
  return has(key) ? real(key) : fallback;
}

bool Params::flag_or(const std::string &key, bool fallback) const {
  return has(key) ? integer(key) != 0 : fallback;
}

std::vector<int64_t> Params::integers(const std::string &key) const {
  return listOf(text(key), [](const std::string &v) { return to_int(v); });
}

std::vector<double> Params::reals(const std::string &key) const {
  return listOf(text(key), [](const std::string &v) { return to_real(v); });
}

legato::DType Params::dtype(const std::string &key) const { return parse_dtype(text(key)); }

std::vector<legato::Index> Params::index(const std::string &key) const {
  std::vector<legato::Index> out;
  for (const std::string &entry : split(text(key), ',')) {
    if (entry.find(':') == std::string::npos) {
      out.emplace_back(static_cast<long long>(to_int(entry)));
      continue;
    }
    std::vector<std::string> p = split(entry, ':');
    if (p.size() != 3)
      fail("bad slice '" + entry + "' (want start:stop:step)");
    auto end = [](const std::string &v) -> std::optional<int64_t> {
      if (v.empty())
        return legato::none;
      return to_int(v);
    };
    out.emplace_back(legato::slice(end(p[0]), end(p[1]), to_int(p[2])));
  }
  return out;
}

std::vector<std::pair<int64_t, int64_t>> Params::widths(const std::string &key) const {
  std::vector<std::pair<int64_t, int64_t>> out;
  for (const std::string &w : split(text(key), ',')) {
    std::vector<std::string> p = split(w, ':');
    if (p.size() != 2)
      fail("bad pad width '" + w + "'");
    out.emplace_back(to_int(p[0]), to_int(p[1]));
  }
  return out;
}

std::vector<Group> read_manifest(const std::string &dir) {
  const std::string data = slurp(dir + "/data.bin");
  std::istringstream manifest(slurp(dir + "/manifest.txt"));
  std::vector<Group> groups;
  Group *group = nullptr;
  std::string line;
  int lineno = 0;
  while (std::getline(manifest, line)) {
    ++lineno;
    std::istringstream in(line);
    std::vector<std::string> t{std::istream_iterator<std::string>(in), {}};
    if (t.empty())
      continue;
    auto need = [&](size_t n) {
      if (t.size() < n)
        fail("line " + std::to_string(lineno) + " is short: " + line);
    };
    if (lineno == 1) {
      if (line != "legato-numpy-oracle 1")
        fail("unknown format '" + line + "'");
    } else if (t[0] == "group") {
      need(3);
      groups.push_back(Group{t[1], t[2], {}, {}});
      group = &groups.back();
    } else if (t[0] == "end") {
      group = nullptr;
    } else if (!group) {
      fail("line " + std::to_string(lineno) + " is outside a group");
    } else if (t[0] == "input") {
      need(4);
      group->inputs.push_back(read_array(t[1], t[2], t[3], data));
    } else if (t[0] == "case") {
      need(4);
      Case c;
      c.op = t[1];
      c.line = line;
      if (t[2] != "-")
        for (const std::string &a : split(t[2], ',')) {
          c.args.push_back(parse_operand(a));
          int k = c.args.back().input;
          if (k >= static_cast<int>(group->inputs.size()))
            fail("line " + std::to_string(lineno) + " names a missing input");
        }
      size_t next = 4;
      if (t[3] == "expect") {
        need(7);
        c.expected = read_array(t[4], t[5], t[6], data);
        next = 7;
      } else if (t[3] != "raises") {
        fail("line " + std::to_string(lineno) + ": want expect or raises");
      }
      for (size_t i = next; i < t.size(); ++i) {
        size_t eq = t[i].find('=');
        if (eq == std::string::npos)
          fail("bad parameter '" + t[i] + "'");
        c.params.set(t[i].substr(0, eq), t[i].substr(eq + 1));
      }
      group->cases.push_back(std::move(c));
    } else {
      fail("line " + std::to_string(lineno) + ": unknown record '" + t[0] + "'");
    }
  }
  return groups;
}

} // namespace legato_numpy
