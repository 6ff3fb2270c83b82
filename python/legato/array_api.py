"""The array API standard's namespace (version 2021.12) over legato:
legato.numpy's functions, arrays and dtypes (bool, int8-int64,
uint8-uint64, float16 (beside the standard's, as NumPy has it), float32,
float64; complex numbers, which 2021.12 does not have, are legato.numpy's),
the standard's sum and prod (float32 sums in float64) and its own
finfo/iinfo (Python numbers):

    import legato.array_api as xp
    xp.sum(xp.asarray([1.0, 2.0]))
"""
import collections as _collections
import sys as _sys

from . import numpy as _numpy

_this = _sys.modules[__name__]
for _name in dir(_numpy):
    if not _name.startswith("_"):
        setattr(_this, _name, getattr(_numpy, _name))
__array_api_version__ = _numpy.__array_api_version__
del _name, _this
# The 2021.12 standard has no complex dtypes (they came in 2022.12, with
# rules of their own): complex numbers are legato.numpy's.
del complex64, complex128


# 2021.12's sum and prod of float32 give the default float type (the
# 2023.12 standard and NumPy keep float32).
def sum(x, /, *, axis=None, dtype=None, keepdims=False):  # noqa: A001
    if dtype is None and x.dtype == _numpy.float32:
        dtype = _numpy.float64
    return _numpy.sum(x, axis=axis, dtype=dtype, keepdims=keepdims)


def prod(x, /, *, axis=None, dtype=None, keepdims=False):
    if dtype is None and x.dtype == _numpy.float32:
        dtype = _numpy.float64
    return _numpy.prod(x, axis=axis, dtype=dtype, keepdims=keepdims)


# The standard's finfo and iinfo: Python numbers (NumPy 1.24's finfo holds
# NumPy scalars), of a dtype or of an array's dtype.
class _FInfo(_collections.namedtuple("finfo", "bits eps max min smallest_normal dtype")):
    __slots__ = ()


class _IInfo(_collections.namedtuple("iinfo", "bits max min dtype")):
    __slots__ = ()


def _dtype_of(x):
    # (a NumPy scalar type such as float32 has a `dtype` attribute too)
    return x.dtype if isinstance(x, _numpy.ndarray) else _numpy.dtype(x)


def finfo(type, /):
    f = _numpy.finfo(_dtype_of(type))
    return _FInfo(int(f.bits), float(f.eps), float(f.max), float(f.min),
                  float(f.smallest_normal), f.dtype)


def iinfo(type, /):
    i = _numpy.iinfo(_dtype_of(type))
    return _IInfo(int(i.bits), int(i.max), int(i.min), i.dtype)
