#!/usr/bin/env bash
# The periodic smoothing of periodic.cpp at 1, 2 (and 3) ranks with two
# libraries, alternating, `rounds` rounds: before (a719365^, the slice at
# the far end of the split axis demanded as part of the hull) and after
# (a719365). Build each library, copy build/lib/API/liblegato.so* into
# DIR/old and DIR/new, then
#   bench/results/2026-12-03/periodic/run.sh DIR N [rounds] [ranks...]
# (DIR/periodic is built unless it is there; as root: OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1; on
# the GPU machine LEGATO_BACKEND=cuda LEGATO_NCCL=0: ranks share one GPU).
set -eu
dir=$1 n=$2 rounds=${3:-3}
shift 3 || shift $#
ranks=${*:-1 2 3}
here=$(cd "$(dirname "$0")" && pwd)
root=$here/../../../..
[ -x "$dir/periodic" ] ||
  g++ -O2 -std=c++17 -I"$root/include" "$here/periodic.cpp" -o "$dir/periodic" -L"$dir/new" -llegato
for round in $(seq "$rounds"); do
  for lib in old new; do
    for r in $ranks; do
      echo -n "round $round $lib: "
      LD_LIBRARY_PATH=$dir/$lib:${LD_LIBRARY_PATH:-} mpirun -n "$r" --oversubscribe \
        --bind-to none -x LD_LIBRARY_PATH "$dir/periodic" "$n" 20 5
    done
  done
done
