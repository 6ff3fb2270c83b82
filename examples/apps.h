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
  Array d = legato::diag(A);
  Array R = A - legato::diag(d);
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

// ---- BiCGSTAB: unpreconditioned, on the 2-D Poisson problem of CG ----------
inline constexpr int kBicgstabIters = 50;

/// Solves -Laplace(x) = b (van der Vorst's BiCGSTAB, shadow residual r0 = b)
/// for a fixed number of iterations; returns x and the final squared
/// residual. As in cg, every scalar is a 0-d Array: the loop never reads the
/// host, and each iteration costs two operator applications and four dots.
inline std::pair<Array, Array> bicgstab(const Array &b,
                                        int iters = kBicgstabIters) {
  Array x = legato::zeros(b.shape(), b.dtype());
  Array r = b; // b - A x with x = 0
  Array r0 = r;
  Array p = r;
  Array rho = legato::sum(r0 * r);
  for (int i = 0; i < iters; ++i) {
    Array v = laplacian(p);
    Array alpha = rho / legato::sum(r0 * v);
    Array s = r - alpha * v;
    Array t = laplacian(s);
    Array omega = legato::sum(t * s) / legato::sum(t * t);
    x = x + alpha * p + omega * s;
    r = s - omega * t;
    Array rho_new = legato::sum(r0 * r);
    Array beta = (rho_new / rho) * (alpha / omega);
    p = r + beta * (p - omega * v);
    rho = rho_new;
  }
  return {x, legato::sum(r * r)};
}

inline Array bicgstab_input(int64_t n, DType dtype) {
  return legato::random({n, n}, dtype, 8);
}

// ---- CFD: channel flow, "CFD Python" step 12 (Barba & Forsyth 2018) --------
// Incompressible Navier-Stokes on [0, 2] x [0, 2]: u, v, p on an n x n grid
// (axis 0 = y, axis 1 = x), periodic in x, no-slip walls at y = 0 and y = 2,
// driven by a constant body force F in x. Each time step solves the pressure
// Poisson equation approximately with `nit` Jacobi sweeps, then advances u
// and v explicitly (backward differences for advection, central for the
// rest). Where step 12 spells the two periodic columns out as extra formulas,
// this version takes x-neighbours with a roll, which is the same arithmetic.
inline constexpr int kCfdSteps = 10;
inline constexpr int kCfdPressureIters = 50;

struct ChannelFlow {
  double dx = 0, dy = 0, dt = 0; ///< set by channel_flow(n)
  double rho = 1.0, nu = 0.1, force = 1.0;
  int nit = kCfdPressureIters;
};

/// Step 12's constants on an n x n grid, with dt at half the explicit
/// stability limit of advection-diffusion at the fastest flow the channel
/// reaches (the Poiseuille peak F h^2 / (8 nu) = 5 for the height h = 2).
/// Step 12's fixed dt = 0.01 suits only its 41 x 41 grid and smooth start.
inline ChannelFlow channel_flow(int64_t n, int nit = kCfdPressureIters) {
  ChannelFlow c;
  c.dx = c.dy = 2.0 / double(n - 1);
  double u_peak = c.force * 2.0 * 2.0 / (8 * c.nu);
  c.dt = 0.5 / (u_peak / c.dx + 2 * c.nu / (c.dx * c.dx) +
                2 * c.nu / (c.dy * c.dy));
  c.nit = nit;
  return c;
}

/// x-neighbours on the periodic grid: east(a)[:, j] = a[:, j + 1].
inline Array east(const Array &a) { return legato::roll(a, -1, 1); }
inline Array west(const Array &a) { return legato::roll(a, 1, 1); }

/// Rows 1..n-2 (between the walls), and the rows south and north of them.
/// Views: assigning to inner_rows(a) writes into a.
inline legato::ArrayView inner_rows(const Array &a) {
  return a[{slice(1, -1), legato::all}];
}
inline Array south_rows(const Array &a) { return a[{slice(none, -2), legato::all}]; }
inline Array north_rows(const Array &a) { return a[{slice(2, none), legato::all}]; }

