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
CG right-hand side 5; Jacobi A 6 and b 7.
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


APPS = {"black_scholes": run_black_scholes, "stencil": run_stencil, "cg": run_cg,
        "jacobi": run_jacobi}


def checksum(app, args):
    """The checksum that `<app> <args...>` prints."""
    return float(APPS[app](*(int(a) for a in args)))


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in APPS:
        sys.exit("usage: reference.py {%s} [args...]" % "|".join(APPS))
    print("checksum %.17g" % checksum(sys.argv[1], sys.argv[2:]))
