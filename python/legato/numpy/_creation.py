"""Array creation with NumPy's signatures."""
import math
import operator

import numpy as _np

from .. import _core
from . import _utils
from ._dtypes import DType, default_dtype_of, is_float, legato_dtype
from ._utils import shape_of

ndarray = _core.ndarray


def _check_device(device):
    if device not in (None, "cpu", "cuda", "gpu"):
        raise _core.ValueError(f"legato: unknown device {device!r}")


def asarray(a, dtype=None, order=None, *, copy=None, like=None, device=None):
    """A legato array of ``a`` (a legato array, a NumPy array, a scalar, a
    nested sequence, or an object with __array__ or __dlpack__); without a
    dtype or copy=True, a legato array is returned as it is."""
    _check_device(device)
    t = legato_dtype(dtype)
    if isinstance(a, ndarray):
        if t is not None and a._dtype != t:
            if copy is False:
                raise _core.ValueError("legato.asarray: a copy is needed to change the dtype "
                                       "(copy=False)")
            return a._astype(t)
        return a._copy() if copy else a
    if copy is False:
        raise _core.ValueError("legato.asarray: an object that is not a legato array is always "
                               "copied (copy=False)")
    if not hasattr(a, "__array_interface__") and hasattr(a, "__dlpack__") and \
            (not hasattr(a, "__array__") or a.__dlpack_device__()[0] != _DLPACK_CPU):
        a = from_dlpack(a)
        return a if t is None else a._astype(t)
    if t is None and isinstance(a, (list, tuple)) and _contains_legato(a):
        a = [asarray(x) for x in a] if a else a
        return stack(a) if a else _core.from_numpy(_np.asarray(a))
    if t is None:
        if isinstance(a, (bool, int, float)):
            return _core.to_array(a)
        return _core.from_numpy(_np.asarray(a))
    return _core.from_numpy(_np.asarray(a, dtype=_core.numpy_dtype(t)))


def _contains_legato(seq):
    for x in seq:
        if isinstance(x, ndarray):
            return True
        if isinstance(x, (list, tuple)) and _contains_legato(x):
            return True
    return False


def stack(arrays):
    return _core.stack([asarray(a) for a in arrays], 0)


def array(object, dtype=None, *, copy=True, order="K", subok=False, ndmin=0, like=None):
    a = asarray(object, dtype, copy=bool(copy) if copy is not None else None)
    if isinstance(object, ndarray) and a is object and copy:
        a = a._copy()
    while a.ndim < ndmin:
        a = _core.expand_dims(a, 0)
    return a


asanyarray = asarray


def ascontiguousarray(a, dtype=None, *, like=None):
    return asarray(a, dtype)


_DLPACK_CPU = 1


def from_dlpack(x, /, *, device=None, copy=None):
    """A legato array with the values of a DLPack producer (a copy: legato's
    arrays own their memory). A tensor in GPU memory (PyTorch, CuPy) is
    copied through host memory, which NumPy 2.1+ asks the producer for."""
    if isinstance(x, ndarray):
        return x._copy() if copy else x
    if copy is False:
        raise _core.ValueError("legato.from_dlpack: legato copies the tensor (copy=False)")
    where = x.__dlpack_device__()[0] if hasattr(x, "__dlpack_device__") else _DLPACK_CPU
    if where == _DLPACK_CPU:
        return _core.from_numpy(_np.from_dlpack(x))
    try:
        host = _np.from_dlpack(x, device="cpu", copy=True)
    except (TypeError, BufferError, RuntimeError, ValueError) as e:
        raise _core.TypeError(
            f"legato.from_dlpack: the tensor is in the memory of DLPack device type {where}, "
            f"and its producer cannot copy it to the host through NumPy {_np.__version__} "
            f"({e}); copy it to the host first (x.cpu() in PyTorch, x.get() in CuPy)") from None
    return _core.from_numpy(host)


def _filled(shape, value, dtype, device=None):
    _check_device(device)
    return _core.full(shape_of(shape), value, dtype)


def zeros(shape, dtype=None, order="C", *, like=None, device=None):
    return _filled(shape, 0.0, legato_dtype(dtype) or DType.float64, device)


def ones(shape, dtype=None, order="C", *, like=None, device=None):
    return _filled(shape, 1.0, legato_dtype(dtype) or DType.float64, device)


def empty(shape, dtype=None, order="C", *, like=None, device=None):
    """As np.empty: the values are unspecified (legato gives zeros)."""
    return zeros(shape, dtype, device=device)


def full(shape, fill_value, dtype=None, order="C", *, like=None, device=None):
    t = legato_dtype(dtype)
    if isinstance(fill_value, (bool, int, float)):
        t = t or default_dtype_of(fill_value)
        return _filled(shape, _scalar_value(fill_value, t), t, device)
    value = asarray(fill_value, t)
    return _core.broadcast_to(value, shape_of(shape))._copy()


