//===- random_test.cpp - legato::Generator (np.random) through the C++ API ===//
//
// Each distribution against its exact law, with fixed seeds and tolerances
// of several standard errors: means and variances of 10^5 draws, the
// Kolmogorov-Smirnov distance to the exact CDF for continuous draws,
// Pearson's chi-square against the exact pmf (computed here from lgamma)
// for integers, Poisson and binomial draws in both of their regimes, and
// for choice with and without p. Beside the laws: reproducibility (the same
// seed gives the same values, traced by jit or not, in every mode: a child
// process of each other mode computes a fingerprint of the same draws), a
// draw depends on the global shape only (an (n,) draw, split over the ranks
// under mpirun, equals the (1, n) draw that every rank computes whole), and
// NumPy's errors. api.random.np3 runs all of it at 3 ranks.
//
//===----------------------------------------------------------------------===//

#include "test_support.h"

#include <legato/legato.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <numeric>
#include <set>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

using legato::Array;
using legato::Generator;

::testing::Environment *const runtime_env =
    ::testing::AddGlobalTestEnvironment(new legato_test::RuntimeEnvironment);

constexpr int64_t kDraws = 100000;

/// f(), traced by legato::jit in jit mode.
Array drawn(const std::function<Array()> &f) {
  return legato_test::run([&](const std::vector<Array> &) { return std::vector<Array>{f()}; },
                          {})[0];
}

std::vector<double> doubles(const Array &a) { return a.astype(legato::f64).to_vector<double>(); }
std::vector<int64_t> ints(const Array &a) { return a.astype(legato::i64).to_vector<int64_t>(); }

double meanOf(const std::vector<double> &v) {
  return std::accumulate(v.begin(), v.end(), 0.0) / double(v.size());
}
double varianceOf(const std::vector<double> &v) {
  double m = meanOf(v), s = 0;
  for (double x : v)
    s += (x - m) * (x - m);
  return s / double(v.size() - 1);
}

/// Mean within 5 standard errors of `mean` for a law of variance `variance`,
/// and the sample variance within 5 of its own (`mu4`: the fourth central
/// moment).
void expectMoments(const std::vector<double> &v, double mean, double variance, double mu4,
                   const std::string &what) {
  double n = double(v.size());
  EXPECT_NEAR(meanOf(v), mean, 5 * std::sqrt(variance / n)) << what << ": mean";
  EXPECT_NEAR(varianceOf(v), variance, 5 * std::sqrt((mu4 - variance * variance) / n))
      << what << ": variance";
}

/// The Kolmogorov-Smirnov distance below its 0.1% critical value.
void expectCdf(std::vector<double> v, const std::function<double(double)> &cdf,
               const std::string &what) {
  std::sort(v.begin(), v.end());
  double n = double(v.size()), d = 0;
  for (size_t i = 0; i < v.size(); ++i) {
    double f = cdf(v[i]);
    d = std::max({d, f - double(i) / n, double(i + 1) / n - f});
  }
  EXPECT_LT(d, 1.95 / std::sqrt(n)) << what << ": Kolmogorov-Smirnov distance";
}

/// Pearson's chi-square of integer draws against pmf on [lo, hi] (the mass
/// beyond hi in the last bin), bins merged until each expects >= 5, below
/// its 0.1% critical value (Wilson-Hilferty); every draw lies in [lo, hi].
void expectPmf(const std::vector<int64_t> &draws, const std::function<double(int64_t)> &pmf,
               int64_t lo, int64_t hi, const std::string &what) {
  std::map<int64_t, double> observed;
  for (int64_t x : draws) {
    ASSERT_GE(x, lo) << what;
    ASSERT_LE(x, hi) << what;
    observed[x] += 1;
  }
  double n = double(draws.size());
  std::vector<std::pair<double, double>> bins; // (expected, observed)
  double e = 0, o = 0, mass = 0;
  for (int64_t k = lo; k <= hi; ++k) {
    double pk = k == hi ? std::max(0.0, 1 - mass) : pmf(k);
    mass += pk;
    e += n * pk;
    o += observed.count(k) ? observed[k] : 0;
    if (e >= 5) {
      bins.push_back({e, o});
      e = o = 0;
    }
  }
  if (e > 0 || o > 0) {
    if (bins.empty())
      bins.push_back({0, 0});
    bins.back().first += e;
    bins.back().second += o;
  }
  ASSERT_GE(bins.size(), 2u) << what;
  double chi2 = 0;
  for (auto [expected, got] : bins)
    chi2 += (got - expected) * (got - expected) / expected;
  double df = double(bins.size() - 1), z = 3.09;
  double critical = df * std::pow(1 - 2 / (9 * df) + z * std::sqrt(2 / (9 * df)), 3);
  EXPECT_LT(chi2, critical) << what << ": chi-square over " << bins.size() << " bins";
}

