#!/bin/bash
# np.histogram on this machine's CPU (session 39): legato (jit; 100 equal
# bins of [0, 1), a range given) beside NumPy's np.histogram(x, 100, (0, 1)),
# alternating, five rounds, n random doubles.
#   bash bench/results/2026-12-05/scatter/histogram-cpu.sh build > bench/results/2026-12-05/scatter/histogram-cpu.txt
set -eu
build=${1:-build}
for round in 1 2 3 4 5; do
  for n in 1000000 16777216; do
    $build/tools/legato-bench/legato-bench --app histogram --n $n --mode jit --reps 7 |
      /usr/bin/python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print("round", '$round', "legato", d["app"], d["n"], d["median_ms"], "ms", d["kernels"], "kernels")'
    /usr/bin/python3 - $n $round <<'PY'
import sys, time
import numpy as np
n, round_ = int(sys.argv[1]), sys.argv[2]
x = np.random.default_rng(13).random(n)
ts = []
for _ in range(7):
    t = time.perf_counter(); np.histogram(x, 100, (0.0, 1.0)); ts.append((time.perf_counter() - t) * 1e3)
print("round", round_, "numpy histogram", n, round(sorted(ts)[3], 4), "ms")
PY
  done
done
