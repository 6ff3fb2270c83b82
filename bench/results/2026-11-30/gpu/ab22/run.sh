#!/bin/bash
# Session 10, device call 2: where the combination of a fused reduction's
# partials costs time. Variants (switches in the measured build only):
# old (a second launch; LEGATO_AB_OLD=1), block (the whole last block
# combines), warp (warp 0 of the last block; LEGATO_AB_WARP=1), each with
# the fused kernel's blocks capped at 8192 (default), 2048 or 1024
# (LEGATO_AB_FB). Interleaved, jit mode.
set -u
source .devpack/env.sh
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
B=.gpu/build/tools/legato-bench
for r in 1 2 3; do
  for v in old old2k old1k block block2k block1k warp2k warp1k; do
    unset LEGATO_AB_OLD LEGATO_AB_WARP LEGATO_AB_FB
    case $v in old*) export LEGATO_AB_OLD=1;; warp*) export LEGATO_AB_WARP=1;; esac
    case $v in *2k) export LEGATO_AB_FB=2048;; *1k) export LEGATO_AB_FB=1024;; esac
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
