#!/bin/bash
# Session 11, device call 3: main against the final change, interleaved, on
# the GPU bench's sizes, one build. main: run as main runs (AB_JIT_CUT=old, temporary:
# jit cuts at the detector's lock phase; LEGATO_FUSE_SWEEPS=0). new: .gpu/build
# with its defaults (jit cuts where the fewest bytes are read across; two
# sweeps per kernel on CUDA). First the GPU suite on the new build.
set -u
source .devpack/env.sh
test/gpu/run.sh .gpu/build > $OUT/test-gpu.txt 2>&1; echo "test/gpu/run.sh rc=$?" >> $OUT/test-gpu.txt
tail -2 $OUT/test-gpu.txt
export LEGATO_BACKEND=cuda
for r in 1 2 3; do
  for v in main new; do
    unset AB_JIT_CUT LEGATO_FUSE_SWEEPS
    d=.gpu/build; if [ $v = main ]; then export AB_JIT_CUT=old LEGATO_FUSE_SWEEPS=0; fi
    for app in "cg --n 4096" "bicgstab --n 2048" "cfd --n 2048" "swe --n 2048" "stencil --n 8192"; do
      for mode in jit lazy; do
        case "$app" in cfd*|swe*) ;; *) [ $mode = lazy ] && continue;; esac
        LD_LIBRARY_PATH=$d/lib/API:${LD_LIBRARY_PATH:-} timeout 120 $d/tools/legato-bench --app $app --mode $mode --reps 3 | sed "s/^{/{\"variant\": \"$v\", /"
      done
    done
  done
done > $OUT/ab.jsonl
python3 - $OUT/ab.jsonl <<'PY'
import json, sys, collections
t = collections.defaultdict(list)
for l in open(sys.argv[1]):
    d = json.loads(l); t[(d["app"], d["mode"], d["variant"])].append((d["median_ms"], d["checksum"], d["kernels"] / d["iterations"], d["bytes_moved"] / d["iterations"]))
for k, v in sorted(t.items()): print(k, sorted(x[0] for x in v), "launches/iter %.2f" % v[0][2], "MB/iter %.1f" % (v[0][3] / 1e6), "checksum", v[0][1])
PY
