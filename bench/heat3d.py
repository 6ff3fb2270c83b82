#!/usr/bin/env python3
"""The first call of a host loop in lazy mode (issue 55): a 3-D heat
equation (7-point stencil, slice assignment in a plain Python loop, as a
NumPy user writes it), its first call (which compiles: nothing cached) and
its steady state (the best of three more calls), in legato's lazy mode or
in NumPy. One JSON line with both times and a checksum.

  PYTHONPATH=build/python /usr/bin/python3 bench/heat3d.py legato|numpy [--n 160] [--steps 20]
"""
import argparse
import json
import time

import numpy


def heat(np, u, steps, alpha=0.1):
    for _ in range(steps):
        c = u[1:-1, 1:-1, 1:-1]
        lap = (u[2:, 1:-1, 1:-1] + u[:-2, 1:-1, 1:-1] + u[1:-1, 2:, 1:-1] + u[1:-1, :-2, 1:-1]
               + u[1:-1, 1:-1, 2:] + u[1:-1, 1:-1, :-2] - 6.0 * c)
        u[1:-1, 1:-1, 1:-1] = c + alpha * lap
    return u


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("library", choices=["legato", "numpy"])
    parser.add_argument("--n", type=int, default=160)
    parser.add_argument("--steps", type=int, default=20)
    args = parser.parse_args()
    if args.library == "numpy":
        np, flush = numpy, (lambda: None)
    else:
        import legato
        import legato.numpy as np
        legato.config(mode="lazy")
        flush = legato.flush
    u0 = numpy.random.default_rng(0).random((args.n,) * 3)
    times = []
    for _ in range(4):
        u = np.asarray(u0.copy())
        flush()
        start = time.perf_counter()
        heat(np, u, args.steps)
        flush()
        times.append((time.perf_counter() - start) * 1e3)
    print(json.dumps({"library": args.library, "n": args.n, "steps": args.steps,
                      "first_ms": round(times[0], 2), "steady_ms": round(min(times[1:]), 2),
                      "checksum": float(numpy.asarray(u).sum())}))


if __name__ == "__main__":
    main()