/// Right-hand side of the pressure Poisson equation on the inner rows: the
/// divergence term that drives p towards a divergence-free velocity.
inline Array pressure_source(const Array &u, const Array &v,
                             const ChannelFlow &c) {
  Array uc = inner_rows(u), vc = inner_rows(v);
  Array dudx = (east(uc) - west(uc)) / (2 * c.dx);
  Array dudy = (north_rows(u) - south_rows(u)) / (2 * c.dy);
  Array dvdx = (east(vc) - west(vc)) / (2 * c.dx);
  Array dvdy = (north_rows(v) - south_rows(v)) / (2 * c.dy);
  return c.rho * (1 / c.dt * (dudx + dvdy) - dudx * dudx -
                  2 * (dudy * dvdx) - dvdy * dvdy);
}

/// `nit` Jacobi sweeps of Laplace(p) = b, in place: periodic in x, dp/dy = 0
/// at the walls.
inline void pressure_poisson(Array &p, const Array &b, const ChannelFlow &c) {
  double dx2 = c.dx * c.dx, dy2 = c.dy * c.dy;
  for (int q = 0; q < c.nit; ++q) {
    Array pc = inner_rows(p);
    inner_rows(p) = ((east(pc) + west(pc)) * dy2 +
                     (north_rows(p) + south_rows(p)) * dx2) /
                        (2 * (dx2 + dy2)) -
                    dx2 * dy2 / (2 * (dx2 + dy2)) * b;
    p[{0, legato::all}] = p[{1, legato::all}];
    p[{-1, legato::all}] = p[{-2, legato::all}];
  }
}

/// One time step of u, v (in place), with the pressure p of this step.
inline void advance_velocity(Array &u, Array &v, const Array &p,
                             const ChannelFlow &c) {
  Array uc = inner_rows(u), vc = inner_rows(v), pc = inner_rows(p);
  Array us = south_rows(u), un = north_rows(u);
  Array vs = south_rows(v), vn = north_rows(v);
  double cx = c.dt / c.dx, cy = c.dt / c.dy;
  double kx = c.nu * c.dt / (c.dx * c.dx), ky = c.nu * c.dt / (c.dy * c.dy);
  // Both right-hand sides read the old u and v (step 12's un, vn).
  Array u_next = uc - uc * cx * (uc - west(uc)) - vc * cy * (uc - us) -
                 c.dt / (2 * c.rho * c.dx) * (east(pc) - west(pc)) +
                 (kx * (east(uc) - 2 * uc + west(uc)) +
                  ky * (un - 2 * uc + us)) +
                 c.force * c.dt;
  Array v_next = vc - uc * cx * (vc - west(vc)) - vc * cy * (vc - vs) -
                 c.dt / (2 * c.rho * c.dy) * (north_rows(p) - south_rows(p)) +
                 (kx * (east(vc) - 2 * vc + west(vc)) +
                  ky * (vn - 2 * vc + vs));
  inner_rows(u) = u_next;
  inner_rows(v) = v_next;
  for (Array *w : {&u, &v}) { // no slip at the walls
    (*w)[{0, legato::all}] = 0.0;
    (*w)[{-1, legato::all}] = 0.0;
  }
}

/// Runs `steps` time steps from (u, v, p), which stay intact; returns the
/// final u, v, p.
inline std::tuple<Array, Array, Array> cfd(const Array &u0, const Array &v0,
                                           const Array &p0,
                                           const ChannelFlow &c,
                                           int steps = kCfdSteps) {
  Array u = u0.copy(), v = v0.copy(), p = p0.copy();
  for (int i = 0; i < steps; ++i) {
    Array b = pressure_source(u, v, c);
    pressure_poisson(p, b, c);
    advance_velocity(u, v, p, c);
  }
  return {u, v, p};
}

/// A perturbed start: u in [0, 0.1), v in [-0.05, 0.05), zero at the walls;
/// p = 0.
inline std::tuple<Array, Array, Array> cfd_inputs(int64_t n, DType dtype) {
  Array u = 0.1 * legato::random({n, n}, dtype, 9);
  Array v = 0.1 * (legato::random({n, n}, dtype, 10) - 0.5);
  for (Array *w : {&u, &v}) {
    (*w)[{0, legato::all}] = 0.0;
    (*w)[{-1, legato::all}] = 0.0;
  }
  return {u, v, legato::zeros({n, n}, dtype)};
}

