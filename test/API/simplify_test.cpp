//===- simplify_test.cpp - Simplified programs compute the same values -----===//
//
// For every pattern family of legato-simplify (and the GEMM legalization):
// a program on random inputs, run through the whole pipeline, must match an
// independent oracle (plain loops over the host values here) within
// floating-point tolerance; and, when simplification is on, the optimized
// IR must show that the rewrite happened, so the numbers come from the
// rewritten program. CTest also runs this binary with LEGATO_SIMPLIFY=0, the
// unsimplified program against the same oracle.
//
//===----------------------------------------------------------------------===//

#include "test_support.h"

#include <legato/legato.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace {

using legato::Array;
using legato::Shape;
using Vec = std::vector<double>;

::testing::Environment *const runtime_env =
    ::testing::AddGlobalTestEnvironment(new legato_test::RuntimeEnvironment);

bool simplifying() {
  const char *v = std::getenv("LEGATO_SIMPLIFY");
  return !v || std::strcmp(v, "0") != 0;
}

/// The optimized IR of `body` on `args` (traced, not run).
std::string optimized(const legato_test::Body &body, const std::vector<Array> &args,
                      legato::Stage stage = legato::Stage::Optimized) {
  legato::detail::JitFunction f(body);
  return f.ir(args, stage);
}

int count(const std::string &text, const std::string &what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
    ++n;
  return n;
}

/// Row-major m x k times k x n (k x 1 / 1 x k for vectors), as plain loops.
Vec matmul(const Vec &a, const Vec &b, int64_t m, int64_t k, int64_t n) {
  Vec c(size_t(m * n), 0.0);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t p = 0; p < k; ++p)
      for (int64_t j = 0; j < n; ++j)
        c[size_t(i * n + j)] += a[size_t(i * k + p)] * b[size_t(p * n + j)];
  return c;
}
Vec transpose(const Vec &a, int64_t rows, int64_t cols) {
  Vec t(a.size());
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j)
      t[size_t(j * rows + i)] = a[size_t(i * cols + j)];
  return t;
}

::testing::AssertionResult close(const Vec &got, const Vec &want, double rtol = 1e-11) {
  if (got.size() != want.size())
    return ::testing::AssertionFailure() << got.size() << " elements, want " << want.size();
  for (size_t i = 0; i < got.size(); ++i)
    if (!(std::fabs(got[i] - want[i]) <= rtol * (1 + std::fabs(want[i]))))
      return ::testing::AssertionFailure()
             << "element " << i << ": " << got[i] << " vs " << want[i];
  return ::testing::AssertionSuccess();
}

Array rand(Shape shape, uint64_t seed) { return legato::random(std::move(shape), legato::f64, seed); }
Vec host(const Array &a) { return a.to_vector<double>(); }

std::vector<Array> run(const legato_test::Body &body, const std::vector<Array> &args) {
  return legato_test::run(body, args);
}

// ---- identities -------------------------------------------------------------

TEST(Simplify, Identities) {
  Array x = rand({257}, 1);
  legato_test::Body body = [](const std::vector<Array> &a) {
    Array y = (a[0] + 0.0) * 1.0 / 1.0;
    return std::vector<Array>{legato::pow(y, 2.0) + legato::pow(y, 1.0) - legato::pow(y, 0.0),
                              y / 4.0, legato::mean(y)};
  };
  std::vector<Array> r = run(body, {x});
  Vec v = host(x), sq(v.size()), q(v.size());
  double s = 0;
  for (size_t i = 0; i < v.size(); ++i) {
    sq[i] = v[i] * v[i] + v[i] - 1;
    q[i] = v[i] / 4;
    s += v[i];
  }
  EXPECT_TRUE(close(host(r[0]), sq));
  EXPECT_TRUE(close(host(r[1]), q));
  EXPECT_TRUE(close({r[2].item<double>()}, {s / double(v.size())}));
  if (simplifying()) {
    std::string ir = optimized(body, {x});
    EXPECT_EQ(count(ir, "math.powf"), 0) << ir;
    EXPECT_EQ(count(ir, "arith.divf"), 1) << "only mean's 1/257 (inexact) stays:\n" << ir;
  }
}

// ---- shapes -----------------------------------------------------------------

