//===- apps.h - The benchmark applications, written once ------------------===//
//
// The array programs of shared/bench/apps.py, written in legato the way a
// NumPy user writes them (fusion is the library's job). The examples and
// legato-bench both include this file, so what is timed is what is checked.
//
// Inputs are deterministic: legato::random is counter-based, so
// test/examples/reference.py recreates them bit for bit in NumPy.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_EXAMPLES_APPS_H
#define LEGATO_EXAMPLES_APPS_H

#include <legato/legato.h>

#include <tuple>
#include <utility>

namespace apps {
using legato::Array;
using legato::DType;
using legato::none;
using legato::slice;

// Iteration counts of apps.py (and of the peers' runs).
inline constexpr int kStencilIters = 10;
inline constexpr int kCgIters = 50;
inline constexpr int kJacobiIters = 10;

// ---- Black-Scholes: 3 inputs, 2 outputs (cuPyNumeric / Diffuse benchmark) --
inline constexpr double A1 = 0.31938153, A2 = -0.356563782, A3 = 1.781477937,
                        A4 = -1.821255978, A5 = 1.330274429;
inline constexpr double RSQRT2PI = 0.39894228040143267793994605993438;
inline constexpr double RISKFREE = 0.02, VOLATILITY = 0.30;

/// Cumulative normal distribution (Abramowitz-Stegun polynomial).
inline Array cnd(const Array &d) {
  Array k = 1.0 / (1.0 + 0.2316419 * legato::abs(d));
  Array c = RSQRT2PI * legato::exp(-0.5 * d * d) *
            (k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5)))));
  return legato::where(d > 0, 1.0 - c, c);
}

/// Call and put prices of European options: stock price S, strike X, years T.
inline std::pair<Array, Array> black_scholes(const Array &S, const Array &X,
                                             const Array &T,
                                             double R = RISKFREE,
                                             double V = VOLATILITY) {
  Array sqrt_t = legato::sqrt(T);
  Array d1 = (legato::log(S / X) + (R + 0.5 * V * V) * T) / (V * sqrt_t);
  Array d2 = d1 - V * sqrt_t;
  Array c1 = cnd(d1), c2 = cnd(d2);
  Array e = legato::exp(-R * T);
  Array call = S * c1 - X * e * c2;
  Array put = X * e * (1.0 - c2) - S * (1.0 - c1);
  return {call, put};
}

/// S in [5, 30), X in [1, 100), T in [0.25, 10), as in cuPyNumeric's benchmark.
inline std::tuple<Array, Array, Array> black_scholes_inputs(int64_t n,
                                                            DType dtype) {
  return {5.0 + 25.0 * legato::random({n}, dtype, 1),
          1.0 + 99.0 * legato::random({n}, dtype, 2),
          0.25 + 9.75 * legato::random({n}, dtype, 3)};
}

// ---- Stencil: 5-point Jacobi sweeps, boundary fixed (Diffuse, fig. 1) ------
inline Array stencil(const Array &grid, int iters = kStencilIters) {
  Array g = grid.copy(); // the sweeps write g's interior; the input stays intact
  for (int i = 0; i < iters; ++i) {
    Array c = 0.2 * (g[{slice(1, -1), slice(1, -1)}] +
                     g[{slice(none, -2), slice(1, -1)}] +
                     g[{slice(2, none), slice(1, -1)}] +
                     g[{slice(1, -1), slice(none, -2)}] +
                     g[{slice(1, -1), slice(2, none)}]);
    g[{slice(1, -1), slice(1, -1)}] = c;
  }
  return g;
}

inline Array stencil_input(int64_t n, DType dtype) {
  return legato::random({n, n}, dtype, 4);
}

// ---- CG: unpreconditioned conjugate gradients on 2-D Poisson ---------------
/// -Laplace(u) on an n x n grid with zero Dirichlet boundary, matrix-free.
inline Array laplacian(const Array &u) {
  Array up = legato::pad(u, {{1, 1}, {1, 1}});
  return 4.0 * u - up[{slice(none, -2), slice(1, -1)}] -
         up[{slice(2, none), slice(1, -1)}] -
         up[{slice(1, -1), slice(none, -2)}] -
         up[{slice(1, -1), slice(2, none)}];
}

/// Solves -Laplace(x) = b for a fixed number of iterations; returns x and the
/// final squared residual. Scalars stay 0-d Arrays: no host read in the loop.
inline std::pair<Array, Array> cg(const Array &b, int iters = kCgIters) {
  Array x = legato::zeros(b.shape(), b.dtype());
  Array r = b;
  Array p = r;
  Array rs = legato::sum(r * r);
  for (int i = 0; i < iters; ++i) {
    Array ap = laplacian(p);
    Array alpha = rs / legato::sum(p * ap);
    x = x + alpha * p;
    r = r - alpha * ap;
    Array rs_new = legato::sum(r * r);
    p = r + (rs_new / rs) * p;
    rs = rs_new;
  }
  return {x, rs};
}

inline Array cg_input(int64_t n, DType dtype) {
  return legato::random({n, n}, dtype, 5);
}

// ---- Dense Jacobi: x <- (b - R x) / d (Diffuse's "Jacobi") ----------------
inline Array jacobi(const Array &A, const Array &b, int iters = kJacobiIters) {
  // d = diag(A) and R = A - diag(d), through eye (legato has no diag); exact,
  // since every other product is a zero.
  Array I = legato::eye(A.shape()[0], A.dtype());
  Array d = legato::sum(A * I, {1});
  Array R = A - I * d;
  Array x = legato::zeros(b.shape(), b.dtype());
  for (int i = 0; i < iters; ++i)
    x = (b - legato::matmul(R, x)) / d;
  return x;
}

/// A diagonally dominant n x n system (so Jacobi converges).
inline std::pair<Array, Array> jacobi_inputs(int64_t n, DType dtype) {
  return {legato::random({n, n}, dtype, 6) + n * legato::eye(n, dtype),
          legato::random({n}, dtype, 7)};
}

} // namespace apps

#endif // LEGATO_EXAMPLES_APPS_H
