//===- test_support.h - Shared helpers of legato's gtest suites -*- C++ -*-===//
//
// Every gtest binary of legato runs in one of three modes, chosen by CTest
// through the environment:
//   LEGATO_MODE=eager       every op is its own program
//   LEGATO_MODE=lazy        ops accumulate in a window (the default)
//   LEGATO_TEST_JIT=1       lazy, and the tests trace their computations with
//                           legato::jit (see `run`)
// The process-wide legato::Runtime lives in a gtest Environment.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_TEST_SUPPORT_H
#define LEGATO_TEST_SUPPORT_H

#include <legato/legato.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace legato_test {

/// True when the tests trace their computations with legato::jit.
inline bool jit_mode() {
  const char *v = std::getenv("LEGATO_TEST_JIT");
  return v && *v && std::string(v) != "0";
}

/// "eager", "lazy" or "jit", for messages.
inline std::string mode_name() {
  if (jit_mode())
    return "jit";
  const char *v = std::getenv("LEGATO_MODE");
  return v && *v ? v : "lazy";
}

/// Owns the one legato::Runtime of the test process.
class RuntimeEnvironment : public ::testing::Environment {
public:
  void SetUp() override { runtime_ = std::make_unique<legato::Runtime>(); }
  void TearDown() override { runtime_.reset(); }
  static legato::Runtime &runtime() {
    if (!runtime_)
      throw std::logic_error("legato_test: no Runtime (register RuntimeEnvironment)");
    return *runtime_;
  }

private:
  static inline std::unique_ptr<legato::Runtime> runtime_;
};

/// A computation over Arrays, as the tests write it.
using Body = std::function<std::vector<legato::Array>(const std::vector<legato::Array> &)>;

/// Traces `body` with legato::jit over `args` and runs the compiled program.
/// legato::jit takes up to 8 Array arguments (Jit::kMaxArity).
inline std::vector<legato::Array> call_jit(const Body &body,
                                           const std::vector<legato::Array> &args) {
  using legato::Array;
  auto f = legato::jit([&body](const auto &...xs) -> std::vector<Array> {
    return body(std::vector<Array>{Array(xs)...});
  });
  const std::vector<Array> &a = args;
  switch (a.size()) {
  case 0: return f();
  case 1: return f(a[0]);
  case 2: return f(a[0], a[1]);
  case 3: return f(a[0], a[1], a[2]);
  case 4: return f(a[0], a[1], a[2], a[3]);
  case 5: return f(a[0], a[1], a[2], a[3], a[4]);
  case 6: return f(a[0], a[1], a[2], a[3], a[4], a[5]);
  case 7: return f(a[0], a[1], a[2], a[3], a[4], a[5], a[6]);
  case 8: return f(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]);
  default:
    throw std::invalid_argument("legato_test::call_jit: at most 8 arguments, got " +
                                std::to_string(a.size()));
  }
}

/// Runs `body` on `args`: directly in eager and lazy mode, traced by
/// legato::jit in jit mode.
inline std::vector<legato::Array> run(const Body &body,
                                      const std::vector<legato::Array> &args) {
  return jit_mode() ? call_jit(body, args) : body(args);
}

/// a.to_vector<T>(). For T = bool it reads a bool array through
/// to_vector<int32_t>(): legato.h's to_vector<bool> does not compile
/// (std::vector<bool> has no data()); use a.to_vector<bool>() here once the
/// header handles bool.
template <class T> std::vector<T> host_values(const legato::Array &a) {
  if constexpr (std::is_same_v<T, bool>) {
    legato::Array b = a.dtype() == legato::bool_ ? a : a.astype(legato::bool_);
    std::vector<int32_t> v = b.to_vector<int32_t>();
    return std::vector<bool>(v.begin(), v.end());
  } else {
    return a.to_vector<T>();
  }
}

/// A shape as NumPy prints it: "(3, 4)", "(5,)", "()".
inline std::string shape_str(const legato::Shape &shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

} // namespace legato_test

#endif // LEGATO_TEST_SUPPORT_H
