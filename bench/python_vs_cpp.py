#!/usr/bin/env python3
"""Each Python example (python/examples/apps.py) beside its C++ twin
(legato-bench --app), in lazy and jit mode, timed the same way: warm-up
calls, then the median of `reps` calls each followed by a flush. The C++
run and the Python run alternate, `rounds` times, in one process tree, so
that the machine's noise hits both; prints JSON lines and a table of
Python / C++ median times (the issue's target: <= 1.10) with the kernels
each side runs per call (the same program should run the same kernels).

  PYTHONPATH=build/python /usr/bin/python3 bench/python_vs_cpp.py build [--rounds 3] [--sizes gpu]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python", "examples"))

# (app, n, iterations) as bench/cpu.sh measures the apps on the 2-core
# machine ("cpu") and as bench/gpu.sh measures them on a GPU ("gpu").
SIZES = {
    "cpu": [("black_scholes", 1 << 20, None), ("stencil", 1024, 10), ("cg", 256, 50),
            ("jacobi", 1024, 10), ("bicgstab", 256, 50), ("cfd", 128, 10), ("swe", 256, 10)],
    "gpu": [("black_scholes", 1 << 26, None), ("stencil", 8192, 10), ("cg", 4096, 50),
            ("jacobi", 8192, 10), ("bicgstab", 2048, 50), ("cfd", 2048, 10), ("swe", 2048, 10)],
}


def python_case(app, n, iters):
    """(function, inputs, checksum) of an app, as legato-bench runs it."""
    import apps
    import legato.numpy as np
    if app == "black_scholes":
        return apps.black_scholes, apps.black_scholes_inputs(n), \
            lambda o: float(np.sum(o[0])) + float(np.sum(o[1]))
    if app == "stencil":
        return (lambda g: apps.stencil(g, iters)), (apps.stencil_input(n),), \
            lambda g: float(np.sum(g))
    if app == "cg":
        return (lambda b: apps.cg(b, iters)), (apps.cg_input(n),), lambda o: float(np.sum(o[0]))
    if app == "jacobi":
        return (lambda A, b: apps.jacobi(A, b, iters)), apps.jacobi_inputs(n), \
            lambda x: float(np.sum(x))
    if app == "bicgstab":
        return (lambda b: apps.bicgstab(b, iters)), (apps.bicgstab_input(n),), \
            lambda o: float(np.sum(o[0]))
    if app == "cfd":
        c = apps.ChannelFlow(n)
        return (lambda u, v, p: apps.cfd(u, v, p, c, iters)), apps.cfd_inputs(n), \
            lambda o: float(np.sum(o[0])) + float(np.sum(o[1])) + float(np.sum(o[2]))
    if app == "swe":
        return (lambda h, hu, hv: apps.shallow_water(h, hu, hv, steps=iters)), \
            apps.swe_inputs(n), lambda o: float(apps.swe_energy(*o))
    raise ValueError(app)


def measure_python(app, n, iters, mode, reps, warmup):
    import legato
    legato.config(mode="lazy")
    fn, inputs, checksum = python_case(app, n, iters)
    if mode == "jit":
        fn = legato.jit(fn)
    legato.flush()
    for _ in range(warmup):
        out = fn(*inputs)
        legato.flush()
    times = []
    legato.reset_stats()
    for _ in range(reps):
        out = None
        start = time.perf_counter()
        out = fn(*inputs)
        legato.flush()
        times.append((time.perf_counter() - start) * 1e3)
    counts = legato.stats()
    return {"app": app, "lang": "python", "mode": mode, "n": n,
            "median_ms": statistics.median(times), "min_ms": min(times),
            "kernels": counts["kernels"] / reps, "bytes_moved": counts["bytes_moved"] / reps,
            "checksum": checksum(out)}


def measure_cpp(build, app, n, iters, mode, reps, warmup):
    cmd = [os.path.join(build, "tools", "legato-bench", "legato-bench"), "--app", app,
           "--n", str(n), "--mode", mode, "--reps", str(reps), "--warmup", str(warmup)]
    if iters is not None:
        cmd += ["--iters", str(iters)]
    line = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout.splitlines()[-1]
    r = json.loads(line)
    return {"app": app, "lang": "c++", "mode": mode, "n": n, "median_ms": r["median_ms"],
            "min_ms": r["min_ms"], "kernels": r["kernels"], "bytes_moved": r["bytes_moved"],
            "checksum": r["checksum"]}


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("build", help="the build folder (legato-bench, python/)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--sizes", choices=sorted(SIZES), default="cpu",
                        help="bench/cpu.sh's sizes (cpu, the default) or bench/gpu.sh's (gpu)")
    parser.add_argument("--apps", default=",".join(a for a, _, _ in SIZES["cpu"]))
    args = parser.parse_args()
    wanted = args.apps.split(",")
    rows = []
    for app, n, iters in SIZES[args.sizes]:
        if app not in wanted:
            continue
        for mode in ("lazy", "jit"):
            py, cpp = [], []
            for _ in range(args.rounds):
                cpp.append(measure_cpp(args.build, app, n, iters, mode, args.reps, args.warmup))
                py.append(measure_python(app, n, iters, mode, args.reps, args.warmup))
                for r in (cpp[-1], py[-1]):
                    print(json.dumps(r), flush=True)
            c = statistics.median(r["median_ms"] for r in cpp)
            p = statistics.median(r["median_ms"] for r in py)
            same = abs(py[-1]["checksum"] - cpp[-1]["checksum"]) <= 1e-9 * abs(cpp[-1]["checksum"])
            rows.append((app, mode, c, p, same, py[-1]["kernels"], cpp[-1]["kernels"]))
    print(f"\n{'app':14} {'mode':5} {'C++ ms':>9} {'Python ms':>10} {'Py/C++':>7}  "
          f"{'kernels Py / C++':>17}  checksums")
    for app, mode, c, p, same, kp, kc in rows:
        print(f"{app:14} {mode:5} {c:9.2f} {p:10.2f} {p / c:7.3f}  {kp:8.0f} / {kc:<6}  "
              f"{'equal' if same else 'DIFFER'}")


if __name__ == "__main__":
    main()
