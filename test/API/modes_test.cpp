//===- modes_test.cpp - Eager, lazy and jit give the same answers ---------===//
//
// One pipeline, three ways in (DESIGN.md): the same computation run op by op
// (a flush after every op, which is what eager mode does), as one lazy window,
// and traced by legato::jit must agree -- bit for bit for elementwise
// operations. Also: jit's per-signature cache and result kinds, the
// counter-based random generator, and that a C++ scalar's type matters only
// by kind (bool / integer / floating), as for Python scalars in NumPy 2.
//
// Runs in whatever mode the environment gives (CTest runs it in all three);
// the comparisons are within one process.
//
//===----------------------------------------------------------------------===//

#include "test_support.h"

#include <legato/legato.h>

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

namespace {

using legato::Array;

::testing::Environment *const runtime_env =
    ::testing::AddGlobalTestEnvironment(new legato_test::RuntimeEnvironment);

/// What an expression does after each op: `unfused` runs it at once (each op
/// its own program, like eager mode), `fused` leaves it to the window.
using Step = std::function<Array(const Array &)>;
Array unfused(const Array &x) {
  legato::flush();
  return x;
}
Array fused(const Array &x) { return x; }

template <class T>
::testing::AssertionResult bitwise_equal(const std::vector<T> &got, const std::vector<T> &want) {
  if (got.size() != want.size())
    return ::testing::AssertionFailure() << got.size() << " elements, want " << want.size();
  for (size_t i = 0; i < got.size(); ++i) {
    bool both_nan = std::isnan(double(got[i])) && std::isnan(double(want[i]));
    if (!both_nan && std::memcmp(&got[i], &want[i], sizeof(T)) != 0)
      return ::testing::AssertionFailure()
             << "element " << i << ": " << double(got[i]) << " vs " << double(want[i])
             << " (differ by " << double(got[i]) - double(want[i]) << ")";
  }
  return ::testing::AssertionSuccess();
}

template <class T>
::testing::AssertionResult close(const std::vector<T> &got, const std::vector<T> &want,
                                 double rtol) {
  if (got.size() != want.size())
    return ::testing::AssertionFailure() << got.size() << " elements, want " << want.size();
  for (size_t i = 0; i < got.size(); ++i)
    if (!(std::fabs(double(got[i]) - double(want[i])) <= rtol * (1 + std::fabs(double(want[i])))))
      return ::testing::AssertionFailure()
             << "element " << i << ": " << double(got[i]) << " vs " << double(want[i]);
  return ::testing::AssertionSuccess();
}

struct Expression {
  const char *name;
  /// Calls libm functions: a fused kernel may evaluate an element with the
  /// vector (libmvec) variant where the op-by-op kernel used the scalar one,
  /// so only ~1 ulp agreement is promised; arithmetic must be bitwise.
  bool libm;
  std::function<Array(const Step &, const Array &, const Array &, const Array &)> build;
};

// Inputs are uniform [0, 1).
const std::vector<Expression> &elementwise_expressions() {
  static const std::vector<Expression> exprs{
      {"exp(a) * b + 1", true, [](auto &s, auto &a, auto &b, auto &) {
         return s(s(s(legato::exp(a)) * b) + 1.0);
       }},
      {"sin(a) * cos(b) - tanh(c)", true, [](auto &s, auto &a, auto &b, auto &c) {
         return s(s(s(legato::sin(a)) * s(legato::cos(b))) - s(legato::tanh(c)));
       }},
      {"sqrt(a) / (b + 0.5)", false, [](auto &s, auto &a, auto &b, auto &) {
         return s(s(legato::sqrt(a)) / s(b + 0.5));
       }},
      {"log(a + 1e-3) * erf(b - 0.5)", true, [](auto &s, auto &a, auto &b, auto &) {
         return s(s(legato::log(s(a + 1e-3))) * s(legato::erf(s(b - 0.5))));
       }},
      {"pow(a, b) + maximum(a, c) - minimum(b, c)", true, [](auto &s, auto &a, auto &b, auto &c) {
         return s(s(s(legato::pow(a, b)) + s(legato::maximum(a, c))) - s(legato::minimum(b, c)));
       }},
      {"where(a < b, a * 2, b - 1)", false, [](auto &s, auto &a, auto &b, auto &) {
         return s(legato::where(s(a < b), s(a * 2.0), s(b - 1.0)));
       }},
      {"floor(a * 10) / 10 + abs(a - b) * -c", false, [](auto &s, auto &a, auto &b, auto &c) {
         return s(s(s(legato::floor(s(a * 10.0))) / 10.0) +
                  s(s(legato::abs(s(a - b))) * s(-c)));
       }},
      // a*b + c is where a fused kernel may be tempted to contract into an FMA.
      {"a * b + c", false, [](auto &s, auto &a, auto &b, auto &c) { return s(s(a * b) + c); }},
      {"a - b * c", false, [](auto &s, auto &a, auto &b, auto &c) { return s(a - s(b * c)); }},
      {"(a + b).astype(f32/f64 swap)", false, [](auto &s, auto &a, auto &b, auto &) {
         legato::DType other = a.dtype() == legato::f64 ? legato::f32 : legato::f64;
         return s(s(s(a + b).astype(other)) * 3.0);
       }},
  };
  return exprs;
}

/// The fused (one window) and traced results against the op-by-op one:
/// bitwise when `rtol` is 0, else within `rtol`.
template <class T>
void expect_agreement(const Array &lazy, const Array &traced, const Array &ref, double rtol) {
  std::vector<T> want = ref.to_vector<T>();
  for (const auto &[got, what] : {std::pair{&lazy, "one window vs op by op"},
                                  std::pair{&traced, "jit vs op by op"}}) {
    std::vector<T> values = got->template to_vector<T>();
    EXPECT_TRUE(rtol == 0 ? bitwise_equal(values, want) : close(values, want, rtol)) << what;
  }
}

void check_elementwise_agreement(legato::DType dtype) {
  const int64_t n = 1000;
  Array a = legato::random({n}, dtype, 1), b = legato::random({n}, dtype, 2),
        c = legato::random({n}, dtype, 3);
  for (const Expression &e : elementwise_expressions()) {
    SCOPED_TRACE(std::string(e.name) + " in " + legato::dtype_name(dtype));
    Array ref = e.build(unfused, a, b, c);
    Array lazy = e.build(fused, a, b, c);
    Array traced = legato_test::call_jit(
        [&](const std::vector<Array> &x) {
          return std::vector<Array>{e.build(fused, x[0], x[1], x[2])};
        },
        {a, b, c})[0];
    ASSERT_EQ(lazy.dtype(), ref.dtype());
    ASSERT_EQ(traced.dtype(), ref.dtype());
    if (ref.dtype() == legato::f64)
      expect_agreement<double>(lazy, traced, ref, e.libm ? 1e-15 : 0);
    else
      expect_agreement<float>(lazy, traced, ref, e.libm ? 5e-7 : 0);
  }
}

TEST(Agreement, ElementwiseAgreesFloat64) { check_elementwise_agreement(legato::f64); }
TEST(Agreement, ElementwiseAgreesFloat32) { check_elementwise_agreement(legato::f32); }

TEST(Agreement, IntegerAndBoolElementwise) {
  Array a = legato::random({257}, legato::i32, 4), b = legato::random({257}, legato::i64, 5);
  auto build = [](const Step &s, const Array &x, const Array &y) {
    Array m = s(s(x * 3) - s(y / 7));                 // float64 (true divide)
    Array k = s(s(legato::maximum(x, y)) + s(x * 2)); // int64
    Array f = s(legato::logical_or(s(x < y), s(x == 0)));
    return std::vector<Array>{m, k, f};
  };
  std::vector<Array> ref = build(unfused, a, b), lazy = build(fused, a, b);
  std::vector<Array> traced = legato_test::call_jit(
      [&](const std::vector<Array> &x) { return build(fused, x[0], x[1]); }, {a, b});
  EXPECT_TRUE(bitwise_equal(lazy[0].to_vector<double>(), ref[0].to_vector<double>()));
  EXPECT_TRUE(bitwise_equal(traced[0].to_vector<double>(), ref[0].to_vector<double>()));
  EXPECT_EQ(lazy[1].to_vector<int64_t>(), ref[1].to_vector<int64_t>());
  EXPECT_EQ(traced[1].to_vector<int64_t>(), ref[1].to_vector<int64_t>());
  EXPECT_EQ(legato_test::host_values<bool>(lazy[2]), legato_test::host_values<bool>(ref[2]));
  EXPECT_EQ(legato_test::host_values<bool>(traced[2]), legato_test::host_values<bool>(ref[2]));
}

TEST(Agreement, ReductionsMatmulAndSlices) {
  // Not bitwise: a fused reduction may sum in another order.
  Array a = legato::random({6, 7}, legato::f64, 6), b = legato::random({7, 5}, legato::f64, 7);
  auto build = [](const Step &s, const Array &x, const Array &y) {
    Array e = s(legato::exp(x));
    Array r1 = s(legato::sum(e, {1}));
    Array r2 = s(legato::mean(s(x * x), {0}, true));
    Array r3 = s(s(legato::matmul(x, y)) + 1.0);
    Array r4 = s(legato::max(s(x[{legato::slice(1, legato::none)}] - x[{legato::slice(legato::none, -1)}])));
    Array r5 = s(legato::matmul(s(x.T()), x));
    return std::vector<Array>{r1, r2, r3, r4, r5};
  };
  std::vector<Array> ref = build(unfused, a, b), lazy = build(fused, a, b);
  std::vector<Array> traced = legato_test::call_jit(
      [&](const std::vector<Array> &x) { return build(fused, x[0], x[1]); }, {a, b});
  for (size_t i = 0; i < ref.size(); ++i) {
    SCOPED_TRACE("result " + std::to_string(i));
    ASSERT_EQ(lazy[i].shape(), ref[i].shape());
    ASSERT_EQ(traced[i].shape(), ref[i].shape());
    EXPECT_TRUE(close(lazy[i].to_vector<double>(), ref[i].to_vector<double>(), 1e-13));
    EXPECT_TRUE(close(traced[i].to_vector<double>(), ref[i].to_vector<double>(), 1e-13));
  }
}

TEST(Agreement, SplitReductionsFusedWithTheirProducers) {
  // Large enough that the sums are split into parallel chunks, and computed
  // in the kernel of their operand where that operand is also returned.
  // On the CPU the lanes of a sum depend only on its shape and type: the
  // fused sums have the bits of the unfused ones. (A GPU sums a fused
  // reduction in its own block order.)
  bool cpu = legato_test::RuntimeEnvironment::runtime().backend() == legato::Backend::cpu;
  Array p = legato::random({256, 256}, legato::f64, 12);
  auto build = [](const Step &s, const Array &x) {
    Array ax = s(2.0 * x + 1.0);
    Array dot = s(legato::sum(s(x * ax)));
    Array sq = s(legato::sum(s(ax * ax)));
    return std::vector<Array>{ax, dot, sq};
  };
  std::vector<Array> ref = build(unfused, p), lazy = build(fused, p);
  std::vector<Array> traced = legato_test::call_jit(
      [&](const std::vector<Array> &x) { return build(fused, x[0]); }, {p});
  for (size_t i = 0; i < ref.size(); ++i) {
    SCOPED_TRACE("result " + std::to_string(i));
    double rtol = cpu || i == 0 ? 0 : 1e-13;
    for (const Array &got : {lazy[i], traced[i]})
      EXPECT_TRUE(rtol == 0 ? bitwise_equal(got.to_vector<double>(), ref[i].to_vector<double>())
                            : close(got.to_vector<double>(), ref[i].to_vector<double>(), rtol));
  }
  // And the host's sums, as an independent check.
  std::vector<double> x = p.to_vector<double>();
  double dot = 0, sq = 0;
  for (double v : x) {
    dot += v * (2 * v + 1);
    sq += (2 * v + 1) * (2 * v + 1);
  }
  EXPECT_NEAR(lazy[1].item<double>(), dot, 1e-10 * std::abs(dot));
  EXPECT_NEAR(lazy[2].item<double>(), sq, 1e-10 * std::abs(sq));
}

/// `sweeps` of CFD's pressure sweeps on `start`: rows between two walls
/// from shifted slices, periodic columns, wall rows copied from their
/// neighbours.
std::vector<Array> pressureSweeps(const Step &s, const Array &start, const Array &b,
                                  int sweeps = 6) {
  using legato::all;
  using legato::none;
  using legato::slice;
  Array p = start.copy();
  for (int sweep = 0; sweep < sweeps; ++sweep) {
    Array pc = p[{slice(1, -1), all}];
    Array east = legato::concatenate({pc[{all, slice(1, none)}], pc[{all, slice(none, 1)}]}, 1);
    Array west = legato::concatenate({pc[{all, slice(-1, none)}], pc[{all, slice(none, -1)}]}, 1);
    Array ns = s(Array(p[{slice(2, none), all}]) + Array(p[{slice(none, -2), all}]));
    p[{slice(1, -1), all}] = s(s(s(s(east + west) * 0.3) + s(ns * 0.2)) - s(0.1 * b));
    p[{0, all}] = p[{1, all}];
    p[{-1, all}] = p[{-2, all}];
  }
  return std::vector<Array>{p};
}

/// The sweeps unfused (one program per op), fused in a window and traced
/// (where pairs of them share a launch by default, tile by tile of rows on
/// the CPU: sweeps 2 and 3, 4 and 5, as the first sweep's kernel also
/// computes 0.1 * b; api.modes.unfused_sweeps runs them one by one): the
/// same operations in the same order, so the same bits.
void expectSweepsBitForBit(int64_t rows, int64_t cols) {
  Array p0 = legato::random({rows, cols}, legato::f64, 13);
  Array rhs = legato::random({rows - 2, cols}, legato::f64, 14);
  std::vector<Array> ref = pressureSweeps(unfused, p0, rhs),
                     lazy = pressureSweeps(fused, p0, rhs);
  std::vector<Array> traced = legato_test::call_jit(
      [&](const std::vector<Array> &x) { return pressureSweeps(fused, x[0], x[1]); }, {p0, rhs});
  EXPECT_TRUE(bitwise_equal(lazy[0].to_vector<double>(), ref[0].to_vector<double>()));
  EXPECT_TRUE(bitwise_equal(traced[0].to_vector<double>(), ref[0].to_vector<double>()));
}

TEST(Agreement, PressureSweepsBitForBit) {
  expectSweepsBitForBit(19, 23);
  // And one sweep on the host, as an independent check of the first.
  Array p0 = legato::random({19, 23}, legato::f64, 13);
  Array rhs = legato::random({17, 23}, legato::f64, 14);
  std::vector<double> p = p0.to_vector<double>(), b = rhs.to_vector<double>(), next = p;
  for (int i = 1; i < 18; ++i)
    for (int j = 0; j < 23; ++j)
      next[i * 23 + j] = ((p[i * 23 + (j + 1) % 23] + p[i * 23 + (j + 22) % 23]) * 0.3 +
                          (p[(i + 1) * 23 + j] + p[(i - 1) * 23 + j]) * 0.2) -
                         0.1 * b[(i - 1) * 23 + j];
  for (int j = 0; j < 23; ++j) {
    next[j] = next[23 + j];
    next[18 * 23 + j] = next[17 * 23 + j];
  }
  std::vector<Array> one = legato_test::call_jit(
      [&](const std::vector<Array> &x) { return pressureSweeps(fused, x[0], x[1], 1); },
      {p0, rhs});
  EXPECT_TRUE(bitwise_equal(one[0].to_vector<double>(), next));
}

TEST(Agreement, PressureSweepsBitForBitInParallelTiles) {
  // Work enough for the thread team (tiles of rows on several threads),
  // rows that do not divide into whole tiles.
  expectSweepsBitForBit(301, 256);
}

/// `sweeps` Jacobi sweeps of a 5-point stencil on `start`: the interior
/// from shifted slices, written back by slice assignment; the border fixed.
std::vector<Array> stencilSweeps(const Step &s, const Array &start, int sweeps = 5) {
  using legato::none;
  using legato::slice;
  Array g = start.copy();
  for (int sweep = 0; sweep < sweeps; ++sweep) {
    Array centre(g[{slice(1, -1), slice(1, -1)}]), north(g[{slice(none, -2), slice(1, -1)}]),
        south(g[{slice(2, none), slice(1, -1)}]), west(g[{slice(1, -1), slice(none, -2)}]),
        east(g[{slice(1, -1), slice(2, none)}]);
    g[{slice(1, -1), slice(1, -1)}] = s(0.2 * s(s(s(s(centre + north) + south) + west) + east));
  }
  return std::vector<Array>{g};
}

TEST(Agreement, StencilSweepsBitForBit) {
  // Pairs of sweeps share a kernel on a GPU (and with
  // LEGATO_FUSE_SWEEPS=recompute): the second one's interior, edges and
  // corners each recompute what they read of the first; the same
  // operations in the same order, so the same bits.
  for (auto [rows, cols] : {std::pair<int64_t, int64_t>{9, 13}, {130, 257}}) {
    Array g0 = legato::random({rows, cols}, legato::f64, 15);
    std::vector<Array> ref = stencilSweeps(unfused, g0), lazy = stencilSweeps(fused, g0);
    std::vector<Array> traced = legato_test::call_jit(
        [&](const std::vector<Array> &x) { return stencilSweeps(fused, x[0]); }, {g0});
    EXPECT_TRUE(bitwise_equal(lazy[0].to_vector<double>(), ref[0].to_vector<double>()));
    EXPECT_TRUE(bitwise_equal(traced[0].to_vector<double>(), ref[0].to_vector<double>()));
  }
  // And two sweeps on the host, as an independent check.
  Array g0 = legato::random({9, 13}, legato::f64, 16);
  std::vector<double> g = g0.to_vector<double>();
  for (int sweep = 0; sweep < 2; ++sweep) {
    std::vector<double> next = g;
    for (int i = 1; i < 8; ++i)
      for (int j = 1; j < 12; ++j)
        next[i * 13 + j] = 0.2 * ((((g[i * 13 + j] + g[(i - 1) * 13 + j]) + g[(i + 1) * 13 + j]) +
                                   g[i * 13 + j - 1]) +
                                  g[i * 13 + j + 1]);
    g = next;
  }
  std::vector<Array> two = legato_test::call_jit(
      [&](const std::vector<Array> &x) { return stencilSweeps(fused, x[0], 2); }, {g0});
  EXPECT_TRUE(bitwise_equal(two[0].to_vector<double>(), g));
}

TEST(Agreement, SplitReductionOfAGeneratorSeesItsIndices) {
  // arange is computed inside the reduction's split loops: each chunk must
  // see its own indices. Integer-valued partial sums are exact in f64.
  constexpr int64_t n = int64_t(1) << 18;
  Array total = legato::sum(legato::arange(0, double(n), 1, legato::f64));
  EXPECT_EQ(total.item<double>(), double(n) * double(n - 1) / 2);
  auto f = legato::jit([](const Array &scale) {
    return legato::sum(legato::arange(0, double(n), 1, legato::f64) * scale);
  });
  EXPECT_EQ(f(legato::full({}, 2.0, legato::f64)).item<double>(), double(n) * double(n - 1));
}

TEST(Agreement, ProgramsPerMode) {
  // eager: every op is its own program; lazy: one window; jit: one program.
  Array a = legato::random({64}, legato::f64, 8), b = legato::random({64}, legato::f64, 9);
  legato::flush();
  legato::reset_stats();
  Array c = legato::exp(a) * b + 1.0;
  c.to_vector<double>();
  int64_t programs = legato::stats().programs;
  if (legato_test::mode_name() == "eager")
    EXPECT_EQ(programs, 3) << "exp, *, +";
  else
    EXPECT_EQ(programs, 1);
}

// ---- jit -------------------------------------------------------------------------

TEST(Jit, TracesOncePerSignature) {
  auto f = legato::jit([](const Array &x, const Array &y) { return x * y + 1.0; });
  Array a = legato::random({3, 4}, legato::f64, 10), b = legato::random({3, 4}, legato::f64, 11);
  Array r1 = f(a, b);
  EXPECT_TRUE(bitwise_equal(r1.to_vector<double>(), (a * b + 1.0).to_vector<double>()));

  Array p = legato::random({5}, legato::f32, 12), q = legato::random({5}, legato::f32, 13);
  Array r2 = f(p, q);
  EXPECT_EQ(r2.dtype(), legato::f32);
  EXPECT_EQ(r2.shape(), (legato::Shape{5}));
  EXPECT_TRUE(bitwise_equal(r2.to_vector<float>(), (p * q + 1.0).to_vector<float>()));

  // The first signature again, with other values: cached, nothing compiled.
  Array c = legato::random({3, 4}, legato::f64, 14);
  legato::flush(); // so that f's counters see only f's own program
  Array r3 = f(c, b);
  EXPECT_TRUE(bitwise_equal(r3.to_vector<double>(), (c * b + 1.0).to_vector<double>()));
  EXPECT_EQ(f.stats().compiles, 0) << "a repeated signature must hit jit's cache";
}

TEST(Jit, StencilReadsItsArrayOnce) {
  // Four shifted views of one 64x64 array in one kernel: bytes moved count
  // the array once (neighbours come from cache), plus the 62x62 result.
  auto f = legato::jit([](const Array &g) {
    using legato::slice;
    return g[{slice(0, 62), slice(1, 63)}] + g[{slice(2, 64), slice(1, 63)}] +
           g[{slice(1, 63), slice(0, 62)}] + g[{slice(1, 63), slice(2, 64)}];
  });
  Array g = legato::random({64, 64}, legato::f64, 17);
  f(g).to_vector<double>();
  EXPECT_EQ(f.stats().kernels, 1);
  EXPECT_EQ(f.stats().bytes_moved, 64 * 64 * 8 + 62 * 62 * 8);
}

TEST(Jit, RollsAreReadThroughACyclicIndex) {
  // np.roll over both axes (and twice along one, where the shifts add) is
  // read by its consumer's kernel through a cyclic index: the array once,
  // the result once, no rolled copy; against the loops written out here.
  constexpr int64_t n = 12, m = 10;
  auto f = legato::jit([](const Array &u) {
    return legato::roll(u, {1, -3}, {0, 1}) - legato::roll(u, {2, 2}, {1, 1}) * 0.5;
  });
  Array u = legato::random({n, m}, legato::f64, 21);
  std::vector<double> got = f(u).to_vector<double>(), in = u.to_vector<double>(), want(in.size());
  auto at = [&](int64_t i, int64_t j) { return in[size_t(((i + n) % n) * m + (j + m) % m)]; };
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < m; ++j)
      want[size_t(i * m + j)] = at(i - 1, j + 3) - at(i, j - 4) * 0.5;
  EXPECT_EQ(got, want);
  EXPECT_EQ(f.stats().kernels, 1);
  EXPECT_EQ(f.stats().bytes_moved, 2 * n * m * 8);
}

