#!/usr/bin/env bash
# A 1-D mesh against a 2-D one (issue #4) at the same rank count: a square
# GEMM (row blocks x row blocks gathers all of B on every rank; mesh blocks
# gather one row panel of A and one column panel of B, SUMMA-style), the
# 5-point stencil (ghost rows against a ghost ring) and dense Jacobi (a
# matrix-vector product per iteration: row blocks gather the vector; mesh
# blocks receive the vector's rows their columns meet and sum partial
# products within mesh rows). jit mode; every rank
# prints its line, the table keeps the slowest rank's time and the busiest
# rank's traffic.
#   bench/mesh.sh [out.jsonl]       RANKS=4 MESH_ROWS=2 BUILD=build REPS=3
# On this 2-core machine the ranks share 2 cores: the bytes sent are the
# result; the times say little. LAUNCH overrides the launcher.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
RANKS=${RANKS:-4}
MESH_ROWS=${MESH_ROWS:-2}
REPS=${REPS:-3}
GEMM_N=${GEMM_N:-1024}
ST_N=${ST_N:-2048}
JAC_N=${JAC_N:-2048}
out=${1:-$BUILD/bench/mesh.jsonl}
mkdir -p "$(dirname "$out")"
: > "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_mpi_yield_when_idle=1
LAUNCH=${LAUNCH:-"mpirun --oversubscribe --bind-to none"}
bench=${BENCH:-$BUILD/tools/legato-bench/legato-bench}

for mesh in 0 "$MESH_ROWS"; do
  for app in "gemm --n $GEMM_N" "stencil --n $ST_N" "jacobi --n $JAC_N"; do
    # shellcheck disable=SC2086
    LEGATO_MESH_ROWS=$mesh $LAUNCH -n "$RANKS" -x LEGATO_MESH_ROWS "$bench" --app $app \
      --mode jit --reps "$REPS" --warmup 1 | sed "s/^{/{\"mesh_rows\": $mesh, /" | tee -a "$out"
  done
done
/usr/bin/python3 - "$out" <<'PY'
import collections, json, sys
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    d = json.loads(line)
    runs[(d["app"], d["n"], d["mesh_rows"], d["ranks"])].append(d)
print("| app | n | ranks | mesh | ms (slowest rank) | MB sent (busiest rank) | peak MB per rank | checksum |")
print("|---|---|---|---|---|---|---|---|")
for (app, n, mesh, ranks), lines in sorted(runs.items()):
    shape = f"{mesh} x {ranks // mesh}" if mesh else f"1-D ({ranks})"
    print(f"| {app} | {n} | {ranks} | {shape} | {max(l['median_ms'] for l in lines):.1f} "
          f"| {max(l['bytes_sent'] for l in lines) / 1e6:.2f} "
          f"| {max(l['peak_bytes'] for l in lines) / 1e6:.1f} | {lines[0]['checksum']:.10g} |")
PY
