"""Prints the GPU comparison table (markdown) from bench/gpu.sh's JSON lines:
per app, legato eager/lazy/jit and each peer in ms, and the ratio of the
fastest peer to legato jit (> 1: legato is faster).
Usage: python3 gpu_table.py legato.jsonl peers.jsonl"""
import json, sys

# legato-bench app/dtype -> the peers' app names.
PEER_APP = {"black_scholes": "black_scholes", "stencil": "stencil10", "cg": "cg50",
            "jacobi": "jacobi10"}
DTYPE = {"f32": "float32", "f64": "float64"}


def lines(path):
    with open(path) as f:
        return [json.loads(l) for l in f if l.strip().startswith("{")]


legato = lines(sys.argv[1])
peers = lines(sys.argv[2]) if len(sys.argv) > 2 else []
rows = {}
for r in legato:
    key = (r["app"], r["dtype"], r["n"])
    rows.setdefault(key, {})[r["mode"]] = r
peer_names = sorted({p["peer"] for p in peers})
print("| app | n | dtype | " + " | ".join(["eager", "lazy", "jit"] + peer_names) +
      " | kernels/iter (jit) | best peer / jit |")
print("|" + "---|" * (8 + len(peer_names)))
for (app, dtype, n), modes in sorted(rows.items()):
    cells = ["%.3f" % modes[m]["median_ms"] if m in modes else "" for m in ("eager", "lazy", "jit")]
    found = {}
    for p in peers:
        if p["app"] != PEER_APP.get(app) or p.get("n") != n:
            continue
        if "dtype" in p and p["dtype"] != DTYPE[dtype]:
            continue
        if "dtype" not in p and dtype != "f64":
            continue
        found[p["peer"]] = p["ms"]
    cells += ["%.3f" % found[name] if name in found else "" for name in peer_names]
    jit = modes.get("jit")
    per_iter = "%.1f" % (jit["kernels"] / jit["iterations"]) if jit else ""
    ratio = "%.2f" % (min(found.values()) / jit["median_ms"]) if jit and found else ""
    print("| %s | %d | %s | %s | %s | %s |" % (app, n, dtype, " | ".join(cells), per_iter, ratio))
