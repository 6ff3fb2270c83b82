"""The busiest rank's bytes sent and the slowest rank's median ms per call,
before and after, with whether the checksums agree."""
import json
import sys
from pathlib import Path


def load(path):
    runs = {}
    for line in Path(path).read_text().splitlines():
        ranks, record = line.split(" ", 1)
        r = json.loads(record)
        e = runs.setdefault((int(ranks), r["app"]), {"sent": 0, "ms": 0.0, "checksum": r["checksum"]})
        e["sent"] = max(e["sent"], r["bytes_sent"])
        e["ms"] = max(e["ms"], r["median_ms"])
    return runs


here = Path(__file__).parent
before = load(sys.argv[1] if len(sys.argv) > 1 else here / "before-27e78a2.txt")
after = load(sys.argv[2] if len(sys.argv) > 2 else here / "after-30e7ec5.txt")
print("| app | ranks | MB sent per call, before → after | ms per call, before → after | checksum |")
print("|---|---|---|---|---|")
for key in sorted(before, key=lambda k: (k[1], k[0])):
    b, a = before[key], after[key]
    same = "same" if b["checksum"] == a["checksum"] else f"{b['checksum']} / {a['checksum']}"
    print(f"| {key[1]} | {key[0]} | {b['sent'] / 1e6:.3f} → {a['sent'] / 1e6:.3f} | "
          f"{b['ms']:.1f} → {a['ms']:.1f} | {same} |")
