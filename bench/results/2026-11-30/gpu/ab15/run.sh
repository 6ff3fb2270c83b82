#!/bin/bash
# Session 8, device call 5: block reductions load 4 strided elements per
# iteration (new) against one (old: LEGATO_AB_OLD=1, a switch in the measured build only); the GPU suite on new.
set -u
source .devpack/env.sh
export LEGATO_BACKEND=cuda
bench() { local v=$1; shift; if [ $v = old ]; then export LEGATO_AB_OLD=1; else unset LEGATO_AB_OLD; fi; LD_LIBRARY_PATH=.gpu/build/lib/API:${LD_LIBRARY_PATH:-} .gpu/build/tools/legato-bench "$@" | sed "s/^{/{\"variant\": \"$v\", /"; }
test/gpu/run.sh .gpu/build > $OUT/gpu_tests.txt 2>&1; echo "test/gpu/run.sh rc=$?" >> $OUT/gpu_tests.txt
tail -2 $OUT/gpu_tests.txt
for r in 1 2 3; do for v in old new; do
  bench $v --app jacobi --n 8192 --mode jit --reps 5
  bench $v --app cg --n 4096 --mode jit --reps 3
  bench $v --app bicgstab --n 2048 --mode jit --reps 3
done; done > $OUT/ab.jsonl
python3 - $OUT/ab.jsonl <<'PY'
import json, sys
for l in open(sys.argv[1]):
    d = json.loads(l); print(d["variant"], d["app"], d["median_ms"], d["kernels"] / d["iterations"], d["checksum"])
PY