TEST(Jit, MatvecWithItsUpdateIsOneKernel) {
  // Jacobi's step x' = (b - R @ x) / d with R = A - diag(d): the matrix is
  // read by a generated row reduction that computes R on the fly and the
  // update as its epilogue; checked against the loops written out here.
  constexpr int64_t n = 96;
  auto step = legato::jit([](const Array &A, const Array &x, const Array &b) {
    Array d = legato::diag(A);
    return (b - legato::matmul(A - legato::diag(d), x)) / d;
  });
  Array A = legato::random({n, n}, legato::f64, 18) + 4.0 * legato::eye(n, legato::f64);
  Array x = legato::random({n}, legato::f64, 19), b = legato::random({n}, legato::f64, 20);
  std::vector<double> got = step(A, x, b).to_vector<double>();
  std::vector<double> a = A.to_vector<double>(), xv = x.to_vector<double>(),
                      bv = b.to_vector<double>(), want(n);
  for (int64_t i = 0; i < n; ++i) {
    double s = 0;
    for (int64_t j = 0; j < n; ++j)
      s += (i == j ? 0.0 : a[size_t(i * n + j)]) * xv[size_t(j)];
    want[size_t(i)] = (bv[size_t(i)] - s) / a[size_t(i * n + i)];
  }
  EXPECT_TRUE(close(got, want, 1e-13));
  EXPECT_EQ(step.stats().kernels, 1);
}

