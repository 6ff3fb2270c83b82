"""What the one-op benchmarks share: the best wall time of repeated calls."""
import time


def best(fn, reps):
    """The shortest of `reps` timed calls of fn(), in seconds."""
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)
