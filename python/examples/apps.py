"""The seven applications of examples/apps.h, in Python: plain NumPy code
with `import legato.numpy as np` (fusion is the library's job). The
examples (black_scholes.py, ...) and the benchmarks import this file; their
inputs come from legato.random, the C++ examples' counter-based generator,
so each prints the checksum of its C++ twin.
"""
import argparse
import math

import legato
import legato.numpy as np

# ---- Black-Scholes: 3 inputs, 2 outputs (cuPyNumeric / Diffuse benchmark) ----
A1, A2, A3, A4, A5 = 0.31938153, -0.356563782, 1.781477937, -1.821255978, 1.330274429
RSQRT2PI = 0.39894228040143267793994605993438
RISKFREE, VOLATILITY = 0.02, 0.30


def cnd(d, xp=np):
    """Cumulative normal distribution (Abramowitz-Stegun polynomial)."""
    k = 1.0 / (1.0 + 0.2316419 * xp.abs(d))
    c = RSQRT2PI * xp.exp(-0.5 * d * d) * (k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5)))))
    return xp.where(d > 0, 1.0 - c, c)


def black_scholes(S, X, T, R=RISKFREE, V=VOLATILITY, xp=np):
    """Call and put prices; `xp` is the array namespace (legato.numpy, or
    numpy itself for the demo's comparison)."""
    sqrt_t = xp.sqrt(T)
    d1 = (xp.log(S / X) + (R + 0.5 * V * V) * T) / (V * sqrt_t)
    d2 = d1 - V * sqrt_t
    c1, c2 = cnd(d1, xp), cnd(d2, xp)
    e = xp.exp(-R * T)
    call = S * c1 - X * e * c2
    put = X * e * (1.0 - c2) - S * (1.0 - c1)
    return call, put


def black_scholes_inputs(n, dtype="float64"):
    return (5.0 + 25.0 * legato.random((n,), dtype, 1),
            1.0 + 99.0 * legato.random((n,), dtype, 2),
            0.25 + 9.75 * legato.random((n,), dtype, 3))


# ---- Stencil: 5-point Jacobi sweeps, boundary fixed (Diffuse, fig. 1) ----
def stencil(grid, iters=10):
    g = grid.copy()
    for _ in range(iters):
        g[1:-1, 1:-1] = 0.2 * (g[1:-1, 1:-1] + g[:-2, 1:-1] + g[2:, 1:-1] + g[1:-1, :-2]
                               + g[1:-1, 2:])
    return g


def stencil_input(n, dtype="float64"):
    return legato.random((n, n), dtype, 4)


# ---- CG and BiCGSTAB on the 2-D Poisson problem, matrix-free ----
def laplacian(u):
    up = np.pad(u, 1)
    return 4.0 * u - up[:-2, 1:-1] - up[2:, 1:-1] - up[1:-1, :-2] - up[1:-1, 2:]


def cg(b, iters=50):
    x = np.zeros(b.shape, b.dtype)
    r = b
    p = r
    rs = np.sum(r * r)
    for _ in range(iters):
        ap = laplacian(p)
        alpha = rs / np.sum(p * ap)
        x = x + alpha * p
        r = r - alpha * ap
        rs_new = np.sum(r * r)
        p = r + (rs_new / rs) * p
        rs = rs_new
    return x, rs


def cg_input(n, dtype="float64"):
    return legato.random((n, n), dtype, 5)


def bicgstab(b, iters=50):
    x = np.zeros(b.shape, b.dtype)
    r = b
    r0 = r
    p = r
    rho = np.sum(r0 * r)
    for _ in range(iters):
        v = laplacian(p)
        alpha = rho / np.sum(r0 * v)
        s = r - alpha * v
        t = laplacian(s)
        omega = np.sum(t * s) / np.sum(t * t)
        x = x + alpha * p + omega * s
        r = s - omega * t
        rho_new = np.sum(r0 * r)
        beta = (rho_new / rho) * (alpha / omega)
        p = r + beta * (p - omega * v)
        rho = rho_new
    return x, np.sum(r * r)


def bicgstab_input(n, dtype="float64"):
    return legato.random((n, n), dtype, 8)


