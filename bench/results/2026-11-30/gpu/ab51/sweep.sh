#!/bin/bash
# Session 16: block reductions loading U elements' operands before folding them (U = 1 is the old kernel).
set -u
source .devpack/env.sh
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
B=$PWD/.gpu/build/tools/legato-bench
run() { $B "$@" | python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["app"], d["n"], d["median_ms"], d["min_ms"], d["kernels"], repr(d["checksum"]))'; }
for round in 1 2; do
  for u in 1 2 4 8; do
    export LEGATO_RLF_EXPERIMENT=$u; echo "== U=$u round $round"
    run --app cg --n 4096 --mode jit --reps 5
    run --app bicgstab --n 4096 --mode jit --reps 5
    run --app jacobi --n 8192 --mode jit --reps 10
    run --app swe --n 4096 --mode jit --reps 5
    run --app cfd --n 2048 --mode jit --reps 3
  done
done
