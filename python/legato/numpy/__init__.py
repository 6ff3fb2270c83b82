"""legato.numpy: NumPy's names, signatures and semantics over legato's arrays.

``import legato.numpy as np`` runs a NumPy program on legato: operations are
recorded, fused into few compiled kernels and run when a value is needed
(lazily, by default), on the CPU or a GPU, over MPI ranks under mpirun.
It is also an array API standard namespace (``__array_api_version__``).
Functions NumPy has and legato lacks raise an AttributeError that names
them; see docs/PYTHON.md.
"""
import builtins as _builtins
import collections as _collections
import math as _math

import numpy as _np

from .. import _core
from ._dtypes import result_type as _result_type, legato_dtype as _legato_dtype
from . import _dtypes, _utils
from ._creation import (arange, array, asanyarray, asarray, ascontiguousarray, copy, empty,  # noqa
                        empty_like, eye, from_dlpack, frombuffer, fromfunction, full, full_like,
                        identity, indices, linspace, logspace, meshgrid, ones, ones_like, tri,
                        zeros, zeros_like)
from ._indexing import (add_at as _add_at, argwhere, choose, compress, diag_indices,  # noqa
                        extract, flatnonzero, ix_, nonzero, put, put_along_axis, select, take,
                        take_along_axis, where)
from ._products import (cross, diag, diagflat, diagonal, dot, einsum, inner, kron,  # noqa
                        matmul, outer, tensordot, trace, tril, triu, vdot, vecdot)
from ._reductions import (all, amax, amin, any, argmax, argmin, argpartition, argsort, average,  # noqa
                          bincount, corrcoef, count_nonzero, cov, cumprod, cumsum,
                          cumulative_prod, cumulative_sum, digitize, histogram, interp, lexsort,
                          max, mean, median, min, nanargmax, nanargmin, nancumprod, nancumsum,
                          nanmax, nanmean, nanmin, nanprod, nansum, partition, percentile, prod,
                          ptp, quantile, searchsorted, sort, std, sum, unique, var)
from ._sets import in1d, intersect1d, isin, setdiff1d, setxor1d, union1d  # noqa: F401
from ._shape import (array_split, atleast_1d, atleast_2d, atleast_3d, broadcast_arrays,  # noqa
                     broadcast_shapes, broadcast_to, column_stack, concatenate, copyto, diff,
                     dsplit, dstack, expand_dims, flip, fliplr, flipud, hsplit, hstack,
                     matrix_transpose, moveaxis, pad, permute_dims, ravel, repeat, reshape,
                     roll, rollaxis, row_stack, split, squeeze, stack, swapaxes, tile,
                     transpose, vsplit, vstack)
from ._ufuncs import make_ufuncs as _make_ufuncs, ufunc  # noqa: F401
from . import fft, linalg, random  # noqa: F401

ndarray = _core.ndarray

# dtypes: NumPy's own objects, so that `dtype=np.float32` and comparisons
# with `a.dtype` work as in NumPy.
bool_ = _np.bool_
bool = _np.bool_  # the array API's name (NumPy 2's too)
int32 = _np.int32
int64 = _np.int64
float32 = _np.float32
float64 = _np.float64
# NumPy's other dtypes, named as in NumPy: arrays of them are refused with
# a TypeError that names the nearest dtype legato has (they are issue 53).
int8 = _np.int8
int16 = _np.int16
uint8 = _np.uint8
uint16 = _np.uint16
uint32 = _np.uint32
uint64 = _np.uint64
float16 = _np.float16
complex64 = _np.complex64
complex128 = _np.complex128
intp = _np.intp
int_ = _np.int_
float_ = _np.float64
double = _np.float64
single = _np.float32
dtype = _np.dtype
finfo = _np.finfo
iinfo = _np.iinfo
generic = _np.generic
number = _np.number
integer = _np.integer
signedinteger = _np.signedinteger
floating = _np.floating
inexact = _np.inexact


