"""Reductions, scans, statistics, sorting and searching with NumPy's
signatures."""
import builtins
import operator

from .. import _core
from . import _dtypes, _utils
from ._dtypes import DType, legato_dtype
from ._utils import asarray, axes, optional_axis, write_out

_FLOATS = _dtypes._FLOATS


def _reduce(fn, name, a, axis, keepdims, dtype=None, out=None):
    a = asarray(a)
    if dtype is not None:
        a = asarray(a, legato_dtype(dtype))
    if axis == ():
        # No axis reduced: each element alone (in the reduction's dtype),
        # as a reduction over a new axis of length 1.
        result = fn(_core.expand_dims(a, 0), [0], False)
    else:
        result = fn(a, axes(axis), bool(keepdims))
    if dtype is not None and result._dtype != a._dtype:
        # A sum or product of small integers accumulates in 64 bits; NumPy's
        # in the dtype asked for, which wraps to the same value.
        result = result._astype(a._dtype)
    return write_out(result, out, name)


def _where_filled(a, where, fill):
    if where is True:
        return a
    return _core.where(asarray(where), a, fill)


_ndarray = _core.ndarray


def sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=True):
    if type(a) is _ndarray and axis is None and dtype is out is initial is None and \
            where is True:  # the common call, without a Python frame more
        return _core.sum(a, [], keepdims)
    a = _where_filled(asarray(a), where, 0)
    r = _reduce(_core.sum, "sum", a, axis, keepdims, dtype)
    if initial is not None:
        r = r + initial
    return write_out(r, out, "sum")


def prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=True):
    a = _where_filled(asarray(a), where, 1)
    r = _reduce(_core.prod, "prod", a, axis, keepdims, dtype)
    if initial is not None:
        r = r * initial
    return write_out(r, out, "prod")


def _extremum(fn, combine, name):
    def reduce(a, axis=None, out=None, keepdims=False, initial=None, where=True):
        if type(a) is _ndarray and axis is None and out is initial is None and where is True:
            return fn(a, [], keepdims)
        a = asarray(a)
        if where is not True:
            if initial is None:
                raise _core.ValueError(
                    f"legato.{name}: reduction operation '{name}' does not have an identity, "
                    "so to use a where mask one has to specify 'initial'")
            a = _core.where(asarray(where), a, initial)
        r = _reduce(fn, name, a, axis, keepdims)
        if initial is not None:
            r = combine(r, initial)
        return write_out(r, out, name)
    reduce.__name__ = name
    return reduce


max = _extremum(_core.max, _core.maximum, "max")
min = _extremum(_core.min, _core.minimum, "min")
amax = max
amin = min


def mean(a, axis=None, dtype=None, out=None, keepdims=False, where=True):
    if type(a) is _ndarray and axis is None and dtype is out is None and where is True:
        return _core.mean(a, [], keepdims)
    a = asarray(a)
    if where is not True:
        w = asarray(where)
        total = sum(a, axis, dtype=dtype or (None if a._dtype in _FLOATS else "float64"),
                    keepdims=keepdims, where=w)
        count = sum(_core.broadcast_to(w, list(a.shape)), axis, keepdims=keepdims)
        return write_out(total / count, out, "mean")
    return _reduce(_core.mean, "mean", a, axis, keepdims, dtype, out)


def any(a, axis=None, out=None, keepdims=False, where=True):
    return _reduce(_core.any, "any", _where_filled(asarray(a), where, False), axis, keepdims,
                   out=out)


def all(a, axis=None, out=None, keepdims=False, where=True):
    return _reduce(_core.all, "all", _where_filled(asarray(a), where, True), axis, keepdims,
                   out=out)


def count_nonzero(a, axis=None, *, keepdims=False):
    return _reduce(_core.count_nonzero, "count_nonzero", a, axis, keepdims)


def ptp(a, axis=None, out=None, keepdims=False):
    return _reduce(_core.ptp, "ptp", a, axis, keepdims, out=out)


def _variance(fn, name):
    def reduce(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
               correction=None):
        if where is not True:
            _utils.not_supported(name, "where=")
        if correction is not None:
            ddof = correction
        a = asarray(a)
        if dtype is not None:
            a = asarray(a, dtype)
        if axis == ():
            r = fn(_core.expand_dims(a, 0), [0], False, int(ddof))
        else:
            r = fn(a, axes(axis), bool(keepdims), int(ddof))
        return write_out(r, out, name)
    reduce.__name__ = name
    return reduce


