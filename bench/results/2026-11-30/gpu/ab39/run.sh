#!/bin/bash
# Session 12, device call 1: main against the change (held rows read through
# the exchange, reductions grown to their producer's rows, a temporary
# copied to two places written into one of them), one build: main runs with
# LEGATO_AB_OLD=1 (temporary switch). First the GPU suite on the new build;
# then per-rank launches and bytes of CG and BiCGSTAB at 2 ranks sharing
# the one GPU (host-staged; times there mean nothing), with checksums; then
# 1-GPU times interleaved.
set -u
source .devpack/env.sh
test/gpu/run.sh .gpu/build > $OUT/test-gpu.txt 2>&1; echo "test/gpu/run.sh rc=$?" >> $OUT/test-gpu.txt
tail -2 $OUT/test-gpu.txt
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
B=$PWD/.gpu/build/tools/legato-bench
launch="mpirun -n 2 --bind-to none -x LD_LIBRARY_PATH -x LEGATO_BACKEND -x LEGATO_NCCL -x LEGATO_AB_OLD"
for v in main new; do
  unset LEGATO_AB_OLD; [ $v = main ] && export LEGATO_AB_OLD=1
  for app in "cg --n 5793" "bicgstab --n 2896"; do
    LEGATO_NCCL=0 timeout 200 $launch $B --app $app --mode jit --reps 1 --warmup 0 | sed "s/^{/{\"variant\": \"$v\", /"
  done
done > $OUT/ranks2.jsonl
python3 - $OUT/ranks2.jsonl <<'PY'
import json, sys
for l in open(sys.argv[1]):
    d = json.loads(l)
    print(d["variant"], d["app"], d["n"], "rank", d["rank"], "launches", d["kernels"], "GB %.2f" % (d["bytes_moved"] / 1e9), "checksum", d["checksum"])
PY
for r in 1 2 3; do
  for v in main new; do
    unset LEGATO_AB_OLD; [ $v = main ] && export LEGATO_AB_OLD=1
    for app in "cg --n 4096" "bicgstab --n 2048" "cfd --n 2048" "swe --n 2048"; do
      timeout 120 $B --app $app --mode jit --reps 3 | sed "s/^{/{\"variant\": \"$v\", /"
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
