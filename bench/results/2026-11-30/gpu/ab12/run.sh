#!/bin/bash
# Session 8, device call 2: the GPU suite on the build with Jacobi's R recomputed
# in each matvec; Jacobi old (b390296) against new, interleaved; JAX beside.
set -u
export LEGATO_BACKEND=cuda
bench() { local v=$1; shift; LD_LIBRARY_PATH=.gpu/$v/lib/API:${LD_LIBRARY_PATH:-} .gpu/$v/tools/legato-bench "$@" | sed "s/^{/{\"variant\": \"$v\", /"; }
test/gpu/run.sh .gpu/build > $OUT/gpu_tests.txt 2>&1; echo "test/gpu/run.sh rc=$?" >> $OUT/gpu_tests.txt
tail -2 $OUT/gpu_tests.txt
for r in 1 2 3; do for v in old build; do bench $v --app jacobi --n 8192 --mode jit --reps 5; done; done > $OUT/jacobi_ab.jsonl
for v in old build; do bench $v --app jacobi --n 8192 --mode lazy --reps 5; bench $v --app jacobi --n 8192 --mode eager --reps 3; done >> $OUT/jacobi_ab.jsonl
python3 .gpu/bench/peers_gpu.py jax > $OUT/peers_jax.jsonl 2>&1
for v in old build; do bench $v --app jacobi --n 8192 --mode jit --reps 5; done >> $OUT/jacobi_ab.jsonl
python3 - $OUT/jacobi_ab.jsonl <<'PY'
import json, sys
for l in open(sys.argv[1]):
    d = json.loads(l); print(d["variant"], d["mode"], d["median_ms"], d["kernels"], d["bytes_moved"], d["checksum"])
PY
grep jacobi $OUT/peers_jax.jsonl
