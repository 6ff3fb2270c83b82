"""legato: distributed NumPy-style arrays with an MLIR compiler inside.

``import legato.numpy as np`` is the NumPy drop-in; this module holds what
NumPy has no name for: the runtime's configuration, ``jit``, distribution
(``shard``, ``replicate``), ``flush`` and the counters (``stats``).
See docs/PYTHON.md.
"""
import atexit as _atexit
import os as _os
import sys as _sys

# OpenMPI's components are plugins that expect libmpi's symbols to be
# global; a Python extension is loaded with RTLD_LOCAL, which hides them
# (mpirun -n 4 python3 script.py then fails in MPI_Init). mpi4py does the
# same.
_flags = _sys.getdlopenflags()
_sys.setdlopenflags(_flags | _os.RTLD_GLOBAL)
try:
    from . import _core
finally:
    _sys.setdlopenflags(_flags)

from ._core import (Error, ValueError, IndexError, TypeError, AxisError, OverflowError,  # noqa: A004
                    LinAlgError)
from ._jit import jit
from ._runtime import config, options, flush, stats, reset_stats, shutdown
from ._sharding import Sharding, shard, replicate

__all__ = [
    "Error", "ValueError", "IndexError", "TypeError", "AxisError", "OverflowError", "LinAlgError",
    "jit", "config", "options",
    "flush", "stats", "reset_stats", "shutdown", "Sharding", "shard", "replicate", "random",
]
__version__ = "0.1.0"

# Values still pending run, the trace is written and MPI ends at exit.
_atexit.register(_core.shutdown)


def random(shape, dtype="float64", seed=0):
    """legato::random: uniform [0, 1) for float dtypes, counter-based, so the
    same seed gives the same values in every mode, backend and rank count
    (and in C++). For NumPy's API, use legato.numpy.random."""
    from .numpy import _dtypes, _utils
    return _core.random(_utils.shape_of(shape), _dtypes.legato_dtype(dtype), int(seed))
