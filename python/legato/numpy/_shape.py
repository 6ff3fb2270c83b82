"""Shape manipulation with NumPy's signatures."""
import math
import operator

from .. import _core
from . import _utils
from ._utils import asarray, ndarray, shape_of, write_out


def _resolve_shape(size, shape, op="reshape"):
    """NumPy's new shape with one -1 filled in."""
    shape = shape_of(shape)
    unknown = [i for i, s in enumerate(shape) if s == -1]
    if len(unknown) > 1:
        raise _core.ValueError(f"legato.{op}: can only specify one unknown dimension")
    if any(s < -1 for s in shape):
        raise _core.ValueError(f"legato.{op}: negative dimensions not allowed: {tuple(shape)}")
    if unknown:
        known = math.prod(s for s in shape if s != -1)
        if known == 0 or size % known:
            raise _core.ValueError(
                f"legato.{op}: cannot reshape array of size {size} into shape {tuple(shape)}")
        shape[unknown[0]] = size // known
    return shape


def reshape(a, /, shape=None, order="C", *, newshape=None, copy=None):
    if order not in ("C", "A", None):
        _utils.not_supported("reshape", f"order={order!r} (only 'C')")
    a = asarray(a)
    s = shape if shape is not None else newshape
    if s is None:
        raise TypeError("reshape() missing the new shape")
    return _core.reshape(a, _resolve_shape(a.size, s))


def ravel(a, order="C"):
    if order not in ("C", "A", "K", None):
        _utils.not_supported("ravel", f"order={order!r} (only 'C')")
    a = asarray(a)
    return _core.reshape(a, [a.size])


def squeeze(a, axis=None):
    if axis == ():  # no axis named: nothing removed ([] is the C++ API's "all")
        return asarray(a)
    return _core.squeeze(asarray(a), _utils.axes(axis))


def expand_dims(a, axis):
    a = asarray(a)
    ax = _utils.axes(axis)
    ndim = a.ndim + len(ax)
    norm = sorted(x + ndim if x < 0 else x for x in ax)
    if len(set(norm)) != len(norm):
        raise _core.ValueError("legato.expand_dims: repeated axis")
    for x in norm:
        a = _core.expand_dims(a, x)
    return a


def broadcast_to(array, shape, subok=False):
    return _core.broadcast_to(asarray(array), shape_of(shape))


def broadcast_shapes(*shapes):
    import numpy as _np
    return _np.broadcast_shapes(*shapes)


def broadcast_arrays(*args, subok=False):
    arrays = [asarray(a) for a in args]
    shape = list(broadcast_shapes(*(a.shape for a in arrays)))
    return [_core.broadcast_to(a, shape) for a in arrays]


def atleast_1d(*arys):
    r = [asarray(a) if asarray(a).ndim >= 1 else asarray(a).reshape(1) for a in arys]
    return r[0] if len(r) == 1 else r


def atleast_2d(*arys):
    out = []
    for a in arys:
        a = asarray(a)
        out.append(a.reshape(1, 1) if a.ndim == 0 else a.reshape(1, -1) if a.ndim == 1 else a)
    return out[0] if len(out) == 1 else out


def atleast_3d(*arys):
    out = []
    for a in arys:
        a = asarray(a)
        if a.ndim == 0:
            a = a.reshape(1, 1, 1)
        elif a.ndim == 1:
            a = a.reshape(1, -1, 1)
        elif a.ndim == 2:
            a = a.reshape(a.shape + (1,))
        out.append(a)
    return out[0] if len(out) == 1 else out


def _cast_all(arrays, dtype):
    arrays = [asarray(a) for a in arrays]
    if dtype is not None:
        arrays = [asarray(a, dtype) for a in arrays]
    return arrays


def concatenate(arrays, axis=0, out=None, dtype=None, casting="same_kind"):
    if isinstance(arrays, _core.ndarray):
        arrays = [arrays[i] for i in range(len(arrays))]
    arrays = _cast_all(arrays, dtype)
    if axis is None:
        arrays = [ravel(a) for a in arrays]
        axis = 0
    if not arrays:
        raise _core.ValueError("legato.concatenate: need at least one array to concatenate")
    return write_out(_core.concatenate(arrays, operator.index(axis)), out, "concatenate")


def stack(arrays, axis=0, out=None, *, dtype=None, casting="same_kind"):
    arrays = _cast_all(arrays, dtype)
    if not arrays:
        raise _core.ValueError("legato.stack: need at least one array to stack")
    return write_out(_core.stack(arrays, operator.index(axis)), out, "stack")