def _scalar_value(v, t):
    if not is_float(t) and isinstance(v, float) and not math.isfinite(v):
        raise _core.ValueError(f"legato.full: cannot convert {v} to an integer dtype")
    return v


def _like(a, dtype, shape):
    a = _utils.asarray(a) if not isinstance(a, ndarray) else a
    return (shape_of(shape) if shape is not None else list(a.shape),
            legato_dtype(dtype) or a._dtype)


def zeros_like(a, dtype=None, order="K", subok=True, shape=None, *, device=None):
    s, t = _like(a, dtype, shape)
    return _filled(s, 0.0, t, device)


def ones_like(a, dtype=None, order="K", subok=True, shape=None, *, device=None):
    s, t = _like(a, dtype, shape)
    return _filled(s, 1.0, t, device)


empty_like = zeros_like


def full_like(a, fill_value, dtype=None, order="K", subok=True, shape=None, *, device=None):
    s, t = _like(a, dtype, shape)
    if isinstance(fill_value, (bool, int, float)):
        return _filled(s, _scalar_value(fill_value, t), t, device)
    return _core.broadcast_to(asarray(fill_value, t), s)._copy()


def arange(start, stop=None, step=None, dtype=None, *, like=None, device=None):
    _check_device(device)
    if stop is None:
        start, stop = 0, start
    if step is None:
        step = 1
    for v in (start, stop, step):
        if isinstance(v, ndarray):
            raise _core.TypeError("legato.arange: start, stop and step must be numbers")
    if step == 0:
        raise _core.ValueError("legato.arange: step must not be zero (Maximum allowed size "
                               "exceeded)")
    t = legato_dtype(dtype)
    if t is None:
        t = legato_dtype(_np.result_type(start, stop, step))
        if t == DType.bool_:
            t = DType.int64
    return _core.arange(float(start), float(stop), float(step), t)


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0, *,
             device=None):
    _check_device(device)
    num = operator.index(num)
    if num < 0:
        raise _core.ValueError(f"legato.linspace: number of samples, {num}, must be "
                               "non-negative.")
    if axis != 0 or isinstance(start, ndarray) or isinstance(stop, ndarray) or \
            _np.ndim(start) or _np.ndim(stop):
        _utils.not_supported("linspace", "array endpoints")
    t = legato_dtype(dtype) or DType.float64
    div = (num - 1) if endpoint else num
    step = (stop - start) / div if div > 0 else _np.nan
    if endpoint:
        y = _core.linspace(float(start), float(stop), num, DType.float64)
    else:
        y = _core.arange(0.0, float(num), 1.0, DType.float64) * float(step) + float(start)
    if t != DType.float64:
        y = _core.floor(y)._astype(t) if not is_float(t) else y._astype(t)
    return (y, step) if retstep else y


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    y = linspace(start, stop, num, endpoint)
    r = _core.power(float(base), y)
    return r if dtype is None else _utils.asarray(r, dtype)


def eye(N, M=None, k=0, dtype=float, order="C", *, like=None, device=None):
    _check_device(device)
    t = legato_dtype(dtype) or DType.float64
    if M is None and k == 0:
        return _core.eye(operator.index(N), t)
    M = N if M is None else M
    rows = _core.reshape(_core.arange_int(operator.index(N), DType.int64), [N, 1])
    cols = _core.reshape(_core.arange_int(operator.index(M), DType.int64), [1, M])
    return (rows + operator.index(k) == cols)._astype(t)


def identity(n, dtype=None, *, like=None):
    return _core.eye(operator.index(n), legato_dtype(dtype) or DType.float64)


def tri(N, M=None, k=0, dtype=float, *, like=None):
    return _core.tri(operator.index(N), None if M is None else operator.index(M),
                     operator.index(k), legato_dtype(dtype) or DType.float64)


def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    if sparse:
        _utils.not_supported("meshgrid", "sparse=True")
    if not xi:
        return []
    return list(_core.meshgrid([_utils.asarray(x) for x in xi], indexing))


def copy(a, order="K", subok=False):
    return _utils.asarray(a)._copy()


def frombuffer(buffer, dtype=float, count=-1, offset=0, *, like=None):
    return _core.from_numpy(_np.frombuffer(buffer, dtype, count, offset))


def fromfunction(function, shape, *, dtype=float, like=None, **kwargs):
    grids = indices(shape, dtype)
    return function(*[grids[i] for i in range(len(shape_of(shape)))], **kwargs)


def indices(dimensions, dtype=int, sparse=False):
    dims = shape_of(dimensions)
    t = legato_dtype(dtype)
    out = []
    for i, n in enumerate(dims):
        shape = [1] * len(dims)
        shape[i] = n
        r = _core.reshape(_core.arange_int(n, DType.int64), shape)
        out.append(r._astype(t) if sparse else _core.broadcast_to(r, dims)._astype(t))
    if sparse:
        return tuple(out)
    return _core.stack(out, 0) if out else _core.zeros([0], t)
