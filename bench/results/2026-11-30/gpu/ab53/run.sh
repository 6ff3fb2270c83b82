#!/bin/bash
# Session 17: one element per thread and round (instead of 2) for elementwise
# kernels with many inputs (hooks.patch: LEGATO_UNROLL_EXPERIMENT=N, inputs > N;
# removed in issue 52, the patch is in git history at commit 07f8e7d),
# on 05f365e's code: the stencil's pair cells read 25 windows and take 64 registers.
set -u
tar xJf .gpu/exp.tar.xz -C .gpu
source .devpack/env.sh
export LEGATO_BACKEND=cuda
run() { LD_LIBRARY_PATH=.gpu/exp/lib/API:$LD_LIBRARY_PATH .gpu/exp/tools/legato-bench "$@" | python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["app"], d["n"], d["median_ms"], d["min_ms"], d["kernels"], repr(d["checksum"]))'; }
apps() {
  run --app stencil --n 8192 --mode jit --reps 10
  run --app cfd --n 2048 --mode jit --reps 5
  run --app swe --n 2048 --mode jit --reps 5
  run --app bicgstab --n 2048 --mode jit --reps 5
  run --app cg --n 4096 --mode jit --reps 5
}
for round in 1 2 3; do
  echo "== off, round $round"; unset LEGATO_UNROLL_EXPERIMENT; apps
  echo "== 16, round $round"; export LEGATO_UNROLL_EXPERIMENT=16; apps
  echo "== 8, round $round"; export LEGATO_UNROLL_EXPERIMENT=8; apps
done
