#!/bin/bash
# Session 9, device call 6: the GPU suite on main's final build, and a Chrome
# trace (LEGATO_TRACE) of CG on one GPU: host time per run and step.
set -u
source .devpack/env.sh
test/gpu/run.sh .gpu/build > $OUT/test-gpu.txt 2>&1; echo "test/gpu/run.sh rc=$?" >> $OUT/test-gpu.txt
tail -2 $OUT/test-gpu.txt
LEGATO_BACKEND=cuda LEGATO_TRACE=$OUT/cg-trace.json LD_LIBRARY_PATH=.gpu/build/lib/API:$LD_LIBRARY_PATH \
  .gpu/build/tools/legato-bench --app cg --n 4096 --mode jit --reps 3 --warmup 1
python3 - $OUT/cg-trace.json <<'PY'
import json, sys, collections
d = json.load(open(sys.argv[1])); t = collections.Counter(); c = collections.Counter()
for e in d["traceEvents"]:
    if e["ph"] == "X": t[e["name"]] += e["dur"] / 1000; c[e["name"]] += 1
for k in t: print(k, c[k], round(t[k], 2), "ms")
PY