TEST(Jit, ResultKinds) {
  Array a = legato::random({4}, legato::f64, 15), b = legato::random({4}, legato::f64, 16);
  auto pair = legato::jit([](const Array &x, const Array &y) { return std::make_pair(x + y, x - y); });
  auto [s, d] = pair(a, b);
  EXPECT_TRUE(bitwise_equal(s.to_vector<double>(), (a + b).to_vector<double>()));
  EXPECT_TRUE(bitwise_equal(d.to_vector<double>(), (a - b).to_vector<double>()));

  auto triple = legato::jit([](const Array &x) {
    return std::make_tuple(legato::sum(x), x * 2.0, x.astype(legato::i64));
  });
  auto [t0, t1, t2] = triple(a);
  EXPECT_EQ(t0.shape(), legato::Shape{});
  EXPECT_EQ(t1.shape(), (legato::Shape{4}));
  EXPECT_EQ(t2.dtype(), legato::i64);

  auto many = legato::jit([](const Array &x, const Array &y) {
    return std::vector<Array>{x, y, x * y};
  });
  std::vector<Array> v = many(a, b);
  ASSERT_EQ(v.size(), 3u);
  EXPECT_TRUE(bitwise_equal(v[0].to_vector<double>(), a.to_vector<double>()));
  EXPECT_TRUE(bitwise_equal(v[2].to_vector<double>(), (a * b).to_vector<double>()));

  // The same array passed twice.
  auto sq = legato::jit([](const Array &x, const Array &y) { return x * y; });
  EXPECT_TRUE(bitwise_equal(sq(a, a).to_vector<double>(), (a * a).to_vector<double>()));
}

