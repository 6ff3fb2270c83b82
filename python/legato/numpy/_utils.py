"""Argument normalisation shared by the NumPy functions."""
import operator

import numpy as _np

from .. import _core
from ._dtypes import legato_dtype, numpy_dtype

ndarray = _core.ndarray


def asarray(a, dtype=None):
    """a as a legato array (no copy of a legato array of the right dtype)."""
    if type(a) is not ndarray:
        a = _core.to_array(a) if dtype is None else _core.from_numpy(
            _np.asarray(a, dtype=numpy_dtype(dtype)))
    if dtype is not None:
        t = legato_dtype(dtype)
        if a._dtype != t:
            a = a._astype(t)
    return a


def axes(axis, name="axis"):
    """NumPy's axis argument (None, an int, a tuple) as the C++ API's list
    ({} = every axis)."""
    if axis is None:
        return []
    if isinstance(axis, (tuple, list)):
        return [operator.index(x) for x in axis]
    try:
        return [operator.index(axis)]
    except TypeError:
        raise _core.TypeError(
            f"legato: {name} must be None, an integer or a tuple of integers, not "
            f"{type(axis).__name__}") from None


def optional_axis(axis):
    return None if axis is None else operator.index(axis)


def shape_of(shape):
    """NumPy's shape argument (an int or a sequence of ints) as a list."""
    if isinstance(shape, (tuple, list)):
        return [operator.index(s) for s in shape]
    return [operator.index(shape)]


def write_out(result, out, op):
    """NumPy's out=: the result written into `out` (same shape; cast by the
    same_kind rule, as NumPy's ufuncs and reductions); returns out."""
    if out is None:
        return result
    if isinstance(out, tuple):
        if len(out) != 1:
            raise _core.ValueError(f"legato.{op}: out must be one array, not {len(out)}")
        out = out[0]
    if not isinstance(out, ndarray):
        raise _core.TypeError(
            f"legato.{op}: out must be a legato array, not {type(out).__name__}")
    if out.shape != result.shape:
        raise _core.ValueError(
            f"legato.{op}: out has shape {out.shape}, the result has shape {result.shape}")
    if not _np.can_cast(result.dtype, out.dtype, "same_kind"):
        raise _core.TypeError(
            f"legato.{op}: cannot cast the result ({result.dtype}) to out's dtype "
            f"({out.dtype}) with casting rule 'same_kind'")
    out[...] = result
    return out


def not_supported(op, what):
    raise _core.TypeError(f"legato.{op}: {what} is not supported yet")


def is_integer_scalar(x):
    """An int, a NumPy integer or a 0-d integer array (operator.index works)."""
    if isinstance(x, bool):
        return False
    try:
        operator.index(x)
        return True
    except TypeError:
        return False
