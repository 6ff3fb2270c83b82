"""The runtime's configuration and counters."""
from . import _core


def config(**options):
    """Sets runtime options, as the LEGATO_* variables do (which still apply
    to options not given here).

    Keywords: ``backend`` ("cpu" or "cuda": only before the first array),
    ``mode`` ("lazy" or "eager"), ``threads``, ``cache_dir``, ``cache_limit``,
    ``trace``, ``window``, ``simplify``, ``fp_contract``, ``fast_math``,
    ``fuse_sweeps``, ``overlap_exchanges``, ``memory_limit``, ``mesh_rows``.
    Called after arrays exist, the runtime restarts with the new options
    (what is pending runs first; existing arrays stay valid).
    """
    _core.config(**options)


def options():
    """The running configuration: backend, mode, this process's rank and
    the number of ranks."""
    return _core.options()


def flush():
    """Runs everything pending and waits until it has finished (on a GPU too)."""
    _core.flush()


def stats():
    """Counters since the runtime started or ``reset_stats()``: programs,
    kernels (compute launches), collectives, bytes_sent, bytes_moved (by
    kernels), peak_bytes, compiles and compile_ms."""
    return _core.stats()


def reset_stats():
    _core.reset_stats()


def shutdown():
    """Ends the runtime (runs what is pending). Arrays stay readable; the
    next operation starts a new runtime. Runs by itself at exit."""
    _core.shutdown()
