//===- fft_test.cpp - legato::fft through the C++ API ---------------------===//
//
// Each transform against values computed by hand (small signals) and
// against a direct O(n^2) evaluation of the DFT's sum in this file (random
// signals, prime and even lengths, every axis, both precisions), its
// inverses and NumPy's conventions (norm, n, the real transforms' halves);
// NumPy's errors. Each test runs in every mode (LegatoTestModes) and at 3
// ranks with the arrays split along their first axis, transformed along it
// and across it. The Python suite (python/tests/test_fft.py) compares the
// same against NumPy.
//
//===----------------------------------------------------------------------===//

#include "test_support.h"

#include <legato/legato.h>

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <random>
#include <vector>

namespace {

using legato::Array;
using legato::DType;
using cdouble = std::complex<double>;
namespace fft = legato::fft;

::testing::Environment *const runtime_env =
    ::testing::AddGlobalTestEnvironment(new legato_test::RuntimeEnvironment);

/// f(inputs), run directly or traced by legato::jit in jit mode.
std::vector<Array> run(const std::vector<Array> &inputs, const legato_test::Body &f) {
  return legato_test::jit_mode() ? legato_test::call_jit(f, inputs) : f(inputs);
}

Array one(const Array &input, Array (*f)(const Array &)) {
  return run({input}, [f](const std::vector<Array> &in) {
    return std::vector<Array>{f(in[0])};
  })[0];
}

/// Split along the first axis over the ranks (a no-op on one rank).
Array splitRows(const Array &a) { return legato::shard(a, 0); }

std::vector<cdouble> values(const Array &a) {
  return a.astype(legato::c128).to_vector<cdouble>();
}

void expectNear(const Array &a, const std::vector<cdouble> &expected, double tol) {
  std::vector<cdouble> got = values(a);
  ASSERT_EQ(got.size(), expected.size());
  for (size_t i = 0; i < got.size(); ++i)
    EXPECT_LT(std::abs(got[i] - expected[i]), tol)
        << "element " << i << ": " << got[i] << " vs " << expected[i];
}

std::vector<cdouble> randomSignal(size_t n, unsigned seed, bool complex) {
  std::mt19937 g(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<cdouble> v(n);
  for (cdouble &x : v)
    x = {u(g), complex ? u(g) : 0.0};
  return v;
}

/// The DFT's defining sum along axis `axis` of a row-major [rows, cols]
/// array: y_k = sum_j x_j e^{sign 2 pi i jk / n}.
std::vector<cdouble> directDft(const std::vector<cdouble> &x, int64_t rows, int64_t cols,
                               int axis, double sign) {
  std::vector<cdouble> y(x.size());
  int64_t n = axis == 0 ? rows : cols;
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) {
      int64_t k = axis == 0 ? r : c;
      cdouble sum = 0;
      for (int64_t j = 0; j < n; ++j) {
        cdouble xj = axis == 0 ? x[size_t(j * cols + c)] : x[size_t(r * cols + j)];
        sum += xj * std::polar(1.0, sign * 2 * M_PI * double(j * k) / double(n));
      }
      y[size_t(r * cols + c)] = sum;
    }
  return y;
}

Array complexArray(const std::vector<cdouble> &v, legato::Shape shape, DType t = legato::c128) {
  return legato::from_vector(v, std::move(shape)).astype(t);
}

Array realArray(const std::vector<cdouble> &v, legato::Shape shape, DType t = legato::f64) {
  std::vector<double> re;
  for (cdouble x : v)
    re.push_back(x.real());
  return legato::from_vector(re, std::move(shape)).astype(t);
}

TEST(Fft, ByHand) {
  // [1, 2, 3, 4]: sum 10, and 1 - 3 + (2 - 4)(-i)^k for k = 1, 3, 1 - 2 + 3 - 4 at k = 2.
  Array x = legato::from_vector(std::vector<double>{1, 2, 3, 4}, {4});
  auto r = run({x}, [](const std::vector<Array> &in) {
    return std::vector<Array>{fft::fft(in[0]), fft::rfft(in[0]), fft::ifft(in[0]),
                              fft::fft(in[0], -1, -1, fft::Norm::ortho)};
  });
  expectNear(r[0], {{10, 0}, {-2, 2}, {-2, 0}, {-2, -2}}, 1e-12);
  expectNear(r[1], {{10, 0}, {-2, 2}, {-2, 0}}, 1e-12);
  expectNear(r[2], {{2.5, 0}, {-0.5, -0.5}, {-0.5, 0}, {-0.5, 0.5}}, 1e-12);
  expectNear(r[3], {{5, 0}, {-1, 1}, {-1, 0}, {-1, -1}}, 1e-12);
  EXPECT_EQ(r[0].dtype(), legato::c128);
  EXPECT_EQ(r[1].shape(), (legato::Shape{3}));
}

TEST(Fft, ImpulseAndConstant) {
  // An impulse at 0 has a flat spectrum; a constant all its energy at 0.
  std::vector<cdouble> impulse(6, 0.0), flat(6, 1.0), spike(6, 0.0);
  impulse[0] = 1;
  spike[0] = 6;
  auto r = run({complexArray(impulse, {6}), complexArray(flat, {6})},
               [](const std::vector<Array> &in) {
                 return std::vector<Array>{fft::fft(in[0]), fft::fft(in[1])};
               });
  expectNear(r[0], flat, 1e-12);
  expectNear(r[1], spike, 1e-12);
}

TEST(Fft, AgainstTheDirectSumAlongEachAxis) {
  for (auto [rows, cols] : {std::pair<int64_t, int64_t>{6, 17}, {17, 8}, {1, 5}, {9, 1}}) {
    std::vector<cdouble> x = randomSignal(size_t(rows * cols), unsigned(rows * 31 + cols), true);
    for (DType t : {legato::c128, legato::c64}) {
      double tol = t == legato::c64 ? 2e-4 * double(rows + cols) : 1e-10;
      Array a = splitRows(complexArray(x, {rows, cols}, t));
      auto r = run({a}, [](const std::vector<Array> &in) {
        return std::vector<Array>{fft::fft(in[0], -1, 0), fft::fft(in[0], -1, 1),
                                  fft::ifft(in[0], -1, -2), fft::ifft(in[0])};
      });
      SCOPED_TRACE(std::to_string(rows) + "x" + std::to_string(cols));
      EXPECT_EQ(r[0].dtype(), t);
      expectNear(r[0], directDft(x, rows, cols, 0, -1), tol);
      expectNear(r[1], directDft(x, rows, cols, 1, -1), tol);
      std::vector<cdouble> inverse0 = directDft(x, rows, cols, 0, +1);
      std::vector<cdouble> inverse1 = directDft(x, rows, cols, 1, +1);
      for (cdouble &v : inverse0)
        v /= double(rows);
      for (cdouble &v : inverse1)
        v /= double(cols);
      expectNear(r[2], inverse0, tol);
      expectNear(r[3], inverse1, tol);
    }
  }
}

TEST(Fft, RealTransformsAreTheHalvesOfTheComplexOnes) {
  for (int64_t n : {16, 17, 2, 1}) {
    std::vector<cdouble> x = randomSignal(size_t(3 * n), unsigned(n), false);
    Array a = splitRows(realArray(x, {3, n}));
    auto r = run({a}, [n](const std::vector<Array> &in) {
      Array spectrum = fft::rfft(in[0]);
      return std::vector<Array>{spectrum, fft::irfft(spectrum, n), fft::rfft(in[0], -1, 0)};
    });
    SCOPED_TRACE("n = " + std::to_string(n));
    std::vector<cdouble> full = directDft(x, 3, n, 1, -1), half;
    for (int64_t row = 0; row < 3; ++row)
      for (int64_t k = 0; k <= n / 2; ++k)
        half.push_back(full[size_t(row * n + k)]);
    EXPECT_EQ(r[0].shape(), (legato::Shape{3, n / 2 + 1}));
    expectNear(r[0], half, 1e-10);
    EXPECT_EQ(r[1].dtype(), legato::f64);
    expectNear(r[1], x, 1e-12); // irfft(rfft(x), n) == x
    std::vector<cdouble> columns = directDft(x, 3, n, 0, -1);
    columns.resize(size_t(2 * n)); // rows 0 and 1 of 3 (3 / 2 + 1 = 2)
    expectNear(r[2], columns, 1e-10);
  }
}

TEST(Fft, LengthTruncatesOrPads) {
  Array x = legato::from_vector(std::vector<double>{1, 2, 3, 4, 5}, {5});
  auto r = run({x}, [](const std::vector<Array> &in) {
    return std::vector<Array>{fft::fft(in[0], 3), fft::fft(in[0], 8), fft::irfft(in[0])};
  });
  std::vector<cdouble> first3{1, 2, 3}, padded{1, 2, 3, 4, 5, 0, 0, 0};
  expectNear(r[0], directDft(first3, 1, 3, 1, -1), 1e-12);
  expectNear(r[1], directDft(padded, 1, 8, 1, -1), 1e-12);
  EXPECT_EQ(r[2].shape(), (legato::Shape{8})); // irfft's default n = 2 (m - 1)
}

TEST(Fft, NormsScaleAsNumPys) {
  std::vector<cdouble> x = randomSignal(10, 7, true);
  Array a = complexArray(x, {10});
  auto r = run({a}, [](const std::vector<Array> &in) {
    return std::vector<Array>{fft::fft(in[0], -1, -1, fft::Norm::forward),
                              fft::ifft(in[0], -1, -1, fft::Norm::forward),
                              fft::ifft(fft::fft(in[0], -1, -1, fft::Norm::ortho), -1, -1,
                                        fft::Norm::ortho)};
  });
  std::vector<cdouble> forward = directDft(x, 1, 10, 1, -1), inverse = directDft(x, 1, 10, 1, 1);
  for (cdouble &v : forward)
    v /= 10.0;
  expectNear(r[0], forward, 1e-12);
  expectNear(r[1], inverse, 1e-12);
  expectNear(r[2], x, 1e-12);
}

TEST(Fft, HermitianTransforms) {
  // hfft(a, n) = irfft(conj(a), n) * n; ihfft(x) = conj(rfft(x)) / n.
  std::vector<cdouble> x = randomSignal(9, 3, false);
  Array a = realArray(x, {9});
  auto r = run({a}, [](const std::vector<Array> &in) {
    Array h = fft::ihfft(in[0]);
    return std::vector<Array>{h, fft::hfft(h, 9)};
  });
  std::vector<cdouble> expected = directDft(x, 1, 9, 1, 1);
  expected.resize(5);
  for (cdouble &v : expected)
    v /= 9.0;
  expectNear(r[0], expected, 1e-12);
  expectNear(r[1], x, 1e-12);
}

TEST(Fft, SeveralAxes) {
  std::vector<cdouble> x = randomSignal(4 * 6, 11, false);
  Array a = splitRows(realArray(x, {4, 6}));
  auto r = run({a}, [](const std::vector<Array> &in) {
    return std::vector<Array>{fft::fft2(in[0]), fft::fftn(in[0], {}, std::vector<int64_t>{0}),
                              fft::irfft2(fft::rfft2(in[0]), {4, 6}),
                              fft::ifftn(fft::fftn(in[0]))};
  });
  std::vector<cdouble> both = directDft(directDft(x, 4, 6, 1, -1), 4, 6, 0, -1);
  expectNear(r[0], both, 1e-10);
  expectNear(r[1], directDft(x, 4, 6, 0, -1), 1e-10);
  expectNear(r[2], x, 1e-12);
  expectNear(r[3], x, 1e-12);
  EXPECT_EQ(r[2].dtype(), legato::f64);
}

TEST(Fft, SinglePrecisionStaysSingle) {
  Array a = legato::from_vector(std::vector<float>{1, 2, 3, 4}, {4});
  auto r = run({a}, [](const std::vector<Array> &in) {
    Array s = fft::rfft(in[0]);
    return std::vector<Array>{fft::fft(in[0]), s, fft::irfft(s)};
  });
  EXPECT_EQ(r[0].dtype(), legato::c64);
  EXPECT_EQ(r[1].dtype(), legato::c64);
  EXPECT_EQ(r[2].dtype(), legato::f32);
  expectNear(r[0], {{10, 0}, {-2, 2}, {-2, 0}, {-2, -2}}, 1e-5);
  expectNear(r[2], {1, 2, 3, 4}, 1e-5);
}

TEST(Fft, ATransformOfAView) {
  // A transposed, strided view: the transform reads it where it lies.
  std::vector<cdouble> x = randomSignal(6 * 8, 5, true);
  Array a = complexArray(x, {6, 8});
  Array view = legato::transpose(a, {1, 0})[{legato::slice(std::nullopt, std::nullopt, 2)}];
  Array y = fft::fft(view); // [4, 6]: along a's first axis, every other column
  std::vector<cdouble> columns = directDft(x, 6, 8, 0, -1), expected;
  for (int64_t c = 0; c < 8; c += 2)
    for (int64_t r = 0; r < 6; ++r)
      expected.push_back(columns[size_t(r * 8 + c)]);
  expectNear(y, expected, 1e-10);
}

TEST(Fft, FrequenciesAndShifts) {
  expectNear(fft::fftfreq(5, 0.1), {0, 2, 4, -4, -2}, 1e-12);
  expectNear(fft::fftfreq(4), {0, 0.25, -0.5, -0.25}, 1e-12);
  expectNear(fft::rfftfreq(5, 0.1), {0, 2, 4}, 1e-12);
  Array k = legato::arange(int64_t(5));
  expectNear(fft::fftshift(k), {3, 4, 0, 1, 2}, 1e-12);
  expectNear(fft::ifftshift(fft::fftshift(k)), {0, 1, 2, 3, 4}, 1e-12);
  Array m = legato::reshape(legato::arange(int64_t(6)), {2, 3});
  expectNear(fft::fftshift(m, {1}), {2, 0, 1, 5, 3, 4}, 1e-12);
  expectNear(fft::fftshift(m), {5, 3, 4, 2, 0, 1}, 1e-12);
}

TEST(Fft, NumPysErrors) {
  Array x = legato::from_vector(std::vector<double>{1, 2, 3}, {3});
  EXPECT_THROW(fft::fft(x, 0), legato::Error);
  EXPECT_THROW(fft::fft(x, -1, 1), legato::AxisError);
  EXPECT_THROW(fft::irfft(legato::from_vector(std::vector<double>{1}, {1})), legato::Error);
  EXPECT_THROW(fft::rfft(x.astype(legato::c128)), legato::TypeError);
  EXPECT_THROW(fft::normFromString("sideways"), legato::Error);
  EXPECT_THROW(fft::fftn(x, {2, 2}, std::vector<int64_t>{0}), legato::Error);
  try {
    fft::fft(x, 0);
  } catch (const legato::Error &e) {
    EXPECT_NE(std::string(e.what()).find("Invalid number of FFT data points (0)"),
              std::string::npos)
        << e.what();
  }
}

} // namespace
