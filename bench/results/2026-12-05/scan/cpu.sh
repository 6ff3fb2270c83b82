#!/bin/bash
# np.cumsum on this machine's CPU (session 37): legato's scan (jit, the CPU
# backend's default threads) beside NumPy's, alternating, five rounds, at
# 1M and 16M doubles and at 16M - 3 (whole chunks of 8 and the rest).
#   bash bench/results/2026-12-05/scan/cpu.sh build > bench/results/2026-12-05/scan/cpu.txt
set -eu
build=${1:-build}
for round in 1 2 3 4 5; do
  for n in 1000000 16777213 16777216; do
    $build/tools/legato-bench/legato-bench --app cumsum --n $n --mode jit --reps 7 |
      /usr/bin/python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print("round", '$round', "legato", d["n"], d["median_ms"], "ms", d["kernels"], "kernels")'
    /usr/bin/python3 - $n $round <<'PY'
import sys, time
import numpy as np
n, round_ = int(sys.argv[1]), sys.argv[2]
x = np.random.default_rng(13).random(n)
ts = []
for _ in range(9):
    t = time.perf_counter(); np.cumsum(x); ts.append((time.perf_counter() - t) * 1e3)
print("round", round_, "numpy", n, round(sorted(ts)[4], 4), "ms")
PY
  done
done
