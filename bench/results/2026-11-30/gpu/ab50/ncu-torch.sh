#!/bin/bash
# Session 16: where f64 Black-Scholes' time goes, legato jit against torch.compile (ncu).
set -u
source .devpack/env.sh
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
B=$PWD/.gpu/build/tools/legato-bench
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute*/ncu 2>/dev/null | head -1); echo "ncu: $NCU"
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem --format=csv
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,smsp__inst_executed_pipe_fp64.sum,launch__registers_per_thread,launch__grid_size,launch__block_size,sm__warps_active.avg.pct_of_peak_sustained_active,sm__throughput.avg.pct_of_peak_sustained_elapsed,smsp__sass_thread_inst_executed_op_dfma_pred_on.sum,smsp__sass_thread_inst_executed_op_dadd_pred_on.sum,smsp__sass_thread_inst_executed_op_dmul_pred_on.sum
for dt in f64 f32; do
  $B --app black_scholes --n 67108864 --dtype $dt --mode jit --reps 3 | cut -c1-200
  $NCU --csv --metrics $M $B --app black_scholes --n 67108864 --dtype $dt --mode jit --reps 1 --warmup 1 > $OUT/ncu_legato_$dt.csv 2>$OUT/ncu_legato_$dt.err
  TORCH_LOGS=output_code python3 .gpu/bs_torch.py .gpu/bench $dt 2> $OUT/torch_code_$dt.txt
  $NCU --csv --metrics $M --kernel-name regex:triton python3 .gpu/bs_torch.py .gpu/bench $dt > $OUT/ncu_torch_$dt.csv 2>$OUT/ncu_torch_$dt.err
done
# Full sections for the f64 kernels (the last launch of each).
$NCU --set full --kernel-name regex:triton --launch-skip 2 --launch-count 1 -o $OUT/torch64 python3 .gpu/bs_torch.py .gpu/bench f64 > /dev/null 2>&1
$NCU --import $OUT/torch64.ncu-rep --page details --csv > $OUT/torch64_details.csv 2>&1; rm -f $OUT/torch64.ncu-rep
$NCU --set full -o $OUT/legato64 $B --app black_scholes --n 67108864 --dtype f64 --mode jit --reps 1 --warmup 0 > /dev/null 2>&1
$NCU --import $OUT/legato64.ncu-rep --page details --csv > $OUT/legato64_details.csv 2>&1; rm -f $OUT/legato64.ncu-rep
ls -la $OUT