def can_cast(from_, to, casting="safe"):
    """numpy.can_cast of a dtype, or of a legato array's dtype."""
    if isinstance(from_, ndarray):
        from_ = from_.dtype
    return _np.can_cast(from_, to, casting)


promote_types = _np.promote_types
issubdtype = _np.issubdtype
AxisError = _core.AxisError

pi = _math.pi
e = _math.e
inf = _math.inf
nan = _math.nan
euler_gamma = 0.5772156649015329
newaxis = None
PINF = inf
NINF = -inf

_ufuncs = _make_ufuncs((sum, prod, max, min, all, any, cumsum, cumprod))
globals().update(_ufuncs)
abs = _ufuncs["absolute"]


def result_type(*arrays_and_dtypes):
    return _core.numpy_dtype(_result_type(*arrays_and_dtypes))


def isdtype(dtype, kind):
    """The array API's dtype kinds: 'bool', 'signed integer', 'unsigned
    integer', 'integral', 'real floating', 'complex floating', 'numeric'."""
    d = _np.dtype(dtype)
    if isinstance(kind, tuple):
        return builtins_any(isdtype(d, k) for k in kind)
    if not isinstance(kind, str):
        return d == _np.dtype(kind)
    kinds = {"bool": "b", "signed integer": "i", "unsigned integer": "u", "integral": "iu",
             "real floating": "f", "complex floating": "c", "numeric": "iufc"}
    if kind not in kinds:
        raise ValueError(f"unknown dtype kind {kind!r}")
    return d.kind in kinds[kind]


def builtins_any(it):
    for x in it:
        if x:
            return True
    return False


def astype_(x, dtype, /, *, copy=True, device=None):
    return asarray(x).astype(dtype, copy=copy)


# ---- elementwise functions with extra parameters ----
def clip(a, a_min=None, a_max=None, out=None, *, min=None, max=None, **kwargs):
    lo = a_min if a_min is not None else min
    hi = a_max if a_max is not None else max
    a = asarray(a)
    if lo is None and hi is None:
        result = a._copy()
    elif lo is None:
        result = minimum(a, hi)
    elif hi is None:
        result = maximum(a, lo)
    else:
        result = _core.clip(a, lo, hi)
    return _utils.write_out(result, out, "clip")


def round(a, decimals=0, out=None):
    return _utils.write_out(_core.round(asarray(a), int(decimals)), out, "round")


around = round


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return _core.isclose(a, b, float(rtol), float(atol), _builtins.bool(equal_nan))


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return _core.allclose(a, b, float(rtol), float(atol), _builtins.bool(equal_nan))


def array_equal(a1, a2, equal_nan=False):
    a1, a2 = asarray(a1), asarray(a2)
    if a1.shape != a2.shape:
        return False
    same = a1 == a2
    if equal_nan:
        same = logical_or(same, logical_and(isnan(a1), isnan(a2)))
    return _builtins.bool(_core.all(same, [], False))


def array_equiv(a1, a2):
    a1, a2 = asarray(a1), asarray(a2)
    try:
        _np.broadcast_shapes(a1.shape, a2.shape)
    except ValueError:
        return False
    return _builtins.bool(_core.all(a1 == a2, [], False))


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    return _core.nan_to_num(asarray(x), float(nan), None if posinf is None else float(posinf),
                            None if neginf is None else float(neginf))


def gradient(f, *varargs, axis=None, edge_order=1):
    if edge_order != 1:
        _utils.not_supported("gradient", "edge_order=2")
    f = asarray(f)
    axes = list(range(f.ndim)) if axis is None else _utils.axes(axis)
    spacing = varargs if varargs else (1.0,)
    if len(spacing) == 1:
        spacing = spacing * len(axes)
    if len(spacing) != len(axes):
        raise TypeError("invalid number of arguments")
    out = []
    for ax, h in zip(axes, spacing):
        if isinstance(h, (ndarray, _np.ndarray, list)):
            _utils.not_supported("gradient", "sample coordinates (give uniform spacings)")
        out.append(_core.gradient(f, float(h), ax))
    return out[0] if len(out) == 1 else out