// ---- Shallow water: finite volumes in the style of TorchSWE ----------------
// The 2-D shallow-water equations in conserved form (depth h, discharges hu
// along x and hv along y) on an n x n grid of square cells, closed by
// reflective walls. Like TorchSWE: ghost cells set by slice assignment,
// MUSCL reconstruction with the minmod limiter, a Riemann flux at every face
// (Rusanov's, where TorchSWE uses the central-upwind flux) and the two-stage
// SSP Runge-Kutta method, with a fixed dt (no CFL read on the host).
inline constexpr int kSweSteps = 10;

struct ShallowWater {
  double dx = 1.0, dy = 1.0; ///< cell size (m)
  double dt = 0.04;          ///< time step (s); CFL ~0.3 for depths below 2 m
  double g = 9.81;           ///< gravity (m/s^2)
};

/// The conserved variables on the cells.
struct Water {
  Array h, hu, hv;
};

/// The same variables in the frame of a face: h, the discharge normal to the
/// face and the one along it.
struct FaceWater {
  Array h, normal, tangent;
};

/// A subscript of a 2-D array that applies `index` on `axis` only.
inline std::vector<legato::Index> on_axis(int64_t axis, legato::Index index) {
  std::vector<legato::Index> subscript(2, legato::all);
  subscript[size_t(axis)] = index;
  return subscript;
}

/// q with two ghost cells at each end of `axis` mirroring the edge cells: a
/// reflective wall. `sign` = -1 reverses the discharge normal to the wall.
inline Array with_wall_ghosts(const Array &q, int64_t axis, double sign) {
  std::vector<std::pair<int64_t, int64_t>> widths = {{0, 0}, {0, 0}};
  widths[size_t(axis)] = {2, 2};
  Array ghosted = legato::pad(q, widths);
  ghosted[on_axis(axis, slice(none, 2))] = sign * q[on_axis(axis, slice(1, none, -1))];
  ghosted[on_axis(axis, slice(-2, none))] = sign * q[on_axis(axis, slice(-1, -3, -1))];
  return ghosted;
}

/// The smaller of a and b in magnitude where they agree in sign, else 0.
inline Array minmod(const Array &a, const Array &b) {
  return legato::maximum(0.0, legato::minimum(a, b)) +
         legato::minimum(0.0, legato::maximum(a, b));
}

/// MUSCL: the values left and right of each of the m + 1 faces along `axis`
/// between the m cells of a line with two ghost cells at each end.
inline std::pair<Array, Array> muscl_faces(const Array &ghosted, int64_t axis) {
  Array centre = ghosted[on_axis(axis, slice(1, -1))];
  Array slope = minmod(centre - ghosted[on_axis(axis, slice(none, -2))],
                       ghosted[on_axis(axis, slice(2, none))] - centre);
  Array left = centre[on_axis(axis, slice(none, -1))] +
               0.5 * slope[on_axis(axis, slice(none, -1))];
  Array right = centre[on_axis(axis, slice(1, none))] -
                0.5 * slope[on_axis(axis, slice(1, none))];
  return {left, right};
}

/// The physical flux through a face of the state w.
inline FaceWater physical_flux(const FaceWater &w, double g) {
  Array velocity = w.normal / w.h;
  return {w.normal, w.normal * velocity + 0.5 * g * (w.h * w.h),
          w.tangent * velocity};
}

/// The fastest wave of the state w across a face: |u| + sqrt(g h).
inline Array wave_speed(const FaceWater &w, double g) {
  return legato::abs(w.normal / w.h) + legato::sqrt(g * w.h);
}

/// Rusanov's (local Lax-Friedrichs) flux between the states left and right
/// of the faces: the mean physical flux minus the jump times the fastest
/// local wave speed.
inline FaceWater rusanov_flux(const FaceWater &left, const FaceWater &right,
                              double g) {
  FaceWater fl = physical_flux(left, g), fr = physical_flux(right, g);
  Array a = legato::maximum(wave_speed(left, g), wave_speed(right, g));
  auto mean_minus_jump = [&](const Array &f_left, const Array &f_right,
                             const Array &q_left, const Array &q_right) {
    return 0.5 * (f_left + f_right) - 0.5 * a * (q_right - q_left);
  };
  return {mean_minus_jump(fl.h, fr.h, left.h, right.h),
          mean_minus_jump(fl.normal, fr.normal, left.normal, right.normal),
          mean_minus_jump(fl.tangent, fr.tangent, left.tangent, right.tangent)};
}

