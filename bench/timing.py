"""What the one-op benchmarks share: their options, the best wall time
of repeated calls, and CuPy beside legato on a GPU machine."""
import argparse
import time

import legato


def options(doc, threads, reps):
    """--threads (legato's CPU threads, set here) and --reps, described by
    the benchmark's docstring `doc`."""
    parser = argparse.ArgumentParser(description=doc,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--threads", type=int, default=threads)
    parser.add_argument("--reps", type=int, default=reps)
    args = parser.parse_args()
    legato.config(threads=args.threads)
    return args


def best(fn, reps):
    """The shortest of `reps` timed calls of fn(), in seconds."""
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def on_gpu():
    """Whether legato runs on the CUDA backend (LEGATO_BACKEND=cuda)."""
    return legato.options().get("backend") == "cuda"


def cupy_timer():
    """(expression, inputs, reps) -> seconds of CuPy's best call of
    expression(cupy, *inputs) on copies of the NumPy inputs, synchronized;
    None off the CUDA backend or without CuPy and a GPU."""
    if not on_gpu():
        return None
    try:
        import cupy
        cupy.cuda.Device(0).compute_capability
    except Exception:
        return None

    def timed(expression, inputs, reps):
        arrays = [cupy.asarray(x) for x in inputs]

        def call():
            expression(cupy, *arrays)
            cupy.cuda.Device().synchronize()
        call()
        return best(call, reps)
    return timed


def with_cupy(line, cupy_time, expression, inputs, reps):
    """line, with CuPy's time and its ratio to legato's where cupy_time is
    given (NumPy's and CuPy's time over legato's: above 1 legato is faster)."""
    line["backend"] = "cuda" if on_gpu() else "cpu"
    if cupy_time:
        t_cupy = cupy_time(expression, inputs, reps)
        line.update(cupy_ms=t_cupy * 1e3, cupy_ratio=t_cupy * 1e3 / line["legato_ms"])
    return line