double poissonPmf(double lam, int64_t k) {
  return std::exp(double(k) * std::log(lam) - lam - std::lgamma(double(k) + 1));
}
double binomialPmf(int64_t n, double p, int64_t k) {
  return std::exp(std::lgamma(double(n) + 1) - std::lgamma(double(k) + 1) -
                  std::lgamma(double(n - k) + 1) + double(k) * std::log(p) +
                  double(n - k) * std::log1p(-p));
}
double normalCdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

// ---- uniform and continuous laws ------------------------------------------

TEST(Random, UniformsFillTheUnitInterval) {
  Generator g(1);
  Array u = drawn([&] { return g.random({kDraws}); });
  EXPECT_EQ(u.dtype(), legato::f64);
  std::vector<double> v = doubles(u);
  EXPECT_GE(*std::min_element(v.begin(), v.end()), 0.0);
  EXPECT_LT(*std::max_element(v.begin(), v.end()), 1.0);
  expectMoments(v, 0.5, 1.0 / 12, 1.0 / 80, "random");
  expectCdf(v, [](double x) { return x; }, "random");
  Array f = drawn([&] { return g.random({kDraws}, legato::f32); });
  EXPECT_EQ(f.dtype(), legato::f32);
  std::vector<float> w = f.to_vector<float>();
  EXPECT_GE(*std::min_element(w.begin(), w.end()), 0.0f);
  EXPECT_LT(*std::max_element(w.begin(), w.end()), 1.0f);
  expectCdf(doubles(f), [](double x) { return x; }, "random float32");
  std::vector<double> s = doubles(drawn([&] { return g.uniform(-2, 3, {kDraws}); }));
  EXPECT_GE(*std::min_element(s.begin(), s.end()), -2.0);
  EXPECT_LT(*std::max_element(s.begin(), s.end()), 3.0);
  expectCdf(s, [](double x) { return (x + 2) / 5; }, "uniform(-2, 3)");
}

TEST(Random, NormalsFollowTheGaussian) {
  Generator g(2);
  std::vector<double> z = doubles(drawn([&] { return g.standard_normal({kDraws}); }));
  expectMoments(z, 0, 1, 3, "standard_normal");
  expectCdf(z, normalCdf, "standard_normal");
  std::vector<double> x = doubles(drawn([&] { return g.normal(3, 0.5, {kDraws}); }));
  expectMoments(x, 3, 0.25, 3 * 0.0625, "normal(3, 0.5)");
  expectCdf(x, [](double v) { return normalCdf((v - 3) / 0.5); }, "normal(3, 0.5)");
  Array single = drawn([&] { return g.standard_normal({4, 5}, legato::f32); });
  EXPECT_EQ(single.dtype(), legato::f32);
  EXPECT_EQ(single.shape(), (legato::Shape{4, 5}));
}

TEST(Random, ExponentialsFollowTheirLaw) {
  Generator g(3);
  std::vector<double> e = doubles(drawn([&] { return g.standard_exponential({kDraws}); }));
  expectMoments(e, 1, 1, 9, "standard_exponential");
  std::vector<double> x = doubles(drawn([&] { return g.exponential(2.5, {kDraws}); }));
  EXPECT_GE(*std::min_element(x.begin(), x.end()), 0.0);
  expectCdf(x, [](double v) { return 1 - std::exp(-v / 2.5); }, "exponential(2.5)");
  EXPECT_EQ(g.standard_exponential({3}, legato::f32).dtype(), legato::f32);
}

