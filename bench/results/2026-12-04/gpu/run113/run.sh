#!/usr/bin/env bash
# run113: session 32's final build on one H200: the GPU suite, then at 2
# ranks sharing the GPU (LEGATO_NCCL=0) launch_fault_test (its own
# output), api.distributed (lazy; a replicated value read on rank 0 alone
# must stay local on the GPU too), rank_fault, then the fuzzer at 2 ranks
# from SEED for SECONDS.
#   source .devpack/env.sh && bash bench/results/2026-12-04/gpu/run113/run.sh OUT SEED SECONDS
set -uo pipefail
out=$1 seed=$2 seconds=$3
mkdir -p "$out"
[ -d .gpu/build ] || (cd .gpu && tar xJf build.tar.xz)
build=.gpu/build
start=$SECONDS
bash test/gpu/run.sh $build 2>&1 | grep -E "^(PASS|FAIL|test-gpu)|Failure|Which is|Expected" | head -80
echo "suite: $((SECONDS - start)) s"
export LEGATO_BACKEND=cuda LEGATO_NCCL=0 LD_LIBRARY_PATH=$PWD/$build/lib/API:${LD_LIBRARY_PATH:-}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 GTEST_COLOR=no
launch="mpirun -n 2 --oversubscribe --bind-to none -x LD_LIBRARY_PATH -x LEGATO_BACKEND -x LEGATO_NCCL -x LEGATO_MODE -x GTEST_COLOR"
for t in launch_fault rank_fault distributed; do
  echo "== $t at 2 ranks (lazy)"
  LEGATO_MODE=lazy timeout 300 $launch $build/test/API/${t}_test 2>&1 | grep -E "^\[  (PASSED|FAILED)|Failure" | sort | uniq -c
  echo "rc ${PIPESTATUS[0]}"
done
py=/opt/torch/.venv/bin/python3
echo "== fuzz at 2 ranks from $seed for $seconds s"
timeout $((seconds + 90)) $build/tools/legato-fuzz/legato-fuzz --python=$py \
  --evaluator=tools/legato-fuzz/numpy_eval.py --jobs=8 --seed=$seed --seconds=$seconds \
  --shrink-per-kind=1 --save="$out/fuzz" "--launch=${launch% -x LEGATO_MODE -x GTEST_COLOR}" 2>&1 | tail -8
echo "rc ${PIPESTATUS[0]}"
