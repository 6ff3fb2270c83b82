#!/bin/bash
# Session 11, device call 1: the final form of legato-fuse-sweeps (walls and
# c*b recomputed) against none, interleaved, jit, CFD and shallow water at
# n = 2048. First the GPU suite on this build (head f19c5f9).
set -u
source .devpack/env.sh
test/gpu/run.sh .gpu/build > $OUT/test-gpu.txt 2>&1; echo "test/gpu/run.sh rc=$?" >> $OUT/test-gpu.txt
tail -2 $OUT/test-gpu.txt
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
B=.gpu/build/tools/legato-bench
for r in 1 2 3; do
  for v in off on; do
    if [ $v = on ]; then export LEGATO_FUSE_SWEEPS=1; else export LEGATO_FUSE_SWEEPS=0; fi
    for app in "cfd --n 2048 --reps 3" "swe --n 2048 --reps 3"; do
      $B --app $app --mode jit | sed "s/^{/{\"variant\": \"$v\", /"
    done
  done
done > $OUT/ab.jsonl
python3 - $OUT/ab.jsonl <<'PY'
import json, sys, collections
t = collections.defaultdict(list)
for l in open(sys.argv[1]):
    d = json.loads(l); t[(d["app"], d["mode"], d["variant"])].append((d["median_ms"], d["checksum"], d["kernels"] / d["iterations"]))
for k, v in sorted(t.items()): print(k, sorted(x[0] for x in v), "launches/iter", v[0][2], "checksum", v[0][1])
PY
