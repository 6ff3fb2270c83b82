#!/bin/bash
# Session 10, device call 4: the whole last block combines a fused
# reduction's partials; the fused kernel's blocks capped at multiples of
# the H200's 132 SMs (LEGATO_AB_FB=N, "bN") against a second launch with
# 8192 blocks (old: LEGATO_AB_OLD=1). Interleaved, jit mode.
set -u
source .devpack/env.sh
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
B=.gpu/build/tools/legato-bench
for r in 1 2 3; do
  for v in old b528 b792 b1056 b1584 b2112; do
    unset LEGATO_AB_OLD LEGATO_AB_WARP LEGATO_AB_FB
    case $v in old) export LEGATO_AB_OLD=1;; b*) export LEGATO_AB_FB=${v#b};; esac
    for app in "cg --n 4096 --reps 3" "bicgstab --n 2048 --reps 3"; do
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
