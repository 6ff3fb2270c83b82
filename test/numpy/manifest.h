//===- manifest.h - The NumPy oracle's cases, as numpy_test reads them ----===//
//
// oracle.py writes groups of cases (inputs, operation, NumPy's answer) to
// manifest.txt + data.bin; its docstring describes the format. This is the
// reading side.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_TEST_NUMPY_MANIFEST_H
#define LEGATO_TEST_NUMPY_MANIFEST_H

#include <legato/legato.h>

#include <cstdint>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace legato_numpy {

/// An array as the oracle wrote it: C order, native endian, bool as a byte,
/// float16 as its IEEE binary16 bits.
struct HostArray {
  legato::DType dtype = legato::f64;
  std::string dtype_name; ///< as NumPy spells it: "bool", "int8", ... "float64"
  legato::Shape shape;
  std::vector<unsigned char> bytes;

  int64_t size() const;
  /// The elements, as T (T must be the C++ type of `dtype`; uint16_t, the
  /// bits, for float16).
  template <class T> std::vector<T> values() const {
    std::vector<T> out(static_cast<size_t>(size()));
    for (size_t i = 0; i < out.size(); ++i) {
      if constexpr (std::is_same_v<T, bool>)
        out[i] = bytes[i] != 0;
      else
        std::memcpy(&out[i], bytes.data() + i * sizeof(T), sizeof(T));
    }
    return out;
  }
  /// The array in legato, through legato::from_vector (legato::from_buffer
  /// for float16).
  legato::Array to_legato() const;
};

/// KEY=VALUE parameters of a case, with typed accessors; a missing key or a
/// malformed value throws std::runtime_error.
class Params {
public:
  void set(const std::string &key, const std::string &value) { values_[key] = value; }
  bool has(const std::string &key) const { return values_.count(key) != 0; }
  const std::string &text(const std::string &key) const;

  int64_t integer(const std::string &key) const;
  uint64_t unsigned_integer(const std::string &key) const;
  double real(const std::string &key) const;
  /// A Python number as written: "7" an exact integer, "2.5" a float.
  legato::Scalar number(const std::string &key) const;
  int64_t integer_or(const std::string &key, int64_t fallback) const;
  double real_or(const std::string &key, double fallback) const;
  bool flag_or(const std::string &key, bool fallback) const;
  /// "0,-1" -> {0, -1}; "" -> {}.
  std::vector<int64_t> integers(const std::string &key) const;
  /// "0.25,0.5" -> {0.25, 0.5}; "" -> {}.
  std::vector<double> reals(const std::string &key) const;
  legato::DType dtype(const std::string &key) const;
  /// "1:-1:1,:,3" -> {slice(1, -1), all, 3}.
  std::vector<legato::Index> index(const std::string &key) const;
  /// "1:2,0:3" -> {{1, 2}, {0, 3}}.
  std::vector<std::pair<int64_t, int64_t>> widths(const std::string &key) const;

private:
  std::map<std::string, std::string> values_;
};

/// A case operand: input `input` of the group, or a C++ scalar ("i:" above
/// 2^63 - 1 is a uint64_t).
struct Operand {
  int input = -1;
  std::optional<legato::Scalar> scalar;
};

struct Case {
  std::string op;
  std::vector<Operand> args;
  Params params;
  /// NumPy's answer; empty when NumPy rejects the call (legato must throw).
  std::optional<HostArray> expected;
  std::string line; ///< the manifest line, for messages
};

/// Inputs and the cases computed from them (one lazy window, one jit trace).
struct Group {
  std::string suite, name;
  std::vector<HostArray> inputs;
  std::vector<Case> cases;
};

/// Reads DIR/manifest.txt and DIR/data.bin; throws std::runtime_error.
std::vector<Group> read_manifest(const std::string &dir);

/// NumPy's name -> legato's dtype ("uint8" -> u8, "float16" -> f16, ...);
/// throws on an unknown name.
legato::DType parse_dtype(const std::string &name);

} // namespace legato_numpy

#endif // LEGATO_TEST_NUMPY_MANIFEST_H
