#!/usr/bin/env python3
"""Sums along rows of L elements (2^21 float64 in all), legato's jit beside
NumPy, on `--threads` CPU threads (default 1): how the length of a row
changes the loop a reduction becomes (docs/PERFORMANCE.md, issue 55). One
JSON line per length; each time the best of `--reps` calls after a
compiling one.

  PYTHONPATH=build/python /usr/bin/python3 bench/row_sums.py [--threads 1] [--reps 20]
"""
import json

import numpy

import legato
import legato.numpy as lnp
from timing import best, options


def main():
    args = options(__doc__, threads=1, reps=20)
    for length in (8, 16, 32, 64, 96, 128, 129, 256, 512, 1024, 2048):
        xn = numpy.random.default_rng(length).random((2 ** 21 // length, length))
        x = lnp.asarray(xn)
        f = legato.jit(lambda a: lnp.sum(a, axis=1))
        f(x)
        legato.flush()
        t_legato = best(lambda: (f(x), legato.flush()), args.reps)
        t_numpy = best(lambda: numpy.sum(xn, axis=1), args.reps)
        print(json.dumps({"row": length, "threads": args.threads, "legato_ms": t_legato * 1e3,
                          "numpy_ms": t_numpy * 1e3, "ratio": t_numpy / t_legato}), flush=True)


if __name__ == "__main__":
    main()
