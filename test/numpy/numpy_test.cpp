//===- numpy_test.cpp - Differential tests of legato against NumPy --------===//
//
//   numpy_test --oracle=DIR [--suite=NAME] [gtest flags]
//
// Reads the cases oracle.py wrote to DIR and registers one gtest per group
// (suite.group). A group's cases are recorded together -- one lazy window in
// lazy mode, one legato::jit trace in jit mode (LEGATO_TEST_JIT=1) -- and each
// result is compared with NumPy's: dtype, shape and values (exact for bool
// and integers of every width; floats within rtol 1e-12 / 1e-5 / 1e-3 for
// float64 / float32 / float16 plus a small atol, with NaN where NumPy has
// NaN; a case with exact=1 bit for bit). float16 results are read as their
// bits (copy_to_host as f16) and decoded here. A call NumPy rejects must
// throw legato::Error.
//
//===----------------------------------------------------------------------===//

#include "manifest.h"
#include "ops.h"
#include "test_support.h"

#include <legato/legato.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace {

using legato::Array;
using namespace legato_numpy;

// ---- comparison --------------------------------------------------------------

struct Tolerance {
  double rtol = 0, atol = 0;
  bool exact = false; ///< the same bits: a zero's sign too
};

Tolerance tolerance(legato::DType t) {
  switch (t) {
  // float16: about one unit in the last place (2^-10 relative), as NumPy's
  // own float16 tests allow; atol a few units of float16's subnormal step.
  case legato::DType::f16: return {1e-3, 1e-6};
  case legato::DType::f32: return {1e-5, 1e-6};
  case legato::DType::f64: return {1e-12, 1e-13};
  default: return {};
  }
}

/// IEEE binary16 bits -> the value (independent of legato's conversion).
double half_value(uint16_t bits) {
  int sign = bits >> 15, exponent = (bits >> 10) & 0x1f, mantissa = bits & 0x3ff;
  double v;
  if (exponent == 0x1f)
    v = mantissa ? std::nan("") : INFINITY;
  else if (exponent == 0)
    v = std::ldexp(double(mantissa), -24); // subnormal
  else
    v = std::ldexp(double(mantissa | 0x400), exponent - 25);
  return sign ? -v : v;
}

/// float16 values: as float, decoded from the bits.
std::vector<float> halves(const std::vector<uint16_t> &bits) {
  std::vector<float> out;
  for (uint16_t b : bits)
    out.push_back(float(half_value(b)));
  return out;
}

template <class T> bool close(T got, T want, Tolerance tol) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(want))
      return std::isnan(got);
    if (std::isinf(want) || std::isinf(got))
      return got == want;
    if (tol.exact)
      return got == want && std::signbit(got) == std::signbit(want);
    double g = got, w = want;
    return std::fabs(g - w) <= tol.atol + tol.rtol * std::fabs(w);
  } else {
    return got == want;
  }
}

template <class T> std::string show(T v) {
  if constexpr (std::is_same_v<T, bool>) {
    return v ? "True" : "False";
  } else if constexpr (std::is_floating_point_v<T>) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", double(v));
    return buf;
  } else {
    return std::to_string(v);
  }
}

std::string position(int64_t flat, const legato::Shape &shape) {
  std::vector<int64_t> idx(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    idx[d] = flat % shape[d];
    flat /= shape[d];
  }
  std::string s = "[";
  for (size_t d = 0; d < idx.size(); ++d)
    s += (d ? ", " : "") + std::to_string(idx[d]);
  return s + "]";
}

/// The elements of `got` and of `want` as T; float16 (T = float) through
/// the bits. A float16 result also reads the same through to_vector<float>.
template <class T>
std::optional<std::string> read_values(const Array &got, const HostArray &want,
                                       std::vector<T> &g, std::vector<T> &w) {
  if constexpr (std::is_same_v<T, float>) {
    if (want.dtype == legato::DType::f16) {
      std::vector<uint16_t> bits(static_cast<size_t>(got.size()));
      got.copy_to_host(bits.data(), legato::f16);
      g = halves(bits);
      w = halves(want.values<uint16_t>());
      std::vector<float> as_float = got.to_vector<float>();
      for (size_t i = 0; i < g.size() && i < as_float.size(); ++i)
        if (!(as_float[i] == g[i] || (std::isnan(as_float[i]) && std::isnan(g[i]))))
          return "to_vector<float>() gives " + std::to_string(as_float[i]) + " at " +
                 std::to_string(i) + " where the float16 bits are " + std::to_string(g[i]);
      return std::nullopt;
    }
  }
  g = legato_test::host_values<T>(got);
  w = want.values<T>();
  return std::nullopt;
}

