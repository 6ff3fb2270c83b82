#!/bin/bash
# Session 18 A/B: jit traces cut a chunk in and where loops end (new) against
# the old cuts (LEGATO_OLD_JIT_CUTS=1, hooks.patch: removed in issue 52, it is
# in git history at commit 07f8e7d), interleaved, 3 rounds;
# then the GPU suite on the new build.
set -u
tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
export LEGATO_BACKEND=cuda
nvidia-smi -L
run() { LD_LIBRARY_PATH=.gpu/build/lib/API:$LD_LIBRARY_PATH .gpu/build/tools/legato-bench "$@" | python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["app"], d["n"], d["median_ms"], d["min_ms"], d["kernels"], d["bytes_moved"], d["peak_bytes"], d["compiles"], repr(d["checksum"]))'; }
apps() {
  run --app stencil --n 8192 --mode jit --reps 10
  run --app cfd --n 2048 --mode jit --reps 5
  run --app swe --n 2048 --mode jit --reps 5
  run --app bicgstab --n 2048 --mode jit --reps 5
  run --app cg --n 4096 --mode jit --reps 5
  run --app jacobi --n 8192 --mode jit --reps 5
}
for round in 1 2 3; do
  echo "== old cuts, round $round"; export LEGATO_OLD_JIT_CUTS=1; apps
  echo "== new cuts, round $round"; unset LEGATO_OLD_JIT_CUTS; apps
done
echo "== GPU suite (new)"
bash test/gpu/run.sh .gpu/build 2>&1 | tail -25
