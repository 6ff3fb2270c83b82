#!/bin/bash
# Session 10, device call 8: the elementwise kernels' shape for Black-Scholes
# (f64, f32) and the stencil: threads per block (LEGATO_AB_BS, "bN") and
# elements per thread and round (LEGATO_AB_UN, "uK"); base is 256 and 2.
# The switches are in the measured build only. Interleaved, jit mode; then
# torch.compile.
set -u
source .devpack/env.sh
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
B=.gpu/build/tools/legato-bench
for r in 1 2 3; do
  for v in base u1 u4 b128 b512 b128u4 b512u1; do
    unset LEGATO_AB_BS LEGATO_AB_UN
    case $v in b*) f=${v#b}; export LEGATO_AB_BS=${f%u*};; esac
    case $v in *u*) export LEGATO_AB_UN=${v#*u};; esac
    for app in "black_scholes --n 67108864 --dtype f64 --reps 10" "black_scholes --n 67108864 --dtype f32 --reps 10" "stencil --n 8192 --reps 5"; do
      $B --app $app --mode jit | sed "s/^{/{\"variant\": \"$v\", /"
    done
  done
done > $OUT/ab.jsonl
python3 - $OUT/ab.jsonl <<'PY'
import json, sys, collections
t = collections.defaultdict(list)
for l in open(sys.argv[1]):
    d = json.loads(l); t[(d["app"], d["dtype"], d["variant"])].append((d["median_ms"], d["checksum"]))
for k, v in sorted(t.items()): print(k, sorted(x[0] for x in v), "checksum", v[0][1])
PY
python3 .gpu/bench/peers_gpu.py torch > $OUT/peers.jsonl 2>$OUT/peers.err
grep -v eager $OUT/peers.jsonl