template <class T>
testing::AssertionResult same_values(const Array &got, const HostArray &want, bool exact) {
  std::vector<T> g, w;
  if (std::optional<std::string> error = read_values<T>(got, want, g, w))
    return testing::AssertionFailure() << *error;
  if (g.size() != w.size())
    return testing::AssertionFailure()
           << "to_vector gave " << g.size() << " elements for " << w.size();
  Tolerance tol = exact ? Tolerance{0, 0, true} : tolerance(want.dtype);
  std::ostringstream where;
  size_t bad = 0;
  for (size_t i = 0; i < g.size(); ++i) {
    if (close<T>(g[i], w[i], tol))
      continue;
    if (++bad <= 6)
      where << "\n      at " << position(int64_t(i), want.shape) << ": legato " << show<T>(g[i])
            << ", numpy " << show<T>(w[i]);
  }
  if (!bad)
    return testing::AssertionSuccess();
  testing::AssertionResult failure = testing::AssertionFailure();
  failure << bad << " of " << g.size() << " elements differ";
  if (tol.exact)
    failure << " (exact)";
  else
    failure << " (rtol " << tol.rtol << ", atol " << tol.atol << ")";
  return failure << where.str();
}

/// `exact`: floats bit for bit (the case's exact=1: conversions, correctly
/// rounded float16 arithmetic), else within the dtype's tolerance.
testing::AssertionResult matches(const Array &got, const HostArray &want, bool exact) {
  std::string got_dtype = legato::dtype_name(got.dtype());
  std::string want_dtype = want.dtype_name;
  if (got_dtype != want_dtype || got.dtype() != want.dtype)
    return testing::AssertionFailure() << "dtype: legato " << got_dtype << " (enum "
                                       << int(got.dtype()) << "), numpy " << want_dtype;
  if (got.shape() != want.shape)
    return testing::AssertionFailure() << "shape: legato " << legato_test::shape_str(got.shape())
                                       << ", numpy " << legato_test::shape_str(want.shape);
  switch (want.dtype) {
  case legato::DType::bool_: return same_values<bool>(got, want, exact);
  case legato::DType::i8: return same_values<int8_t>(got, want, exact);
  case legato::DType::i16: return same_values<int16_t>(got, want, exact);
  case legato::DType::i32: return same_values<int32_t>(got, want, exact);
  case legato::DType::i64: return same_values<int64_t>(got, want, exact);
  case legato::DType::u8: return same_values<uint8_t>(got, want, exact);
  case legato::DType::u16: return same_values<uint16_t>(got, want, exact);
  case legato::DType::u32: return same_values<uint32_t>(got, want, exact);
  case legato::DType::u64: return same_values<uint64_t>(got, want, exact);
  case legato::DType::f16: return same_values<float>(got, want, exact); // through the bits
  case legato::DType::f32: return same_values<float>(got, want, exact);
  case legato::DType::f64: return same_values<double>(got, want, exact);
  }
  return testing::AssertionFailure() << "bad dtype";
}

// ---- one group ---------------------------------------------------------------

Array compute_case(const Case &c, const std::vector<Array> &inputs) {
  std::vector<Value> args;
  for (const Operand &o : c.args) {
    if (o.scalar)
      args.emplace_back(*o.scalar);
    else
      args.emplace_back(inputs.at(size_t(o.input)));
  }
  return find_op(c.op).apply(args, c.params);
}

std::string describe(const Case &c) {
  return "[" + legato_test::mode_name() + "] case `" + c.line + "`";
}

class GroupTest : public testing::Test {
public:
  explicit GroupTest(const Group *group) : group_(*group) {}