TEST(Simplify, SlicesMoveTowardInputs) {
  Array a = rand({40, 30}, 2), b = rand({40, 30}, 3), row = rand({30}, 4);
  legato_test::Body body = [](const std::vector<Array> &x) {
    using legato::slice;
    Array e = legato::exp(x[0]) * x[1];
    Array last = e[{slice(30, legato::none), slice(1, -1, 2)}];   // slice of elementwise
    Array bc = legato::broadcast_to(x[2], {40, 30})[{slice(5, 9), slice(3, 7)}];
    Array cat = legato::concatenate({x[0], x[1]}, 0)[{slice(35, 45), legato::all}];
    Array tt = legato::transpose(legato::transpose(x[0]));
    return std::vector<Array>{last, bc, cat, tt};
  };
  std::vector<Array> r = run(body, {a, b, row});
  Vec av = host(a), bv = host(b), rv = host(row);
  Vec last, bc, cat;
  for (int64_t i = 30; i < 40; ++i)
    for (int64_t j = 1; j < 29; j += 2)
      last.push_back(std::exp(av[size_t(i * 30 + j)]) * bv[size_t(i * 30 + j)]);
  for (int64_t i = 5; i < 9; ++i)
    for (int64_t j = 3; j < 7; ++j)
      bc.push_back(rv[size_t(j)]);
  for (int64_t i = 35; i < 45; ++i)
    for (int64_t j = 0; j < 30; ++j)
      cat.push_back(i < 40 ? av[size_t(i * 30 + j)] : bv[size_t((i - 40) * 30 + j)]);
  EXPECT_TRUE(close(host(r[0]), last, 1e-14));
  EXPECT_TRUE(close(host(r[1]), bc, 0));
  EXPECT_TRUE(close(host(r[2]), cat, 0));
  EXPECT_TRUE(close(host(r[3]), av, 0));
  if (simplifying()) {
    std::string ir = optimized(body, {a, b, row});
    EXPECT_EQ(count(ir, "tensor<40x30xf64>) outs"), 0) << "exp over all of a:\n" << ir;
  }
}

// ---- linear algebra ---------------------------------------------------------

TEST(Simplify, IdentityProducts) {
  const int64_t n = 48;
  Array a = rand({n, n}, 5);
  legato_test::Body body = [](const std::vector<Array> &x) {
    int64_t m = x[0].shape()[0];
    Array eye = legato::eye(m);
    return std::vector<Array>{legato::matmul(x[0], eye) + legato::matmul(eye * 3.0, x[0])};
  };
  std::vector<Array> r = run(body, {a});
  Vec want = host(a);
  for (double &v : want)
    v *= 4;
  EXPECT_TRUE(close(host(r[0]), want));
  if (simplifying())
    EXPECT_EQ(count(optimized(body, {a}), "linalg.matmul"), 0);
}

/// Equal element for element, NaN where `want` has NaN.
::testing::AssertionResult sameValues(const Vec &got, const Vec &want) {
  if (got.size() != want.size())
    return ::testing::AssertionFailure() << got.size() << " elements, want " << want.size();
  for (size_t i = 0; i < got.size(); ++i)
    if (std::isnan(want[i]) ? !std::isnan(got[i]) : got[i] != want[i])
      return ::testing::AssertionFailure()
             << "element " << i << ": " << got[i] << " vs " << want[i];
  return ::testing::AssertionSuccess();
}

// A product with eye(n) sums the operand's other elements times 0: an inf or
// NaN there makes NaN, which the simplified product keeps.
TEST(Simplify, IdentityProductsKeepTheNaNsOfInfAndNaN) {
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  Vec v = {1, 2, 3, 4, 5, inf, nan, 8, 9}; // 3 x 3: inf at [1, 2], NaN at [2, 0]
  Array a = legato::from_vector<double>(v, {3, 3});
  legato_test::Body body = [](const std::vector<Array> &x) {
    Array eye = legato::eye(3);
    Array column = x[0][{legato::all, 0}].copy();
    return std::vector<Array>{legato::matmul(x[0], eye), legato::matmul(eye, x[0]),
                              legato::matmul(x[0], eye * 3.0), legato::matmul(eye, column)};
  };
  std::vector<Array> r = run(body, {a});
  Vec eye = {1, 0, 0, 0, 1, 0, 0, 0, 1}, threeEye(eye);
  for (double &e : threeEye)
    e *= 3;
  EXPECT_TRUE(sameValues(host(r[0]), matmul(v, eye, 3, 3, 3)));
  EXPECT_TRUE(sameValues(host(r[1]), matmul(eye, v, 3, 3, 3)));
  EXPECT_TRUE(sameValues(host(r[2]), matmul(v, threeEye, 3, 3, 3)));
  EXPECT_TRUE(sameValues(host(r[3]), matmul(eye, {v[0], v[3], v[6]}, 3, 3, 1)));
  if (simplifying())
    EXPECT_EQ(count(optimized(body, {a}), "linalg.matmul"), 0);
}

