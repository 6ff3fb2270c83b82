"""NumPy's indexing beyond integers and slices (which the extension does
itself): None, integer arrays and lists, boolean masks, and their mixes
with basic indices; the functions that index with arrays (take, put, ...).

A subscript with arrays follows NumPy's rules for advanced indexing: every
array and integer of the subscript broadcasts together; the result's axes
of the indices stand where the first of them stood when they are adjacent
in the subscript, else first. It is computed as basic indexing (a view),
then one gather (`take`) from the advanced axes flattened. An assignment
writes to the positions the same subscript selects from an array of
positions (`put`).
"""
import operator

import numpy as _np

from .. import _core
from . import _dtypes
from ._dtypes import DType
from ._utils import asarray, optional_axis

_INT = _dtypes._INTEGERS
_MODES = {"raise": _core.IndexMode.raise_, "wrap": _core.IndexMode.wrap,
          "clip": _core.IndexMode.clip}


def _mode(mode, op):
    try:
        return _MODES[mode]
    except KeyError:
        raise _core.ValueError(f"legato.{op}: mode must be 'raise', 'wrap' or 'clip', "
                               f"not {mode!r}") from None


def _entry(k):
    """A subscript entry as an int, slice, None, Ellipsis or legato array."""
    if k is None or k is Ellipsis or isinstance(k, slice):
        return k
    if isinstance(k, bool) or isinstance(k, _np.bool_):
        raise _core.IndexError("legato.getitem: a boolean scalar index (a[True]) is not "
                               "supported; use a boolean array")
    if isinstance(k, _core.ndarray):
        a = k
    elif isinstance(k, (list, tuple, _np.ndarray)):
        n = _np.asarray(k)
        if n.size == 0 and n.dtype.kind == "f":
            n = n.astype(_np.int64)
        a = asarray(n)
    else:
        try:
            return operator.index(k)
        except TypeError:
            raise _core.IndexError(
                "legato.getitem: only integers, slices (`:`), ellipsis (`...`), "
                "numpy.newaxis (`None`) and integer or boolean arrays are valid indices, not "
                f"{type(k).__name__}") from None
    if a._dtype not in _INT and a._dtype != DType.bool_:
        raise _core.IndexError(
            f"legato.getitem: arrays used as indices must be of integer or boolean type, not "
            f"{a.dtype}")
    return a


def _parse(a, key):
    """The subscript as a list of entries, `...` expanded and masks
    replaced by their positions (one int64 array per masked axis)."""
    items = [_entry(k) for k in (key if isinstance(key, tuple) else (key,))]
    used = sum(k.ndim if isinstance(k, _core.ndarray) and k._dtype == DType.bool_ else
               0 if k is None or k is Ellipsis else 1 for k in items)
    ellipses = [i for i, k in enumerate(items) if k is Ellipsis]
    if len(ellipses) > 1:
        raise _core.IndexError("legato.getitem: an index can only have a single ellipsis ('...')")
    if used > a.ndim:
        raise _core.IndexError(f"legato.getitem: too many indices for array: array is "
                               f"{a.ndim}-dimensional, but {used} were indexed")
    if ellipses:
        i = ellipses[0]
        items[i:i + 1] = [slice(None)] * (a.ndim - used)
    out = []
    dim = 0
    for k in items:
        if isinstance(k, _core.ndarray) and k._dtype == DType.bool_:
            if k.ndim == 0:
                raise _core.IndexError("legato.getitem: a 0-d boolean index is supported alone "
                                       "(a[mask]), not inside a tuple of indices")
            want = tuple(a.shape[dim:dim + k.ndim])
            if k.shape != want:
                raise _core.IndexError(
                    f"legato.getitem: boolean index did not match indexed array along "
                    f"dimension {dim}; dimension is {want} but corresponding boolean "
                    f"dimension is {k.shape}")
            out.extend(_core.nonzero(k))
            dim += k.ndim
        else:
            out.append(k)
            if k is not None:
                dim += 1
    return out


def _is_simple_selection(a, key):
    """a[mask of the leading axes] or a[integer array]: the C++ API's own."""
    if not isinstance(key, _core.ndarray) or key.ndim == 0:
        return False
    if key._dtype == DType.bool_:
        return key.shape == a.shape[:key.ndim]
    return key._dtype in _INT


def _normalised(index, n):
    """Integer indices into an axis of n, negative ones counted from the
    end, checked (IndexError) as NumPy does."""
    return _core.take(_core.arange_int(n, DType.int64), index, None, _core.IndexMode.raise_)


