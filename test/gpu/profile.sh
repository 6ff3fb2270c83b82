#!/usr/bin/env bash
# Kernel durations of rank 0 of a 2-rank run (Nsight Compute; the other rank
# runs unprofiled), as DISTRIBUTED.md's step 4 read them. On the 2-GPU
# machine, on a bundle (test/gpu/bundle.sh):
#   test/gpu/profile.sh .gpu/build stencil 11585 $OUT
# prints one line per kernel (name, grid, ns) and the total.
set -euo pipefail
build=${1:-build} app=${2:-stencil} n=${3:-11585} out=${4:-$build/bench}
mkdir -p "$out"
ncu=${NCU:-/usr/local/cuda/bin/ncu}
export LD_LIBRARY_PATH="$(cd "$build" && pwd)/lib/API:${LD_LIBRARY_PATH:-}"
export LEGATO_BACKEND=cuda OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
csv="$out/ncu_$app.csv"
mpirun -n 2 --bind-to none -x LD_LIBRARY_PATH -x LEGATO_BACKEND bash -c '
  if [ "$OMPI_COMM_WORLD_RANK" = 0 ]; then
    exec "$0" --csv --metrics gpu__time_duration.sum "$@" > "'"$csv"'" 2>/dev/null
  fi
  exec "$@"' "$ncu" "$build/tools/legato-bench" --app "$app" --n "$n" --mode jit \
  --reps 1 --warmup 1 > /dev/null
grep -v '^==\|^{' "$csv" | /usr/bin/python3 -c '
import csv, sys
rows = list(csv.reader(sys.stdin))
head = rows[0]
name, grid, ns = head.index("Kernel Name"), head.index("Grid Size"), head.index("Metric Value")
total = 0
for r in rows[1:]:
    t = int(r[ns].replace(",", ""))
    total += t
    print(r[name][:48], r[grid], t)
print("total us", total / 1000)'
