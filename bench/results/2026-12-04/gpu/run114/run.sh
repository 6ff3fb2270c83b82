#!/usr/bin/env bash
# run114: session 33's starting build (27e78a2) on one H200: the fuzzer on
# one rank from SEED1, then at 2 ranks sharing the GPU (LEGATO_NCCL=0) from
# SEED2, SECONDS each.
#   source .devpack/env.sh && bash bench/results/2026-12-04/gpu/run114/run.sh OUT SEED1 SEED2 SECONDS
set -uo pipefail
out=$1 seed1=$2 seed2=$3 seconds=$4
mkdir -p "$out"
[ -d .gpu/build ] || (cd .gpu && tar xJf build.tar.xz)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
echo "== one rank"
bash test/gpu/fuzz.sh "$out/one" "$seed1" "$seconds" --shrink-per-kind=1
echo "== two ranks"
LEGATO_NCCL=0 bash test/gpu/fuzz.sh "$out/two" "$seed2" "$seconds" --shrink-per-kind=1 \
  "--launch=mpirun -n 2 --oversubscribe --bind-to none -x LD_LIBRARY_PATH -x LEGATO_BACKEND -x LEGATO_NCCL"
