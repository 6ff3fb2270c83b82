"""Products and matrix functions with NumPy's signatures."""
import operator

from .. import _core
from . import _utils
from ._utils import asarray, write_out


def matmul(x1, x2, /, out=None, *, dtype=None, casting="same_kind", order="K", subok=True):
    a, b = asarray(x1, dtype), asarray(x2, dtype)
    if a.ndim == 0 or b.ndim == 0:
        raise _core.ValueError("legato.matmul: Input operand does not have enough dimensions "
                               f"(shapes {a.shape} and {b.shape}); use * for scalars")
    return write_out(_core.matmul(a, b), out, "matmul")


def dot(a, b, out=None):
    return write_out(_core.dot(asarray(a), asarray(b)), out, "dot")


def vdot(a, b, /):
    return _core.vdot(asarray(a), asarray(b))


def inner(a, b, /):
    return _core.inner(asarray(a), asarray(b))


def outer(a, b, out=None):
    return write_out(_core.outer(asarray(a), asarray(b)), out, "outer")


def tensordot(a, b, axes=2):
    a, b = asarray(a), asarray(b)
    if isinstance(axes, (tuple, list)):
        x, y = axes
        x = [operator.index(v) for v in (x if isinstance(x, (tuple, list)) else [x])]
        y = [operator.index(v) for v in (y if isinstance(y, (tuple, list)) else [y])]
        return _core.tensordot_axes(a, b, x, y)
    return _core.tensordot(a, b, operator.index(axes))


def vecdot(x1, x2, /, *, axis=-1):
    a, b = asarray(x1), asarray(x2)
    products = a * b
    # The products' dtype, as the array API (and NumPy 2's vecdot) has it:
    # sum widens int32 and bool to int64, whose low bits are int32's
    # wrapping sum, and whose nonzero is bool's or.
    s = _core.sum(products, [operator.index(axis)], False)
    return s if s._dtype == products._dtype else s._astype(products._dtype)


def einsum(subscripts, *operands, out=None, dtype=None, order="K", casting="safe",
           optimize=False):
    if not isinstance(subscripts, str):
        _utils.not_supported("einsum", "the sublist form (give the subscripts as a string)")
    arrays = [asarray(o, dtype) for o in operands]
    return write_out(_core.einsum(subscripts.replace(" ", ""), arrays), out, "einsum")


def kron(a, b):
    return _core.kron(asarray(a), asarray(b))


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    a, b = asarray(a), asarray(b)
    if axis is not None:
        axisa = axisb = axisc = axis
    a = _core.moveaxis(a, operator.index(axisa), -1)
    b = _core.moveaxis(b, operator.index(axisb), -1)
    r = _core.cross(a, b, -1)
    if r.ndim and r.shape[-1] in (2, 3) and axisc != -1 and r.ndim > 1:
        r = _core.moveaxis(r, -1, operator.index(axisc))
    return r


def _moved(a, axis1, axis2):
    n = a.ndim
    axis1 %= n
    axis2 %= n
    order = [d for d in range(n) if d not in (axis1, axis2)] + [axis1, axis2]
    return _core.transpose(a, order)


def diagonal(a, offset=0, axis1=0, axis2=1):
    a = asarray(a)
    if a.ndim == 2 and (axis1 % 2, axis2 % 2) == (0, 1):
        return _core.diagonal(a, operator.index(offset))
    if a.ndim < 2:
        raise _core.ValueError("legato.diagonal: diag requires an array of at least two "
                               "dimensions")
    m = _moved(a, axis1, axis2)
    n, k = m.shape[-2], m.shape[-1]
    offset = operator.index(offset)
    length = max(0, min(n, k - offset) if offset >= 0 else min(n + offset, k))
    # Element i of the diagonal is m[..., i + max(-offset, 0), i + max(offset, 0)],
    # at i * (k + 1) + its first position in the flattened matrix.
    first = max(-offset, 0) * k + max(offset, 0)
    positions = _core.arange_int(length, _core.DType.int64) * (k + 1) + first
    flat = _core.reshape(m, list(m.shape[:-2]) + [n * k])
    return _core.take(flat, positions, -1, _core.IndexMode.clip)


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    a = asarray(a)
    if a.ndim == 2 and (axis1 % 2, axis2 % 2) == (0, 1):
        r = _core.trace(a, operator.index(offset))
    else:
        d = diagonal(a, offset, axis1, axis2)
        r = _core.sum(d, [-1], False)
    if dtype is not None:
        r = asarray(r, dtype)
    return write_out(r, out, "trace")


def diag(v, k=0):
    return _core.diag(asarray(v), operator.index(k))


def diagflat(v, k=0):
    v = asarray(v)
    return _core.diag(_core.reshape(v, [v.size]), operator.index(k))


def tril(m, k=0):
    return _core.tril(asarray(m), operator.index(k))


def triu(m, k=0):
    return _core.triu(asarray(m), operator.index(k))


def matrix_power(a, n):
    a = asarray(a)
    n = operator.index(n)
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise _core.ValueError("legato.linalg.matrix_power: Last 2 dimensions of the array must "
                               "be square")
    if n < 0:
        _utils.not_supported("linalg.matrix_power", "a negative power (it needs an inverse)")
    result = None
    base = a
    while n:
        if n & 1:
            result = base if result is None else _core.matmul(result, base)
        n >>= 1
        if n:
            base = _core.matmul(base, base)
    if result is None:
        eye = _core.eye(a.shape[-1], a._dtype)
        return _core.broadcast_to(eye, list(a.shape))._copy()
    return result
