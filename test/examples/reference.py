"""NumPy oracle for the examples: recreates their inputs and runs the math of
shared/bench/apps.py (copied here so the test needs nothing outside the repo).

Usage: /usr/bin/python3 reference.py <app> [args as the example takes them]
Prints `checksum <value>` as the example does.

legato::random(shape, dtype, seed) is counter-based (splitmix64 of a counter):
for the row-major element index i, with uint64 wraparound,
    x = seed * 0x9E3779B97F4A7C15 + i
    z = x + 0x9E3779B97F4A7C15
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB
    z = z ^ (z >> 31)
    value = (z >> 11) * 2**-53   (float64)   or   (z >> 40) * 2**-24   (float32)
Seeds used by examples/apps.h: Black-Scholes S, X, T = 1, 2, 3; stencil grid 4;
CG right-hand side 5; Jacobi A 6 and b 7; BiCGSTAB right-hand side 8; CFD u 9
and v 10; shallow water h 11, hu 12, hv 13.
"""
import sys

import numpy as np

GOLDEN = 0x9E3779B97F4A7C15
MASK64 = (1 << 64) - 1


def random(shape, seed, dtype=np.float64):
    """legato::random in NumPy (see the module docstring)."""
    u = np.uint64
    x = u((seed * GOLDEN) & MASK64) + np.arange(int(np.prod(shape)), dtype=u)
    z = x + u(GOLDEN)
    z = (z ^ (z >> u(30))) * u(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> u(27))) * u(0x94D049BB133111EB)
    z = z ^ (z >> u(31))
    if dtype == np.float32:
        v = (z >> u(40)).astype(np.float32) * np.float32(2.0**-24)
    else:
        v = (z >> u(11)).astype(np.float64) * 2.0**-53
    return v.reshape(shape)


# ---- the math of shared/bench/apps.py, with xp = numpy ----------------------
A1, A2, A3, A4, A5 = 0.31938153, -0.356563782, 1.781477937, -1.821255978, 1.330274429
RSQRT2PI = 0.39894228040143267793994605993438
RISKFREE, VOLATILITY = 0.02, 0.30


def cnd(d):
    k = 1.0 / (1.0 + 0.2316419 * np.abs(d))
    c = RSQRT2PI * np.exp(-0.5 * d * d) * (k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5)))))
    return np.where(d > 0, 1.0 - c, c)


def black_scholes(S, X, T, R=RISKFREE, V=VOLATILITY):
    sqrt_t = np.sqrt(T)
    d1 = (np.log(S / X) + (R + 0.5 * V * V) * T) / (V * sqrt_t)
    d2 = d1 - V * sqrt_t
    c1, c2 = cnd(d1), cnd(d2)
    e = np.exp(-R * T)
    call = S * c1 - X * e * c2
    put = X * e * (1.0 - c2) - S * (1.0 - c1)
    return call, put


def stencil(g, iters):
    g = g.copy()
    for _ in range(iters):
        g[1:-1, 1:-1] = 0.2 * (g[1:-1, 1:-1] + g[:-2, 1:-1] + g[2:, 1:-1] + g[1:-1, :-2] + g[1:-1, 2:])
    return g


def laplacian(u):
    up = np.pad(u, 1)
    return 4.0 * u - up[:-2, 1:-1] - up[2:, 1:-1] - up[1:-1, :-2] - up[1:-1, 2:]


def cg(b, iters):
    x = np.zeros_like(b)
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


def jacobi(A, b, iters):
    d = np.diag(A)
    R = A - np.diag(d)
    x = np.zeros_like(b)
    for _ in range(iters):
        x = (b - R @ x) / d
    return x


def bicgstab(b, iters):
    x = np.zeros_like(b)
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


# CFD: channel flow, "CFD Python" step 12, periodic x-neighbours by np.roll.
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
    for w in (u, v):
        w[0] = 0.0
        w[-1] = 0.0


def cfd(u, v, p, c, steps):
    u, v, p = u.copy(), v.copy(), p.copy()
    for _ in range(steps):
        b = pressure_source(u, v, c)
        pressure_poisson(p, b, c)
        advance_velocity(u, v, p, c)
    return u, v, p


# Shallow water: MUSCL-minmod faces, Rusanov flux, SSP-RK2, reflective walls.
class ShallowWater:
    dx = dy = 1.0
    dt = 0.04
    g = 9.81


def on_axis(axis, index):
    return (slice(None), index) if axis == 1 else (index, slice(None))


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