# ---- Dense Jacobi: x <- (b - R x) / d ----
def jacobi(A, b, iters=10):
    d = np.diag(A)
    R = A - np.diag(d)
    x = np.zeros(b.shape, b.dtype)
    for _ in range(iters):
        x = (b - R @ x) / d
    return x


def jacobi_inputs(n, dtype="float64"):
    return (legato.random((n, n), dtype, 6) + n * np.eye(n, dtype=dtype),
            legato.random((n,), dtype, 7))


# ---- CFD: channel flow, "CFD Python" step 12 ----
class ChannelFlow:
    def __init__(self, n, nit=50):
        self.rho, self.nu, self.force, self.nit = 1.0, 0.1, 1.0, nit
        self.dx = self.dy = 2.0 / (n - 1)
        u_peak = self.force * 2.0 * 2.0 / (8 * self.nu)
        self.dt = 0.5 / (u_peak / self.dx + 2 * self.nu / (self.dx * self.dx)
                         + 2 * self.nu / (self.dy * self.dy))


def east(a):
    return np.roll(a, -1, axis=1)


def west(a):
    return np.roll(a, 1, axis=1)


def pressure_source(u, v, c):
    uc, vc = u[1:-1], v[1:-1]
    dudx = (east(uc) - west(uc)) / (2 * c.dx)
    dudy = (u[2:] - u[:-2]) / (2 * c.dy)
    dvdx = (east(vc) - west(vc)) / (2 * c.dx)
    dvdy = (v[2:] - v[:-2]) / (2 * c.dy)
    return c.rho * (1 / c.dt * (dudx + dvdy) - dudx * dudx - 2 * (dudy * dvdx) - dvdy * dvdy)


def pressure_poisson(p, b, c):
    dx2, dy2 = c.dx * c.dx, c.dy * c.dy
    for _ in range(c.nit):
        pc = p[1:-1]
        p[1:-1] = (((east(pc) + west(pc)) * dy2 + (p[2:] + p[:-2]) * dx2) / (2 * (dx2 + dy2))
                   - dx2 * dy2 / (2 * (dx2 + dy2)) * b)
        p[0] = p[1]
        p[-1] = p[-2]


def advance_velocity(u, v, p, c):
    uc, vc, pc = u[1:-1], v[1:-1], p[1:-1]
    us, un, vs, vn = u[:-2], u[2:], v[:-2], v[2:]
    cx, cy = c.dt / c.dx, c.dt / c.dy
    kx, ky = c.nu * c.dt / (c.dx * c.dx), c.nu * c.dt / (c.dy * c.dy)
    u_next = (uc - uc * cx * (uc - west(uc)) - vc * cy * (uc - us)
              - c.dt / (2 * c.rho * c.dx) * (east(pc) - west(pc))
              + (kx * (east(uc) - 2 * uc + west(uc)) + ky * (un - 2 * uc + us))
              + c.force * c.dt)
    v_next = (vc - uc * cx * (vc - west(vc)) - vc * cy * (vc - vs)
              - c.dt / (2 * c.rho * c.dy) * (p[2:] - p[:-2])
              + (kx * (east(vc) - 2 * vc + west(vc)) + ky * (vn - 2 * vc + vs)))
    u[1:-1] = u_next
    v[1:-1] = v_next
    for w in (u, v):  # no slip at the walls
        w[0] = 0.0
        w[-1] = 0.0


def cfd(u0, v0, p0, c, steps=10):
    u, v, p = u0.copy(), v0.copy(), p0.copy()
    for _ in range(steps):
        b = pressure_source(u, v, c)
        pressure_poisson(p, b, c)
        advance_velocity(u, v, p, c)
    return u, v, p


def cfd_inputs(n, dtype="float64"):
    u = 0.1 * legato.random((n, n), dtype, 9)
    v = 0.1 * (legato.random((n, n), dtype, 10) - 0.5)
    for w in (u, v):
        w[0] = 0.0
        w[-1] = 0.0
    return u, v, np.zeros((n, n), dtype)


# ---- Shallow water: finite volumes in the style of TorchSWE ----
class ShallowWater:
    dx, dy, dt, g = 1.0, 1.0, 0.04, 9.81


