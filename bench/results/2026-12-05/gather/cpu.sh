#!/bin/bash
# np.take on this machine's CPU (session 38): legato's gather (jit, mode
# clip, the CPU backend's default threads) beside NumPy's np.take (mode
# clip), alternating, five rounds: n doubles at n random positions.
#   bash bench/results/2026-12-05/gather/cpu.sh build > bench/results/2026-12-05/gather/cpu.txt
set -eu
build=${1:-build}
for round in 1 2 3 4 5; do
  for n in 1000000 16777216; do
    $build/tools/legato-bench/legato-bench --app take --n $n --mode jit --reps 7 |
      /usr/bin/python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print("round", '$round', "legato", d["n"], d["median_ms"], "ms", d["kernels"], "kernels")'
    /usr/bin/python3 - $n $round <<'PY'
import sys, time
import numpy as np
n, round_ = int(sys.argv[1]), sys.argv[2]
rng = np.random.default_rng(13)
x, i = rng.random(n), (rng.random(n) * n).astype(np.int64)
ts = []
for _ in range(9):
    t = time.perf_counter(); np.take(x, i, mode="clip"); ts.append((time.perf_counter() - t) * 1e3)
print("round", round_, "numpy", n, round(sorted(ts)[4], 4), "ms")
PY
  done
done
