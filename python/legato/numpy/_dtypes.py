"""NumPy's dtype spellings (numpy.dtype objects, type objects, strings) as
legato's dtypes, and NumPy's promotion rules on them."""
import numpy as _np

from .. import _core

DType = _core.DType
_cache = {}


def legato_dtype(dtype):
    """The legato DType of anything numpy.dtype() takes (np.float32, "f8",
    float, ...); None stays None. TypeError for a dtype legato lacks."""
    if dtype is None or isinstance(dtype, DType):
        return dtype
    try:
        return _cache[dtype]
    except (KeyError, TypeError):
        pass
    t = _core.legato_dtype(dtype)
    try:
        _cache[dtype] = t
    except TypeError:  # an unhashable spelling
        pass
    return t


def numpy_dtype(dtype):
    """The numpy.dtype of a legato DType (or of any dtype spelling)."""
    if isinstance(dtype, DType):
        return _core.numpy_dtype(dtype)
    return _core.numpy_dtype(legato_dtype(dtype))


_FLOATS = (DType.float16, DType.float32, DType.float64)
_INTEGERS = (DType.int8, DType.int16, DType.int32, DType.int64,
             DType.uint8, DType.uint16, DType.uint32, DType.uint64)


def is_float(t):
    return t in _FLOATS


def is_complex(t):
    return t in (DType.complex64, DType.complex128)


def is_inexact(t):
    return is_float(t) or is_complex(t)


def is_integer(t):
    return t in _INTEGERS


def default_dtype_of(value):
    """The dtype NumPy gives a Python scalar on its own."""
    if isinstance(value, bool):
        return DType.bool_
    if isinstance(value, int):
        return DType.int64
    if isinstance(value, float):
        return DType.float64
    return legato_dtype(_np.asarray(value).dtype)


def result_type(*arrays_and_dtypes):
    """np.result_type over legato's dtypes (Python scalars are weak: NEP 50)."""
    strong = []
    weak = []
    for x in arrays_and_dtypes:
        if isinstance(x, _core.ndarray):
            strong.append(x.dtype)
        elif isinstance(x, (bool, int, float, complex)):
            weak.append(x)
        else:
            strong.append(numpy_dtype(x))
    if not strong:
        return legato_dtype(_np.result_type(*weak))
    t = _np.result_type(*strong)
    for w in weak:  # NEP 50: a Python scalar takes the arrays' kind when it fits
        if isinstance(w, complex) and t.kind != "c":
            t = _np.dtype("complex64" if t in ("float16", "float32") else "complex128")
        elif isinstance(w, float) and t.kind in "biu":
            t = _np.dtype("float64")
        elif isinstance(w, int) and not isinstance(w, bool) and t.kind == "b":
            t = _np.dtype("int64")
    return legato_dtype(t)