/// (F(i + 1/2) - F(i - 1/2)) / spacing along `axis`: the net outflow of each
/// cell through its two faces across that axis.
inline FaceWater flux_difference(const FaceWater &cells, int64_t axis,
                                 double spacing, double g) {
  auto faces = [&](const Array &q, double wall_sign) {
    return muscl_faces(with_wall_ghosts(q, axis, wall_sign), axis);
  };
  auto [h_left, h_right] = faces(cells.h, 1.0);
  auto [n_left, n_right] = faces(cells.normal, -1.0);
  auto [t_left, t_right] = faces(cells.tangent, 1.0);
  FaceWater flux = rusanov_flux({h_left, n_left, t_left},
                                {h_right, n_right, t_right}, g);
  auto difference = [&](const Array &f) {
    return (f[on_axis(axis, slice(1, none))] -
            f[on_axis(axis, slice(none, -1))]) /
           spacing;
  };
  return {difference(flux.h), difference(flux.normal),
          difference(flux.tangent)};
}

/// d/dt of the conserved variables: minus the net outflow along x and y.
inline Water swe_rate(const Water &w, const ShallowWater &c) {
  FaceWater x = flux_difference({w.h, w.hu, w.hv}, 1, c.dx, c.g);
  FaceWater y = flux_difference({w.h, w.hv, w.hu}, 0, c.dy, c.g);
  return {-(x.h + y.h), -(x.normal + y.tangent), -(x.tangent + y.normal)};
}

/// Forward Euler: w + dt * rate(w).
inline Water euler_stage(const Water &w, const ShallowWater &c) {
  Water rate = swe_rate(w, c);
  return {w.h + c.dt * rate.h, w.hu + c.dt * rate.hu, w.hv + c.dt * rate.hv};
}

/// One step of SSP-RK2 (Heun): the mean of w and two Euler stages from it.
inline Water swe_step(const Water &w, const ShallowWater &c) {
  Water twice = euler_stage(euler_stage(w, c), c);
  return {0.5 * (w.h + twice.h), 0.5 * (w.hu + twice.hu),
          0.5 * (w.hv + twice.hv)};
}

/// Runs `steps` time steps from (h, hu, hv); returns the final state.
inline std::tuple<Array, Array, Array>
shallow_water(const Array &h, const Array &hu, const Array &hv,
              const ShallowWater &c = {}, int steps = kSweSteps) {
  Water w{h, hu, hv};
  for (int i = 0; i < steps; ++i)
    w = swe_step(w, c);
  return {w.h, w.hu, w.hv};
}

/// Total energy, sum of h (u^2 + v^2) / 2 + g h^2 / 2: it only decreases,
/// through the scheme's dissipation, so it checks every field.
inline Array swe_energy(const Array &h, const Array &hu, const Array &hv,
                        const ShallowWater &c = {}) {
  return legato::sum(0.5 * (hu * hu + hv * hv) / h + 0.5 * c.g * (h * h));
}

/// A hump of water (0.25 m above a 1 m pool, peaked at the centre) with
/// ripples of up to 0.1 m, and random discharges of up to 0.05 m^2/s.
inline std::tuple<Array, Array, Array> swe_inputs(int64_t n, DType dtype) {
  Array s = legato::sin(3.141592653589793 * legato::linspace(0.0, 1.0, n));
  Array hump = 0.25 * legato::outer(s, s).astype(dtype);
  return {1.0 + hump + 0.1 * legato::random({n, n}, dtype, 11),
          0.1 * (legato::random({n, n}, dtype, 12) - 0.5),
          0.1 * (legato::random({n, n}, dtype, 13) - 0.5)};
}

} // namespace apps

#endif // LEGATO_EXAMPLES_APPS_H
