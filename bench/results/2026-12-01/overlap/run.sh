#!/bin/bash
# Exchanges overlapped with kernel interiors (LEGATO_OVERLAP=1) against not
# (0), CPU backend, jit, interleaved rounds; one JSON line per rank and run.
# Usage: bench/results/2026-12-01/overlap/run.sh [build] [ranks] [rounds]
B=${1:-build}/tools/legato-bench/legato-bench
N=${2:-2}
ROUNDS=${3:-3}
MPI="mpirun -n $N --oversubscribe --bind-to none"
[ "$(id -u)" = 0 ] && MPI="$MPI --allow-run-as-root"
for r in $(seq "$ROUNDS"); do
  for o in 0 1; do
    for spec in "stencil 2048" "cg 1024" "cfd 512" "swe 512"; do
      set -- $spec
      LEGATO_OVERLAP=$o $MPI $B --app "$1" --n "$2" --mode jit --reps 5 --warmup 1 |
        sed "s/^{/{\"overlap\": $o, \"round\": $r, /"
    done
  done
done