TEST(Random, GammasFollowTheirLaw) {
  Generator g(4);
  // Closed-form CDFs: shape 1 (exponential), 3 (Erlang), 1/2 (Z^2 / 2).
  std::vector<double> one = doubles(drawn([&] { return g.standard_gamma(1, {kDraws}); }));
  expectCdf(one, [](double x) { return 1 - std::exp(-x); }, "standard_gamma(1)");
  std::vector<double> three = doubles(drawn([&] { return g.gamma(3, 2, {kDraws}); }));
  expectCdf(three,
            [](double v) {
              double x = v / 2;
              return 1 - std::exp(-x) * (1 + x + x * x / 2);
            },
            "gamma(3, 2)");
  std::vector<double> half = doubles(drawn([&] { return g.standard_gamma(0.5, {kDraws}); }));
  expectCdf(half, [](double x) { return std::erf(std::sqrt(std::max(x, 0.0))); },
            "standard_gamma(0.5)");
  for (double a : {0.3, 2.7, 50.0}) {
    std::vector<double> x = doubles(drawn([&] { return g.standard_gamma(a, {kDraws}); }));
    EXPECT_GE(*std::min_element(x.begin(), x.end()), 0.0);
    expectMoments(x, a, a, 3 * a * a + 6 * a, "standard_gamma(" + std::to_string(a) + ")");
  }
  std::vector<double> zero = doubles(g.standard_gamma(0, {5}));
  EXPECT_EQ(zero, std::vector<double>(5, 0.0));
}

// ---- integers ---------------------------------------------------------------

TEST(Random, IntegersAreUniformOverTheirRange) {
  Generator g(5);
  std::vector<int64_t> x = ints(drawn([&] { return g.integers(-3, 7, {kDraws}); }));
  expectPmf(x, [](int64_t) { return 0.1; }, -3, 6, "integers(-3, 7)");
  std::vector<int64_t> closed =
      ints(drawn([&] { return g.integers(1, 6, {kDraws}, legato::i64, true); }));
  expectPmf(closed, [](int64_t) { return 1.0 / 6; }, 1, 6, "integers(1, 6, endpoint)");
  // A range of 3 * 2^61: a quarter of the 64-bit draws are rejected, so
  // several attempts are kept; its thirds are equally likely.
  int64_t third = int64_t(1) << 61;
  std::vector<int64_t> wide = ints(drawn([&] { return g.integers(-third, 2 * third, {30000}); }));
  std::vector<int64_t> bucket;
  for (int64_t v : wide) {
    ASSERT_GE(v, -third);
    ASSERT_LT(v, 2 * third);
    bucket.push_back(v < 0 ? 0 : v < third ? 1 : 2);
  }
  expectPmf(bucket, [](int64_t) { return 1.0 / 3; }, 0, 2, "integers(-2^61, 2^62)");
  // The whole int64 range: the sign bit is a fair coin.
  std::vector<int64_t> full = ints(drawn([&] {
    return g.integers(INT64_MIN, INT64_MAX, {20000}, legato::i64, true);
  }));
  std::vector<int64_t> sign;
  for (int64_t v : full)
    sign.push_back(v < 0);
  expectPmf(sign, [](int64_t) { return 0.5; }, 0, 1, "integers over all of int64");
}

TEST(Random, IntegersTakeTheirDtype) {
  Generator g(6);
  Array small = g.integers(-128, 127, {1000}, legato::i8, true);
  EXPECT_EQ(small.dtype(), legato::i8);
  std::vector<int64_t> v = ints(small);
  EXPECT_EQ(*std::min_element(v.begin(), v.end()), -128);
  EXPECT_EQ(*std::max_element(v.begin(), v.end()), 127);
  Array bytes = g.integers(0, 256, {100}, legato::u8);
  EXPECT_EQ(bytes.dtype(), legato::u8);
  Array flags = g.integers(0, 2, {1000}, legato::bool_);
  EXPECT_EQ(flags.dtype(), legato::bool_);
  int64_t ones = legato::count_nonzero(flags).item<int64_t>();
  EXPECT_GT(ones, 400);
  EXPECT_LT(ones, 600);
  std::vector<int64_t> one = ints(g.integers(9, 10, {3}, legato::u32));
  EXPECT_EQ(one, (std::vector<int64_t>{9, 9, 9}));
  EXPECT_EQ(g.integers(0, 5).shape(), legato::Shape{});
}

