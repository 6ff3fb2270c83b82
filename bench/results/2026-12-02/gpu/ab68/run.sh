#!/bin/bash
# Session 22 A/B: legato-fuse-sweeps recomputing several first sweeps in one
# second sweep (new: shallow water's face fluxes recompute the limited
# slopes of h, hu and hv; e8a5d73) against one per second sweep (old:
# 0460988), jit at the benchmark sizes, three alternating rounds (ab.txt);
# `run.sh suite` runs the GPU suite on the new build (not run here: run70
# ran it on the session's final code). Built here, in a checkout with build/ configured:
#   git stash && ninja -C build legato && cp build/lib/API/liblegato.so .gpu/ab/old/
#   git stash pop && ninja -C build && cp build/lib/API/liblegato.so .gpu/ab/new/
#   cp build/tools/legato-bench/legato-bench .gpu/ab/
#   tar cJf .gpu/ab.tar.xz -C .gpu ab
#   test/gpu/bundle.sh build .gpu/build && (cd .gpu && tar cJf build.tar.xz build)
# and run on the GPU machine carrying .devpack, .gpu/ab.tar.xz and
# .gpu/build.tar.xz: `bash bench/results/2026-12-02/gpu/ab68/run.sh` (A/B), then
# `... run.sh suite`.
set -u
tar xJf .gpu/ab.tar.xz -C .gpu
tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
export LEGATO_BACKEND=cuda
nvidia-smi -L
run() {
  LD_LIBRARY_PATH=$PWD/.gpu/ab/$lib:$LD_LIBRARY_PATH .gpu/ab/legato-bench "$@" |
    python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["app"], d["n"], d["median_ms"], d["min_ms"], d["kernels"], d["bytes_moved"], d["peak_bytes"], repr(d["checksum"]))'
}
apps() {
  run --app swe --n 2048 --mode jit --reps 5
  run --app cfd --n 2048 --mode jit --reps 5
  run --app stencil --n 8192 --mode jit --reps 10
  run --app bicgstab --n 2048 --mode jit --reps 5
  run --app cg --n 4096 --mode jit --reps 5
}
if [ "${1:-ab}" = ab ]; then
for round in 1 2 3; do
  for lib in old new; do
    echo "== $lib, round $round"; apps
  done
done
exit 0
fi
echo "== GPU suite (new)"
bash test/gpu/run.sh .gpu/build 2>&1 | tail -25
