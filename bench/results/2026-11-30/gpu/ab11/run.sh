#!/bin/bash
# Session 8, device call 1: the GPU suite on the new build, then Jacobi and CFD
# old (b390296: cuBLAS gemv) against new (generated matvec with its epilogue),
# interleaved, and JAX in the same run.
set -u
export LEGATO_BACKEND=cuda
bench() { local v=$1; shift; LD_LIBRARY_PATH=.gpu/$v/lib/API:${LD_LIBRARY_PATH:-} .gpu/$v/tools/legato-bench "$@" | sed "s/^{/{\"variant\": \"$v\", /"; }
test/gpu/run.sh .gpu/build > $OUT/gpu_tests.txt 2>&1; echo "test/gpu/run.sh rc=$?" >> $OUT/gpu_tests.txt
tail -3 $OUT/gpu_tests.txt
for r in 1 2 3; do for v in old build; do bench $v --app jacobi --n 8192 --mode jit --reps 5; done; done > $OUT/jacobi_ab.jsonl
for v in old build; do bench $v --app cfd --n 2048 --mode jit --reps 3; bench $v --app jacobi --n 8192 --mode lazy --reps 5; done > $OUT/cfd_ab.jsonl
python3 .gpu/bench/peers_gpu.py jax > $OUT/peers_jax.jsonl 2>&1
for v in old build; do bench $v --app jacobi --n 8192 --mode jit --reps 5; done >> $OUT/jacobi_ab.jsonl
cat $OUT/*.jsonl | cut -c1-260