def vstack(tup, *, dtype=None, casting="same_kind"):
    return concatenate(atleast_2d(*tup) if len(tup) > 1 else [atleast_2d(*tup)], 0, dtype=dtype)


row_stack = vstack


def hstack(tup, *, dtype=None, casting="same_kind"):
    arrs = atleast_1d(*tup) if len(tup) > 1 else [atleast_1d(*tup)]
    return concatenate(arrs, 0 if arrs[0].ndim == 1 else 1, dtype=dtype)


def dstack(tup):
    return concatenate(atleast_3d(*tup) if len(tup) > 1 else [atleast_3d(*tup)], 2)


def column_stack(tup):
    arrs = []
    for a in tup:
        a = asarray(a)
        arrs.append(a.reshape(-1, 1) if a.ndim < 2 else a)
    return concatenate(arrs, 1)


def array_split(ary, indices_or_sections, axis=0):
    a = asarray(ary)
    axis = operator.index(axis)
    n = a.shape[axis]
    if isinstance(indices_or_sections, int) or hasattr(indices_or_sections, "__index__"):
        sections = operator.index(indices_or_sections)
        if sections <= 0:
            raise _core.ValueError("legato.array_split: number sections must be larger than 0.")
        each, extra = divmod(n, sections)
        sizes = [each + 1] * extra + [each] * (sections - extra)
        bounds = [0]
        for s in sizes:
            bounds.append(bounds[-1] + s)
    else:
        bounds = [0] + [operator.index(i) for i in indices_or_sections] + [n]
    out = []
    key = [slice(None)] * a.ndim
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        key[axis] = slice(lo, hi)
        out.append(a[tuple(key)]._copy())
    return out


def split(ary, indices_or_sections, axis=0):
    a = asarray(ary)
    if isinstance(indices_or_sections, int):
        if a.shape[axis] % indices_or_sections:
            raise _core.ValueError("legato.split: array split does not result in an equal division")
    return array_split(a, indices_or_sections, axis)


def hsplit(ary, indices_or_sections):
    a = asarray(ary)
    return split(a, indices_or_sections, 1 if a.ndim > 1 else 0)


def vsplit(ary, indices_or_sections):
    return split(ary, indices_or_sections, 0)


def dsplit(ary, indices_or_sections):
    return split(ary, indices_or_sections, 2)


def _pair(w):
    """(lo, hi) of a pad width given as n, (n,) or (lo, hi) of Python
    ints; None for any other form."""
    if type(w) is int:
        return (w, w)
    if type(w) in (tuple, list) and all(type(x) is int for x in w) and len(w) in (1, 2):
        return (w[0], w[-1])
    return None


def _pad_widths(pad_width, ndim):
    """NumPy's pad_width broadcast to one (lo, hi) per axis: the common
    forms of Python ints directly (a pad per step of a loop costs little),
    the others through NumPy's broadcasting."""
    pair = _pair(pad_width)
    if pair is not None:
        widths = [pair] * ndim
    elif type(pad_width) in (tuple, list) and len(pad_width) in (1, ndim) and \
            all(type(w) in (tuple, list) and len(w) == len(pad_width[0]) and
                _pair(w) is not None for w in pad_width):
        widths = [_pair(w) for w in pad_width] * (ndim if len(pad_width) == 1 else 1)
    else:
        import numpy as _np
        try:
            widths = [(int(lo), int(hi)) for lo, hi in
                      _np.broadcast_to(_np.asarray(pad_width, dtype=_np.int64), (ndim, 2))]
        except ValueError as e:
            raise _core.ValueError(f"legato.pad: pad_width {pad_width!r} is not one width, one "
                                   f"(before, after) pair, or one per axis of the {ndim}-d "
                                   f"array ({e})") from None
    if any(lo < 0 or hi < 0 for lo, hi in widths):
        raise _core.ValueError("legato.pad: index can't contain negative values")
    return widths


def pad(array, pad_width, mode="constant", **kwargs):
    a = asarray(array)
    if mode != "constant":
        _utils.not_supported("pad", f"mode={mode!r} (only 'constant')")
    value = kwargs.pop("constant_values", 0)
    if kwargs:
        raise TypeError(f"pad() got unexpected keyword arguments {sorted(kwargs)}")
    if type(value) not in (int, float):
        import numpy as _np
        values = _np.asarray(value, dtype=float)
        if values.size != 1:
            _utils.not_supported("pad", "different constant_values per side")
        value = values.ravel()[0]
    return _core.pad(a, _pad_widths(pad_width, a.ndim), float(value))


