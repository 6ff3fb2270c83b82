#!/bin/bash
# Session 11, device call 7 (nvidia-h200-x2): CFD and shallow water on 2 GPUs
# (two sweeps per kernel, on by default with CUDA) against 1 GPU; then where
# CG's 2-GPU time goes (LEGATO_TRACE on both ranks, Nsight Systems on rank 0).
set -u
source .devpack/env.sh
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
E=$PWD/.gpu/build/examples B=$PWD/.gpu/build/tools/legato-bench
launch="mpirun -n 2 --bind-to none -x LD_LIBRARY_PATH -x LEGATO_BACKEND"
for config in "cfd 129 4 8" "cfd 33 3 8" "swe 257 5"; do
  read -r app args <<< "$config"
  one=$($E/$app $args 2>&1 | grep '^checksum'); two=$($launch $E/$app $args 2>&1 | grep '^checksum' | head -1)
  echo "$app $args: 1 GPU [$one] 2 GPUs [$two]"
done
$B --app cg --n 4096 --mode jit --reps 3 | cut -c1-120
$launch $B --app cg --n 5793 --mode jit --reps 3 | grep '"rank": 0' | cut -c1-400
LEGATO_TRACE=$OUT/cg.json $launch -x LEGATO_TRACE $B --app cg --n 5793 --mode jit --iters 10 --reps 2 --warmup 1 > /dev/null
NSYS=$(ls /usr/local/cuda/bin/nsys /opt/nvidia/nsight-systems*/bin/nsys /usr/local/cuda/nsight-systems*/bin/nsys 2>/dev/null | head -1); echo "nsys: $NSYS"
if [ -n "$NSYS" ]; then
  $launch bash -c 'if [ "$OMPI_COMM_WORLD_RANK" = 0 ]; then exec '"$NSYS"' profile -t cuda,osrt -o '"$OUT"'/cg_r0 --force-overwrite true "$@"; fi; exec "$@"' \
    $B --app cg --n 5793 --mode jit --iters 10 --reps 2 --warmup 1 > /dev/null 2>$OUT/nsys.err
  $NSYS stats --report cuda_api_sum,cuda_gpu_kern_sum,cuda_api_trace,cuda_gpu_trace --format csv --output $OUT/cg_r0 $OUT/cg_r0.nsys-rep > /dev/null 2>&1
  rm -f $OUT/cg_r0.nsys-rep $OUT/cg_r0.sqlite
  head -25 $OUT/cg_r0_cuda_api_sum.csv
fi
ls -la $OUT