TEST(Jit, TakesUpToEightArrays) {
  // Until session 36 the dispatch tried 0 to 7 arguments: eight threw.
  std::vector<Array> x;
  for (uint64_t seed = 0; seed < 8; ++seed)
    x.push_back(legato::random({5}, legato::f64, 40 + seed));
  auto f = legato::jit([](const Array &a, const Array &b, const Array &c, const Array &d,
                          const Array &e, const Array &g, const Array &h, const Array &i) {
    return a + b * 2.0 + c * 3.0 + d * 4.0 + e * 5.0 + g * 6.0 + h * 7.0 + i * 8.0;
  });
  Array want = x[0];
  for (size_t k = 1; k < 8; ++k)
    want = want + x[k] * double(k + 1);
  EXPECT_TRUE(bitwise_equal(f(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7]).to_vector<double>(),
                            want.to_vector<double>()));
}

TEST(Jit, ArgumentsAreUnchanged) {
  // Writes inside a traced function go to its own copy of an argument.
  Array a = legato::from_vector(std::vector<double>{1, 2, 3, 4}, {4});
  auto f = legato::jit([](const Array &x) {
    Array r = x.copy();
    r[{legato::slice(1, 3)}] = 0.0;
    return r;
  });
  EXPECT_EQ(f(a).to_vector<double>(), (std::vector<double>{1, 0, 0, 4}));
  EXPECT_EQ(a.to_vector<double>(), (std::vector<double>{1, 2, 3, 4}));
}

