#!/usr/bin/python3
"""Black-Scholes (jit) against torch.compile in every committed GPU run that
has both: per run, the two medians per dtype and torch.compile / legato;
then each one's range over the runs (PERFORMANCE.md, "GPU: time per call":
the runs of December, whose Black-Scholes kernel is today's).
    bench/results/2026-12-03/gpu/bs97/spread.py [RUNS]   (default bench/results/2026-12-0*/gpu/run*)"""
import glob, json, os, sys

pattern = sys.argv[1] if len(sys.argv) > 1 else "bench/results/2026-12-0*/gpu/run*"
DTYPES = {"f32": "float32", "f64": "float64"}
seen = {d: {"legato": [], "torch": [], "ratio": []} for d in DTYPES}
for run in sorted(glob.glob(pattern)):
    try:
        lines = [json.loads(l) for name in ("legato.jsonl", "peers.jsonl")
                 for l in open(os.path.join(run, name)) if l.strip()]
    except FileNotFoundError:
        continue
    for dtype, peer_dtype in DTYPES.items():
        ours = [l["median_ms"] for l in lines if l.get("app") == "black_scholes"
                and l.get("mode") == "jit" and l.get("dtype") == dtype]
        torch = [l["ms"] for l in lines if l.get("app") == "black_scholes"
                 and l.get("peer") == "torch_compile" and l.get("dtype") == peer_dtype]
        if ours and torch:
            s = seen[dtype]
            s["legato"].append(ours[0]); s["torch"].append(torch[0])
            s["ratio"].append(torch[0] / ours[0])
            print(f"{run} {dtype}: legato {ours[0]:.3f} torch.compile {torch[0]:.3f} "
                  f"ratio {torch[0] / ours[0]:.2f}")
for dtype, s in seen.items():
    if s["ratio"]:
        print(f"{dtype} over {len(s['ratio'])} runs: legato {min(s['legato']):.3f}-"
              f"{max(s['legato']):.3f} ms, torch.compile {min(s['torch']):.3f}-"
              f"{max(s['torch']):.3f}, torch.compile / legato {min(s['ratio']):.2f}-"
              f"{max(s['ratio']):.2f}")
