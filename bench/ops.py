#!/usr/bin/env python3
"""Common NumPy operations one at a time, legato beside NumPy in one run
(issue 55: no operation slower than NumPy at either size).

Each case runs at a small size (about 4,000 elements, where per-call cost
rules) and a large one (about 4 million; 512^2 for matrix products), in
legato's jit and lazy modes (each call followed by legato.flush(), so the
time is the result computed) and in NumPy on the same values. The time of
a case is the best of `--reps` calls after a warm-up call (which compiles).
Prints one JSON line per case and size (NumPy's time over legato's: above
1 legato is faster), then a table; `--only SUBSTRING` runs the matching
cases. Also on the GPU machine: LEGATO_BACKEND=cuda, where the NumPy column
is still NumPy (CuPy's runner is ../shared/bench).

  PYTHONPATH=build/python /usr/bin/python3 bench/ops.py [--reps 10] [--only sum] \\
      [--sizes small,large] > bench/results/<date>/ops.jsonl
"""
import argparse
import json
import sys
import time

import numpy

import legato
import legato.numpy as lnp

# (name, array kinds it takes, the op as a function of (np, *arrays)).
# Kinds: m (a matrix), t (a 3-D array), v (a vector), i (indices into v),
# k (a second matrix of m's shape), s (a square matrix for products).
CASES = [
    # Reductions over every axis and axis pair.
    ("sum", "m", lambda np, a: np.sum(a)),
    ("sum axis 0", "m", lambda np, a: np.sum(a, axis=0)),
    ("sum axis 1", "m", lambda np, a: np.sum(a, axis=1)),
    ("max", "m", lambda np, a: np.max(a)),
    ("max axis 0", "m", lambda np, a: np.max(a, axis=0)),
    ("max axis 1", "m", lambda np, a: np.max(a, axis=1)),
    ("min axis 0", "m", lambda np, a: np.min(a, axis=0)),
    ("mean axis 0", "m", lambda np, a: np.mean(a, axis=0)),
    ("mean axis 1", "m", lambda np, a: np.mean(a, axis=1)),
    ("var axis 0", "m", lambda np, a: np.var(a, axis=0)),
    ("var axis 1", "m", lambda np, a: np.var(a, axis=1)),
    ("std", "m", lambda np, a: np.std(a)),
    ("prod axis 0", "m", lambda np, a: np.prod(a, axis=0)),
    ("argmax", "m", lambda np, a: np.argmax(a)),
    ("argmax axis 0", "m", lambda np, a: np.argmax(a, axis=0)),
    ("argmax axis 1", "m", lambda np, a: np.argmax(a, axis=1)),
    ("argmin axis 0", "m", lambda np, a: np.argmin(a, axis=0)),
    ("any axis 0", "m", lambda np, a: np.any(a > 0.99, axis=0)),
    ("all axis 1", "m", lambda np, a: np.all(a > 0.01, axis=1)),
    ("count_nonzero", "m", lambda np, a: np.count_nonzero(a > 0.5)),
    ("sum 3-D axis 0", "t", lambda np, a: np.sum(a, axis=0)),
    ("sum 3-D axis 1", "t", lambda np, a: np.sum(a, axis=1)),
    ("sum 3-D axis 2", "t", lambda np, a: np.sum(a, axis=2)),
    ("sum 3-D axes (0, 1)", "t", lambda np, a: np.sum(a, axis=(0, 1))),
    ("sum 3-D axes (1, 2)", "t", lambda np, a: np.sum(a, axis=(1, 2))),
    ("sum 3-D axes (0, 2)", "t", lambda np, a: np.sum(a, axis=(0, 2))),
    ("mean 3-D axis 0", "t", lambda np, a: np.mean(a, axis=0)),
    ("max 3-D axis 1", "t", lambda np, a: np.max(a, axis=1)),
    # Scans.
    ("cumsum", "v", lambda np, v: np.cumsum(v)),
    ("cumsum axis 0", "m", lambda np, a: np.cumsum(a, axis=0)),
    ("cumsum axis 1", "m", lambda np, a: np.cumsum(a, axis=1)),
    ("cumprod axis 1", "m", lambda np, a: np.cumprod(a, axis=1)),
    # Elementwise, on contiguous, strided, transposed and broadcast operands.
    ("a + b", "mk", lambda np, a, b: a + b),
    ("a * 2 + 1", "m", lambda np, a: a * 2.0 + 1.0),
    ("exp", "m", lambda np, a: np.exp(a)),
    ("sqrt", "m", lambda np, a: np.sqrt(a)),
    ("sin", "m", lambda np, a: np.sin(a)),
    ("where", "mk", lambda np, a, b: np.where(a > b, a, b)),
    ("clip", "m", lambda np, a: np.clip(a, 0.25, 0.75)),
    ("maximum", "mk", lambda np, a, b: np.maximum(a, b)),
    ("a.T + b", "mk", lambda np, a, b: a.T + b),
    ("a[::2] * 2", "m", lambda np, a: a[::2] * 2.0),
    ("a[:, ::2] + 1", "m", lambda np, a: a[:, ::2] + 1.0),
    ("a + row", "mv", lambda np, a, v: a + v[: a.shape[1]]),
    ("a + column", "mv", lambda np, a, v: a + v[: a.shape[0], None]),
    ("a ** 2", "m", lambda np, a: a ** 2),
    ("a > b", "mk", lambda np, a, b: a > b),
    ("astype f32", "m", lambda np, a: a.astype(np.float32)),
    # Data movement.
    ("copy", "m", lambda np, a: a.copy()),
    ("transpose copy", "m", lambda np, a: a.T.copy()),
    ("interior", "m", lambda np, a: a[1:-1, 1:-1] * 1.0),
    ("concatenate", "mk", lambda np, a, b: np.concatenate([a, b])),
    ("stack", "mk", lambda np, a, b: np.stack([a, b])),
    ("pad", "m", lambda np, a: np.pad(a, 1)),
    ("roll", "m", lambda np, a: np.roll(a, 3, axis=0)),
    ("diff", "m", lambda np, a: np.diff(a, axis=1)),
    ("flip", "m", lambda np, a: np.flip(a, axis=0)),
    ("tile", "v", lambda np, v: np.tile(v[:64], 4)),
    ("reshape", "m", lambda np, a: a.reshape(-1) * 1.0),
    ("repeat", "v", lambda np, v: np.repeat(v[: v.size // 4], 4)),
    # Products.
    ("matvec", "sv", lambda np, a, v: a @ v[: a.shape[1]]),
    ("vecmat", "sv", lambda np, a, v: v[: a.shape[0]] @ a),
    ("matmul", "s", lambda np, a: a @ a),
    ("a.T @ x", "sv", lambda np, a, v: a.T @ v[: a.shape[0]]),
    ("a @ b[:, 0]", "s", lambda np, a: a @ a[:, 0]),
    ("dot", "v", lambda np, v: np.dot(v, v)),
    ("outer", "v", lambda np, v: np.outer(v[:256], v[:256])),
    ("batched matmul", "t", lambda np, a: a[:8] @ a[:8]),
    # Gathers, scatters, masks.
    ("take", "vi", lambda np, v, i: np.take(v, i)),
    ("v[i]", "vi", lambda np, v, i: v[i]),
    ("v[mask]", "v", lambda np, v: v[v > 0.5]),
    ("bincount", "i", lambda np, i: np.bincount(i)),
    # Sorting and order statistics.
    ("sort", "v", lambda np, v: np.sort(v)),
    ("sort rows", "m", lambda np, a: np.sort(a, axis=1)),
    ("sort columns", "m", lambda np, a: np.sort(a, axis=0)),
    ("argsort", "v", lambda np, v: np.argsort(v)),
    ("argsort rows", "m", lambda np, a: np.argsort(a, axis=1)),
    ("partition", "v", lambda np, v: np.partition(v, v.shape[0] // 2)),
    ("unique", "i", lambda np, i: np.unique(i)),
    ("median", "v", lambda np, v: np.median(v)),
]

# Shapes per size and kind.
SHAPES = {
    "small": {"m": (64, 64), "t": (16, 16, 16), "v": (4096,), "s": (64, 64)},
    "large": {"m": (2048, 2048), "t": (128, 128, 128), "v": (4194304,), "s": (512, 512)},
}


def arrays(kinds, size, rng):
    shapes = SHAPES[size]
    out = []
    for kind in kinds:
        if kind == "i":
            n = shapes["v"][0]
            out.append(rng.integers(0, n, n))
        elif kind == "k":
            out.append(rng.random(shapes["m"]))
        else:
            out.append(rng.random(shapes[kind]))
    return out


def best_of(call, reps):
    call()  # warm-up: compiles
    best = float("inf")
    for _ in range(reps):
        start = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - start)
    return best


def time_case(name, kinds, op, size, reps):
    values = arrays(kinds, size, numpy.random.default_rng(0))
    row = {"op": name, "size": size, "shapes": [list(v.shape) for v in values]}
    row["numpy_s"] = best_of(lambda: op(numpy, *values), reps)
    mine = [lnp.asarray(v) for v in values]
    jitted = legato.jit(lambda *a: op(lnp, *a))
    for mode, call in (("jit", lambda: jitted(*mine)), ("lazy", lambda: op(lnp, *mine))):
        def run():
            result = call()  # kept until computed: lazy mode drops dead values
            legato.flush()
            return result
        try:
            row[mode + "_s"] = best_of(run, reps)
            row[mode + "_ratio"] = row["numpy_s"] / row[mode + "_s"]
        except Exception as e:  # a missing or failing op is a finding too
            row[mode + "_error"] = f"{type(e).__name__}: {e}"[:200]
    return row


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--only", default="")
    parser.add_argument("--sizes", default="small,large")
    args = parser.parse_args()
    rows = []
    for name, kinds, op in CASES:
        if args.only not in name:
            continue
        for size in args.sizes.split(","):
            row = time_case(name, kinds, op, size, args.reps)
            print(json.dumps(row), flush=True)
            rows.append(row)
    print(f"\n{'op':24} {'size':6} {'NumPy':>10} {'jit':>8} {'lazy':>8}  (NumPy time / legato's)",
          file=sys.stderr)
    for r in rows:
        cells = [f"{r[m + '_ratio']:7.2f}x" if m + "_ratio" in r else "   error"
                 for m in ("jit", "lazy")]
        print(f"{r['op']:24} {r['size']:6} {r['numpy_s'] * 1e3:8.3f}ms {cells[0]} {cells[1]}",
              file=sys.stderr)
    slower = [r for r in rows if min(r.get("jit_ratio", 0), r.get("lazy_ratio", 0)) < 1.0]
    print(f"\n{len(rows)} cases, {len(slower)} with a mode slower than NumPy", file=sys.stderr)


if __name__ == "__main__":
    main()
