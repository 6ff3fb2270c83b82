#!/bin/bash
# Session 35: f64 division by a kernel's uniform divisor through its
# reciprocal and two FMA corrections (legato-gpu-uniform-division) against
# 737b7eb. The GPU suite on the new build; then CFD, shallow water,
# BiCGSTAB (jit) and CFD (lazy) at 2048^2, Black-Scholes f64 and the stencil
# (controls: no uniform divisor), base and new alternating, three rounds;
# then the new build's CFD under Nsight Compute (prof121's metrics).
# .gpu/base.tar.xz: 737b7eb bundled by test/gpu/bundle.sh; .gpu/build.tar.xz:
# the new build.
set -u
rm -rf .gpu/build .gpu/base && mkdir -p .gpu/base
tar xJf .gpu/build.tar.xz -C .gpu && tar xJf .gpu/base.tar.xz -C .gpu/base
source .devpack/env.sh
echo "== GPU suite (new)"
bash test/gpu/run.sh .gpu/build 2>&1 | grep -v "^PASS" | tail -25
export LEGATO_BACKEND=cuda
run() { # lib args...
  local lib=$1; shift
  LD_LIBRARY_PATH=$PWD/$lib/lib/API:$LD_LIBRARY_PATH $lib/tools/legato-bench "$@" |
    python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["app"], d["dtype"], d["mode"], d["n"], d["median_ms"], d["min_ms"], d["kernels"], d["bytes_moved"], repr(d["checksum"]))'
}
for round in 1 2 3; do
  for lib in .gpu/base/build .gpu/build; do
    echo "== $lib, round $round"
    run $lib --app cfd --n 2048 --mode jit --reps 20
    run $lib --app swe --n 2048 --mode jit --reps 20
    run $lib --app bicgstab --n 2048 --mode jit --reps 20
    run $lib --app cfd --n 2048 --mode lazy --reps 10
    run $lib --app black_scholes --n 67108864 --dtype f64 --mode jit --reps 20
    run $lib --app stencil --n 8192 --mode jit --reps 20
  done
done
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null | head -1)
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active,launch__registers_per_thread,launch__grid_size,launch__block_size,sm__warps_active.avg.pct_of_peak_sustained_active
LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:$LD_LIBRARY_PATH $NCU --csv --print-units base --metrics $M .gpu/build/tools/legato-bench --app cfd --n 2048 --mode jit --reps 1 --warmup 1 --iters 2 > $OUT/ncu_cfd_2048.csv 2>$OUT/ncu_cfd_2048.err  # summarised in ncu_cfd_2048_summary.txt
python3 bench/results/2026-12-04/gpu/prof121/summary.py $OUT/ncu_cfd_2048.csv | tail -12
