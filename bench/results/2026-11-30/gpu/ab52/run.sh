#!/bin/bash
# Session 17: stencil sweep pairs in cells (legato-fuse-sweeps) and static views
# sunk into launches (legato-gpu-sink-views), this build (.gpu/build) against the
# build before (.gpu/base: fb8ee9f's code), interleaved, 3 rounds, jit at the
# GPU bench's sizes; this build also with LEGATO_FUSE_SWEEPS=0 (views sunk, no
# pairs). Then the GPU suite and the NumPy differential suites on this build.
set -u
tar xJf .gpu/base.tar.xz -C .gpu
source .devpack/env.sh
export LEGATO_BACKEND=cuda
run() { LD_LIBRARY_PATH=$1/lib/API:$LD_LIBRARY_PATH $1/tools/legato-bench "${@:2}" | python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["app"], d["dtype"], d["n"], d["median_ms"], d["min_ms"], d["kernels"], d["bytes_moved"], repr(d["checksum"]))'; }
apps() {
  run $1 --app stencil --n 8192 --mode jit --reps 10
  run $1 --app cfd --n 2048 --mode jit --reps 5
  run $1 --app swe --n 2048 --mode jit --reps 5
  run $1 --app cg --n 4096 --mode jit --reps 5
  run $1 --app bicgstab --n 2048 --mode jit --reps 5
  run $1 --app jacobi --n 8192 --mode jit --reps 10
  run $1 --app black_scholes --n 67108864 --dtype f32 --mode jit --reps 10
  run $1 --app black_scholes --n 67108864 --dtype f64 --mode jit --reps 10
}
for round in 1 2 3; do
  echo "== before, round $round"; apps .gpu/base
  echo "== after, round $round"; apps .gpu/build
  echo "== after, LEGATO_FUSE_SWEEPS=0, round $round"
  LEGATO_FUSE_SWEEPS=0 run .gpu/build --app stencil --n 8192 --mode jit --reps 10
done
start=$(date +%s)
test/gpu/run.sh .gpu/build > $OUT/test-gpu.txt 2>&1; echo "test/gpu/run.sh rc=$? in $(( $(date +%s) - start )) s" >> $OUT/test-gpu.txt
tail -3 $OUT/test-gpu.txt
bash .gpu/check52.sh > $OUT/numpy-check.txt 2>&1; cat $OUT/numpy-check.txt