def physical_flux(h, normal, tangent, g):
    velocity = normal / h
    return normal, normal * velocity + 0.5 * g * (h * h), tangent * velocity


def wave_speed(h, normal, g):
    return np.abs(normal / h) + np.sqrt(g * h)


def rusanov_flux(left, right, g):
    fl, fr = physical_flux(*left, g), physical_flux(*right, g)
    a = np.maximum(wave_speed(left[0], left[1], g), wave_speed(right[0], right[1], g))
    return tuple(0.5 * (f_l + f_r) - 0.5 * a * (q_r - q_l)
                 for f_l, f_r, q_l, q_r in zip(fl, fr, left, right))


def flux_difference(h, normal, tangent, axis, spacing, g):
    faces = [muscl_faces(with_wall_ghosts(q, axis, sign), axis)
             for q, sign in ((h, 1.0), (normal, -1.0), (tangent, 1.0))]
    flux = rusanov_flux([f[0] for f in faces], [f[1] for f in faces], g)
    return tuple((f[on_axis(axis, slice(1, None))] - f[on_axis(axis, slice(None, -1))]) / spacing
                 for f in flux)


def swe_rate(h, hu, hv, c):
    xh, xn, xt = flux_difference(h, hu, hv, 1, c.dx, c.g)
    yh, yn, yt = flux_difference(h, hv, hu, 0, c.dy, c.g)
    return -(xh + yh), -(xn + yt), -(xt + yn)


def euler_stage(w, c):
    rate = swe_rate(*w, c)
    return tuple(q + c.dt * r for q, r in zip(w, rate))


def shallow_water(h, hu, hv, c, steps):
    w = (h, hu, hv)
    for _ in range(steps):
        twice = euler_stage(euler_stage(w, c), c)
        w = tuple(0.5 * (q + q2) for q, q2 in zip(w, twice))
    return w


def swe_energy(h, hu, hv, c):
    return np.sum(0.5 * (hu * hu + hv * hv) / h + 0.5 * c.g * (h * h))


# ---- the examples: inputs as in examples/apps.h, defaults as in their main --
def run_black_scholes(n=1 << 20):
    S = 5.0 + 25.0 * random(n, 1)
    X = 1.0 + 99.0 * random(n, 2)
    T = 0.25 + 9.75 * random(n, 3)
    call, put = black_scholes(S, X, T)
    return np.sum(call) + np.sum(put)


def run_stencil(n=1024, iters=10):
    return np.sum(stencil(random((n, n), 4), iters))


def run_cg(n=256, iters=50):
    return np.sum(cg(random((n, n), 5), iters)[0])


def run_jacobi(n=1024, iters=10):
    A = random((n, n), 6) + n * np.eye(n)
    return np.sum(jacobi(A, random(n, 7), iters))


def run_bicgstab(n=256, iters=50):
    return np.sum(bicgstab(random((n, n), 8), iters)[0])


def cfd_inputs(n):
    u = 0.1 * random((n, n), 9)
    v = 0.1 * (random((n, n), 10) - 0.5)
    for w in (u, v):
        w[0] = 0.0
        w[-1] = 0.0
    return u, v, np.zeros((n, n))


def run_cfd(n=128, steps=10, nit=50):
    u, v, p = cfd(*cfd_inputs(n), ChannelFlow(n, nit), steps)
    return np.sum(u) + np.sum(v) + np.sum(p)


def swe_inputs(n):
    s = np.sin(3.141592653589793 * np.linspace(0.0, 1.0, n))
    hump = 0.25 * np.outer(s, s)
    return (1.0 + hump + 0.1 * random((n, n), 11), 0.1 * (random((n, n), 12) - 0.5),
            0.1 * (random((n, n), 13) - 0.5))


def run_swe(n=256, steps=10):
    c = ShallowWater()
    return swe_energy(*shallow_water(*swe_inputs(n), c, steps), c)


APPS = {"black_scholes": run_black_scholes, "stencil": run_stencil, "cg": run_cg,
        "jacobi": run_jacobi, "bicgstab": run_bicgstab, "cfd": run_cfd, "swe": run_swe}


def checksum(app, args):
    """The checksum that `<app> <args...>` prints."""
    return float(APPS[app](*(int(a) for a in args)))


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in APPS:
        sys.exit("usage: reference.py {%s} [args...]" % "|".join(APPS))
    print("checksum %.17g" % checksum(sys.argv[1], sys.argv[2:]))
