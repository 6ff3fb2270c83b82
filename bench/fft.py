#!/usr/bin/env python3
"""np.fft beside NumPy's pocketfft: long 1-D signals, batches of rows and
columns, 2-D and 3-D transforms, real and complex, float64 and float32
(NumPy 1.24 computes float32 in float64; legato in float32, as NumPy 2).
legato's jit, warm; one JSON line per case, each time the best of `--reps`
calls after a compiling one; values checked against NumPy's first. On a
GPU machine (LEGATO_BACKEND=cuda), CuPy's cupy.fft on the same data beside
them ("cupy_ms", synchronized; cuFFT both).

  PYTHONPATH=build/python /usr/bin/python3 bench/fft.py [--threads 2] [--reps 5]
"""
import json

import numpy

import legato
import legato.numpy as lnp
from timing import best, cupy_timer, options, with_cupy

CASES = [
    # (name, shape, dtype, expression on a namespace)
    ("fft 2^20", (1 << 20,), "complex128", lambda np, a: np.fft.fft(a)),
    ("ifft 2^20", (1 << 20,), "complex128", lambda np, a: np.fft.ifft(a)),
    ("rfft 2^20", (1 << 20,), "float64", lambda np, a: np.fft.rfft(a)),
    ("irfft 2^19 points (n = 2 x 524287, a prime)", (1 << 19,), "complex128",
     lambda np, a: np.fft.irfft(a)),
    ("irfft 2^19 points, n = 2^20", (1 << 19,), "complex128",
     lambda np, a: np.fft.irfft(a, 1 << 20)),
    ("fft 1000 (not a power of 2)", (1000, 1000), "complex128", lambda np, a: np.fft.fft(a)),
    ("fft rows 1024x1024", (1024, 1024), "complex128", lambda np, a: np.fft.fft(a)),
    ("fft columns 1024x1024", (1024, 1024), "complex128",
     lambda np, a: np.fft.fft(a, axis=0)),
    ("rfft rows 4096x256", (4096, 256), "float64", lambda np, a: np.fft.rfft(a)),
    ("fft2 1024x1024", (1024, 1024), "complex128", lambda np, a: np.fft.fft2(a)),
    ("rfft2 1024x1024", (1024, 1024), "float64", lambda np, a: np.fft.rfft2(a)),
    ("irfft2 1024x513", (1024, 513), "complex128", lambda np, a: np.fft.irfft2(a)),
    ("fftn 128^3", (128, 128, 128), "complex128", lambda np, a: np.fft.fftn(a)),
    ("rfftn 128^3", (128, 128, 128), "float64", lambda np, a: np.fft.rfftn(a)),
    ("power spectrum 1024x1024", (1024, 1024), "float64",
     lambda np, a: np.abs(np.fft.rfft2(a - a.mean())) ** 2),
    ("fft 2^20 float32", (1 << 20,), "complex64", lambda np, a: np.fft.fft(a)),
    ("rfft2 1024x1024 float32", (1024, 1024), "float32", lambda np, a: np.fft.rfft2(a)),
    ("fft rows 8x64 (small)", (8, 64), "complex128", lambda np, a: np.fft.fft(a)),
]


def signal(shape, dtype, seed):
    r = numpy.random.default_rng(seed)
    x = r.uniform(-1, 1, shape)
    if numpy.dtype(dtype).kind == "c":
        x = x + 1j * r.uniform(-1, 1, shape)
    return x.astype(dtype)


def main():
    args = options(__doc__, threads=2, reps=5)
    cupy_time = cupy_timer()
    for name, shape, dtype, expression in CASES:
        x = signal(shape, dtype, seed=len(name))
        a = lnp.asarray(x)
        f = legato.jit(lambda a, e=expression: e(lnp, a))
        got = numpy.asarray(f(a))
        expected = expression(numpy, x)
        tol = 1e-3 if "float32" in name else 1e-8
        scale = numpy.abs(expected).max()
        assert numpy.allclose(got, expected, rtol=tol, atol=tol * scale), name
        t_legato = best(lambda: (f(a), legato.flush()), args.reps)
        t_numpy = best(lambda: expression(numpy, x), args.reps)
        line = {"op": name, "shape": list(shape), "dtype": dtype, "threads": args.threads,
                "legato_ms": t_legato * 1e3, "numpy_ms": t_numpy * 1e3,
                "ratio": t_numpy / t_legato}
        print(json.dumps(with_cupy(line, cupy_time, expression, [x], args.reps)), flush=True)


if __name__ == "__main__":
    main()