var = _variance(_core.var, "var")
std = _variance(_core.std, "std")


def _nan_reduction(fn, name, has_dtype):
    if has_dtype:
        def reduce(a, axis=None, dtype=None, out=None, keepdims=False):
            return _reduce(fn, name, a, axis, keepdims, dtype, out)
    else:
        def reduce(a, axis=None, out=None, keepdims=False):
            return _reduce(fn, name, a, axis, keepdims, out=out)
    reduce.__name__ = name
    return reduce


nansum = _nan_reduction(_core.nansum, "nansum", True)
nanprod = _nan_reduction(_core.nanprod, "nanprod", True)
nanmean = _nan_reduction(_core.nanmean, "nanmean", True)
nanmax = _nan_reduction(_core.nanmax, "nanmax", False)
nanmin = _nan_reduction(_core.nanmin, "nanmin", False)


def _arg_extremum(fn, name):
    def reduce(a, axis=None, out=None, *, keepdims=False):
        return write_out(fn(asarray(a), optional_axis(axis), bool(keepdims)), out, name)
    reduce.__name__ = name
    return reduce


argmax = _arg_extremum(_core.argmax, "argmax")
argmin = _arg_extremum(_core.argmin, "argmin")


def _nan_arg_extremum(fn, name, fill):
    """NumPy's nanargmax/nanargmin: NaN replaced by -inf (+inf), and a
    ValueError for a slice of NaNs only (read on the host: not inside
    legato.jit)."""
    def reduce(a, axis=None, out=None, *, keepdims=False):
        a = asarray(a)
        if _dtypes.is_inexact(a._dtype):
            nan = _core.isnan(a)
            if builtins.bool(_core.any(_core.all(nan, axes(axis), False), [], False)):
                raise _core.ValueError(f"legato.{name}: All-NaN slice encountered")
            a = _core.where(nan, fill, a)
        return write_out(fn(a, optional_axis(axis), bool(keepdims)), out, name)
    reduce.__name__ = name
    return reduce


nanargmax = _nan_arg_extremum(_core.argmax, "nanargmax", -float("inf"))
nanargmin = _nan_arg_extremum(_core.argmin, "nanargmin", float("inf"))


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    return _reduce(_core.median, "median", a, axis, keepdims, out=out)


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
             keepdims=False, *, interpolation=None):
    method = interpolation or method
    if method != "linear":
        _utils.not_supported("quantile", f"method={method!r} (only 'linear')")
    a = asarray(a)
    if isinstance(q, _core.ndarray):
        q = q._to_numpy()
    import numpy as _np
    qs = _np.asarray(q, dtype=float)
    if qs.ndim > 1:
        _utils.not_supported("quantile", "q of more than one dimension")
    r = _core.quantile(a, [float(x) for x in qs.ravel()], qs.ndim == 0,
                       [] if axis is None else axes(axis), bool(keepdims))
    return write_out(r, out, "quantile")


def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
               keepdims=False, *, interpolation=None):
    import numpy as _np
    if isinstance(q, _core.ndarray):
        q = q._to_numpy()
    q = _np.asarray(q, dtype=float)
    if ((q < 0) | (q > 100)).any():
        raise _core.ValueError("legato.percentile: percentiles must be in the range [0, 100]")
    return quantile(a, q / 100, axis, out, overwrite_input, method, keepdims,
                    interpolation=interpolation)


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    a = asarray(a)
    if weights is None:
        avg = mean(a, axis, keepdims=keepdims)
        scale = _core.full(list(avg.shape), a.size / builtins.max(avg.size, 1), avg._dtype)
    else:
        w = asarray(weights)
        if w.shape != a.shape:
            if axis is None or w.ndim != 1:
                raise _core.TypeError(
                    "legato.average: axis must be specified when shapes of a and weights differ")
            ax = operator.index(axis) % a.ndim
            if w.shape[0] != a.shape[ax]:
                raise _core.ValueError(
                    "legato.average: length of weights differs from the length of the axis")
            w = w.reshape((-1,) + (1,) * (a.ndim - 1 - ax))
            w = _core.broadcast_to(w, list(a.shape))
        scale = sum(w, axis, keepdims=keepdims)
        avg = sum(a * w, axis, keepdims=keepdims) / scale
    if returned:
        return avg, _core.broadcast_to(scale.astype(avg.dtype), list(avg.shape))
    return avg


