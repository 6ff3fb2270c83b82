#!/bin/bash
# np.searchsorted on this machine's CPU (session 38): legato's binary search
# by gathers (jit) beside NumPy's, alternating, five rounds: n random
# doubles among n sorted ones.
#   bash bench/results/2026-12-05/gather/search-cpu.sh build > bench/results/2026-12-05/gather/search-cpu.txt
set -eu
build=${1:-build}
for round in 1 2 3 4 5; do
  for n in 1000000 16777216; do
    $build/tools/legato-bench/legato-bench --app searchsorted --n $n --mode jit --reps 5 |
      /usr/bin/python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print("round", '$round', "legato", d["n"], d["median_ms"], "ms", d["kernels"], "kernels")'
    /usr/bin/python3 - $n $round <<'PY'
import sys, time
import numpy as np
n, round_ = int(sys.argv[1]), sys.argv[2]
a, v = np.arange(n, dtype=np.float64), np.random.default_rng(15).random(n) * n
ts = []
for _ in range(5):
    t = time.perf_counter(); np.searchsorted(a, v); ts.append((time.perf_counter() - t) * 1e3)
print("round", round_, "numpy", n, round(sorted(ts)[2], 4), "ms")
PY
  done
done