// ---- Poisson and binomial: both regimes against the exact pmf --------------

TEST(Random, PoissonFollowsItsPmf) {
  Generator g(7);
  // Inversion (lam < 10) and PTRS (lam >= 10), near the switch too.
  for (double lam : {0.5, 3.0, 9.9, 10.0, 25.0, 1000.0}) {
    Array draws = drawn([&] { return g.poisson(lam, {kDraws}); });
    EXPECT_EQ(draws.dtype(), legato::i64);
    std::vector<int64_t> x = ints(draws);
    int64_t hi = int64_t(lam + 20 * std::sqrt(lam) + 30);
    expectPmf(x, [&](int64_t k) { return poissonPmf(lam, k); }, 0, hi,
              "poisson(" + std::to_string(lam) + ")");
  }
  // A large mean: moments (the fourth central moment is lam + 3 lam^2).
  double lam = 1e10;
  std::vector<double> big = doubles(drawn([&] { return g.poisson(lam, {kDraws}); }));
  expectMoments(big, lam, lam, lam + 3 * lam * lam, "poisson(1e10)");
  EXPECT_EQ(ints(g.poisson(0, {4})), std::vector<int64_t>(4, 0));
}

TEST(Random, BinomialFollowsItsPmf) {
  Generator g(8);
  // Inversion (n min(p, 1-p) < 30) and BTRS, each also for p > 1/2.
  struct Case {
    int64_t n;
    double p;
  };
  for (Case c : {Case{10, 0.3}, Case{100, 0.05}, Case{50, 0.9}, Case{1000, 0.5},
                 Case{2000, 0.97}, Case{61, 0.5}}) {
    std::vector<int64_t> x = ints(drawn([&] { return g.binomial(c.n, c.p, {kDraws}); }));
    expectPmf(x, [&](int64_t k) { return binomialPmf(c.n, c.p, k); }, 0, c.n,
              "binomial(" + std::to_string(c.n) + ", " + std::to_string(c.p) + ")");
  }
  int64_t n = 10000000;
  double p = 0.2, var = n * p * (1 - p);
  std::vector<double> big = doubles(drawn([&] { return g.binomial(n, p, {kDraws}); }));
  expectMoments(big, n * p, var, var * (1 + (3 * n - 6) * p * (1 - p)), "binomial(1e7, 0.2)");
  EXPECT_EQ(ints(g.binomial(0, 0.5, {3})), std::vector<int64_t>(3, 0));
  EXPECT_EQ(ints(g.binomial(7, 0.0, {3})), std::vector<int64_t>(3, 0));
  EXPECT_EQ(ints(g.binomial(7, 1.0, {3})), std::vector<int64_t>(3, 7));
}

// ---- permutations and choice ------------------------------------------------

TEST(Random, PermutationsAreUniform) {
  Generator g(9);
  std::vector<int64_t> p = ints(drawn([&] { return g.permutation(1000); }));
  std::vector<int64_t> sorted = p;
  std::sort(sorted.begin(), sorted.end());
  std::vector<int64_t> identity(1000);
  std::iota(identity.begin(), identity.end(), 0);
  EXPECT_EQ(sorted, identity);
  EXPECT_NE(p, identity);
  // The 6 orderings of 3 entries, equally often.
  std::vector<int64_t> code;
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<int64_t> q = ints(g.permutation(3));
    code.push_back(q[0] * 3 + q[1]);
  }
  std::map<int64_t, int64_t> index = {{1, 0}, {2, 1}, {3, 2}, {5, 3}, {6, 4}, {7, 5}};
  std::vector<int64_t> which;
  for (int64_t c : code) {
    ASSERT_TRUE(index.count(c)) << c;
    which.push_back(index[c]);
  }
  expectPmf(which, [](int64_t) { return 1.0 / 6; }, 0, 5, "permutation(3)");
  EXPECT_EQ(g.permutation(0).size(), 0);
}