TEST(Jit, AWriteDoesNotReachAnotherResult) {
  // v2 keeps v1's value from before the write (test/regressions: jit-inplace-update).
  auto f = legato::jit([](const Array &x) {
    Array v1 = x + x;
    Array v2 = v1.copy();
    Array v3 = legato::transpose(v1); // folds to v1 (1-D)
    v1[{0}] = -3.0;
    return std::make_tuple(v1, v2, v3);
  });
  Array x = legato::from_vector(std::vector<double>{1, 2, 3}, {3});
  auto [v1, v2, v3] = f(x);
  EXPECT_EQ(v1.to_vector<double>(), (std::vector<double>{-3, 4, 6}));
  EXPECT_EQ(v2.to_vector<double>(), (std::vector<double>{2, 4, 6}));
  EXPECT_EQ(v3.to_vector<double>(), (std::vector<double>{2, 4, 6}));
}

// ---- host loops -------------------------------------------------------------------

/// 60 iterations of a body with an elementwise update and a reduction, the
/// shape of an iterative solver's loop.
std::pair<Array, Array> relax(const Array &x0, const Array &y, int iters) {
  Array x = x0, s = legato::zeros({}, legato::f64);
  for (int i = 0; i < iters; ++i) {
    x = 0.5 * x + legato::sqrt(y) / (1.0 + s);
    s = s + legato::sum(x * x) / 4096.0;
  }
  return {x, s};
}

