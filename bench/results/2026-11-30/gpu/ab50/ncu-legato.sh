#!/bin/bash
# Session 16: f64 Black-Scholes (legato jit) under ncu, as prof46.sh did for torch.compile.
set -u
source .devpack/env.sh
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
B=$PWD/.gpu/build/tools/legato-bench
NCU=/usr/local/cuda/bin/ncu
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,smsp__inst_executed_pipe_fp64.sum,launch__registers_per_thread,launch__grid_size,launch__block_size,sm__warps_active.avg.pct_of_peak_sustained_active,sm__throughput.avg.pct_of_peak_sustained_elapsed,smsp__sass_thread_inst_executed_op_dfma_pred_on.sum,smsp__sass_thread_inst_executed_op_dadd_pred_on.sum,smsp__sass_thread_inst_executed_op_dmul_pred_on.sum
mkdir -p $OUT/p
for dt in f64 f32; do
  $B --app black_scholes --n 67108864 --dtype $dt --mode jit --reps 3 | cut -c1-200
  LEGATO_FP_CONTRACT=1 $B --app black_scholes --n 67108864 --dtype $dt --mode jit --reps 3 | cut -c1-200
  $NCU --csv --metrics $M $B --app black_scholes --n 67108864 --dtype $dt --mode jit --reps 1 --warmup 1 > $OUT/p/ncu_legato_$dt.csv 2>&1
  LEGATO_FP_CONTRACT=1 $NCU --csv --metrics $M $B --app black_scholes --n 67108864 --dtype $dt --mode jit --reps 1 --warmup 1 > $OUT/p/ncu_legato_fma_$dt.csv 2>&1
done
$NCU --set full -o $OUT/p/legato64 $B --app black_scholes --n 67108864 --dtype f64 --mode jit --reps 1 --warmup 0 > /dev/null 2>&1
$NCU --import $OUT/p/legato64.ncu-rep --page details --csv > $OUT/p/legato64_details.csv 2>&1; rm -f $OUT/p/legato64.ncu-rep
cd $OUT && tar czf p.tgz p && rm -rf p
