#!/usr/bin/env bash
# Weak and strong scaling of Black-Scholes, stencil and CG over MPI ranks
# (issue #4), one legato-bench job per (app, size, ranks), jit mode; every
# rank prints its line, bench/scaling_table.py keeps the slowest rank's time
# and the busiest rank's traffic and prints the efficiency table.
#   bench/scaling.sh [out.jsonl]        RANKS="1 2 4" BUILD=build REPS=5
# Weak: the work per rank stays fixed (Black-Scholes BS_PER_RANK = 2^21
# elements per rank; grids ST_N0 = 1024 and CG_N0 = 512 times sqrt(N)
# square). Strong: the weak sizes of N = 4, on every N.
# On this 2-core machine 4 ranks share 2 cores: read the 4-rank column as
# oversubscribed. LAUNCH overrides the launcher (e.g. for the GPU machine).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
RANKS=${RANKS:-"1 2 4"}
REPS=${REPS:-5}
BS_PER_RANK=${BS_PER_RANK:-2097152}
ST_N0=${ST_N0:-1024}
CG_N0=${CG_N0:-512}
out=${1:-$BUILD/bench/scaling.jsonl}
mkdir -p "$(dirname "$out")"
: > "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_mpi_yield_when_idle=1
LAUNCH=${LAUNCH:-"mpirun --oversubscribe --bind-to none"}
bench=${BENCH:-$BUILD/tools/legato-bench/legato-bench}

sqrt_scaled() { /usr/bin/python3 -c "import math; print(int(round($1 * math.sqrt($2))))"; }

for ranks in $RANKS; do
  for app in black_scholes stencil cg; do
    case $app in
      black_scholes) weak=$((BS_PER_RANK * ranks)); strong=$((BS_PER_RANK * 4)) ;;
      stencil) weak=$(sqrt_scaled "$ST_N0" "$ranks"); strong=$((ST_N0 * 2)) ;;
      cg) weak=$(sqrt_scaled "$CG_N0" "$ranks"); strong=$((CG_N0 * 2)) ;;
    esac
    for kind in weak strong; do
      n=$([ $kind = weak ] && echo "$weak" || echo "$strong")
      $LAUNCH -n "$ranks" "$bench" --app "$app" --n "$n" --mode jit --reps "$REPS" \
        --warmup 2 | sed "s/^{/{\"scaling\": \"$kind\", /" | tee -a "$out"
    done
  done
done
/usr/bin/python3 bench/scaling_table.py "$out"
