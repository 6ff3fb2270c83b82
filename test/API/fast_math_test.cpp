//===- fast_math_test.cpp - Options::fast_math ----------------------------===//
//
// A Runtime with fast_math on (whatever LEGATO_FAST_MATH says): f32 kernels
// take the GPU's approximate instructions, f64 kernels keep IEEE division
// and square roots but contract into FMAs, the simplifier applies the
// identities that assume finite values, and the results stay within a few
// ulp of the host's double math on the backend the suite runs on (the CUDA
// one in test/gpu/run.sh). The default's PTX is checked in ptx_test.
//
//===----------------------------------------------------------------------===//

#include <legato/legato.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

namespace {

using legato::Array;

legato::Runtime &runtime() {
  static legato::Runtime rt([] {
    legato::Options options;
    options.fast_math = true;
    return options;
  }());
  return rt;
}

bool contains(const std::string &text, const std::string &what) {
  return text.find(what) != std::string::npos;
}

/// Uniform in [low, high), float32.
Array uniform(int64_t n, double low, double high, uint64_t seed) {
  return (legato::random({n}, legato::f32, seed) * (high - low) + low).astype(legato::f32);
}

TEST(FastMath, Float32KernelsUseTheApproximateInstructions) {
  runtime();
  Array x = uniform(4096, 0.5, 4, 1), y = uniform(4096, 0.5, 4, 2);
  auto f = legato::jit([](const Array &x, const Array &y) {
    return x / y + legato::sqrt(x) + legato::exp(x) + legato::log(y) + legato::sin(x) +
           legato::cos(y);
  });
  std::string ptx = f.ptx(x, y);
  // (Not ex2.approx: libdevice's exact expf uses it too, with corrections.)
  for (const char *approximate :
       {"div.approx.f32", "sqrt.approx.f32", "lg2.approx", "sin.approx", "cos.approx"})
    EXPECT_TRUE(contains(ptx, approximate)) << approximate << " missing:\n" << ptx;
  EXPECT_FALSE(contains(ptx, "div.rn.f32")) << ptx;
  EXPECT_FALSE(contains(ptx, "sqrt.rn.f32")) << ptx;
}

TEST(FastMath, Float64KernelsKeepIeeeDivisionAndSquareRootsButContract) {
  runtime();
  Array x = legato::random({4096}, legato::f64, 3) + 0.5;
  Array y = legato::random({4096}, legato::f64, 4) + 0.5;
  auto f = legato::jit(
      [](const Array &x, const Array &y) { return x / y + legato::sqrt(x) * 3.0 + y; });
  std::string ptx = f.ptx(x, y);
  EXPECT_TRUE(contains(ptx, "div.rn.f64")) << ptx;
  EXPECT_TRUE(contains(ptx, "sqrt.rn.f64")) << ptx;
  EXPECT_TRUE(contains(ptx, "fma.rn.f64")) << "fast_math implies fp_contract:\n" << ptx;
}

/// x * 0 and x - x are 0 only for finite x (inf * 0 and inf - inf are NaN):
/// the simplifier folds them under fast_math, and nothing is left to compute.
TEST(FastMath, TheSimplifierAssumesFiniteValues) {
  runtime();
  Array x = legato::random({257}, legato::f64, 5);
  auto f = legato::jit([](const Array &x) { return x * 0.0 + (x - x); });
  std::string ir = f.ir(x);
  EXPECT_FALSE(contains(ir, "arith.mulf")) << ir;
  EXPECT_FALSE(contains(ir, "arith.subf")) << ir;
  std::vector<double> r = f(x).to_vector<double>();
  EXPECT_EQ(r, std::vector<double>(257, 0.0));
}

/// Each function of f32 inputs against the host's double result of the same
/// f32 inputs: |got - want| <= 1e-5 * max(1, |want|), some 80 float32 ulp,
/// where the approximations are documented within a few ulp (or 2^-21.4 in
/// absolute terms for log near 1 and sin, cos on [-pi, pi]).
TEST(FastMath, Float32ResultsStayCloseToTheHosts) {
  runtime();
  const int64_t n = 1 << 16;
  Array x = uniform(n, 0.5, 4, 6), y = uniform(n, 0.5, 4, 7), angle = uniform(n, -3, 3, 8);
  struct Case {
    const char *name;
    Array got;
    std::function<double(double, double, double)> want;
  };
  std::vector<Case> cases = {
      {"x / y", x / y, [](double x, double y, double) { return x / y; }},
      {"sqrt(x)", legato::sqrt(x), [](double x, double, double) { return std::sqrt(x); }},
      {"exp(x)", legato::exp(x), [](double x, double, double) { return std::exp(x); }},
      {"log(x)", legato::log(x), [](double x, double, double) { return std::log(x); }},
      {"sin(angle)", legato::sin(angle), [](double, double, double a) { return std::sin(a); }},
      {"cos(angle)", legato::cos(angle), [](double, double, double a) { return std::cos(a); }},
      {"pow(x, y)", legato::pow(x, y), [](double x, double y, double) { return std::pow(x, y); }},
      {"x * y + x", x * y + x, [](double x, double y, double) { return x * y + x; }},
  };
  std::vector<float> xs = x.to_vector<float>(), ys = y.to_vector<float>(),
                     angles = angle.to_vector<float>();
  for (const Case &c : cases) {
    ASSERT_EQ(c.got.dtype(), legato::f32) << c.name;
    std::vector<float> got = c.got.to_vector<float>();
    size_t bad = got.size(); // the first element off by more (or NaN)
    for (size_t i = 0; i < got.size() && bad == got.size(); ++i) {
      double want = c.want(xs[i], ys[i], angles[i]);
      if (!(std::fabs(double(got[i]) - want) <= 1e-5 * std::max(1.0, std::fabs(want))))
        bad = i;
    }
    EXPECT_EQ(bad, got.size()) << c.name << " at x = " << xs[bad % got.size()]
                               << ", y = " << ys[bad % got.size()]
                               << ", angle = " << angles[bad % got.size()] << ": "
                               << got[bad % got.size()];
  }
}

} // namespace
