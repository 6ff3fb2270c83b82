"""Prints run.sh's lines as a table: per app, the slowest rank's median ms
per call in each round with overlap off and on, rank 0's kernels, MB moved
and overlapped exchange groups per call, and whether the checksums agree."""
import collections
import json
import sys

rows = [json.loads(line) for line in open(sys.argv[1])]
runs = collections.defaultdict(list)
for r in rows:
    runs[(r["app"], r["overlap"], r["round"])].append(r)
rounds = sorted({r["round"] for r in rows})
print("| app | n | ms per call, rounds (off) | ms per call, rounds (on) | kernels | MB moved | overlapped | checksum |")
print("|---|---|---|---|---|---|---|---|")
for app in dict.fromkeys(r["app"] for r in rows):
    cells = []
    for o in (0, 1):
        cells.append(", ".join("%.1f" % max(x["median_ms"] for x in runs[(app, o, rd)]) for rd in rounds))
    r0 = {o: next(x for x in runs[(app, o, rounds[0])] if x["rank"] == 0) for o in (0, 1)}
    same = r0[0]["checksum"] == r0[1]["checksum"]
    rel = abs(r0[0]["checksum"] - r0[1]["checksum"]) / abs(r0[0]["checksum"])
    print("| %s | %d | %s | %s | %d → %d | %.1f → %.1f | %d | %s |" % (
        app, r0[0]["n"], cells[0], cells[1], r0[0]["kernels"], r0[1]["kernels"],
        r0[0]["bytes_moved"] / 1e6, r0[1]["bytes_moved"] / 1e6, r0[1]["overlapped"],
        "same" if same else "rel. diff %.1e" % rel))