TEST(Loops, ABodyCompilesOnceAndAgreesWithOpByOp) {
  Array x0 = legato::random({4096}, legato::f64, 40), y = legato::random({4096}, legato::f64, 41);
  legato::flush();
  constexpr int kIters = 60;

  // Reference: each iteration's values read back (a flush per iteration).
  Array rx = x0, rs = legato::zeros({}, legato::f64);
  for (int i = 0; i < kIters; ++i) {
    rx = 0.5 * rx + legato::sqrt(y) / (1.0 + rs);
    rs = rs + legato::sum(rx * rx) / 4096.0;
    rs.item<double>();
  }

  legato::reset_stats();
  auto [x, s] = relax(x0, y, kIters);
  EXPECT_TRUE(bitwise_equal(x.to_vector<double>(), rx.to_vector<double>()));
  EXPECT_EQ(s.item<double>(), rs.item<double>());
  if (legato_test::mode_name() == "lazy") {
    // Windows are cut at the loop's period (several iterations each: at
    // least 96 ops) and share one executable.
    EXPECT_GE(legato::stats().programs, 5);
    EXPECT_LE(legato::stats().compiles, 4);
  }

  auto f = legato::jit([&](const Array &a, const Array &b) { return relax(a, b, kIters); });
  auto [jx, js] = f(x0, y);
  EXPECT_TRUE(bitwise_equal(jx.to_vector<double>(), rx.to_vector<double>()));
  EXPECT_EQ(js.item<double>(), rs.item<double>());
  EXPECT_GE(f.stats().programs, 5) << "the traced loop runs as segments";
  EXPECT_LE(f.stats().compiles, 4) << "segments of equal structure share an executable";
  EXPECT_GT(f.stats().compile_ms, 0.0);
  // A second call finds every segment's executable.
  auto [again, againSum] = f(x0, y);
  EXPECT_TRUE(bitwise_equal(again.to_vector<double>(), rx.to_vector<double>()));
  EXPECT_EQ(f.stats().compiles, 0) << "a second call compiles nothing";
  EXPECT_EQ(f.stats().compile_ms, 0.0);
}

/// relax() with its temporaries declared before the loop, as a Python
/// loop's variables are: each lives on until the next iteration rebinds it.
/// `step` is returned too: the last one is read after the loop.
std::tuple<Array, Array, Array> relaxKeepingTemporaries(const Array &x0, const Array &y,
                                                        int iters) {
  Array x = x0, s = legato::zeros({}, legato::f64), step, norm;
  for (int i = 0; i < iters; ++i) {
    step = legato::sqrt(y) / (1.0 + s);
    x = 0.5 * x + step;
    norm = legato::sum(x * x);
    s = s + norm / 4096.0;
  }
  return {x, s, step};
}

TEST(Loops, VariablesThatOutliveTheirIterationAreNoWindowOutputs) {
  Array x0 = legato::random({4096}, legato::f64, 40), y = legato::random({4096}, legato::f64, 41);
  legato::flush();
  constexpr int kIters = 60;
  legato::reset_stats();
  auto [x, s] = relax(x0, y, kIters);
  legato::flush();
  legato::Stats scoped = legato::stats();

  legato::reset_stats();
  auto [kx, ks, step] = relaxKeepingTemporaries(x0, y, kIters);
  legato::flush();
  legato::Stats kept = legato::stats();
  EXPECT_TRUE(bitwise_equal(kx.to_vector<double>(), x.to_vector<double>()));
  EXPECT_EQ(ks.item<double>(), s.item<double>());
  // The last step, read after the loop, as computed op by op.
  Array rx = x0, rs = legato::zeros({}, legato::f64), rstep;
  for (int i = 0; i < kIters; ++i) {
    rstep = legato::sqrt(y) / (1.0 + rs);
    rx = 0.5 * rx + rstep;
    rs = rs + legato::sum(rx * rx) / 4096.0;
    rs.item<double>();
  }
  EXPECT_TRUE(bitwise_equal(step.to_vector<double>(), rstep.to_vector<double>()));
  if (legato_test::mode_name() == "lazy") {
    // The windows cut in the loop pass on x and s alone, as with scoped
    // temporaries: only the last window also writes `step` and `norm`.
    int64_t lastWindowExtra = 4096 * 8 + 8;
    EXPECT_LE(kept.bytes_moved, scoped.bytes_moved + lastWindowExtra);
    EXPECT_EQ(kept.kernels, scoped.kernels);
  }
}

// ---- random ----------------------------------------------------------------------

TEST(Random, SameSeedSameValuesInEveryMode) {
  for (legato::DType dt : {legato::bool_, legato::i32, legato::i64, legato::f32, legato::f64}) {
    SCOPED_TRACE(legato::dtype_name(dt));
    Array direct = legato::random({3, 5}, dt, 77);
    Array again = legato::random({3, 5}, dt, 77);
    Array traced = legato_test::call_jit(
        [dt](const std::vector<Array> &) {
          return std::vector<Array>{legato::random({3, 5}, dt, 77)};
        },
        {})[0];
    EXPECT_EQ(direct.dtype(), dt);
    std::vector<double> want = direct.to_vector<double>();
    EXPECT_TRUE(bitwise_equal(again.to_vector<double>(), want));
    EXPECT_TRUE(bitwise_equal(traced.to_vector<double>(), want));
  }
}

TEST(Random, Ranges) {
  const int64_t n = 2000;
  for (legato::DType dt : {legato::f32, legato::f64}) {
    std::vector<double> v = legato::random({n}, dt, 5).to_vector<double>();
    std::set<double> distinct(v.begin(), v.end());
    EXPECT_GT(distinct.size(), size_t(n) * 99 / 100) << legato::dtype_name(dt);
    for (double x : v)
      ASSERT_TRUE(x >= 0.0 && x < 1.0) << x;
  }
  for (legato::DType dt : {legato::i32, legato::i64}) {
    std::vector<int64_t> v = legato::random({n}, dt, 5).to_vector<int64_t>();
    std::set<int64_t> distinct(v.begin(), v.end());
    EXPECT_GT(distinct.size(), size_t(n) * 99 / 100) << legato::dtype_name(dt);
    for (int64_t x : v)
      ASSERT_TRUE(x >= 0 && x < (int64_t(1) << 31)) << x;
  }
  std::vector<bool> bits = legato_test::host_values<bool>(legato::random({n}, legato::bool_, 5));
  int64_t ones = 0;
  for (bool bit : bits)
    ones += bit;
  EXPECT_GT(ones, n / 3);
  EXPECT_LT(ones, 2 * n / 3);
  // Another seed, other values.
  EXPECT_NE(legato::random({8}, legato::f64, 1).to_vector<double>(),
            legato::random({8}, legato::f64, 2).to_vector<double>());
}