def getitem(a, key):
    if isinstance(key, list):
        key = _entry(key)
    if isinstance(key, _core.ndarray) and key.ndim == 0 and key._dtype == DType.bool_:
        # NumPy: a 0-d mask selects the whole array once or not at all, along
        # a new leading axis (assignment through it goes the same way).
        return _core.expand_dims(a, 0)._select(_core.reshape(key, [1]))
    if _is_simple_selection(a, key):
        return a._select(key)
    entries = _parse(a, key)
    advanced = [i for i, k in enumerate(entries) if isinstance(k, _core.ndarray)]
    if not advanced:
        basic = [k for k in entries if k is not None]
        r = a._view(basic)
        axis = 0
        for k in entries:
            if k is None:
                r = _core.expand_dims(r, axis)
                axis += 1
            elif isinstance(k, slice):
                axis += 1
        return r
    # Integers join the advanced indices (NumPy's rule when arrays are present).
    entries = [asarray(k) if isinstance(k, int) else k for k in entries]
    advanced = [i for i, k in enumerate(entries) if isinstance(k, _core.ndarray)]
    adjacent = advanced == list(range(advanced[0], advanced[-1] + 1))
    basic = [slice(None) if isinstance(k, _core.ndarray) else k for k in entries
             if k is not None]
    view = a._view(basic)
    # The view's axis of each advanced entry.
    axis_of = {}
    axis = 0
    for i, k in enumerate(entries):
        if k is None:
            continue
        if isinstance(k, _core.ndarray):
            axis_of[i] = axis
        axis += 1
    adv_axes = [axis_of[i] for i in advanced]
    indices = [entries[i] for i in advanced]
    shape = list(_np.broadcast_shapes(*(k.shape for k in indices)))
    if len(indices) == 1:
        r = _core.take(view, indices[0], adv_axes[0], _core.IndexMode.raise_)
    else:
        rest = [d for d in range(view.ndim) if d not in adv_axes]
        moved = _core.transpose(view, adv_axes + rest)
        sizes = [view.shape[d] for d in adv_axes]
        flat = _core.reshape(moved, [int(_np.prod(sizes))] + [view.shape[d] for d in rest])
        position = None
        stride = 1
        for index, n in reversed(list(zip(indices, sizes))):
            term = _core.broadcast_to(_normalised(index, n), shape) * stride
            position = term if position is None else position + term
            stride *= n
        r = _core.take(flat, position, 0, _core.IndexMode.raise_)
        if adjacent and adv_axes[0] != 0:
            r = _moveblock(r, len(shape), adv_axes[0])
    # None entries: new axes where NumPy puts them.
    if any(k is None for k in entries):
        out_axis = 0
        placed = False
        for i, k in enumerate(entries):
            if k is None:
                r = _core.expand_dims(r, out_axis)
                out_axis += 1
            elif isinstance(k, _core.ndarray):
                if not placed:
                    out_axis += len(shape) if adjacent else 0
                    placed = True
            else:
                out_axis += 1
    return r


def _moveblock(r, block, to):
    """Moves the first `block` axes of r to start at axis `to`."""
    order = list(range(block, block + to)) + list(range(block))
    order += list(range(block + to, r.ndim))
    return _core.transpose(r, order)


def setitem(a, key, value):
    if isinstance(key, list):
        key = _entry(key)
    if _is_simple_selection(a, key):
        a._assign_selection(key, _value(value))
        return
    items = key if isinstance(key, tuple) else (key,)
    new_axes = any(k is None for k in items)
    entries = [_entry(k) for k in items if k is not None]
    if not any(isinstance(k, _core.ndarray) for k in entries):
        view = a._view([k for k in items if k is not None])
        v = _value(value)
        if new_axes:  # the value has the selection's shape, new axes of 1 included
            v = asarray(v) if not isinstance(v, _core.ndarray) else v
            v = _core.reshape(_core.broadcast_to(v, list(getitem(a, key).shape)),
                              list(view.shape))
        view[...] = v
        return
    positions = getitem(_core.reshape(_core.arange_int(a.size, DType.int64), list(a.shape)),
                        key)
    v = _value(value)
    v = asarray(v) if not isinstance(v, _core.ndarray) else v
    if v._dtype != a._dtype:
        v = v._astype(a._dtype)
    v = _core.broadcast_to(v, list(positions.shape))
    _core.put(a, _core.reshape(positions, [positions.size]), _core.reshape(v, [v.size]),
              _core.IndexMode.raise_)


