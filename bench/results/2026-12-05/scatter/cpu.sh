#!/bin/bash
# Writing through index arrays on this machine's CPU (session 39): legato
# (jit, the CPU backend's default threads) beside NumPy, alternating, five
# rounds; n random doubles at n random positions of an array of n.
#   scatter: r = x.copy(); r[i] = v      (NumPy: the same)
#   add_at:  r = x.copy(); add_at(r, i, v) (NumPy: np.add.at, and
#            r + np.bincount(i, v, n), which NumPy users write for speed)
#   bash bench/results/2026-12-05/scatter/cpu.sh build > bench/results/2026-12-05/scatter/cpu.txt
set -eu
build=${1:-build}
for round in 1 2 3 4 5; do
  for n in 1000000 16777216; do
    for app in scatter add_at; do
      $build/tools/legato-bench/legato-bench --app $app --n $n --mode jit --reps 7 |
        /usr/bin/python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print("round", '$round', "legato", d["app"], d["n"], d["median_ms"], "ms", d["kernels"], "kernels")'
    done
    /usr/bin/python3 - $n $round <<'PY'
import sys, time
import numpy as np
n, round_ = int(sys.argv[1]), sys.argv[2]
rng = np.random.default_rng(13)
x, i, v = rng.random(n), (rng.random(n) * n).astype(np.int64), rng.random(n)
def median_ms(f, reps=9):
    ts = []
    for _ in range(reps):
        t = time.perf_counter(); f(); ts.append((time.perf_counter() - t) * 1e3)
    return round(sorted(ts)[reps // 2], 4)
def store():
    r = x.copy(); r[i] = v
def add_at():
    r = x.copy(); np.add.at(r, i, v)
def bincount():
    x + np.bincount(i, v, n)
print("round", round_, "numpy scatter", n, median_ms(store), "ms")
print("round", round_, "numpy add_at", n, median_ms(add_at, 3 if n > 10**6 else 9), "ms")
print("round", round_, "numpy bincount", n, median_ms(bincount), "ms")
PY
  done
done