// ---- scalars -----------------------------------------------------------------------

::testing::AssertionResult same_array(const Array &got, const Array &want) {
  if (got.dtype() != want.dtype())
    return ::testing::AssertionFailure() << "dtype " << legato::dtype_name(got.dtype()) << " vs "
                                         << legato::dtype_name(want.dtype());
  if (got.shape() != want.shape())
    return ::testing::AssertionFailure() << "shape " << legato_test::shape_str(got.shape())
                                         << " vs " << legato_test::shape_str(want.shape());
  return bitwise_equal(got.to_vector<double>(), want.to_vector<double>());
}

TEST(Scalars, OnlyTheKindOfACppScalarMatters) {
  // int, long, unsigned, short, int64_t are all "a Python int"; float and
  // double are "a Python float"; the results must not depend on which.
  for (legato::DType dt : {legato::bool_, legato::i32, legato::i64, legato::f32, legato::f64}) {
    SCOPED_TRACE(legato::dtype_name(dt));
    Array x = legato::random({6}, legato::f64, 21) * 8.0 - 4.0;
    x = dt == legato::bool_ ? x > 0.0 : x.astype(dt);
    EXPECT_TRUE(same_array(x + 2L, x + 2));
    EXPECT_TRUE(same_array(x + 2u, x + 2));
    EXPECT_TRUE(same_array(x + short(2), x + 2));
    EXPECT_TRUE(same_array(x + int64_t(2), x + 2));
    EXPECT_TRUE(same_array(int64_t(3) * x, 3 * x));
    EXPECT_TRUE(same_array(x * 2.5f, x * 2.5));
    EXPECT_TRUE(same_array(2.5f / x, 2.5 / x));
    EXPECT_TRUE(same_array(x < 1u, x < 1));
    EXPECT_TRUE(same_array(legato::maximum(x, 1.5f), legato::maximum(x, 1.5)));
    EXPECT_TRUE(same_array(legato::where(x > 0, 1u, 0.5f), legato::where(x > 0, 1, 0.5)));
  }
}

// ---- NumPy's rules -----------------------------------------------------------------

/// NumPy's maximum is `a > b || isnan(a) ? a : b` (minimum with `<`): NaN
/// from either side, and of two equal values the second, so the sign of a
/// zero comes from the second operand (NumPy 1.24: maximum(0.0, -0.0) is
/// -0.0). Both backends compute it so (legato-numpy-min-max), with scalar
/// operands too; float32 and float64.
TEST(NumpyRules, MaximumAndMinimumOfEqualValuesGiveTheSecond) {
  const double nan = std::nan(""), inf = INFINITY;
  std::vector<double> a{0.0, -0.0, nan, 1.0, -inf, 2.0}, b{-0.0, 0.0, 1.0, nan, -inf, 3.0};
  // NumPy's results, element by element; the last column is a scalar 0.0
  // against -0.0 elements (a sign only the rule above decides).
  std::vector<double> max{-0.0, 0.0, nan, nan, -inf, 3.0}, min{-0.0, 0.0, nan, nan, -inf, 2.0};
  for (legato::DType dt : {legato::f64, legato::f32}) {
    SCOPED_TRACE(legato::dtype_name(dt));
    Array x = legato::from_vector(a, {6}).astype(dt), y = legato::from_vector(b, {6}).astype(dt);
    Array z = legato::from_vector(std::vector<double>(6, -0.0), {6}).astype(dt);
    std::vector<Array> got = legato_test::run(
        [](const std::vector<Array> &v) {
          return std::vector<Array>{legato::maximum(v[0], v[1]), legato::minimum(v[0], v[1]),
                                    legato::maximum(0.0, v[2]), legato::minimum(v[2], 0.0)};
        },
        {x, y, z});
    std::vector<std::vector<double>> want{max, min, std::vector<double>(6, -0.0),
                                          std::vector<double>(6, 0.0)};
    for (size_t r = 0; r < got.size(); ++r) {
      std::vector<double> g = got[r].astype(legato::f64).to_vector<double>();
      for (size_t i = 0; i < g.size(); ++i) {
        bool same = std::isnan(want[r][i]) ? std::isnan(g[i])
                                           : g[i] == want[r][i] &&
                                                 std::signbit(g[i]) == std::signbit(want[r][i]);
        EXPECT_TRUE(same) << "result " << r << " element " << i << ": " << g[i] << ", NumPy "
                          << want[r][i];
      }
    }
  }
}

/// `from`'s bits as a `To` (C++20's std::bit_cast).
template <class To, class From> To bitsAs(From from) {
  static_assert(sizeof(To) == sizeof(From));
  To to;
  std::memcpy(&to, &from, sizeof to);
  return to;
}

/// `x` exactly, as C's %a writes it.
std::string hexfloat(double x) {
  std::ostringstream os;
  os << std::hexfloat << x;
  return os.str();
}

/// How many elements of `got` differ from `want` bit for bit (a NaN for a
/// NaN matches whatever its payload); the first few are reported as
/// `what(i)` gave got[i], IEEE want[i].
template <class T, class What>
int differingBits(const std::vector<T> &got, const std::vector<T> &want, What what) {
  int wrong = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    bool same = std::isnan(want[i]) ? std::isnan(got[i])
                                    : std::memcmp(&got[i], &want[i], sizeof(T)) == 0;
    if (!same && ++wrong <= 5)
      ADD_FAILURE() << std::hexfloat << what(i) << " gave " << got[i] << ", IEEE " << want[i];
  }
  return wrong;
}

