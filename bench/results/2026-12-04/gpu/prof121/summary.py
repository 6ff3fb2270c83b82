"""One line per kernel launch of an Nsight Compute CSV (time, DRAM bytes and
rate, FP64 pipe, issue slots, registers, grid), then the launches grouped by
kernel name and the total kernel time."""
import collections
import csv
import sys

rows = list(csv.reader(l for l in open(sys.argv[1]) if l.startswith('"')))
head, data = rows[0], rows[1:]
ki, mi, vi, ii = (head.index(x) for x in ("Kernel Name", "Metric Name", "Metric Value", "ID"))
by = collections.OrderedDict()
for r in data:
    by.setdefault(r[ii], {"name": r[ki]})[r[mi]] = r[vi].replace(",", "")
print(len(by), "kernel launches")
total = 0.0
names = collections.OrderedDict()
for k, m in by.items():
    t = float(m.get("gpu__time_duration.sum", 0))
    total += t
    b = float(m.get("dram__bytes_read.sum", 0)) + float(m.get("dram__bytes_write.sum", 0))
    g = names.setdefault(m["name"][:40], [0, 0.0, 0.0])
    g[0] += 1; g[1] += t; g[2] += b
    print(f'{k:>4} {m["name"][:40]:40} {t/1000:8.1f} us {b/1e6:8.1f} MB {b/max(t,1):7.1f} GB/s'
          f' fp64 {m.get("sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_active","?"):>6}%'
          f' issue {m.get("smsp__issue_active.avg.pct_of_peak_sustained_active","?"):>6}%'
          f' regs {m.get("launch__registers_per_thread","?"):>4} grid {m.get("launch__grid_size","?"):>7}'
          f' block {m.get("launch__block_size","?"):>5}'
          f' warps {m.get("sm__warps_active.avg.pct_of_peak_sustained_active","?"):>6}%')
print("\nby kernel name: launches, total us, total MB, GB/s")
for n, (c, t, b) in sorted(names.items(), key=lambda x: -x[1][1]):
    print(f"{n:40} {c:4} {t/1000:9.1f} {b/1e6:9.1f} {b/max(t,1):7.1f}")
print(f"total kernel time {total/1000:.1f} us over {len(by)} launches")
