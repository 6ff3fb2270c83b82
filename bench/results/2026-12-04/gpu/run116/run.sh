#!/usr/bin/env bash
# run116: session 33's final partition rules (reshapeHull, concatenateHome,
# reduceInBlocks) on one H200 shared by the ranks (LEGATO_NCCL=0):
# api.distributed and rank_fault at 2 ranks, api.distributed's mesh tests
# at 4 ranks as 2 x 2, then the fuzzer at 2 ranks from SEED for SECONDS.
#   source .devpack/env.sh && bash bench/results/2026-12-04/gpu/run116/run.sh OUT SEED SECONDS
set -uo pipefail
out=$1 seed=$2 seconds=$3
mkdir -p "$out"
[ -d .gpu/build ] || (cd .gpu && tar xJf build.tar.xz)
build=.gpu/build
export LEGATO_BACKEND=cuda LEGATO_NCCL=0 LEGATO_MODE=lazy LD_LIBRARY_PATH=$PWD/$build/lib/API:${LD_LIBRARY_PATH:-}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 GTEST_COLOR=no
pass="-x LD_LIBRARY_PATH -x LEGATO_BACKEND -x LEGATO_NCCL -x LEGATO_MODE -x GTEST_COLOR -x LEGATO_MESH_ROWS"
for t in distributed rank_fault; do
  echo "== $t at 2 ranks (lazy)"
  timeout 300 mpirun -n 2 --oversubscribe --bind-to none $pass $build/test/API/${t}_test 2>&1 |
    grep -E "^\[  (PASSED|FAILED)|Failure|Which is" | sort | uniq -c
  echo "rc ${PIPESTATUS[0]}"
done
echo "== api.distributed mesh tests at 4 ranks, 2 x 2 (lazy)"
LEGATO_MESH_ROWS=2 timeout 300 mpirun -n 4 --oversubscribe --bind-to none $pass \
  $build/test/API/distributed_test '--gtest_filter=*Grid*:*Mesh*' 2>&1 |
  grep -E "^\[  (PASSED|FAILED)|Failure|Which is" | sort | uniq -c
echo "rc ${PIPESTATUS[0]}"
echo "== fuzz at 2 ranks from $seed for $seconds s"
env -u LEGATO_MODE bash test/gpu/fuzz.sh "$out" "$seed" "$seconds" --shrink-per-kind=1 \
  "--launch=mpirun -n 2 --oversubscribe --bind-to none -x LD_LIBRARY_PATH -x LEGATO_BACKEND -x LEGATO_NCCL"
