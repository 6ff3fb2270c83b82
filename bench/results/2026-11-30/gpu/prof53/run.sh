#!/bin/bash
# Session 17: where the stencil's time goes with sweep pairs in cells (ncu), jit,
# 8192^2 x 10 sweeps: per kernel time, DRAM bytes, L1/LSU and issue utilisation.
set -u
source .devpack/env.sh
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
B=$PWD/.gpu/build/tools/legato-bench
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null | head -1); echo "ncu: $NCU"
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sector_hit_rate.pct,lts__t_sector_hit_rate.pct,l1tex__throughput.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_lsu.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,launch__registers_per_thread,launch__grid_size,sm__warps_active.avg.pct_of_peak_sustained_active
$B --app stencil --n 8192 --mode jit --reps 5 | cut -c1-200
$NCU --csv --metrics $M $B --app stencil --n 8192 --mode jit --reps 1 --warmup 1 > $OUT/ncu_pairs.csv 2>$OUT/ncu_pairs.err
LEGATO_FUSE_SWEEPS=0 $NCU --csv --metrics $M $B --app stencil --n 8192 --mode jit --reps 1 --warmup 1 > $OUT/ncu_single.csv 2>$OUT/ncu_single.err
LEGATO_DUMP_IR=1 $B --app stencil --n 8192 --mode jit --reps 1 --warmup 0 > /dev/null 2> $OUT/ir.txt
python3 - $OUT <<'PY'
import csv, sys, collections
out = sys.argv[1]
for name in ("ncu_pairs", "ncu_single"):
    rows = list(csv.reader(l for l in open(f"{out}/{name}.csv") if l.startswith('"')))
    head = rows[0]; data = rows[1:]
    ki, mi, vi = head.index("Kernel Name"), head.index("Metric Name"), head.index("Metric Value")
    ii = head.index("ID")
    by = collections.OrderedDict()
    for r in data:
        by.setdefault(r[ii], {})[r[mi]] = r[vi]
    print(name, len(by), "kernels")
    for k, m in list(by.items())[-8:]:
        print(k, " ".join(f"{x}={m[x]}" for x in m))
PY
