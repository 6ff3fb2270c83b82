#!/usr/bin/env python3
"""The dtypes of issue 53 beside NumPy, one op at a time (legato's jit,
warm): complex elementwise arithmetic and functions, complex GEMM, float16
and uint8 elementwise and sums. One JSON line per case; each time the best
of `--reps` calls after a compiling one. On a GPU machine
(LEGATO_BACKEND=cuda), CuPy on the same data beside them ("cupy_ms").

  PYTHONPATH=build/python /usr/bin/python3 bench/dtypes.py [--threads 2] [--reps 10]
"""
import json

import numpy

import legato
import legato.numpy as lnp
from timing import best, cupy_timer, options, with_cupy


def inputs(dtype, shape, count, seed):
    r = numpy.random.default_rng(seed)
    kind = numpy.dtype(dtype).kind
    out = []
    for _ in range(count):
        if kind == "c":
            out.append((r.random(shape) + 1j * r.random(shape)).astype(dtype))
        elif kind == "u":
            out.append(r.integers(0, 256, shape).astype(dtype))
        else:
            out.append(r.random(shape).astype(dtype))
    return out


CASES = [
    # (name, dtype, shape, operands, expression on a namespace)
    ("a*b+c", "complex128", (2 ** 20,), 3, lambda np, a, b, c: a * b + c),
    ("a*b+c", "complex64", (2 ** 20,), 3, lambda np, a, b, c: a * b + c),
    ("exp", "complex128", (2 ** 20,), 1, lambda np, a: np.exp(a)),
    ("abs", "complex128", (2 ** 20,), 1, lambda np, a: np.abs(a)),
    ("sum", "complex128", (2 ** 20,), 1, lambda np, a: np.sum(a)),
    ("matmul 256", "complex128", (256, 256), 2, lambda np, a, b: a @ b),
    ("matmul 256", "complex64", (256, 256), 2, lambda np, a, b: a @ b),
    ("a*b+c", "float16", (2 ** 20,), 3, lambda np, a, b, c: a * b + c),
    ("sum", "float16", (2 ** 15,), 1, lambda np, a: np.sum(a)),  # (stays below 65504)
    ("a//3+b", "uint8", (2 ** 22,), 2, lambda np, a, b: a // 3 + b),
    ("sum", "uint8", (2 ** 22,), 1, lambda np, a: np.sum(a)),
    ("max", "uint16", (2 ** 22,), 1, lambda np, a: np.max(a)),
]


def main():
    args = options(__doc__, threads=2, reps=10)
    cupy_time = cupy_timer()
    for name, dtype, shape, count, expression in CASES:
        xs = inputs(dtype, shape, count, seed=len(name))
        ls = [lnp.asarray(x) for x in xs]
        f = legato.jit(lambda *a, e=expression: e(lnp, *a))
        got = numpy.asarray(f(*ls))
        expected = expression(numpy, *xs)
        tol = 2e-3 if dtype == "float16" else 1e-4 if dtype == "complex64" else 1e-9
        assert numpy.allclose(got, expected, rtol=tol, atol=tol * 10), name
        t_legato = best(lambda: (f(*ls), legato.flush()), args.reps)
        t_numpy = best(lambda: expression(numpy, *xs), args.reps)
        line = {"op": name, "dtype": dtype, "shape": list(shape), "threads": args.threads,
                "legato_ms": t_legato * 1e3, "numpy_ms": t_numpy * 1e3,
                "ratio": t_numpy / t_legato}
        print(json.dumps(with_cupy(line, cupy_time, expression, xs, args.reps)), flush=True)


if __name__ == "__main__":
    main()