def _value(value):
    if isinstance(value, (_core.ndarray, bool, int, float)):
        return value
    return asarray(value)


# ---- functions that index with arrays ----
def take(a, indices, axis=None, out=None, mode="raise"):
    from ._utils import write_out
    a = asarray(a)
    m = _mode(mode, "take")
    if isinstance(indices, (int, _np.integer)):
        r = _core.take(a, asarray(int(indices)), optional_axis(axis), m)
    else:
        r = _core.take(a, _entry_array(indices), optional_axis(axis), m)
    return write_out(r, out, "take")


def _entry_array(indices):
    if isinstance(indices, _core.ndarray):
        return indices
    n = _np.asarray(indices)
    if n.size == 0 and n.dtype.kind == "f":
        n = n.astype(_np.int64)
    return asarray(n)


def take_along_axis(arr, indices, axis):
    return _core.take_along_axis(asarray(arr), _entry_array(indices), optional_axis(axis))


def put(a, ind, v, mode="raise"):
    _check_writable(a, "put")
    _core.put(a, _entry_array(ind), asarray(v), _mode(mode, "put"))


def put_along_axis(arr, indices, values, axis):
    _check_writable(arr, "put_along_axis")
    _core.put_along_axis(arr, _entry_array(indices), asarray(values), optional_axis(axis))


def add_at(a, indices, b):
    _check_writable(a, "add.at")
    if isinstance(indices, tuple):
        if len(indices) != 1:
            # Several index arrays: positions in the flattened array.
            positions = getitem(_core.reshape(_core.arange_int(a.size, DType.int64),
                                              list(a.shape)), indices)
            flat = _core.reshape(a, [a.size])
            values = _core.broadcast_to(asarray(b)._astype(a._dtype), list(positions.shape))
            _core.add_at(flat, _core.reshape(positions, [positions.size]),
                         _core.reshape(values, [values.size]))
            a[...] = _core.reshape(flat, list(a.shape))
            return
        indices = indices[0]
    _core.add_at(a, _entry_array(indices), asarray(b))


def _check_writable(a, op):
    if not isinstance(a, _core.ndarray):
        raise _core.TypeError(f"legato.{op}: the destination must be a legato array, not "
                              f"{type(a).__name__}")


def nonzero(a):
    a = asarray(a)
    if a.ndim == 0:
        raise _core.ValueError("legato.nonzero: calling nonzero on 0d arrays is not allowed; "
                               "use atleast_1d(a).nonzero()")
    return tuple(_core.nonzero(a))


def flatnonzero(a):
    return _core.flatnonzero(asarray(a))


def argwhere(a):
    return _core.argwhere(asarray(a))


def compress(condition, a, axis=None, out=None):
    from ._utils import write_out
    return write_out(_core.compress(asarray(condition), asarray(a), optional_axis(axis)), out,
                     "compress")


def extract(condition, arr):
    return _core.extract(asarray(condition), asarray(arr))


def where(condition, x=None, y=None):
    if x is None and y is None:
        return nonzero(condition)
    if x is None or y is None:
        raise _core.ValueError("legato.where: either both or neither of x and y should be given")
    return _core.where(condition, x, y)


def select(condlist, choicelist, default=0):
    if len(condlist) != len(choicelist):
        raise _core.ValueError("legato.select: list of cases must be same length as list of "
                               "conditions")
    result = default
    for cond, choice in reversed(list(zip(condlist, choicelist))):
        result = _core.where(cond, choice, result)
    return asarray(result)


def choose(a, choices, out=None, mode="raise"):
    a = asarray(a)
    choices = [asarray(c) for c in choices]
    index = _core.take(_core.arange_int(len(choices), DType.int64), a, None, _mode(mode, "choose"))
    result = choices[-1]
    for i in range(len(choices) - 2, -1, -1):
        result = _core.where(index == i, choices[i], result)
    from ._utils import write_out
    return write_out(_core.broadcast_to(result, list(_np.broadcast_shapes(
        a.shape, *(c.shape for c in choices)))), out, "choose")


def diag_indices(n, ndim=2):
    idx = _core.arange_int(operator.index(n), DType.int64)
    return (idx,) * ndim


def ix_(*args):
    out = []
    nd = len(args)
    for k, new in enumerate(args):
        new = _entry_array(new)
        if new._dtype == DType.bool_:
            new = _core.flatnonzero(new)
        out.append(_core.reshape(new, [1] * k + [new.size] + [1] * (nd - k - 1)))
    return tuple(out)