/// Dividing by a scalar gives the host's IEEE quotient bit for bit for every
/// dividend, as NumPy's does. The dividends: any bit pattern (subnormals,
/// infinities, NaNs), quotients next to a rounding boundary, powers of two
/// far out in the exponent range; the divisors: ordinary values, huge and
/// tiny ones, powers of two whose reciprocal is (2^128) and is not (the
/// smallest subnormal: legato-simplify once multiplied by its reciprocal,
/// infinity) a double, infinity and zero.
TEST(NumpyRules, DivisionByAScalarIsCorrectlyRounded) {
  std::mt19937_64 bits(7);
  auto uniform = [&](int lo, int hi) { // a random significand between 2^lo and 2^hi
    double m = 1.0 + std::ldexp(double(bits() >> 12), -52);
    double v = std::ldexp(m, lo + int(bits() % uint64_t(hi - lo + 1)));
    return bits() & 1 ? -v : v;
  };
  const double inf = INFINITY;
  for (double s : {3.0, 0.1, -7.25, 2 * (0.01 + 0.0004), 1e-300, 1e300, std::ldexp(1.0, 128),
                   std::nextafter(std::ldexp(1.0, 128), inf), 5e-324, inf, 0.0}) {
    SCOPED_TRACE("divisor " + std::to_string(s));
    std::vector<double> a{0.0, -0.0, inf, -inf, std::nan(""), 5e-324, 1.0, -1.0, DBL_MAX,
                          std::ldexp(1.0, -768), std::ldexp(1.0, 768),
                          std::nextafter(std::ldexp(1.0, -768), 0.0),
                          std::nextafter(std::ldexp(1.0, 768), inf)};
    for (int i = 0; i < 4000; ++i)
      a.push_back(bitsAs<double>(uint64_t(bits())));
    for (int i = 0; i < 4000; ++i)
      a.push_back(uniform(-80, 80));
    for (int i = 0; i < 8000; ++i) { // next to a midpoint of two quotients
      double q = uniform(-40, 40);
      double mid = q + (std::nextafter(q, inf) - q) / 2;
      a.push_back(bitsAs<double>(bitsAs<uint64_t>(s * mid) + bits() % 5 - 2));
    }
    std::vector<Array> got = legato_test::run(
        [s](const std::vector<Array> &v) { return std::vector<Array>{v[0] / s}; },
        {legato::from_vector(a, {int64_t(a.size())})});
    std::vector<double> want;
    for (double x : a)
      want.push_back(x / s);
    EXPECT_EQ(differingBits(got[0].to_vector<double>(), want,
                            [&](size_t i) { return hexfloat(a[i]) + " / " + hexfloat(s); }),
              0);
  }
}

/// sqrt is IEEE's correctly rounded square root in float32 and float64, as
/// NumPy's is (on GPUs libdevice's sqrtf is an approximation unless asked:
/// legato-gpu-ieee-sqrt): bit for bit the host's std::sqrt over random bit
/// patterns (NaNs, negatives, subnormals included) and values near 1.
TEST(NumpyRules, SquareRootIsCorrectlyRounded) {
  std::mt19937 bits(11);
  std::vector<float> f32;
  for (int i = 0; i < 20000; ++i)
    f32.push_back(i % 2 ? bitsAs<float>(uint32_t(bits())) : 1.0f + float(i) * 0x1p-23f);
  std::vector<double> f64(f32.begin(), f32.end());
  for (double &d : f64)
    d = d * (1.0 + 0x1p-40) + 0x1p-60;
  std::vector<Array> got = legato_test::run(
      [](const std::vector<Array> &v) {
        return std::vector<Array>{legato::sqrt(v[0]), legato::sqrt(v[1])};
      },
      {legato::from_vector(f32, {int64_t(f32.size())}),
       legato::from_vector(f64, {int64_t(f64.size())})});
  std::vector<float> want32;
  std::vector<double> want64;
  for (size_t i = 0; i < f32.size(); ++i) {
    want32.push_back(std::sqrt(f32[i]));
    want64.push_back(std::sqrt(f64[i]));
  }
  EXPECT_EQ(differingBits(got[0].to_vector<float>(), want32,
                          [&](size_t i) { return "float32 sqrt(" + hexfloat(f32[i]) + ")"; }),
            0);
  EXPECT_EQ(differingBits(got[1].to_vector<double>(), want64,
                          [&](size_t i) { return "float64 sqrt(" + hexfloat(f64[i]) + ")"; }),
            0);
}

TEST(NumpyRules, RoundIsAlwaysANewArray) {
  // NumPy >= 2.4 (numpy#29137): rounding integers to decimals >= 0 changes
  // no value, yet the result is a copy, as ceil's and floor's are.
  Array a = legato::from_vector(std::vector<int32_t>{5, -7, 12}, {3});
  for (int64_t decimals : {0, 2}) {
    Array r = legato::round(a, decimals);
    r[{legato::slice(0, 2)}] = 1;
    EXPECT_EQ(r.to_vector<int32_t>(), (std::vector<int32_t>{1, 1, 12}));
    EXPECT_EQ(a.to_vector<int32_t>(), (std::vector<int32_t>{5, -7, 12}));
  }
}

// ---- runtime ---------------------------------------------------------------------

TEST(Runtime, ModeComesFromTheEnvironment) {
  const char *mode = std::getenv("LEGATO_MODE");
  if (!mode)
    GTEST_SKIP() << "LEGATO_MODE not set";
  legato::Mode want = std::string(mode) == "eager" ? legato::Mode::eager : legato::Mode::lazy;
  EXPECT_EQ(legato_test::RuntimeEnvironment::runtime().mode(), want);
}

TEST(Runtime, DTypeNamesAreNumPys) {
  EXPECT_EQ(legato::dtype_name(legato::bool_), "bool");
  EXPECT_EQ(legato::dtype_name(legato::i32), "int32");
  EXPECT_EQ(legato::dtype_name(legato::i64), "int64");
  EXPECT_EQ(legato::dtype_name(legato::f32), "float32");
  EXPECT_EQ(legato::dtype_name(legato::f64), "float64");
  EXPECT_EQ(legato::dtype_size(legato::bool_), 1);
  EXPECT_EQ(legato::dtype_size(legato::i32), 4);
  EXPECT_EQ(legato::dtype_size(legato::i64), 8);
  EXPECT_EQ(legato::dtype_size(legato::f32), 4);
  EXPECT_EQ(legato::dtype_size(legato::f64), 8);
}

} // namespace