TEST(Random, PermutationAndShuffleMoveWholeRows) {
  Generator g(10);
  Array x = legato::reshape(legato::arange(0.0, 40.0, 1.0), {10, 4});
  Array rows = drawn([&] { return g.permutation(x); });
  std::vector<double> v = doubles(rows);
  std::set<double> firsts;
  for (int i = 0; i < 10; ++i) {
    double first = v[size_t(i * 4)];
    firsts.insert(first);
    for (int j = 1; j < 4; ++j)
      EXPECT_EQ(v[size_t(i * 4 + j)], first + j) << "row " << i;
  }
  EXPECT_EQ(firsts.size(), 10u);
  std::vector<double> cols = doubles(g.permutation(x, 1));
  for (int i = 0; i < 10; ++i)
    for (int j = 0; j < 4; ++j)
      EXPECT_EQ(std::floor(cols[size_t(i * 4 + j)] / 4), i);
  // In place: another name of the array sees the new order.
  Array y = legato::arange(0.0, 50.0, 1.0);
  Array alias = y;
  g.shuffle(y);
  std::vector<double> shuffled = doubles(alias), sorted = shuffled;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, doubles(legato::arange(0.0, 50.0, 1.0)));
  EXPECT_NE(shuffled, sorted);
}

TEST(Random, ChoiceWithAndWithoutReplacement) {
  Generator g(11);
  std::vector<int64_t> uniform = ints(drawn([&] { return g.choice(5, {kDraws}); }));
  expectPmf(uniform, [](int64_t) { return 0.2; }, 0, 4, "choice(5)");
  std::vector<double> p = {0.1, 0.0, 0.6, 0.05, 0.25};
  std::vector<int64_t> weighted = ints(drawn([&] { return g.choice(5, {kDraws}, true, p); }));
  expectPmf(weighted, [&](int64_t k) { return p[size_t(k)]; }, 0, 4, "choice(5, p)");
  // Of an array: its entries along axis 0, in size's shape.
  Array pool = legato::reshape(legato::arange(0.0, 12.0, 1.0), {6, 2});
  Array picked = g.choice(pool, {3, 2});
  EXPECT_EQ(picked.shape(), (legato::Shape{3, 2, 2}));
  std::vector<double> v = doubles(picked);
  for (size_t i = 0; i < v.size(); i += 2)
    EXPECT_EQ(v[i + 1], v[i] + 1);
  // Without replacement: distinct entries, each kept k / n of the time.
  std::vector<int64_t> distinct = ints(drawn([&] { return g.choice(1000, {1000}, false); }));
  EXPECT_EQ(std::set<int64_t>(distinct.begin(), distinct.end()).size(), 1000u);
  std::vector<int64_t> kept;
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<int64_t> s = ints(g.choice(10, {5}, false));
    ASSERT_EQ(std::set<int64_t>(s.begin(), s.end()).size(), 5u);
    kept.insert(kept.end(), s.begin(), s.end());
  }
  // 1000 inclusions over 10 entries: 100 each (each a Binomial(200, 1/2)).
  std::map<int64_t, int> times;
  for (int64_t k : kept)
    times[k]++;
  for (int k = 0; k < 10; ++k)
    EXPECT_NEAR(times[k], 100, 5 * std::sqrt(50.0)) << "entry " << k;
}

