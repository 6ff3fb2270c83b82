#!/bin/bash
# Session 9, device call 3: constants sunk into kernels (immediates, 1/x as
# rcp.rn) and FMA contraction (LEGATO_FP_CONTRACT, on by default), against
# neither (base: LEGATO_AB_NOSINK=1 LEGATO_FP_CONTRACT=0; the switch is in
# the measured build only) and sinking alone (sink: LEGATO_FP_CONTRACT=0).
# Interleaved; then the peers (JAX, torch) and the GPU suite on new.
set -u
source .devpack/env.sh
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
B=.gpu/build/tools/legato-bench
for r in 1 2 3; do
  for v in base sink new; do
    unset LEGATO_AB_NOSINK LEGATO_FP_CONTRACT
    case $v in base) export LEGATO_AB_NOSINK=1 LEGATO_FP_CONTRACT=0;; sink) export LEGATO_FP_CONTRACT=0;; esac
    for app in "black_scholes --n 67108864 --dtype f64 --reps 10" "black_scholes --n 67108864 --dtype f32 --reps 10" "stencil --n 8192 --reps 5" "cg --n 4096 --reps 3" "jacobi --n 8192 --reps 3" "bicgstab --n 2048 --reps 3" "swe --n 2048 --reps 3" "cfd --n 2048 --reps 3"; do
      $B --app $app --mode jit | sed "s/^{/{\"variant\": \"$v\", /"
    done
  done
done > $OUT/ab.jsonl
python3 - $OUT/ab.jsonl <<'PY'
import json, sys, collections
t = collections.defaultdict(list)
for l in open(sys.argv[1]):
    d = json.loads(l); t[(d["app"], d.get("dtype", ""), d["variant"])].append((d["median_ms"], d["checksum"]))
for k, v in sorted(t.items()): print(k, sorted(x[0] for x in v), v[0][1])
PY
unset LEGATO_AB_NOSINK LEGATO_FP_CONTRACT
python3 .gpu/bench/peers_gpu.py jax torch > $OUT/peers.jsonl 2>$OUT/peers.err
grep -v eager $OUT/peers.jsonl
test/gpu/run.sh .gpu/build > $OUT/gpu_tests.txt 2>&1; echo "test/gpu/run.sh rc=$?" >> $OUT/gpu_tests.txt
tail -2 $OUT/gpu_tests.txt
