#!/bin/bash
# np.sort and np.argsort on this machine's CPU (session 40): legato (jit; a
# bitonic network) beside NumPy's np.sort (quicksort: introsort with SIMD
# partitions) and np.argsort(kind="stable") (radix/timsort), alternating,
# three rounds, n random doubles (compile_ms: the network's compile, once
# per process).
#   bash bench/results/2026-12-05/sort/cpu.sh build > bench/results/2026-12-05/sort/cpu.txt
set -eu
build=${1:-build}
for round in 1 2 3; do
  for n in 65536 1048576 4194304; do
    for app in sort argsort; do
      $build/tools/legato-bench/legato-bench --app $app --n $n --mode jit --reps 5 --warmup 1 |
        /usr/bin/python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print("round", '$round', "legato", d["app"], d["n"], d["median_ms"], "ms", d["kernels"], "kernels", d["compile_ms"], "ms compiling")'
    done
    /usr/bin/python3 - $n $round <<'PY'
import sys, time
import numpy as np
n, round_ = int(sys.argv[1]), sys.argv[2]
x = np.random.default_rng(17).random(n)
for name, f in (("sort", lambda: np.sort(x)), ("argsort", lambda: np.argsort(x, kind="stable"))):
    f()
    ts = []
    for _ in range(5):
        t = time.perf_counter(); f(); ts.append((time.perf_counter() - t) * 1e3)
    print("round", round_, "numpy", name, n, round(sorted(ts)[2], 4), "ms")
PY
  done
done
