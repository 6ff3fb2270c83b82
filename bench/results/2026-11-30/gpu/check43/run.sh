#!/bin/bash
# Session 12, device call 5: the GPU suite on the final build (the growth of
# reductions moved into the backends' buffer pipelines; the CPU's asks for
# chunks), then CG's and BiCGSTAB's per-rank counts at 2 ranks on the one
# GPU (host-staged), to compare with call 3 (ab41, "new").
set -u
source .devpack/env.sh
test/gpu/run.sh .gpu/build > $OUT/test-gpu.txt 2>&1; echo "test/gpu/run.sh rc=$?" >> $OUT/test-gpu.txt
tail -2 $OUT/test-gpu.txt
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 LEGATO_NCCL=0
B=$PWD/.gpu/build/tools/legato-bench
for app in "cg --n 5793" "bicgstab --n 2896"; do
  timeout 200 mpirun -n 2 --bind-to none -x LD_LIBRARY_PATH -x LEGATO_BACKEND -x LEGATO_NCCL \
    $B --app $app --mode jit --reps 1 --warmup 0
done > $OUT/ranks2.jsonl
python3 - $OUT/ranks2.jsonl <<'PY'
import json, sys
for l in open(sys.argv[1]):
    d = json.loads(l)
    print(d["app"], d["n"], "rank", d["rank"], "launches", d["kernels"], "GB %.2f" % (d["bytes_moved"] / 1e9), "checksum", d["checksum"])
PY