# ---- scans ----
def _scan(fn, name):
    def scan(a, axis=None, dtype=None, out=None):
        a = asarray(a)
        if dtype is not None:
            a = asarray(a, dtype)
        return write_out(fn(a, optional_axis(axis)), out, name)
    scan.__name__ = name
    return scan


cumsum = _scan(_core.cumsum, "cumsum")
cumprod = _scan(_core.cumprod, "cumprod")
nancumsum = _scan(_core.nancumsum, "nancumsum")
nancumprod = _scan(_core.nancumprod, "nancumprod")
cumulative_sum = cumsum
cumulative_prod = cumprod


# ---- sorting and searching ----
def _check_kind(name, kind, order):
    if order is not None:
        _utils.not_supported(name, "order= (structured arrays)")
    if kind not in (None, "stable", "mergesort", "quicksort", "heapsort"):
        raise _core.ValueError(f"legato.{name}: unknown sort kind {kind!r}")


def sort(a, axis=-1, kind=None, order=None, *, stable=None, descending=False):
    _check_kind("sort", kind, order)
    r = _core.sort(asarray(a), optional_axis(axis))
    if descending:
        r = _core.flip(r, -1 if axis is None else operator.index(axis))
    return r


def argsort(a, axis=-1, kind=None, order=None, *, stable=None, descending=False):
    _check_kind("argsort", kind, order)
    a = asarray(a)
    if descending:
        # Stable descending order: the stable ascending order of an order-
        # reversing map, so that equal elements keep their order: -a for
        # floats, ~a for integers (-a wraps for unsigned and the minimum).
        if a._dtype == DType.bool_:
            a = _core.logical_not(a)
        elif _dtypes.is_integer(a._dtype):
            a = _core.invert(a)
        else:
            a = _core.negative(a)
    return _core.argsort(a, optional_axis(axis))


def _kth(name, kth, kind, order):
    """partition's kth (an integer or a sequence of them) as a list, after
    NumPy's checks of its arguments (the C++ API checks the range)."""
    if order is not None:
        _utils.not_supported(name, "order= (structured arrays)")
    if kind != "introselect":
        raise _core.ValueError(f"legato.{name}: unknown selection kind {kind!r}")
    kths = kth if isinstance(kth, (list, tuple)) or hasattr(kth, "__array__") else [kth]
    kths = list(kths)
    for k in kths:
        if not _utils.is_integer_scalar(k):
            raise _core.TypeError(f"legato.{name}: kth must be an integer or a sequence of "
                                  f"integers, not {k!r}")
    return [operator.index(k) for k in kths]


# np.partition and np.argpartition leave the order within each side of
# the kth elements open: a selection on CPUs, a sort elsewhere.
def partition(a, kth, axis=-1, kind="introselect", order=None):
    kths = _kth("partition", kth, kind, order)
    return _core.partition(asarray(a), kths, optional_axis(axis))


def argpartition(a, kth, axis=-1, kind="introselect", order=None):
    kths = _kth("argpartition", kth, kind, order)
    return _core.argpartition(asarray(a), kths, optional_axis(axis))


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None,
           *, equal_nan=True):
    if axis is not None:
        _utils.not_supported("unique", "axis=")
    ar = asarray(ar)
    if not (return_index or return_inverse or return_counts):
        return _core.unique(ar, bool(equal_nan))
    # As NumPy 2 (2.0.1 on): the inverse has the input's shape, so that
    # take(values, inverse) rebuilds it (NumPy 1.x's was flat).
    values, index, inverse, counts = _core.unique_all(ar, bool(equal_nan))
    inverse = _core.reshape(inverse, list(ar.shape))
    wanted = (return_index, return_inverse, return_counts)
    return (values,) + tuple(x for x, want in zip((index, inverse, counts), wanted) if want)


def lexsort(keys, axis=-1):
    """Positions that sort by the last key, ties by the one before, ...:
    a stable argsort per key, from the first to the last."""
    keys = [asarray(k) for k in (keys if isinstance(keys, (list, tuple)) else
                                 [asarray(keys)[i] for i in range(asarray(keys).shape[0])])]
    if not keys:
        raise _core.TypeError("legato.lexsort: need sequence of keys with len > 0")
    if builtins.any(k.shape != keys[0].shape for k in keys):
        raise _core.ValueError("legato.lexsort: all keys need to be the same shape (shapes " +
                               ", ".join(str(k.shape) for k in keys) + ")")
    try:
        axis = operator.index(axis)
    except TypeError:
        raise _core.TypeError(f"legato.lexsort: axis must be an integer, not "
                              f"{type(axis).__name__}") from None
    order = _core.argsort(keys[0], axis)
    for k in keys[1:]:
        order = _core.take_along_axis(
            order, _core.argsort(_core.take_along_axis(k, order, axis), axis), axis)
    return order