TEST(Random, ChoiceWithoutReplacementFollowsSuccessiveDraws) {
  // Two of three with weights p: entry i is among them with probability
  // p_i + sum_{j != i} p_j p_i / (1 - p_j).
  Generator g(12);
  std::vector<double> p = {0.6, 0.3, 0.1};
  std::vector<double> inclusion(3), times(3, 0);
  for (int i = 0; i < 3; ++i) {
    inclusion[size_t(i)] = p[size_t(i)];
    for (int j = 0; j < 3; ++j)
      if (j != i)
        inclusion[size_t(i)] += p[size_t(j)] * p[size_t(i)] / (1 - p[size_t(j)]);
  }
  int trials = 300;
  for (int t = 0; t < trials; ++t) {
    std::vector<int64_t> s = ints(g.choice(3, {2}, false, p));
    ASSERT_NE(s[0], s[1]);
    times[size_t(s[0])]++;
    times[size_t(s[1])]++;
  }
  for (int i = 0; i < 3; ++i) {
    double q = inclusion[size_t(i)];
    EXPECT_NEAR(times[size_t(i)] / trials, q, 5 * std::sqrt(q * (1 - q) / trials)) << i;
  }
  // Zero weights are never drawn.
  std::vector<int64_t> s = ints(g.choice(4, {2}, false, {0.5, 0.0, 0.5, 0.0}));
  EXPECT_EQ(std::set<int64_t>(s.begin(), s.end()), (std::set<int64_t>{0, 2}));
}

// ---- reproducibility ---------------------------------------------------------

TEST(Random, SameSeedSameValuesNextCallNewValues) {
  Generator a(42), b(42), c(43);
  std::vector<double> first = doubles(drawn([&] { return a.standard_normal({1000}); }));
  EXPECT_EQ(first, doubles(drawn([&] { return b.standard_normal({1000}); })));
  EXPECT_NE(first, doubles(drawn([&] { return c.standard_normal({1000}); })));
  EXPECT_NE(first, doubles(drawn([&] { return a.standard_normal({1000}); })));
  EXPECT_EQ(a.streams_used(), b.streams_used() * 2);
  EXPECT_EQ(legato::default_rng(42).seed(), 42u);
  std::vector<int64_t> p = ints(legato::default_rng(5).poisson(30, {100}));
  EXPECT_EQ(p, ints(legato::default_rng(5).poisson(30, {100})));
  // legato::random keeps its own values: a function of its seed.
  std::vector<double> u = doubles(legato::random({100}, legato::f64, 3));
  EXPECT_EQ(u, doubles(legato::random({100}, legato::f64, 3)));
  EXPECT_NE(u, doubles(legato::random({100}, legato::f64, 4)));
}

/// The bits of a fixed set of draws, hashed (FNV-1a): those legato.h
/// promises bit for bit (the others go through exp/log/cos).
uint64_t fingerprint() {
  Generator g(2024);
  std::vector<Array> draws = {
      drawn([&] { return g.random({257}); }),
      drawn([&] { return g.random({33}, legato::f32).astype(legato::f64); }),
      drawn([&] { return g.integers(-5, 1000, {100}).astype(legato::f64); }),
      drawn([&] { return g.poisson(4, {100}).astype(legato::f64); }),
      drawn([&] { return g.poisson(400, {100}).astype(legato::f64); }),
      drawn([&] { return g.binomial(500, 0.3, {100}).astype(legato::f64); }),
      drawn([&] { return g.permutation(100).astype(legato::f64); }),
      drawn([&] { return g.choice(7, {50}, true, {0.1, 0.2, 0.3, 0.1, 0.1, 0.1, 0.1})
                             .astype(legato::f64); }),
      drawn([&] { return g.choice(40, {10}, false).astype(legato::f64); })};
  uint64_t h = 0xcbf29ce484222325ull;
  for (const Array &a : draws)
    for (double v : a.to_vector<double>()) {
      uint64_t bits;
      std::memcpy(&bits, &v, sizeof bits);
      for (int i = 0; i < 8; ++i)
        h = (h ^ ((bits >> (8 * i)) & 0xff)) * 0x100000001b3ull;
    }
  return h;
}

TEST(RandomChild, DISABLED_Fingerprint) {
  std::printf("fingerprint=%016llx\n", (unsigned long long)fingerprint());
}

