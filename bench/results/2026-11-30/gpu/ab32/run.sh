#!/bin/bash
# Session 11, device call 2: where jit cuts a traced loop into segments.
# old: at the phase where the loop detector locked (what main does);
# new: where the fewest values are live, as lazy windows do (the change);
# new+sweeps: the change with legato-fuse-sweeps (and FuseKernels after it).
# Interleaved, jit, the GPU bench's sizes. Temporary switches AB_JIT_CUT and
# LEGATO_FUSE_SWEEPS. First the GPU suite on this build.
set -u
source .devpack/env.sh
test/gpu/run.sh .gpu/build > $OUT/test-gpu.txt 2>&1; echo "test/gpu/run.sh rc=$?" >> $OUT/test-gpu.txt
tail -2 $OUT/test-gpu.txt
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
B=.gpu/build/tools/legato-bench
for r in 1 2 3; do
  for v in old new new+sweeps; do
    if [ $v = old ]; then export AB_JIT_CUT=old; else export AB_JIT_CUT=new; fi
    if [ $v = new+sweeps ]; then export LEGATO_FUSE_SWEEPS=1; else export LEGATO_FUSE_SWEEPS=0; fi
    for app in "cg --n 4096" "bicgstab --n 2048" "cfd --n 2048" "swe --n 2048"; do
      timeout 120 $B --app $app --mode jit --reps 3 | sed "s/^{/{\"variant\": \"$v\", /"
    done
    [ $r = 1 ] && timeout 120 $B --app stencil --n 8192 --mode jit --reps 5 | sed "s/^{/{\"variant\": \"$v\", /"
  done
done > $OUT/ab.jsonl
python3 - $OUT/ab.jsonl <<'PY'
import json, sys, collections
t = collections.defaultdict(list)
for l in open(sys.argv[1]):
    d = json.loads(l); t[(d["app"], d["variant"])].append((d["median_ms"], d["checksum"], d["kernels"] / d["iterations"], d["bytes_moved"] / d["iterations"]))
for k, v in sorted(t.items()): print(k, sorted(x[0] for x in v), "launches/iter %.2f" % v[0][2], "MB/iter %.1f" % (v[0][3] / 1e6), "checksum", v[0][1])
PY
