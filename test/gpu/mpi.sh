#!/usr/bin/env bash
# The examples on 2 GPUs (one MPI rank each, CUDA backend) against the same
# examples on 1 GPU, then bench/scaling.sh at GPU sizes on 1 and 2 ranks.
# On the lent 2-GPU machine (docs/GPU.md): test/gpu/mpi.sh .gpu/build $OUT
set -uo pipefail
build=${1:-build}
out=${2:-$build/bench}
mkdir -p "$out"
export LD_LIBRARY_PATH="$(cd "$build" && pwd)/lib/API:${LD_LIBRARY_PATH:-}"
export LEGATO_BACKEND=cuda OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
status=0
checksum() { grep '^checksum' | awk '{print $2}'; }
for config in "black_scholes 1000003" "stencil 1001 10" "cg 999 50" "jacobi 1001 10" \
              "bicgstab 257 15" "cfd 129 4 8" "swe 257 5"; do
  read -r app args <<< "$config"
  one=$(timeout 300 "$build/examples/$app" $args | checksum)
  two=$(timeout 300 mpirun -n 2 --bind-to none -x LD_LIBRARY_PATH -x LEGATO_BACKEND "$build/examples/$app" $args | checksum)
  ok=$(/usr/bin/python3 -c "a, b = float('$one'), float('$two'); print(abs(a - b) <= 1e-9 * abs(a))" 2>/dev/null)
  echo "$app $args: 1 GPU $one, 2 GPUs $two -> ${ok:-False}"
  [ "$ok" = True ] || status=1
done
RANKS="1 2" BUILD=$build BENCH=$build/tools/legato-bench REPS=5 BS_PER_RANK=67108864 ST_N0=8192 CG_N0=4096 \
  LAUNCH="mpirun --bind-to none -x LD_LIBRARY_PATH -x LEGATO_BACKEND" timeout ${SCALING_TIMEOUT:-900} bench/scaling.sh "$out/scaling-gpu.jsonl" || status=1
exit $status
