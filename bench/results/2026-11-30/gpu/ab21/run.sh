#!/bin/bash
# Session 10, device call 1: a reduction fused into its producer's kernel is
# combined by that kernel's last block (new) against a second launch (old:
# LEGATO_AB_OLD=1; the switch is in the measured build only). Interleaved,
# jit mode; then JAX and the GPU suite on new.
set -u
source .devpack/env.sh
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
B=.gpu/build/tools/legato-bench
for r in 1 2 3; do
  for v in old new; do
    unset LEGATO_AB_OLD
    case $v in old) export LEGATO_AB_OLD=1;; esac
    for app in "cg --n 4096 --reps 3" "bicgstab --n 2048 --reps 3" "jacobi --n 8192 --reps 3"; do
      $B --app $app --mode jit | sed "s/^{/{\"variant\": \"$v\", /"
    done
  done
done > $OUT/ab.jsonl
python3 - $OUT/ab.jsonl <<'PY'
import json, sys, collections
t = collections.defaultdict(list)
for l in open(sys.argv[1]):
    d = json.loads(l); t[(d["app"], d["variant"])].append((d["median_ms"], d["checksum"], d["kernels"] / d["iterations"]))
for k, v in sorted(t.items()): print(k, sorted(x[0] for x in v), "launches/iter", v[0][2], "checksum", v[0][1])
PY
unset LEGATO_AB_OLD
python3 .gpu/bench/peers_gpu.py jax > $OUT/peers.jsonl 2>$OUT/peers.err
grep -v eager $OUT/peers.jsonl
test/gpu/run.sh .gpu/build > $OUT/gpu_tests.txt 2>&1; echo "test/gpu/run.sh rc=$?" >> $OUT/gpu_tests.txt
tail -2 $OUT/gpu_tests.txt
