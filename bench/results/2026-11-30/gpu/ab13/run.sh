#!/bin/bash
# Session 8, device call 3: CG and BiCGSTAB with the Laplacian recomputed in
# its users (new) against stored (LEGATO_AB_OLD=1, the same build), interleaved.
set -u
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
B=.gpu/build/tools/legato-bench
for r in 1 2 3; do
  for v in old new; do
    for app in "cg --n 4096" "bicgstab --n 2048"; do
      if [ $v = old ]; then export LEGATO_AB_OLD=1; else unset LEGATO_AB_OLD; fi
      $B --app $app --mode jit --reps 3 | sed "s/^{/{\"variant\": \"$v\", /"
    done
  done
done > $OUT/ab.jsonl
python3 - $OUT/ab.jsonl <<'PY'
import json, sys
for l in open(sys.argv[1]):
    d = json.loads(l); print(d["variant"], d["app"], d["median_ms"], d["kernels"] / d["iterations"], d["checksum"])
PY
