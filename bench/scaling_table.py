"""Prints the scaling table of bench/scaling.sh's JSON lines (markdown).

Per (scaling, app, ranks): the slowest rank's median time, efficiency
(weak: t1 / tN; strong: t1 / (N tN)), and the busiest rank's bytes sent per
iteration beside the minimum a block distribution needs (stencil: 2 ghost
rows of 8-byte values per sweep to an interior rank's neighbours; CG: the
same for its one operator application, plus its 2 scalar all-reduces;
Black-Scholes: none).
Usage: /usr/bin/python3 bench/scaling_table.py scaling.jsonl
"""
import json
import math
import sys
from collections import defaultdict


def minimum_bytes(app, n, ranks):
    if ranks == 1:
        return 0
    row = 8 * n
    interior = 2 if ranks > 2 else 1
    if app == "stencil":
        return interior * row
    if app == "cg":
        return interior * row + 2 * 8
    return 0


def main(path):
    runs = defaultdict(list)
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line.startswith("{"):
                continue
            r = json.loads(line)
            runs[(r["scaling"], r["app"], r["ranks"])].append(r)
    if not runs:
        sys.exit("scaling_table.py: no results in %s" % path)
    print("| scaling | app | n | ranks | ms (slowest rank) | efficiency | peak MB per rank "
          "| bytes sent / iter (busiest rank) | minimum |")
    print("|---|---|---|---|---|---|---|---|---|")
    for (kind, app, ranks) in sorted(runs):
        rs = runs[(kind, app, ranks)]
        ms = max(r["median_ms"] for r in rs)
        base = runs.get((kind, app, 1))
        eff = ""
        if base:
            t1 = max(r["median_ms"] for r in base)
            eff = "%.2f" % (t1 / ms if kind == "weak" else t1 / (ranks * ms))
        iters = max(1, rs[0].get("iterations", 1))
        sent = max(r.get("bytes_sent", 0) for r in rs) / iters
        peak = max(r["peak_bytes"] for r in rs) / 1e6
        print("| %s | %s | %d | %d | %.3f | %s | %.1f | %.0f | %d |" % (
            kind, app, rs[0]["n"], ranks, ms, eff, peak, sent,
            minimum_bytes(app, rs[0]["n"], ranks)))


if __name__ == "__main__":
    main(sys.argv[1])
