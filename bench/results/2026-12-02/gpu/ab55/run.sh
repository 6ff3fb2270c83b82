#!/bin/bash
# Session 19 A/B: outputs per thread in kernels of more than 8 inputs whose
# windows overlap from row to row, one (the old lowering) against 2, 4 and 8
# vertically adjacent rows (LEGATO_ROWS_PER_THREAD, hooks.patch: removed in
# issue 52, it is in git history at commit 07f8e7d), and 4 also
# in kernels of fewer inputs (LEGATO_ROWS_SMALL=1), interleaved, 3 rounds; Nsight
# Compute on the stencil's kernels with one and two rows; then the GPU
# suite on the new build (two rows). `bash run.sh ab`, then `bash run.sh ncu`.
set -u
tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
export LEGATO_BACKEND=cuda
nvidia-smi -L
export LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:$LD_LIBRARY_PATH
B=$PWD/.gpu/build/tools/legato-bench
run() { $B "$@" | python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["app"], d["n"], d["median_ms"], d["min_ms"], d["kernels"], d["bytes_moved"], d["peak_bytes"], d["compiles"], repr(d["checksum"]))'; }
apps() {
  run --app stencil --n 8192 --mode jit --reps 10
  run --app cfd --n 2048 --mode jit --reps 5
  run --app swe --n 2048 --mode jit --reps 5
  run --app bicgstab --n 2048 --mode jit --reps 5
  run --app cg --n 4096 --mode jit --reps 5
  run --app jacobi --n 8192 --mode jit --reps 5
}
if [ "${1:-ab}" = ab ]; then
for round in 1 2 3; do
  for rows in 1 2 4 8; do
    echo "== rows $rows, round $round"; LEGATO_ROWS_PER_THREAD=$rows apps
  done
  echo "== rows 4 small, round $round"; LEGATO_ROWS_SMALL=1 LEGATO_ROWS_PER_THREAD=4 apps
done
exit 0
fi
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null | head -1); echo "ncu: $NCU"
M=gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__throughput.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,launch__registers_per_thread,launch__grid_size,sm__warps_active.avg.pct_of_peak_sustained_active
for rows in 1 2; do
  LEGATO_ROWS_PER_THREAD=$rows timeout 200 $NCU --csv --metrics $M $B --app stencil --n 8192 --mode jit --reps 1 --warmup 1 > $OUT/ncu_rows$rows.csv 2>$OUT/ncu_rows$rows.err
done
python3 - $OUT <<'PY'
import csv, sys, collections
out = sys.argv[1]
for name in ("ncu_rows1", "ncu_rows2"):
    try:
        rows = list(csv.reader(l for l in open(f"{out}/{name}.csv") if l.startswith('"')))
    except OSError:
        continue
    if not rows:
        continue
    head = rows[0]; data = rows[1:]
    mi, vi, ii = head.index("Metric Name"), head.index("Metric Value"), head.index("ID")
    by = collections.OrderedDict()
    for r in data:
        by.setdefault(r[ii], {})[r[mi]] = r[vi]
    print(name, len(by), "kernels")
    for k, m in list(by.items())[-5:]:
        print(k, " ".join(f"{x}={m[x]}" for x in m))
PY
echo "== GPU suite (two rows)"
unset LEGATO_ROWS_PER_THREAD
bash test/gpu/run.sh .gpu/build 2>&1 | tail -25
