"""What the one-op benchmarks share: their options and the best wall time
of repeated calls."""
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
