#!/usr/bin/env bash
# run115: session 33's partition changes (a reshape reads the rows holding
# a flat range; a concatenation lives where its pieces do) on one H200 with
# 2 ranks sharing it (LEGATO_NCCL=0): api.distributed in lazy and jit
# modes, rank_fault, the MPI examples' checksums against one rank, then the
# fuzzer at 2 ranks from SEED for SECONDS.
#   source .devpack/env.sh && bash bench/results/2026-12-04/gpu/run115/run.sh OUT SEED SECONDS
set -uo pipefail
out=$1 seed=$2 seconds=$3
mkdir -p "$out"
[ -d .gpu/build ] || (cd .gpu && tar xJf build.tar.xz)
build=.gpu/build
export LEGATO_BACKEND=cuda LEGATO_NCCL=0 LD_LIBRARY_PATH=$PWD/$build/lib/API:${LD_LIBRARY_PATH:-}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 GTEST_COLOR=no
launch="mpirun -n 2 --oversubscribe --bind-to none -x LD_LIBRARY_PATH -x LEGATO_BACKEND -x LEGATO_NCCL -x LEGATO_MODE -x GTEST_COLOR"
for mode in lazy jit; do
  for t in distributed rank_fault; do
    echo "== $t at 2 ranks ($mode)"
    LEGATO_MODE=$mode timeout 300 $launch $build/test/API/${t}_test 2>&1 |
      grep -E "^\[  (PASSED|FAILED)|Failure|Which is" | sort | uniq -c
    echo "rc ${PIPESTATUS[0]}"
  done
done
echo "== examples: 1 rank against 2 ranks"
for ex in $(ls $build/examples | grep -v -E "\.|mesh"); do
  one=$(LEGATO_MODE=lazy timeout 120 $build/examples/$ex 2>&1 | grep -i -E "checksum|agree" | head -1)
  two=$(LEGATO_MODE=lazy timeout 120 $launch $build/examples/$ex 2>&1 | grep -i -E "checksum|agree" | head -1)
  echo "$ex | $one | $two"
done
echo "== fuzz at 2 ranks from $seed for $seconds s"
bash test/gpu/fuzz.sh "$out" "$seed" "$seconds" --shrink-per-kind=1 \
  "--launch=${launch% -x LEGATO_MODE -x GTEST_COLOR}"
