"""Compares bench/compare_builds.sh's lines of the two builds case by case:
    /usr/bin/python3 bench/compare_builds.py before-after.jsonl
prints each case whose kernels, bytes moved, peak bytes, collectives,
bytes sent, overlapped pieces or checksum differ, and the count of cases."""
import json, sys, collections
FIELDS = ("kernels", "bytes_moved", "peak_bytes", "collectives", "bytes_sent", "overlapped", "checksum")
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    r = json.loads(line)
    runs[(r["launch"], r["app"], r["mode"], r["dtype"], r.get("rank", 0))].append(r)
differ = 0
for case, (old, new) in ((c, v) for c, v in runs.items() if len(v) == 2):
    bad = [f for f in FIELDS if old.get(f) != new.get(f)]
    if bad:
        differ += 1
        print(case, {f: (old.get(f), new.get(f)) for f in bad})
print(f"{len(runs)} cases (a rank's line each), {differ} differ")
