#!/usr/bin/env bash
# Bytes sent and time per call of the apps at 2 and 3 ranks (jit, this
# 2-core machine), one line per rank, prefixed with the number of ranks:
#   bench/results/2026-12-04/partition/run.sh BUILD > OUT.txt
# before-27e78a2.txt: the build with session 32's Partition.cpp and
# ShardingRules.*; after-30e7ec5.txt: session 33's first rules. summary.py
# compares (two files as arguments compare those); after-7954807.txt (with
# reduceInBlocks) and after-c2c8e1b.txt (with the reshape of mesh blocks)
# send the same bytes with the same checksums as after-30e7ec5.txt;
# after-422c548.txt (session 34: np.diag's strided slice exchanged) sends
# the same but for dense Jacobi's matrix, no longer gathered
# (summary.py after-c2c8e1b.txt after-422c548.txt).
#
# The survey of functions (survey.cpp; docs/DISTRIBUTED.md, "Limits") at 2
# ranks and on a 2 x 2 mesh, one line per rank and function, prefixed with
# the layout (survey-final.txt: session 33's last build; survey-groups.txt:
# session 34's, with all-reduces within groups of ranks):
#   SURVEY=1 bench/results/2026-12-04/partition/run.sh BUILD > OUT.txt
set -euo pipefail
build=${1:-build}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_mpi_yield_when_idle=1
if [ "${SURVEY:-0}" = 1 ]; then
  g++ -O1 -std=c++17 -Iinclude bench/results/2026-12-04/partition/survey.cpp -L"$build/lib/API" -llegato \
    -Wl,-rpath,"$PWD/$build/lib/API" -o "$build/partition-survey"
  mpirun -n 2 --oversubscribe "$build/partition-survey" | sed "s/^/rows /"
  LEGATO_MESH_ROWS=2 mpirun -n 4 --oversubscribe -x LEGATO_MESH_ROWS "$build/partition-survey" |
    sed "s/^/mesh2x2 /"
  exit 0
fi
for ranks in 2 3; do
  for cfg in "cfd 256" "swe 256" "stencil 1024" "cg 512" "bicgstab 512" "jacobi 1024" \
             "black_scholes 1000000"; do
    read -r app n <<< "$cfg"
    mpirun -n $ranks --oversubscribe --bind-to none "$build/tools/legato-bench/legato-bench" \
      --app $app --n $n --mode jit --reps 3 --warmup 1 2>&1 | grep "^{" | sed "s/^/$ranks /"
  done
done
