#!/bin/bash
# Session 10, device call 5: the whole last block combines a fused
# reduction's partials; the fused kernel's blocks capped at
# 512-2048 (LEGATO_AB_FB=N, "bN"), each thread handling 2, 4 or 8 (uK,
# LEGATO_AB_U=K) elements per round against a second launch with
# 8192 blocks (old: LEGATO_AB_OLD=1). Interleaved, jit mode.
set -u
source .devpack/env.sh
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
B=.gpu/build/tools/legato-bench
for r in 1 2 3; do
  for v in old b1024 b1024u4 b2048u4 b512u4 b1024u8; do
    unset LEGATO_AB_OLD LEGATO_AB_WARP LEGATO_AB_FB LEGATO_AB_U
    case $v in old) export LEGATO_AB_OLD=1;; b*) f=${v#b}; export LEGATO_AB_FB=${f%u*}; case $v in *u*) export LEGATO_AB_U=${v#*u};; esac;; esac
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
