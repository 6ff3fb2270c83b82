#!/bin/bash
# Session 35: where CFD's and BiCGSTAB's time goes on the H200 (jit, f64)
# under Nsight Compute, as prof76 did for shallow water: per launch time,
# DRAM bytes, FP64 pipe, issue slots, registers, grid; then the sum of the
# kernels' times against the wall time per call (the gaps between launches).
set -u
rm -rf .gpu/build && tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
B=$PWD/.gpu/build/tools/legato-bench
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null | head -1); echo "ncu: $NCU"
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active,launch__registers_per_thread,launch__grid_size,launch__block_size,sm__warps_active.avg.pct_of_peak_sustained_active
profile() { # app n iters
  echo "== $1 n=$2 iters=$3"
  $B --app $1 --n $2 --mode jit --iters $3 --reps 20 | cut -c1-300
  $NCU --csv --print-units base --metrics $M $B --app $1 --n $2 --mode jit --reps 1 --warmup 1 --iters $3 > $OUT/ncu_$1_$2.csv 2>$OUT/ncu_$1_$2.err
  python3 bench/results/2026-12-04/gpu/prof121/summary.py $OUT/ncu_$1_$2.csv > $OUT/summary_$1_$2.txt
  tail -3 $OUT/summary_$1_$2.txt
}
profile cfd 2048 2
profile bicgstab 2048 4
profile cfd 512 2
profile bicgstab 512 4