def trapezoid(y, x=None, dx=1.0, axis=-1):
    y = asarray(y)
    if x is None:
        return _core.trapezoid(y, float(dx), int(axis))
    return _core.trapezoid_x(y, asarray(x), int(axis))


trapz = trapezoid


def real(val):
    return _core.real(asarray(val))


def imag(val):
    return _core.imag(asarray(val))


def angle(z, deg=False):
    return _core.angle(asarray(z), bool(deg))


def iscomplexobj(x):
    return _dtypes.is_complex(_dtypes.legato_dtype(asarray(x).dtype))


def isrealobj(x):
    return not iscomplexobj(x)


def iscomplex(x):
    x = asarray(x)
    return imag(x) != 0


def isreal(x):
    x = asarray(x)
    return imag(x) == 0


def isscalar(element):
    return _np.isscalar(element)


def ndim(a):
    return asarray(a).ndim


def shape(a):
    return asarray(a).shape


def size(a, axis=None):
    a = asarray(a)
    return a.size if axis is None else a.shape[axis]


def sinc(x):
    x = asarray(x)
    y = pi * where(x == 0, 1.0e-20, x)
    return sin(y) / y


def signbit(x):
    x = asarray(x)
    return where(x == 0, (1.0 / x) < 0, x < 0) if x._dtype in _dtypes._FLOATS else x < 0


def copysign(x1, x2):
    x1, x2 = asarray(x1), asarray(x2)
    return where(signbit(x2), -absolute(x1), absolute(x1))


def fmod(x1, x2):
    q = divide(x1, x2)
    return subtract(x1, multiply(trunc(q), x2)) if asarray(q)._dtype in _dtypes._FLOATS else _core.remainder(x1, x2)


def divmod_(x1, x2):
    return floor_divide(x1, x2), remainder(x1, x2)


globals()["divmod"] = divmod_


# ---- the array API standard's names ----
__array_api_version__ = "2021.12"
acos = arccos
acosh = arccosh
asin = arcsin
asinh = arcsinh
atan = arctan
atan2 = arctan2
atanh = arctanh
pow = power
concat = concatenate
bitwise_invert = invert
bitwise_left_shift = left_shift
bitwise_right_shift = right_shift
astype = astype_


# The array API's unique_*: every NaN is a value of its own, and the
# inverse indices have x's shape.
_UniqueAll = _collections.namedtuple("_UniqueAll",
                                          "values indices inverse_indices counts")
_UniqueCounts = _collections.namedtuple("_UniqueCounts", "values counts")
_UniqueInverse = _collections.namedtuple("_UniqueInverse", "values inverse_indices")


def unique_all(x, /):
    x = _utils.asarray(x)
    values, index, inverse, counts = _core.unique_all(x, False)
    return _UniqueAll(values, index, inverse.reshape(x.shape), counts)


def unique_counts(x, /):
    r = unique_all(x)
    return _UniqueCounts(r.values, r.counts)


def unique_inverse(x, /):
    r = unique_all(x)
    return _UniqueInverse(r.values, r.inverse_indices)


def unique_values(x, /):
    return _core.unique(_utils.asarray(x), False)


# ---- NumPy's names legato does not have: a clear error ----
def __getattr__(name):
    if hasattr(_np, name) and not name.startswith("_"):
        raise AttributeError(
            f"legato.numpy has no '{name}' yet (numpy.{name} is not implemented in legato); "
            f"convert with numpy.asarray(x) to use NumPy's, or see docs/PYTHON.md for what "
            "legato covers")
    raise AttributeError(f"module 'legato.numpy' has no attribute '{name}'")


import sys as _sys  # noqa: E402

from . import _indexing, _ndarray  # noqa: E402, F401

_ndarray.install(_sys.modules[__name__])