  void TestBody() override {
    std::vector<Array> inputs;
    for (const HostArray &h : group_.inputs)
      inputs.push_back(h.to_legato());

    std::vector<const Case *> answered, rejected;
    bool host = false;
    for (const Case &c : group_.cases) {
      (c.expected ? answered : rejected).push_back(&c);
      host = host || find_op(c.op).host;
    }

    // 1. Record every case NumPy answers -- in lazy mode nothing runs until
    //    the first result is read below, so they share one window.
    std::vector<std::optional<Array>> results(answered.size());
    if (legato_test::jit_mode() && !host) {
      const Case *tracing = nullptr;
      legato_test::Body body = [&](const std::vector<Array> &in) {
        std::vector<Array> out;
        for (const Case *c : answered) {
          tracing = c;
          out.push_back(compute_case(*c, in));
        }
        tracing = nullptr; // what throws now is compiling or running the group
        return out;
      };
      try {
        std::vector<Array> out = legato_test::call_jit(body, inputs);
        ASSERT_EQ(out.size(), answered.size()) << "jit returned the wrong number of results";
        for (size_t i = 0; i < out.size(); ++i)
          results[i] = out[i];
      } catch (const std::exception &e) {
        FAIL() << (tracing ? describe(*tracing) + " threw while tracing"
                           : std::string("[jit] the group's program threw"))
               << ": " << e.what();
      }
    } else {
      for (size_t i = 0; i < answered.size(); ++i) {
        try {
          results[i] = compute_case(*answered[i], inputs);
        } catch (const std::exception &e) {
          ADD_FAILURE() << describe(*answered[i]) << " threw: " << e.what();
        }
      }
    }

    // 2. Calls NumPy rejects must throw legato::Error, and leave the pending
    //    window of step 1 intact.
    for (const Case *c : rejected) {
      try {
        legato_test::run(
            [&](const std::vector<Array> &in) { return std::vector<Array>{compute_case(*c, in)}; },
            inputs);
        ADD_FAILURE() << describe(*c) << ": NumPy rejects this call; legato accepted it";
      } catch (const legato::Error &) {
      } catch (const std::exception &e) {
        ADD_FAILURE() << describe(*c) << ": threw a non-legato::Error: " << e.what();
      }
    }

    // 3. Read the results back and compare.
    for (size_t i = 0; i < answered.size(); ++i) {
      if (!results[i])
        continue;
      try {
        testing::AssertionResult same = matches(*results[i], *answered[i]->expected,
                                                answered[i]->params.flag_or("exact", false));
        if (!same)
          ADD_FAILURE() << describe(*answered[i]) << ": " << same.message();
      } catch (const std::exception &e) {
        ADD_FAILURE() << describe(*answered[i]) << ": reading the result threw: " << e.what();
      }
    }
  }

private:
  const Group &group_;
};

int usage(const std::string &why) {
  std::cerr << "numpy_test: " << why
            << "\nusage: numpy_test --oracle=DIR [--suite=NAME] [gtest flags]\n"
               "  DIR holds what `/usr/bin/python3 oracle.py DIR` wrote.\n";
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  testing::InitGoogleTest(&argc, argv);
  std::string dir, suite;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a.rfind("--oracle=", 0) == 0)
      dir = a.substr(9);
    else if (a.rfind("--suite=", 0) == 0)
      suite = a.substr(8);
    else
      return usage("unknown argument '" + a + "'");
  }
  if (dir.empty())
    return usage("--oracle=DIR is required");

  static std::vector<Group> groups;
  try {
    groups = read_manifest(dir);
    for (const Group &g : groups)
      for (const Case &c : g.cases)
        find_op(c.op); // every operation must exist before anything runs
  } catch (const std::exception &e) {
    return usage(e.what());
  }

  size_t registered = 0;
  for (const Group &g : groups) {
    if (!suite.empty() && g.suite != suite)
      continue;
    testing::RegisterTest(g.suite.c_str(), g.name.c_str(), nullptr, nullptr, __FILE__, __LINE__,
                          [&g]() -> testing::Test * { return new GroupTest(&g); });
    ++registered;
  }
  if (!registered)
    return usage("no groups in suite '" + suite + "'");

  testing::AddGlobalTestEnvironment(new legato_test::RuntimeEnvironment);
  return RUN_ALL_TESTS();
}
