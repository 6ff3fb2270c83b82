#!/usr/bin/env bash
# The examples on 2 GPUs (one MPI rank each, CUDA backend) against the same
# examples on 1 GPU, with collectives through NCCL (LEGATO_NCCL=1) and staged
# through the host (LEGATO_NCCL=0), and api.distributed both ways; then
# the 2-D mesh at 4 ranks on the 2 GPUs; then
# bench/scaling.sh at GPU sizes on 1 and 2 ranks with NCCL, and on 2 ranks
# through the host for comparison.
# On the lent 2-GPU machine (docs/GPU.md): test/gpu/mpi.sh .gpu/build $OUT
# (.devpack/env.sh puts pip's libnccl.so.2 on LD_LIBRARY_PATH).
set -uo pipefail
build=${1:-build}
out=${2:-$build/bench}
mkdir -p "$out"
export LD_LIBRARY_PATH="$(cd "$build" && pwd)/lib/API:${LD_LIBRARY_PATH:-}"
export LEGATO_BACKEND=cuda OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
if /usr/bin/python3 -c "import ctypes; ctypes.CDLL('libnccl.so.2')" 2>/dev/null; then
  echo "NCCL: libnccl.so.2 loads; the 'nccl' runs use it (LEGATO_NCCL=1 fails otherwise)"
else
  echo "NCCL: libnccl.so.2 is not on LD_LIBRARY_PATH; the 'nccl' runs will fail"
fi
status=0
launch="mpirun -n 2 --bind-to none -x LD_LIBRARY_PATH -x LEGATO_BACKEND -x LEGATO_NCCL"
checksum() { grep '^checksum' | awk '{print $2}'; }
agrees() {
  /usr/bin/python3 -c "a, b = float('$1'), float('$2'); print(abs(a - b) <= 1e-9 * abs(a))" \
    2>/dev/null
}
for config in "black_scholes 1000003" "stencil 1001 10" "cg 999 50" "jacobi 1001 10" \
              "bicgstab 257 15" "cfd 129 4 8" "swe 257 5"; do
  read -r app args <<< "$config"
  one=$(timeout 300 "$build/examples/$app" $args | checksum)
  host=$(LEGATO_NCCL=0 timeout 300 $launch "$build/examples/$app" $args | checksum)
  nccl=$(LEGATO_NCCL=1 timeout 300 $launch "$build/examples/$app" $args | checksum)
  okHost=$(agrees "$one" "$host")
  okNccl=$(agrees "$one" "$nccl")
  echo "$app $args: 1 GPU $one, 2 GPUs host $host -> ${okHost:-False}," \
       "2 GPUs nccl $nccl -> ${okNccl:-False}"
  [ "$okHost" = True ] && [ "$okNccl" = True ] || status=1
done
# Placement, values and the halo's exact bytes on 2 GPUs, both ways (the
# GPU allocator's size classes exceed the CPU's peak-memory bound).
for use in 0 1; do
  if LEGATO_NCCL=$use LEGATO_MODE=lazy timeout 300 $launch -x LEGATO_MODE \
       "$build/test/API/distributed_test" '--gtest_filter=-*PeakMemory*' \
       > "$out/distributed-nccl$use.log" 2>&1; then
    echo "api.distributed on 2 GPUs, LEGATO_NCCL=$use: passed"
  else
    echo "api.distributed on 2 GPUs, LEGATO_NCCL=$use: FAILED ($out/distributed-nccl$use.log)"
    status=1
  fi
done
# The 2-D mesh: 4 ranks as 2 x 2 on the 2 GPUs (two ranks per GPU, so
# collectives go through the host), against 1 GPU, and api.distributed's
# mesh tests.
mesh="mpirun -n 4 --bind-to none -x LD_LIBRARY_PATH -x LEGATO_BACKEND -x LEGATO_MESH_ROWS"
for config in "stencil 1001 10" "cg 999 50" "jacobi 1001 10" "swe 257 5"; do
  read -r app args <<< "$config"
  one=$(timeout 300 "$build/examples/$app" $args | checksum)
  grid=$(LEGATO_MESH_ROWS=2 timeout 300 $mesh "$build/examples/$app" $args | checksum)
  ok=$(agrees "$one" "$grid")
  echo "$app $args: 1 GPU $one, 2 x 2 mesh on 2 GPUs $grid -> ${ok:-False}"
  [ "$ok" = True ] || status=1
done
if LEGATO_MESH_ROWS=2 LEGATO_MODE=lazy timeout 300 $mesh -x LEGATO_MODE \
     "$build/test/API/distributed_test" '--gtest_filter=*Grid*:*Mesh*' \
     > "$out/distributed-mesh.log" 2>&1; then
  echo "api.distributed mesh tests, 2 x 2 on 2 GPUs: passed"
else
  echo "api.distributed mesh tests, 2 x 2 on 2 GPUs: FAILED ($out/distributed-mesh.log)"
  status=1
fi
scaling() {
  BUILD=$build BENCH=$build/tools/legato-bench REPS=5 BS_PER_RANK=67108864 ST_N0=8192 CG_N0=4096 \
    LAUNCH="mpirun --bind-to none -x LD_LIBRARY_PATH -x LEGATO_BACKEND -x LEGATO_NCCL" \
    timeout ${SCALING_TIMEOUT:-900} bench/scaling.sh "$@"
}
echo "scaling, collectives through NCCL:"
LEGATO_NCCL=1 RANKS="1 2" scaling "$out/scaling-gpu.jsonl" || status=1
# One rank has no collectives: the host-staged table reuses its runs.
echo "scaling, collectives staged through the host:"
LEGATO_NCCL=0 RANKS="2" scaling "$out/scaling-gpu-host-2ranks.jsonl" >/dev/null || status=1
{ grep '"ranks": 1,' "$out/scaling-gpu.jsonl"; grep '^{' "$out/scaling-gpu-host-2ranks.jsonl"; } \
  > "$out/scaling-gpu-host.jsonl" &&
  /usr/bin/python3 bench/scaling_table.py "$out/scaling-gpu-host.jsonl"
exit $status
