//===- linalg_test.cpp - legato::linalg through the C++ API ---------------===//
//
// Each routine against values computed by hand (small systems, known
// factors) and against the identities that define it (Q R = a with Q
// orthonormal, U S Vh = a, a v = v w), for float32/float64/complex and
// stacks; LinAlgError for singular and not positive definite matrices,
// NumPy's errors for bad shapes and float16. Each test runs in every mode
// (LegatoTestModes) and at 3 ranks with the stacks split along their batch
// axis. The Python suite (python/tests/test_linalg.py) compares the same
// against NumPy.
//
//===----------------------------------------------------------------------===//

#include "test_support.h"

#include <legato/legato.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <vector>

namespace {

using legato::Array;
using legato::DType;
namespace la = legato::linalg;

::testing::Environment *const runtime_env =
    ::testing::AddGlobalTestEnvironment(new legato_test::RuntimeEnvironment);

/// f(inputs), run directly or traced by legato::jit in jit mode.
std::vector<Array> run(const std::vector<Array> &inputs, const legato_test::Body &f) {
  return legato_test::jit_mode() ? legato_test::call_jit(f, inputs) : f(inputs);
}

Array matrix(const std::vector<double> &v, legato::Shape shape, DType t = legato::f64) {
  return legato::from_vector(v, std::move(shape)).astype(t);
}

/// Split along the batch axis over the ranks (a no-op on one rank).
Array stack(const std::vector<double> &v, legato::Shape shape) {
  return legato::shard(matrix(v, std::move(shape)), 0);
}

void expectNear(const Array &a, const std::vector<double> &expected, double tol) {
  std::vector<double> got = a.astype(legato::f64).to_vector<double>();
  ASSERT_EQ(got.size(), expected.size());
  for (size_t i = 0; i < got.size(); ++i)
    EXPECT_NEAR(got[i], expected[i], tol) << "element " << i;
}

/// max |a - b| over all elements.
double maxError(const Array &a, const Array &b) {
  return legato::max(legato::abs(a - b)).astype(legato::f64).item<double>();
}

/// a^H a for a stack of matrices (the Gram matrix of the columns).
Array gram(const Array &a) {
  int64_t r = a.ndim();
  std::vector<int64_t> perm;
  for (int64_t d = 0; d < r; ++d)
    perm.push_back(d);
  std::swap(perm[size_t(r - 1)], perm[size_t(r - 2)]);
  Array t = legato::transpose(a, perm);
  if (a.dtype() == legato::c64 || a.dtype() == legato::c128)
    t = legato::conj(t);
  return legato::matmul(t, a);
}

TEST(Linalg, SolveByHand) {
  // 3x + y = 9, x + 2y = 8: x = 2, y = 3; and a second right-hand side.
  Array a = matrix({3, 1, 1, 2}, {2, 2});
  auto r = run({a, matrix({9, 1, 8, 2}, {2, 2}), matrix({9, 8}, {2})},
               [](const std::vector<Array> &in) {
                 return std::vector<Array>{la::solve(in[0], in[1]), la::solve(in[0], in[2])};
               });
  expectNear(r[0], {2, 0, 3, 1}, 1e-12);
  expectNear(r[1], {2, 3}, 1e-12);
  EXPECT_EQ(r[1].shape(), (legato::Shape{2}));
}

TEST(Linalg, StacksSolveEachMatrix) {
  // Three diagonal systems (split over the ranks along the stack): x = b / d.
  Array a = stack({2, 0, 0, 4, 1, 0, 0, 5, 10, 0, 0, 0.5}, {3, 2, 2});
  Array b = stack({2, 8, 3, 5, 10, 1}, {3, 2, 1});
  auto r = run({a, b}, [](const std::vector<Array> &in) {
    return std::vector<Array>{la::solve(in[0], in[1]), la::inv(in[0]), la::det(in[0])};
  });
  expectNear(r[0], {1, 2, 3, 1, 1, 2}, 1e-12);
  expectNear(r[1], {0.5, 0, 0, 0.25, 1, 0, 0, 0.2, 0.1, 0, 0, 2}, 1e-12);
  expectNear(r[2], {8, 5, 5}, 1e-12);
}

TEST(Linalg, DeterminantsAndSigns) {
  // det [[1, 2], [3, 4]] = -2 (one row swap in LU); a singular one: 0, -inf.
  auto r = run({matrix({1, 2, 3, 4, 1, 2, 2, 4}, {2, 2, 2})}, [](const std::vector<Array> &in) {
    la::SlogdetResult s = la::slogdet(in[0]);
    return std::vector<Array>{la::det(in[0]), s.sign, s.logabsdet};
  });
  expectNear(r[0], {-2, 0}, 1e-12);
  expectNear(r[1], {-1, 0}, 0);
  std::vector<double> logs = r[2].to_vector<double>();
  EXPECT_NEAR(logs[0], std::log(2.0), 1e-12);
  EXPECT_TRUE(std::isinf(logs[1]) && logs[1] < 0);
}

TEST(Linalg, CholeskyByHand) {
  // [[4, 2], [2, 3]] = L L^T with L = [[2, 0], [1, sqrt 2]].
  Array a = matrix({4, 2, 2, 3}, {2, 2});
  auto r = run({a}, [](const std::vector<Array> &in) {
    return std::vector<Array>{la::cholesky(in[0]), la::cholesky(in[0], true)};
  });
  expectNear(r[0], {2, 0, 1, std::sqrt(2.0)}, 1e-12);
  expectNear(r[1], {2, 1, 0, std::sqrt(2.0)}, 1e-12);
}

TEST(Linalg, EighOfASymmetricMatrix) {
  // [[2, 1], [1, 2]]: eigenvalues 1 and 3, eigenvectors (1, -1)/sqrt 2 and
  // (1, 1)/sqrt 2 up to sign.
  for (DType t : {legato::f32, legato::f64}) {
    Array a = matrix({2, 1, 1, 2}, {2, 2}, t);
    auto r = run({a}, [](const std::vector<Array> &in) {
      la::EighResult e = la::eigh(in[0]);
      return std::vector<Array>{e.eigenvalues, e.eigenvectors, la::eigvalsh(in[0])};
    });
    double tol = t == legato::f32 ? 1e-5 : 1e-12;
    EXPECT_EQ(r[0].dtype(), t);
    expectNear(r[0], {1, 3}, tol);
    expectNear(r[2], {1, 3}, tol);
    std::vector<double> v = r[1].astype(legato::f64).to_vector<double>();
    double h = 1 / std::sqrt(2.0);
    EXPECT_NEAR(std::abs(v[0]), h, tol); // column 0: (1, -1)/sqrt 2
    EXPECT_NEAR(v[0], -v[2], tol);
    EXPECT_NEAR(std::abs(v[1]), h, tol); // column 1: (1, 1)/sqrt 2
    EXPECT_NEAR(v[1], v[3], tol);
  }
}

TEST(Linalg, EigOfGeneralMatrices) {
  // [[0, -1], [1, 0]] (a quarter turn): eigenvalues +-i; the upper
  // triangular [[2, 1], [0, 3]]: 2 and 3, complex too (NumPy 2's rule).
  Array turn = matrix({0, -1, 1, 0}, {2, 2});
  la::EigResult r = la::eig(turn);
  EXPECT_EQ(r.eigenvalues.dtype(), legato::c128);
  auto w = r.eigenvalues.to_vector<std::complex<double>>();
  EXPECT_NEAR(std::abs(w[0].imag()), 1, 1e-12);
  EXPECT_NEAR(w[0].real(), 0, 1e-12);
  EXPECT_NEAR(w[1].imag(), -w[0].imag(), 1e-12); // a conjugate pair
  // a v = v w
  Array av = legato::matmul(turn.astype(legato::c128), r.eigenvectors);
  Array vw = r.eigenvectors * legato::reshape(r.eigenvalues, {1, 2});
  EXPECT_LT(maxError(av, vw), 1e-12);
  Array values = la::eigvals(matrix({2, 1, 0, 3}, {2, 2}));
  EXPECT_EQ(values.dtype(), legato::c128);
  EXPECT_EQ(legato::max(legato::abs(legato::imag(values))).item<double>(), 0);
  std::vector<double> v = legato::real(values).to_vector<double>();
  std::sort(v.begin(), v.end());
  EXPECT_NEAR(v[0], 2, 1e-12);
  EXPECT_NEAR(v[1], 3, 1e-12);
}

TEST(Linalg, SvdReconstructs) {
  // A 4x3 matrix and a stack of two 2x3: U S Vh = a, U and Vh orthonormal,
  // singular values descending; svdvals agrees.
  Array a = matrix({1, 2, 3, 4, 5, 6, 7, 8, 10, -1, 0, 2}, {4, 3});
  for (bool full : {false, true}) {
    auto r = run({a}, [full](const std::vector<Array> &in) {
      la::SVDResult s = la::svd(in[0], full);
      return std::vector<Array>{s.U, s.S, s.Vh, la::svdvals(in[0])};
    });
    EXPECT_EQ(r[0].shape(), (legato::Shape{4, full ? 4 : 3}));
    EXPECT_EQ(r[2].shape(), (legato::Shape{3, 3}));
    Array u3 = full ? r[0][{legato::all, legato::slice(0, 3)}] : r[0];
    Array rebuilt = legato::matmul(u3 * legato::reshape(r[1], {1, 3}), r[2]);
    EXPECT_LT(maxError(rebuilt, a), 1e-12);
    EXPECT_LT(maxError(gram(r[0]), legato::eye(full ? 4 : 3)), 1e-12);
    std::vector<double> s = r[1].to_vector<double>();
    EXPECT_GE(s[0], s[1]);
    EXPECT_GE(s[1], s[2]);
    EXPECT_LT(maxError(r[3], r[1]), 1e-12);
  }
}

TEST(Linalg, QrReconstructs) {
  Array a = matrix({1, 2, 3, 4, 5, 6, 7, 8, 10, -1, 0, 2}, {4, 3});
  for (la::QRMode mode : {la::QRMode::reduced, la::QRMode::complete}) {
    bool complete = mode == la::QRMode::complete;
    auto r = run({a}, [mode](const std::vector<Array> &in) {
      la::QRResult qr = la::qr(in[0], mode);
      return std::vector<Array>{qr.Q, qr.R, la::qr(in[0], la::QRMode::r).R};
    });
    EXPECT_EQ(r[0].shape(), (legato::Shape{4, complete ? 4 : 3}));
    EXPECT_EQ(r[1].shape(), (legato::Shape{complete ? 4 : 3, 3}));
    EXPECT_LT(maxError(legato::matmul(r[0], r[1]), a), 1e-12);
    EXPECT_LT(maxError(gram(r[0]), legato::eye(complete ? 4 : 3)), 1e-12);
    std::vector<double> rv = r[1].to_vector<double>();
    EXPECT_EQ(rv[3], 0); // below the diagonal
    EXPECT_EQ(rv[6], 0);
    EXPECT_EQ(rv[7], 0);
    Array rOnly = r[2];
    EXPECT_LT(maxError(rOnly, r[1][{legato::slice(0, 3), legato::all}]), 1e-12);
  }
}

TEST(Linalg, ComplexSystems) {
  // (1+i) x = 2: x = 1 - i; a Hermitian [[2, i], [-i, 2]] has eigenvalues 1, 3.
  for (DType t : {legato::c64, legato::c128}) {
    double tol = t == legato::c64 ? 1e-5 : 1e-12;
    Array a = legato::full({1, 1}, std::complex<double>(1, 1), t);
    Array h = legato::from_vector(std::vector<std::complex<double>>{{2, 0}, {0, 1}, {0, -1}, {2, 0}},
                                  {2, 2})
                  .astype(t);
    auto r = run({a, h}, [](const std::vector<Array> &in) {
      return std::vector<Array>{la::solve(in[0], legato::full({1}, 2.0, in[0].dtype())),
                                la::eigvalsh(in[1]), la::det(in[1]), la::cholesky(in[1])};
    });
    auto x = r[0].astype(legato::c128).to_vector<std::complex<double>>();
    EXPECT_NEAR(x[0].real(), 1, tol);
    EXPECT_NEAR(x[0].imag(), -1, tol);
    EXPECT_EQ(r[1].dtype(), t == legato::c64 ? legato::f32 : legato::f64);
    expectNear(r[1], {1, 3}, tol);
    auto d = r[2].astype(legato::c128).to_vector<std::complex<double>>();
    EXPECT_NEAR(d[0].real(), 3, tol); // 4 - (i)(-i) = 3
    EXPECT_NEAR(d[0].imag(), 0, tol);
    EXPECT_LT(maxError(legato::matmul(r[3], legato::conj(legato::transpose(r[3]))), h), 10 * tol);
  }
}

TEST(Linalg, DerivedFunctions) {
  Array a = matrix({1, 2, 3, 4, 5, 6, 7, 8, 10, -1, 0, 2}, {4, 3});
  Array rankOne = matrix({1, 2, 2, 4}, {2, 2});
  Array b = matrix({1, 2, 3, 4}, {4});
  auto r = run({a, rankOne}, [](const std::vector<Array> &in) {
    return std::vector<Array>{la::pinv(in[0]), la::matrix_rank(in[0]), la::matrix_rank(in[1]),
                              la::cond(in[1] + legato::eye(2)), la::matrix_power(in[1], 3),
                              la::matrix_power(in[1] + legato::eye(2), -1)};
  });
  // pinv(a) a = I for a full column rank a.
  EXPECT_LT(maxError(legato::matmul(r[0], a), legato::eye(3)), 1e-12);
  EXPECT_EQ(r[1].item<int64_t>(), 3);
  EXPECT_EQ(r[2].item<int64_t>(), 1);
  // [[2, 2], [2, 5]]: singular values 6 and 1.
  EXPECT_NEAR(r[3].item<double>(), 6, 1e-12);
  // [[1, 2], [2, 4]]^3 = 25 [[1, 2], [2, 4]].
  expectNear(r[4], {25, 50, 50, 100}, 1e-9);
  // [[2, 2], [2, 5]]^-1 = [[5, -2], [-2, 2]] / 6.
  expectNear(r[5], {5.0 / 6, -2.0 / 6, -2.0 / 6, 2.0 / 6}, 1e-12);
}

TEST(Linalg, LeastSquares) {
  // lstsq reads the rank on the host (it decides the residuals' shape), so
  // it runs outside jit: the x solves the normal equations a^T a x = a^T b,
  // with the residual ||a x - b||^2 of a full-rank overdetermined system.
  Array a = matrix({1, 2, 3, 4, 5, 6, 7, 8, 10, -1, 0, 2}, {4, 3});
  Array b = matrix({1, 2, 3, 4}, {4});
  la::LstsqResult l = la::lstsq(a, b);
  Array residual = legato::matmul(a, l.x) - b;
  Array normal = legato::matmul(legato::transpose(a), residual);
  EXPECT_LT(legato::max(legato::abs(normal)).item<double>(), 1e-10);
  EXPECT_EQ(l.rank.item<int64_t>(), 3);
  ASSERT_EQ(l.residuals.shape(), (legato::Shape{1}));
  EXPECT_NEAR(l.residuals.item<double>(), legato::sum(residual * residual).item<double>(), 1e-10);
  EXPECT_EQ(l.s.shape(), (legato::Shape{3}));
}

TEST(Linalg, FusesWithItsNeighbours) {
  // The primitive is one op of a window: what feeds it and what reads it
  // compile into the same program as it (lazy and jit).
  Array a = matrix({3, 1, 1, 2}, {2, 2});
  auto r = run({a}, [](const std::vector<Array> &in) {
    Array x = la::solve(in[0] * 2.0, legato::ones({2}));
    return std::vector<Array>{legato::sum(x * x)};
  });
  // 2a x = 1: x = a^-1 (1, 1) / 2 = (1/10, 2/10).
  EXPECT_NEAR(r[0].item<double>(), 0.01 + 0.04, 1e-12);
}

TEST(LinalgErrors, ValuesAreLinAlgErrors) {
  Array singular = matrix({1, 2, 2, 4}, {2, 2});
  EXPECT_THROW(la::inv(singular).to_vector<double>(), legato::LinAlgError);
  EXPECT_THROW(la::solve(singular, legato::ones({2})).to_vector<double>(), legato::LinAlgError);
  Array indefinite = matrix({1, 2, 2, 1}, {2, 2});
  try {
    la::cholesky(indefinite).to_vector<double>();
    FAIL() << "no LinAlgError";
  } catch (const legato::LinAlgError &e) {
    EXPECT_NE(std::string(e.what()).find("not positive definite"), std::string::npos) << e.what();
  }
  // The runtime is usable after: the next program runs.
  EXPECT_NEAR(la::det(indefinite).item<double>(), -3, 1e-12);
}

TEST(LinalgErrors, ShapesAndDtypes) {
  EXPECT_THROW(la::inv(legato::ones({3})), legato::LinAlgError);
  EXPECT_THROW(la::det(legato::ones({2, 3})), legato::LinAlgError);
  EXPECT_THROW(la::cholesky(legato::ones({2, 2}, legato::f16)), legato::TypeError);
  EXPECT_THROW(la::solve(legato::eye(3), legato::ones({2})), legato::Error);
  try {
    la::solve(legato::ones({2, 3, 3}), legato::ones({4, 3, 1}));
    FAIL() << "no error";
  } catch (const legato::Error &e) {
    EXPECT_NE(std::string(e.what()).find("(2,)"), std::string::npos) << e.what();
  }
  // Integers compute in float64, float32 stays float32.
  EXPECT_EQ(la::inv(legato::eye(2, legato::i32)).dtype(), legato::f64);
  EXPECT_EQ(la::inv(legato::eye(2, legato::f32)).dtype(), legato::f32);
}

} // namespace
