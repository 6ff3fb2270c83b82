#!/usr/bin/env python3
"""legato's Python demo: NumPy code, fused and compiled.

Prices European options with Black-Scholes (about 60 array operations per
call) written with `import legato.numpy as np`, and shows what legato did:
the time with each op run on its own (eager, like NumPy or cuPyNumeric)
and fused (lazy, the default), the kernels launched, the bytes moved, and
NumPy's time on the same inputs.
"""
import argparse
import time

import numpy

import apps
import legato
import legato.numpy as np


def timed(run, repeats):
    """The best wall time of `repeats` runs (after one that compiles)."""
    run()
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("n", type=apps.count, nargs="?", default=1 << 20,
                        help="options to price (2^20)")
    parser.add_argument("--repeats", type=apps.count, default=5, help="timed runs (5)")
    args = parser.parse_args()

    S, X, T = apps.black_scholes_inputs(args.n)

    def price():
        call, put = apps.black_scholes(S, X, T)
        return float(np.sum(call) + np.sum(put))

    results = {}
    for mode in ("eager", "lazy"):
        legato.config(mode=mode)
        seconds = timed(price, args.repeats)
        legato.reset_stats()
        checksum = price()
        results[mode] = (seconds, legato.stats(), checksum)

    Sn, Xn, Tn = (numpy.asarray(a) for a in (S, X, T))

    def price_numpy():
        call, put = apps.black_scholes(Sn, Xn, Tn, xp=numpy)
        return float(call.sum() + put.sum())

    numpy_seconds = timed(price_numpy, args.repeats)
    numpy_checksum = price_numpy()

    eager, lazy = results["eager"], results["lazy"]
    opts = legato.options()
    apps.report(
        f"Black-Scholes: {args.n} options priced with `import legato.numpy as np` "
        f"({opts['backend']} backend, {opts['size']} rank{'s' if opts['size'] > 1 else ''})",
        f"  eager (op by op): {eager[0] * 1e3:8.2f} ms, {eager[1]['kernels']} kernels, "
        f"{eager[1]['bytes_moved'] / 1e6:.0f} MB moved",
        f"  lazy (fused):     {lazy[0] * 1e3:8.2f} ms, {lazy[1]['kernels']} kernels, "
        f"{lazy[1]['bytes_moved'] / 1e6:.0f} MB moved  ({eager[0] / lazy[0]:.1f}x eager)",
        f"  NumPy {numpy.__version__}:      {numpy_seconds * 1e3:8.2f} ms  "
        f"(legato: {numpy_seconds / lazy[0]:.1f}x NumPy's speed)",
        f"  checksum {lazy[2]:.17g} (NumPy {numpy_checksum:.17g})",
        "Next: LEGATO_BACKEND=cuda (an NVIDIA GPU), "
        "mpirun -n 4 python3 python/examples/demo.py (4 ranks), make test; docs/PYTHON.md")


if __name__ == "__main__":
    main()
