#!/bin/bash
# Session 24: where shallow water's time goes (jit, 2048^2 f64, 10 steps per
# call) under Nsight Compute: per kernel time, DRAM bytes, FP64 pipe, issue
# and occupancy, then a summary by kernel name (summary.txt).
set -u
[ -d .gpu/build ] || tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
B=$PWD/.gpu/build/tools/legato-bench
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null | head -1); echo "ncu: $NCU"
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,launch__registers_per_thread,launch__grid_size,sm__warps_active.avg.pct_of_peak_sustained_active,l1tex__t_sector_hit_rate.pct
$B --app swe --n 2048 --mode jit --reps 5 | cut -c1-200
$NCU --csv --print-units base --metrics $M $B --app swe --n 2048 --mode jit --reps 1 --warmup 1 --iters 2 > $OUT/ncu_swe.csv 2>$OUT/ncu_swe.err
python3 - $OUT > $OUT/summary.txt <<'PY'
import csv, sys, collections
out = sys.argv[1]
rows = list(csv.reader(l for l in open(f"{out}/ncu_swe.csv") if l.startswith('"')))
head, data = rows[0], rows[1:]
ki, mi, vi, ii = (head.index(x) for x in ("Kernel Name", "Metric Name", "Metric Value", "ID"))
by = collections.OrderedDict()
for r in data:
    by.setdefault(r[ii], {"name": r[ki]})[r[mi]] = r[vi].replace(",", "")
print(len(by), "kernel launches")
total = 0.0
for k, m in by.items():
    t = float(m.get("gpu__time_duration.sum", 0)); total += t
    b = float(m.get("dram__bytes_read.sum", 0)) + float(m.get("dram__bytes_write.sum", 0))
    print(f'{k:>4} {m["name"][:28]:28} {t/1000:8.1f} us {b/1e6:8.1f} MB {b/max(t,1):7.1f} GB/s'
          f' fp64 {m.get("sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_active","?"):>6}%'
          f' issue {m.get("smsp__issue_active.avg.pct_of_peak_sustained_active","?"):>6}%'
          f' regs {m.get("launch__registers_per_thread","?"):>4} grid {m.get("launch__grid_size","?"):>7}'
          f' warps {m.get("sm__warps_active.avg.pct_of_peak_sustained_active","?"):>6}%')
print(f"total {total/1000:.1f} us")
PY
cat $OUT/summary.txt | tail -80
