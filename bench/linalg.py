#!/usr/bin/env python3
"""np.linalg beside NumPy (both on the machine's OpenBLAS LAPACK): single
large matrices, where LAPACK's time rules, and stacks of small ones, where
the per-matrix overhead does. legato's jit, warm; one JSON line per case,
each time the best of `--reps` calls after a compiling one. On a GPU
machine (LEGATO_BACKEND=cuda), CuPy's cuSOLVER calls beside them.

  PYTHONPATH=build/python /usr/bin/python3 bench/linalg.py [--threads 2] [--reps 5]
"""
import json

import numpy

import legato
import legato.numpy as lnp
from timing import best, cupy_timer, options, with_cupy


def matrices(shape, seed, spd=False):
    r = numpy.random.default_rng(seed)
    a = r.uniform(-1, 1, shape)
    n = shape[-1]
    if spd:
        return a @ numpy.swapaxes(a, -1, -2) + n * numpy.eye(n)
    return a + n * numpy.eye(n) if shape[-1] == shape[-2] else a


CASES = [
    # (name, shape, spd, expression on a namespace)
    ("solve", (1000, 1000), False, lambda np, a: np.linalg.solve(a, a[:, :8])),
    ("inv", (1000, 1000), False, lambda np, a: np.linalg.inv(a)),
    ("det", (1000, 1000), False, lambda np, a: np.linalg.det(a)),
    ("cholesky", (1000, 1000), True, lambda np, a: np.linalg.cholesky(a)),
    ("eigh", (500, 500), True, lambda np, a: np.linalg.eigh(a)[1]),
    ("eigvalsh", (500, 500), True, lambda np, a: np.linalg.eigvalsh(a)),
    ("svd", (500, 300), False, lambda np, a: np.linalg.svd(a, full_matrices=False)[0]),
    ("svdvals", (500, 300), False, lambda np, a: np.linalg.svd(a, compute_uv=False)),
    ("qr", (1000, 500), False, lambda np, a: np.linalg.qr(a)[0]),
    ("solve 4x4 stack", (20000, 4, 4), False,
     lambda np, a: np.linalg.solve(a, a[..., :1])),
    ("det 3x3 stack", (20000, 3, 3), False, lambda np, a: np.linalg.det(a)),
    ("inv 8x8 stack", (5000, 8, 8), False, lambda np, a: np.linalg.inv(a)),
]


def main():
    args = options(__doc__, threads=2, reps=5)
    cupy_time = cupy_timer()
    for name, shape, spd, expression in CASES:
        x = matrices(shape, seed=len(name), spd=spd)
        a = lnp.asarray(x)
        f = legato.jit(lambda a, e=expression: e(lnp, a))
        got = numpy.asarray(f(a))
        expected = expression(numpy, x)
        if name.startswith(("eigh", "svd", "qr")) and got.ndim == 2:
            got, expected = numpy.abs(got), numpy.abs(expected)  # (columns' signs)
        assert numpy.allclose(got, expected, rtol=1e-6, atol=1e-8), name
        t_legato = best(lambda: (f(a), legato.flush()), args.reps)
        t_numpy = best(lambda: expression(numpy, x), args.reps)
        line = {"op": name, "shape": list(shape), "threads": args.threads,
                "legato_ms": t_legato * 1e3, "numpy_ms": t_numpy * 1e3,
                "ratio": t_numpy / t_legato}
        print(json.dumps(with_cupy(line, cupy_time, expression, [x], args.reps)), flush=True)


if __name__ == "__main__":
    main()