def on_axis(axis, index):
    key = [slice(None), slice(None)]
    key[axis] = index
    return tuple(key)


def with_wall_ghosts(q, axis, sign):
    widths = [(0, 0), (0, 0)]
    widths[axis] = (2, 2)
    ghosted = np.pad(q, widths)
    ghosted[on_axis(axis, slice(None, 2))] = sign * q[on_axis(axis, slice(1, None, -1))]
    ghosted[on_axis(axis, slice(-2, None))] = sign * q[on_axis(axis, slice(-1, -3, -1))]
    return ghosted


def minmod(a, b):
    return np.maximum(0.0, np.minimum(a, b)) + np.minimum(0.0, np.maximum(a, b))


def muscl_faces(ghosted, axis):
    centre = ghosted[on_axis(axis, slice(1, -1))]
    slope = minmod(centre - ghosted[on_axis(axis, slice(None, -2))],
                   ghosted[on_axis(axis, slice(2, None))] - centre)
    left = centre[on_axis(axis, slice(None, -1))] + 0.5 * slope[on_axis(axis, slice(None, -1))]
    right = centre[on_axis(axis, slice(1, None))] - 0.5 * slope[on_axis(axis, slice(1, None))]
    return left, right


def physical_flux(w, g):
    h, normal, tangent = w
    velocity = normal / h
    return normal, normal * velocity + 0.5 * g * (h * h), tangent * velocity


def wave_speed(w, g):
    h, normal, _ = w
    return np.abs(normal / h) + np.sqrt(g * h)


def rusanov_flux(left, right, g):
    fl, fr = physical_flux(left, g), physical_flux(right, g)
    a = np.maximum(wave_speed(left, g), wave_speed(right, g))
    return tuple(0.5 * (f_l + f_r) - 0.5 * a * (q_r - q_l)
                 for f_l, f_r, q_l, q_r in zip(fl, fr, left, right))


def flux_difference(cells, axis, spacing, g):
    h, normal, tangent = cells
    faces = [muscl_faces(with_wall_ghosts(q, axis, sign), axis)
             for q, sign in ((h, 1.0), (normal, -1.0), (tangent, 1.0))]
    flux = rusanov_flux(tuple(f[0] for f in faces), tuple(f[1] for f in faces), g)
    return tuple((f[on_axis(axis, slice(1, None))] - f[on_axis(axis, slice(None, -1))]) / spacing
                 for f in flux)


def swe_rate(w, c):
    h, hu, hv = w
    x = flux_difference((h, hu, hv), 1, c.dx, c.g)
    y = flux_difference((h, hv, hu), 0, c.dy, c.g)
    return -(x[0] + y[0]), -(x[1] + y[2]), -(x[2] + y[1])


def euler_stage(w, c):
    rate = swe_rate(w, c)
    return tuple(q + c.dt * r for q, r in zip(w, rate))


def swe_step(w, c):
    twice = euler_stage(euler_stage(w, c), c)
    return tuple(0.5 * (q + t) for q, t in zip(w, twice))


def shallow_water(h, hu, hv, c=ShallowWater(), steps=10):
    w = (h, hu, hv)
    for _ in range(steps):
        w = swe_step(w, c)
    return w


def swe_energy(h, hu, hv, c=ShallowWater()):
    return np.sum(0.5 * (hu * hu + hv * hv) / h + 0.5 * c.g * (h * h))


def swe_inputs(n, dtype="float64"):
    s = np.sin(math.pi * np.linspace(0.0, 1.0, n))
    hump = 0.25 * np.outer(s, s).astype(dtype)
    return (1.0 + hump + 0.1 * legato.random((n, n), dtype, 11),
            0.1 * (legato.random((n, n), dtype, 12) - 0.5),
            0.1 * (legato.random((n, n), dtype, 13) - 0.5))


def count(text):
    """An argparse type: a positive integer."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text} is not positive")
    return value


def report(*lines):
    """Prints on rank 0 only (every rank runs the script under mpirun)."""
    if legato.options()["rank"] == 0:
        for line in lines:
            print(line)