def digitize(x, bins, right=False):
    """The bin of each x: a binary search in monotonic `bins` (checked on
    the host, as NumPy does: not inside legato.jit)."""
    x, bins = asarray(x), asarray(bins)
    if _dtypes.is_complex(x._dtype) or _dtypes.is_complex(bins._dtype):
        raise _core.TypeError("legato.digitize: x may not be complex")
    if bins.ndim != 1:
        raise _core.ValueError(f"legato.digitize: bins must be 1-dimensional, not of shape "
                               f"{bins.shape}")
    side_right = not right
    if bins.shape[0] > 1:
        steps = bins[1:] - bins[:-1] if bins._dtype != DType.bool_ else \
            bins[1:].astype("i1") - bins[:-1].astype("i1")
        rising = builtins.bool(_core.all(steps >= 0, [], False))
        if not rising:
            if not builtins.bool(_core.all(steps <= 0, [], False)):
                raise _core.ValueError("legato.digitize: bins must be monotonically increasing "
                                       "or decreasing")
            return bins.shape[0] - _core.searchsorted(bins[::-1], x, side_right)
    return _core.searchsorted(bins, x, side_right)


def searchsorted(a, v, side="left", sorter=None):
    if side not in ("left", "right"):
        raise _core.ValueError(f"legato.searchsorted: side must be 'left' or 'right', not {side!r}")
    a = asarray(a)
    if sorter is not None:
        a = _core.take(a, asarray(sorter), None, _core.IndexMode.raise_)
    return _core.searchsorted(a, asarray(v), side == "right")


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None,
        *, dtype=None):
    if fweights is not None or aweights is not None:
        _utils.not_supported("cov", "fweights and aweights")
    m = asarray(m)
    if y is not None:
        y = asarray(y)
        if m.ndim == 1:
            m = m.reshape(1, -1) if rowvar else m.reshape(-1, 1)
        if y.ndim == 1:
            y = y.reshape(1, -1) if rowvar else y.reshape(-1, 1)
        m = _core.concatenate([m, y], 0 if rowvar else 1)
    if ddof is None:
        ddof = 0 if bias else 1
    r = _core.cov(m, bool(rowvar), int(ddof))
    return r if dtype is None else asarray(r, dtype)


def corrcoef(x, y=None, rowvar=True, *, dtype=None):
    x = asarray(x)
    if y is not None:
        y = asarray(y)
        if x.ndim == 1:
            x = x.reshape(1, -1) if rowvar else x.reshape(-1, 1)
        if y.ndim == 1:
            y = y.reshape(1, -1) if rowvar else y.reshape(-1, 1)
        x = _core.concatenate([x, y], 0 if rowvar else 1)
    r = _core.corrcoef(x, bool(rowvar))
    return r if dtype is None else asarray(r, dtype)


def histogram(a, bins=10, range=None, density=None, weights=None):
    a = asarray(a)
    w = None if weights is None else asarray(weights)
    if isinstance(bins, str):
        _utils.not_supported("histogram", f"bins={bins!r} (give a count or the edges)")
    if isinstance(bins, int) or (hasattr(bins, "__index__") and not hasattr(bins, "shape")):
        hist, edges = _core.histogram(a.ravel() if a.ndim != 1 else a, operator.index(bins),
                                      None if range is None else tuple(float(x) for x in range),
                                      None if w is None else w.ravel())
    else:
        hist, edges = _core.histogram_edges(a.ravel() if a.ndim != 1 else a, asarray(bins),
                                            None if w is None else w.ravel())
    if density:
        widths = _core.diff(edges, 1, -1)
        hist = hist / widths / _core.sum(hist, [], False)
    return hist, edges


def bincount(x, weights=None, minlength=0):
    return _core.bincount(asarray(x), None if weights is None else asarray(weights),
                          operator.index(minlength))


def interp(x, xp, fp, left=None, right=None, period=None):
    if period is not None:
        _utils.not_supported("interp", "period=")
    return _core.interp(asarray(x), asarray(xp), asarray(fp),
                        None if left is None else float(left),
                        None if right is None else float(right))