TEST(Simplify, LastRowsOfAProduct) {
  const int64_t n = 64;
  Array a = rand({n, n}, 6), b = rand({n, n}, 7);
  legato_test::Body body = [](const std::vector<Array> &x) {
    return std::vector<Array>{
        legato::matmul(x[0], x[1])[{legato::slice(-10, legato::none), legato::all}]};
  };
  std::vector<Array> r = run(body, {a, b});
  Vec full = matmul(host(a), host(b), n, n, n);
  EXPECT_TRUE(close(host(r[0]), Vec(full.end() - 10 * n, full.end())));
  if (simplifying()) {
    std::string ir = optimized(body, {a, b});
    EXPECT_EQ(count(ir, "linalg.matmul"), 1) << ir;
    EXPECT_EQ(count(ir, "-> tensor<64x64xf64>"), 0) << "a full product:\n" << ir;
  }
}

TEST(Simplify, ProductsSharingAnOperand) {
  Array a = rand({20, 16}, 8), b1 = rand({16, 5}, 9), b2 = rand({16, 7}, 10),
        b3 = rand({16, 3}, 11);
  legato_test::Body body = [](const std::vector<Array> &x) {
    return std::vector<Array>{legato::matmul(x[0], x[1]), legato::matmul(x[0], x[2]),
                              legato::matmul(x[0], x[3])};
  };
  std::vector<Array> r = run(body, {a, b1, b2, b3});
  Vec av = host(a);
  EXPECT_TRUE(close(host(r[0]), matmul(av, host(b1), 20, 16, 5)));
  EXPECT_TRUE(close(host(r[1]), matmul(av, host(b2), 20, 16, 7)));
  EXPECT_TRUE(close(host(r[2]), matmul(av, host(b3), 20, 16, 3)));
  if (simplifying())
    EXPECT_EQ(count(optimized(body, {a, b1, b2, b3}), "linalg.matmul"), 1);
}

// Large products sharing an operand stay separate GEMMs: merging them would
// copy more (the concatenated operand, the result slices) than the two saved
// launches cost.
TEST(Simplify, LargeProductsSharingAnOperandStaySeparate) {
  Array a = rand({256, 512}, 12), b1 = rand({512, 128}, 13), b2 = rand({512, 128}, 14),
        b3 = rand({512, 128}, 15);
  legato_test::Body body = [](const std::vector<Array> &x) {
    return std::vector<Array>{legato::matmul(x[0], x[1]), legato::matmul(x[0], x[2]),
                              legato::matmul(x[0], x[3])};
  };
  std::vector<Array> r = run(body, {a, b1, b2, b3});
  Vec av = host(a);
  EXPECT_TRUE(close(host(r[0]), matmul(av, host(b1), 256, 512, 128)));
  EXPECT_TRUE(close(host(r[1]), matmul(av, host(b2), 256, 512, 128)));
  EXPECT_TRUE(close(host(r[2]), matmul(av, host(b3), 256, 512, 128)));
  std::string ir = optimized(body, {a, b1, b2, b3});
  EXPECT_EQ(count(ir, "linalg.matmul"), 3) << ir;
}

