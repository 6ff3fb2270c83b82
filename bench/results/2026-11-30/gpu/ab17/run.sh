#!/bin/bash
# Session 9, device call 1: f64 elementwise kernels with 1, 2 or 4 elements
# per thread and round (LEGATO_AB_UNROLL, LEGATO_AB_MAXBLOCKS: switches in the
# measured build only), interleaved, then torch.compile's Black-Scholes.
set -u
source .devpack/env.sh
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
B=.gpu/build/tools/legato-bench
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem --format=csv > $OUT/gpu.txt
for r in 1 2 3; do
  for v in u4 u2 u1 u1b64k u2b64k; do
    unset LEGATO_AB_UNROLL LEGATO_AB_MAXBLOCKS
    case $v in u2) export LEGATO_AB_UNROLL=2;; u1) export LEGATO_AB_UNROLL=1;;
      u1b64k) export LEGATO_AB_UNROLL=1 LEGATO_AB_MAXBLOCKS=65536;;
      u2b64k) export LEGATO_AB_UNROLL=2 LEGATO_AB_MAXBLOCKS=65536;; esac
    for app in "black_scholes --n 67108864 --dtype f64 --reps 10" "stencil --n 8192 --reps 5" "swe --n 2048 --reps 3" "cfd --n 2048 --reps 3" "cg --n 4096 --reps 3"; do
      $B --app $app --mode jit | sed "s/^{/{\"variant\": \"$v\", /"
    done
  done
done > $OUT/ab.jsonl
python3 - $OUT/ab.jsonl <<'PY'
import json, sys, collections
t = collections.defaultdict(list)
for l in open(sys.argv[1]):
    d = json.loads(l); t[(d["app"], d["variant"])].append(d["median_ms"]); print(d["variant"], d["app"], d["median_ms"], d["checksum"])
for k, v in sorted(t.items()): print(k, sorted(v))
PY
python3 .gpu/bench/peers_gpu.py torch > $OUT/peers.jsonl 2>$OUT/peers.err; grep black $OUT/peers.jsonl
