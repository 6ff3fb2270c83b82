#!/bin/bash
# Session 16: row reductions loading 8 elements before folding them (this build)
# against the build before (.gpu/base with LEGATO_RLF_EXPERIMENT=1: one at a time),
# then the GPU suite on this build, then JAX's Jacobi and CG beside them.
set -u
tar xJf .gpu/base.tar.xz -C .gpu
source .devpack/env.sh
export LEGATO_BACKEND=cuda
run() { LD_LIBRARY_PATH=$1/lib/API:$LD_LIBRARY_PATH $1/tools/legato-bench "${@:2}" | python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["app"], d["n"], d["median_ms"], d["min_ms"], d["kernels"], repr(d["checksum"]))'; }
for round in 1 2 3; do
  echo "== before, round $round"; export LEGATO_RLF_EXPERIMENT=1
  run .gpu/base --app jacobi --n 8192 --mode jit --reps 10
  run .gpu/base --app cg --n 4096 --mode jit --reps 5
  run .gpu/base --app bicgstab --n 4096 --mode jit --reps 5
  unset LEGATO_RLF_EXPERIMENT; echo "== after, round $round"
  run .gpu/build --app jacobi --n 8192 --mode jit --reps 10
  run .gpu/build --app cg --n 4096 --mode jit --reps 5
  run .gpu/build --app bicgstab --n 4096 --mode jit --reps 5
done
start=$(date +%s)
test/gpu/run.sh .gpu/build > $OUT/test-gpu.txt 2>&1; echo "test/gpu/run.sh rc=$? in $(( $(date +%s) - start )) s" >> $OUT/test-gpu.txt
tail -3 $OUT/test-gpu.txt
python3 .gpu/bench/peers_gpu.py jax | tee $OUT/peers.jsonl
