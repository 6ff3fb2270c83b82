"""NumPy baselines of the apps that ../shared/bench/apps.py lacks (BiCGSTAB, CFD
channel flow, shallow water), timed as ../shared/bench/peers_cpu.py times its
apps: 2 untimed warm-ups, then the median of REPS timed runs.

The math and the inputs are test/examples/reference.py's (the checksum oracle
of the examples), so the printed checksum equals legato-bench's for the same
app, n and iterations. Run it with Debian's /usr/bin/python3 (it has NumPy):

    /usr/bin/python3 bench/numpy_apps.py [bicgstab] [cfd] [swe]

Prints one JSON line per app in legato-bench's format, with mode "numpy" and
kernels null, so bench/table.py puts it in the numpy column. Knobs
(environment): N_BICG N_CFD N_SWE (sizes), BICG_ITERS CFD_STEPS CFD_NIT
SWE_STEPS (iterations; the defaults are examples/apps.h's), REPS.
"""
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "examples"))
import numpy as np  # noqa: E402
import reference  # noqa: E402

N_BICG = int(os.environ.get("N_BICG", 1024))
N_CFD = int(os.environ.get("N_CFD", 256))
N_SWE = int(os.environ.get("N_SWE", 512))
BICG_ITERS = int(os.environ.get("BICG_ITERS", 50))
CFD_STEPS = int(os.environ.get("CFD_STEPS", 10))
CFD_NIT = int(os.environ.get("CFD_NIT", 50))
SWE_STEPS = int(os.environ.get("SWE_STEPS", 10))
REPS = int(os.environ.get("REPS", 5))


def timeit(fn, reps=REPS):
    """Median ms of `reps` calls after two warm-ups; also the last result."""
    fn(); fn()
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter()
        out = fn()
        ts.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(ts), out


def emit(app, n, iterations, ms, checksum):
    print(json.dumps(dict(app=app, mode="numpy", n=n, dtype="f64", median_ms=round(ms, 4),
                          kernels=None, iterations=iterations, checksum=float(checksum))),
          flush=True)


def bench_bicgstab():
    b = reference.random((N_BICG, N_BICG), 8)
    ms, (x, _) = timeit(lambda: reference.bicgstab(b, BICG_ITERS))
    emit("bicgstab", N_BICG, BICG_ITERS, ms, np.sum(x))


def bench_cfd():
    u, v, p = reference.cfd_inputs(N_CFD)
    flow = reference.ChannelFlow(N_CFD, CFD_NIT)
    ms, (u1, v1, p1) = timeit(lambda: reference.cfd(u, v, p, flow, CFD_STEPS))
    emit("cfd", N_CFD, CFD_STEPS, ms, np.sum(u1) + np.sum(v1) + np.sum(p1))


def bench_swe():
    h, hu, hv = reference.swe_inputs(N_SWE)
    water = reference.ShallowWater()
    ms, final = timeit(lambda: reference.shallow_water(h, hu, hv, water, SWE_STEPS))
    emit("swe", N_SWE, SWE_STEPS, ms, reference.swe_energy(*final, water))


APPS = {"bicgstab": bench_bicgstab, "cfd": bench_cfd, "swe": bench_swe}

if __name__ == "__main__":
    for name in sys.argv[1:] or list(APPS):
        if name not in APPS:
            sys.exit("usage: numpy_apps.py [%s]..." % "|".join(APPS))
        try:
            APPS[name]()
        except Exception as e:  # report and go on, as peers_cpu.py does
            print(json.dumps(dict(app=name, mode="numpy", error=repr(e)[:300])), flush=True)
