"""The array API standard's namespace over legato: legato.numpy's functions,
arrays and dtypes (bool, int8-int64, uint8-uint64, float16 (beside the
standard's, as NumPy has it), float32, float64, complex64, complex128), and
the standard's own finfo/iinfo (Python numbers):

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