TEST(Random, EveryModeDrawsTheSameValues) {
  uint64_t here = fingerprint();
  EXPECT_EQ(here, fingerprint()); // (a second Generator of the seed)
  // One process per other mode, each its own Runtime (alone, not under
  // mpirun, and from the lazy run only: it covers the three modes).
  if (legato_test::RuntimeEnvironment::runtime().size() > 1 ||
      legato_test::mode_name() != "lazy")
    GTEST_SKIP() << "the lazy run alone starts the other modes";
  char path[4096];
  ssize_t length = ::readlink("/proc/self/exe", path, sizeof path - 1);
  ASSERT_GT(length, 0);
  std::string self(path, size_t(length));
  for (std::string env : {"LEGATO_MODE=eager LEGATO_TEST_JIT=", "LEGATO_MODE=lazy LEGATO_TEST_JIT=1"}) {
    std::string command = env + " " + self +
                          " --gtest_also_run_disabled_tests "
                          "--gtest_filter=RandomChild.DISABLED_Fingerprint 2>&1";
    FILE *pipe = ::popen(command.c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    std::string output;
    char buffer[4096];
    while (size_t n = std::fread(buffer, 1, sizeof buffer, pipe))
      output.append(buffer, n);
    EXPECT_EQ(::pclose(pipe), 0) << output;
    char expected[64];
    std::snprintf(expected, sizeof expected, "fingerprint=%016llx", (unsigned long long)here);
    EXPECT_NE(output.find(expected), std::string::npos) << env << ":\n" << output;
  }
}

TEST(Random, ValuesDependOnTheGlobalShapeOnly) {
  // An (n,) array is split along axis 0 over the ranks (under mpirun); a
  // (1, n) one is whole on every rank. Their row-major values are the same.
  legato::Runtime &rt = legato_test::RuntimeEnvironment::runtime();
  int64_t n = 1001;
  // Exact ops give the same bits; exp, log, cos and pow may round an ulp
  // apart where the pieces' kernels are vectorized differently (legato.h).
  auto both = [&](const std::function<Array(Generator &, legato::Shape)> &draw,
                  const std::string &what, double rtol = 0) {
    Generator split(77), whole(77);
    Array a = drawn([&] { return draw(split, {n}); });
    Array b = drawn([&] { return draw(whole, {1, n}); });
    std::vector<double> va = doubles(a), vb = doubles(legato::reshape(b, {n}));
    ASSERT_EQ(va.size(), vb.size());
    int64_t differ = 0;
    for (size_t i = 0; i < va.size(); ++i)
      if (!(std::fabs(va[i] - vb[i]) <= rtol * std::fabs(vb[i])) && differ++ < 5)
        ADD_FAILURE() << what << ": element " << i << ": " << va[i] << " != " << vb[i];
    EXPECT_EQ(differ, 0) << what;
    if (rt.size() > 1) { // the (n,) draw is held in pieces: its sum all-reduces
      legato::flush();
      legato::reset_stats();
      legato::sum(a.astype(legato::f64)).item<double>();
      EXPECT_GT(legato::stats().collectives, 0) << what;
    }
  };
  both([](Generator &g, legato::Shape s) { return g.random(s); }, "random");
  both([](Generator &g, legato::Shape s) { return g.normal(1, 2, s); }, "normal", 1e-14);
  both([](Generator &g, legato::Shape s) { return g.exponential(3, s); }, "exponential", 1e-14);
  both([](Generator &g, legato::Shape s) { return g.standard_gamma(2.5, s); }, "gamma(2.5)", 1e-14);
  both([](Generator &g, legato::Shape s) { return g.standard_gamma(0.7, s); }, "gamma(0.7)", 1e-14);
  both([](Generator &g, legato::Shape s) { return g.integers(-9, 1 << 20, s); }, "integers");
  both([](Generator &g, legato::Shape s) { return g.poisson(6, s); }, "poisson(6)");
  both([](Generator &g, legato::Shape s) { return g.poisson(60, s); }, "poisson(60)");
  both([](Generator &g, legato::Shape s) { return g.binomial(40, 0.25, s); }, "binomial(40)");
  both([](Generator &g, legato::Shape s) { return g.binomial(400, 0.4, s); }, "binomial(400)");
  both([](Generator &g, legato::Shape s) { return g.choice(9, s, true, {.1, .1, .1, .1, .2, .1, .1, .1, .1}); },
       "choice with p");
}

// ---- errors -------------------------------------------------------------------

/// `f` throws E (and not a more special legato error), naming `words`.
template <class E>
void expectError(const std::function<void()> &f, const std::vector<std::string> &words) {
  try {
    f();
    ADD_FAILURE() << "no error; expected one naming " << words[0];
  } catch (const legato::TypeError &e) {
    EXPECT_TRUE((std::is_same_v<E, legato::TypeError>)) << e.what();
    for (const std::string &w : words)
      EXPECT_NE(std::string(e.what()).find(w), std::string::npos) << e.what();
  } catch (const legato::OverflowError &e) {
    EXPECT_TRUE((std::is_same_v<E, legato::OverflowError>)) << e.what();
  } catch (const legato::IndexError &e) {
    EXPECT_TRUE((std::is_same_v<E, legato::IndexError>)) << e.what();
  } catch (const legato::Error &e) {
    EXPECT_TRUE((std::is_same_v<E, legato::Error>)) << e.what();
    for (const std::string &w : words)
      EXPECT_NE(std::string(e.what()).find(w), std::string::npos) << e.what();
  }
}

TEST(RandomErrors, BadParametersAreNumpysErrors) {
  Generator g(0);
  using legato::Error;
  expectError<Error>([&] { g.poisson(-1, {3}); }, {"poisson", "lam < 0", "(3,)"});
  expectError<Error>([&] { g.poisson(1e19); }, {"poisson", "too large"});
  expectError<Error>([&] { g.binomial(-1, 0.5); }, {"binomial", "n < 0"});
  expectError<Error>([&] { g.binomial(3, 1.5); }, {"binomial", "p > 1"});
  expectError<Error>([&] { g.binomial(3, std::nan("")); }, {"binomial", "NaN"});
  expectError<Error>([&] { g.integers(5, 5, {2}); }, {"integers", "low >= high", "(2,)"});
  expectError<Error>([&] { g.integers(0, 300, {}, legato::i8); }, {"integers", "int8"});
  expectError<Error>([&] { g.integers(-1, 3, {}, legato::u8); }, {"integers", "low"});
  expectError<Error>([&] { g.normal(0, -1); }, {"normal", "scale < 0"});
  expectError<Error>([&] { g.exponential(-1); }, {"exponential", "scale < 0"});
  expectError<Error>([&] { g.gamma(-1); }, {"gamma", "shape < 0"});
  expectError<Error>([&] { g.choice(3, {5}, false); }, {"choice", "larger sample"});
  expectError<Error>([&] { g.choice(3, {}, true, {0.5, 0.4, 0.2}); }, {"choice", "sum to 1"});
  expectError<Error>([&] { g.choice(3, {}, true, {0.5, 0.5}); }, {"choice", "same size"});
  expectError<Error>([&] { g.choice(3, {}, true, {1.5, -0.5, 0}); }, {"choice", "non-negative"});
  expectError<Error>([&] { g.choice(0, {2}); }, {"choice", "positive"});
  expectError<Error>([&] { g.choice(3, {3}, false, {0.5, 0.5, 0}); }, {"choice", "non-zero"});
  expectError<legato::TypeError>([&] { g.random({2}, legato::i64); }, {"random", "int64"});
  expectError<legato::TypeError>([&] { g.standard_normal({2}, legato::f16); },
                                 {"standard_normal", "float16"});
  expectError<legato::TypeError>([&] { g.integers(0, 3, {}, legato::f64); },
                                 {"integers", "float64"});
  expectError<legato::TypeError>([&] { g.shuffle(legato::zeros({})); }, {"shuffle"});
  expectError<legato::OverflowError>([&] { g.uniform(0, INFINITY); }, {"uniform"});
  expectError<legato::IndexError>([&] { g.permutation(legato::zeros({})); }, {"permutation"});
  // No error took a stream: the next draw is the seed's first.
  EXPECT_EQ(doubles(g.random({5})), doubles(Generator(0).random({5})));
}

} // namespace