TEST(Simplify, FactoredAndScaledProducts) {
  const int64_t n = 24;
  Array a = rand({n, n}, 12), b = rand({n, n}, 13), x = rand({n, n}, 14);
  legato_test::Body body = [](const std::vector<Array> &v) {
    Array factored = legato::matmul(v[0], v[2]) + legato::matmul(v[1], v[2]);
    Array scaled = legato::matmul(v[0] * 2.0, v[1] * 3.0);
    return std::vector<Array>{factored, scaled};
  };
  std::vector<Array> r = run(body, {a, b, x});
  Vec av = host(a), bv = host(b), xv = host(x), sum(av.size());
  for (size_t i = 0; i < av.size(); ++i)
    sum[i] = av[i] + bv[i];
  Vec scaled = matmul(av, bv, n, n, n);
  for (double &s : scaled)
    s *= 6;
  EXPECT_TRUE(close(host(r[0]), matmul(sum, xv, n, n, n)));
  EXPECT_TRUE(close(host(r[1]), scaled));
  if (simplifying())
    EXPECT_EQ(count(optimized(body, {a, b, x}), "linalg.matmul"), 2);
}

TEST(Simplify, ChainsDotsAndTransposedProducts) {
  const int64_t n = 32;
  Array a = rand({n, n}, 15), b = rand({n, n}, 16), v = rand({n}, 17), w = rand({n}, 18);
  legato_test::Body body = [](const std::vector<Array> &x) {
    Array chain = legato::matmul(legato::matmul(x[0], x[1]), x[2]);
    Array dot = legato::sum(x[2] * x[3]);
    Array tt = legato::transpose(legato::matmul(legato::transpose(x[0]), x[1]));
    return std::vector<Array>{chain, dot, tt};
  };
  std::vector<Array> r = run(body, {a, b, v, w});
  Vec av = host(a), bv = host(b), vv = host(v), wv = host(w);
  double dot = 0;
  for (int64_t i = 0; i < n; ++i)
    dot += vv[size_t(i)] * wv[size_t(i)];
  EXPECT_TRUE(close(host(r[0]), matmul(matmul(av, bv, n, n, n), vv, n, n, 1)));
  EXPECT_TRUE(close({r[1].item<double>()}, {dot}));
  EXPECT_TRUE(close(host(r[2]), transpose(matmul(transpose(av, n, n), bv, n, n, n), n, n)));
  if (simplifying()) {
    std::string ir = optimized(body, {a, b, v, w});
    // Two matrix-vector products, generated as reductions along the rows.
    EXPECT_EQ(count(ir, "linalg.matvec"), 0) << ir;
    EXPECT_EQ(count(ir, "iterator_types = [\"parallel\", \"reduction\"]"), 2) << ir;
    EXPECT_EQ(count(ir, "linalg.dot"), 1) << ir;
    // Bᵀ A: the two transposes of the product cancel, one of B remains, and
    // GEMM reads it as a transposed view.
    std::string lowered = optimized(body, {a, b, v, w}, legato::Stage::Lowered);
    EXPECT_EQ(count(lowered, "memref.transpose"), 1) << lowered;
  }
}

// ---- reductions -------------------------------------------------------------

TEST(Simplify, ReductionsOfBroadcastsAndConcatenations) {
  Array v = rand({50}, 19), a = rand({6, 9}, 20), b = rand({4, 9}, 21);
  legato_test::Body body = [](const std::vector<Array> &x) {
    Array s = legato::sum(legato::broadcast_to(x[0], {7, 50}));
    Array m = legato::max(legato::concatenate({x[1], x[2]}, 0));
    Array rows = legato::sum(legato::concatenate({x[1], x[2]}, 0), {1});
    return std::vector<Array>{s, m, rows};
  };
  std::vector<Array> r = run(body, {v, a, b});
  Vec vv = host(v), av = host(a), bv = host(b);
  double s = 0, m = -INFINITY;
  for (double e : vv)
    s += e;
  for (double e : av)
    m = std::max(m, e);
  for (double e : bv)
    m = std::max(m, e);
  Vec rows;
  for (const Vec *part : {&av, &bv})
    for (size_t i = 0; i < part->size() / 9; ++i) {
      double t = 0;
      for (size_t j = 0; j < 9; ++j)
        t += (*part)[i * 9 + j];
      rows.push_back(t);
    }
  EXPECT_TRUE(close({r[0].item<double>()}, {7 * s}));
  EXPECT_TRUE(close({r[1].item<double>()}, {m}, 0));
  EXPECT_TRUE(close(host(r[2]), rows));
  if (simplifying()) {
    std::string ir = optimized(body, {v, a, b});
    EXPECT_EQ(count(ir, "tensor<7x50xf64>"), 0) << ir;
    EXPECT_EQ(count(ir, "tensor<10x9xf64>"), 0) << ir;
  }
}

} // namespace
