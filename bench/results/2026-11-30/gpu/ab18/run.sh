#!/bin/bash
# Session 9, device call 2: elementwise kernels with 2 elements per thread and
# round and up to 65,536 blocks (kernels with a fused reduction: 8,192) (new)
# against 4 and 8,192 (old: LEGATO_AB_OLD=1), and new with 2-lane f64 vectors
# (f64v: LEGATO_AB_F64V=1); switches in the measured build only. Interleaved.
# Then the GPU suite on new.
set -u
source .devpack/env.sh
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
B=.gpu/build/tools/legato-bench
for r in 1 2 3; do
  for v in old new f64v; do
    unset LEGATO_AB_OLD LEGATO_AB_F64V
    case $v in old) export LEGATO_AB_OLD=1;; f64v) export LEGATO_AB_F64V=1;; esac
    for app in "black_scholes --n 67108864 --dtype f64 --reps 10" "black_scholes --n 67108864 --dtype f32 --reps 10" "stencil --n 8192 --reps 5" "cg --n 4096 --reps 3" "jacobi --n 8192 --reps 3" "bicgstab --n 2048 --reps 3" "swe --n 2048 --reps 3" "cfd --n 2048 --reps 3"; do
      $B --app $app --mode jit | sed "s/^{/{\"variant\": \"$v\", /"
    done
  done
done > $OUT/ab.jsonl
python3 - $OUT/ab.jsonl <<'PY'
import json, sys, collections
t = collections.defaultdict(list)
for l in open(sys.argv[1]):
    d = json.loads(l); t[(d["app"], d.get("dtype", ""), d["variant"])].append((d["median_ms"], d["checksum"]))
for k, v in sorted(t.items()): print(k, sorted(x[0] for x in v), v[0][1])
PY
unset LEGATO_AB_OLD LEGATO_AB_F64V
test/gpu/run.sh .gpu/build > $OUT/gpu_tests.txt 2>&1; echo "test/gpu/run.sh rc=$?" >> $OUT/gpu_tests.txt
tail -2 $OUT/gpu_tests.txt
