#!/usr/bin/env python3
"""The host cost of one op recorded from Python (issue 50: target <= 1.5 us),
beside NumPy computing the same op on the same 8-element arrays.

Lazy mode: each timed block records `ops` ops on 8-element float64 arrays
(nothing runs until the flush after it, which is not timed); the best of
`rounds` blocks, per op. The chained case (each op reads the one before)
is a loop body; the jit case calls `legato.jit(lambda x, y: x * 2.0 + y)`,
which runs its compiled program each call, beside NumPy computing it. One
JSON line per case, then a table.

  PYTHONPATH=build/python /usr/bin/python3 bench/python_overhead.py [--ops 1000] [--rounds 20]
"""
import argparse
import json
import time

import numpy

import legato
import legato.numpy as lnp

CASES = [
    # (name, the op as a function of (x, y) for legato.numpy and NumPy)
    ("x + y", lambda np, x, y: x + y),
    ("np.add(x, y)", lambda np, x, y: np.add(x, y)),
    ("x * 2.0", lambda np, x, y: x * 2.0),
    ("np.sin(x)", lambda np, x, y: np.sin(x)),
    ("np.sum(x)", lambda np, x, y: np.sum(x)),
    ("x[1:5]", lambda np, x, y: x[1:5]),
    ("np.roll(x, 1, axis=0)", lambda np, x, y: np.roll(x, 1, axis=0)),
    ("np.pad(x, (1, 2))", lambda np, x, y: np.pad(x, (1, 2))),
]


def per_op(np, op, x, y, ops, rounds, flush):
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(ops):
            op(np, x, y)
        best = min(best, time.perf_counter() - start)
        flush()
    return best / ops


def per_chained_op(np, x, y, ops, rounds, flush):
    """`z = z * 0.5 + y`, each op reading the last: every op stays live."""
    best = float("inf")
    for _ in range(rounds):
        z = x
        start = time.perf_counter()
        for _ in range(ops // 2):
            z = z * 0.5 + y
        best = min(best, time.perf_counter() - start)
        flush()
    return best / (2 * (ops // 2))


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ops", type=int, default=1000, help="ops per timed block (1000)")
    parser.add_argument("--rounds", type=int, default=20, help="timed blocks; the best counts (20)")
    args = parser.parse_args()

    legato.config(mode="lazy")
    x, y = lnp.arange(8.0), lnp.ones(8)
    xn, yn = numpy.arange(8.0), numpy.ones(8)
    rows = []
    for name, op in CASES:
        op(lnp, x, y)  # a first call: imports and caches
        legato.flush()
        t_legato = per_op(lnp, op, x, y, args.ops, args.rounds, legato.flush)
        t_numpy = per_op(numpy, op, xn, yn, args.ops, args.rounds, lambda: None)
        line = {"case": name, "legato_us": round(t_legato * 1e6, 3),
                "numpy_us": round(t_numpy * 1e6, 3), "ops": args.ops, "rounds": args.rounds,
                "numpy": numpy.__version__}
        print(json.dumps(line), flush=True)
        rows.append(line)
    legato.flush()
    t_legato = per_chained_op(lnp, x, y, args.ops, args.rounds, legato.flush)
    t_numpy = per_chained_op(numpy, xn, yn, args.ops, args.rounds, lambda: None)
    line = {"case": "z = z * 0.5 + y", "legato_us": round(t_legato * 1e6, 3),
            "numpy_us": round(t_numpy * 1e6, 3), "ops": args.ops, "rounds": args.rounds,
            "numpy": numpy.__version__}
    print(json.dumps(line), flush=True)
    rows.append(line)
    jitted = legato.jit(lambda x, y: x * 2.0 + y)
    jitted(x, y)  # traced and compiled
    t_legato = per_op(lnp, lambda np, x, y: jitted(x, y), x, y, args.ops, args.rounds,
                      legato.flush)
    t_numpy = per_op(numpy, lambda np, x, y: x * 2.0 + y, xn, yn, args.ops, args.rounds,
                     lambda: None)
    line = {"case": "jit f(x, y): x * 2.0 + y", "legato_us": round(t_legato * 1e6, 3),
            "numpy_us": round(t_numpy * 1e6, 3), "ops": args.ops, "rounds": args.rounds,
            "numpy": numpy.__version__}
    print(json.dumps(line), flush=True)
    rows.append(line)
    print("\ncase                        legato (us/op)  NumPy (us/op)  legato/NumPy")
    for r in rows:
        print(f"{r['case']:<28}{r['legato_us']:>15.3f}{r['numpy_us']:>15.3f}"
              f"{r['legato_us'] / r['numpy_us']:>14.2f}")


if __name__ == "__main__":
    main()