def roll(a, shift, axis=None):
    if type(a) is ndarray and type(shift) is int and type(axis) is int:
        return _core.roll(a, [shift], [axis])  # the common call, straight through
    a = asarray(a)
    if axis is None:
        if isinstance(shift, (tuple, list)):
            shift = sum(shift)
        return _core.roll_flat(a, operator.index(shift))
    shifts = _utils.axes(shift, "shift")
    ax = _utils.axes(axis)
    if len(shifts) == 1 and len(ax) > 1:
        shifts = shifts * len(ax)
    if len(ax) == 1 and len(shifts) > 1:
        ax = ax * len(shifts)
    if len(ax) != len(shifts):
        raise _core.ValueError("legato.roll: 'shift' and 'axis' should be scalars or 1D "
                               "sequences of the same length")
    return _core.roll(a, shifts, ax)


def flip(m, axis=None):
    a = asarray(m)
    if axis is None:
        return _core.flip(a, None)
    for ax in _utils.axes(axis):
        a = _core.flip(a, ax)
    return a


def fliplr(m):
    a = asarray(m)
    if a.ndim < 2:
        raise _core.ValueError("legato.fliplr: input must be >= 2-d.")
    return _core.flip(a, 1)


def flipud(m):
    a = asarray(m)
    if a.ndim < 1:
        raise _core.ValueError("legato.flipud: input must be >= 1-d.")
    return _core.flip(a, 0)


def tile(A, reps):
    return _core.tile(asarray(A), shape_of(reps))


def repeat(a, repeats, axis=None):
    if not isinstance(repeats, int) and not hasattr(repeats, "__index__"):
        _utils.not_supported("repeat", "a count per element (one count for all)")
    return _core.repeat(asarray(a), operator.index(repeats), _utils.optional_axis(axis))


def diff(a, n=1, axis=-1, prepend=None, append=None):
    a = asarray(a)
    axis = operator.index(axis)
    if prepend is not None or append is not None:
        parts = []
        for extra in (prepend, None, append):
            if extra is None:
                if len(parts) == (0 if prepend is None else 1):
                    parts.append(a)
                continue
            e = asarray(extra)
            if e.ndim == 0:
                shape = list(a.shape)
                shape[axis] = 1
                e = _core.broadcast_to(e, shape)
            parts.append(e)
        a = _core.concatenate(parts, axis)
    if n < 0:
        raise _core.ValueError(f"legato.diff: order must be non-negative but got {n}")
    if n == 0:
        return a
    return _core.diff(a, operator.index(n), axis)


def swapaxes(a, axis1, axis2):
    return _core.swapaxes(asarray(a), operator.index(axis1), operator.index(axis2))


def moveaxis(a, source, destination):
    a = asarray(a)
    src = _utils.axes(source, "source")
    dst = _utils.axes(destination, "destination")
    if len(src) != len(dst):
        raise _core.ValueError("legato.moveaxis: `source` and `destination` arguments must "
                               "have the same number of elements")
    if len(src) == 1:
        return _core.moveaxis(a, src[0], dst[0])
    n = a.ndim
    src = [s % n for s in src]
    dst = [d % n for d in dst]
    order = [i for i in range(n) if i not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    return _core.transpose(a, order)


def rollaxis(a, axis, start=0):
    a = asarray(a)
    n = a.ndim
    axis = operator.index(axis) % n
    start = operator.index(start)
    if start < 0:
        start += n
    if axis < start:
        start -= 1
    if axis == start:
        return a
    return _core.moveaxis(a, axis, start)


def transpose(a, axes=None):
    a = asarray(a)
    return _core.transpose(a, [] if axes is None else [operator.index(x) for x in axes])


permute_dims = transpose


def matrix_transpose(x):
    x = asarray(x)
    if x.ndim < 2:
        raise _core.ValueError("legato.matrix_transpose: needs an array of at least 2 dimensions")
    return _core.swapaxes(x, -1, -2)


def copyto(dst, src, casting="same_kind", where=True):
    import numpy as _np
    src = asarray(src)
    if not _np.can_cast(src.dtype, dst.dtype, casting):
        raise _core.TypeError(f"legato.copyto: cannot cast array data from {src.dtype} to "
                              f"{dst.dtype} according to the rule '{casting}'")
    value = _core.broadcast_to(src, list(dst.shape))
    if where is not True:
        value = _core.where(asarray(where), value, dst)
    dst[...] = value
