"""np.linalg: norm (every order that needs no decomposition) and the
products; the decompositions (solve, inv, svd, eigh, ...) are not in legato
yet and raise an AttributeError that says so."""
import operator

from .. import _core
from . import _dtypes, _utils
from . import _products
from ._products import matmul, matrix_power, outer, tensordot, vecdot  # noqa: F401
from ._shape import matrix_transpose  # noqa: F401
from ._utils import asarray

LinAlgError = _core.ValueError


# The array API's (and NumPy 2's numpy.linalg's): of the last two axes, so
# that a stack of matrices gives a stack of diagonals (np.diagonal and
# np.trace take the first two).
def diagonal(x, /, *, offset=0):
    return _products.diagonal(x, offset, -2, -1)


def trace(x, /, *, offset=0, dtype=None):
    return _products.trace(x, offset, -2, -1, dtype)


def _vector_norm(x, ord, axes, keepdims):
    a = _core.absolute(x) if x._dtype != _core.DType.bool_ else x._astype(_core.DType.float64)
    if ord is None or ord == 2:
        return _core.norm(x, axes, keepdims)
    if ord == float("inf"):
        return _core.max(a, axes, keepdims)
    if ord == -float("inf"):
        return _core.min(a, axes, keepdims)
    if ord == 0:
        return _core.sum((x != 0)._astype(_core.DType.float64), axes, keepdims)
    if ord == 1:
        return _core.sum(a, axes, keepdims)._astype(
            x._dtype if x._dtype in _dtypes._FLOATS
            else _core.DType.float64)
    if isinstance(ord, str):
        raise _core.ValueError(f"legato.linalg.norm: Invalid norm order '{ord}' for vectors")
    a = a if a._dtype in _dtypes._FLOATS else \
        a._astype(_core.DType.float64)
    return _core.power(_core.sum(_core.power(a, float(ord)), axes, keepdims), 1.0 / ord)


def norm(x, ord=None, axis=None, keepdims=False):
    """np.linalg.norm: vector orders (None/2, inf, -inf, 0, 1, p) and the
    matrix orders 'fro', 1, -1, inf, -inf (2, -2 and 'nuc' need an SVD,
    which legato does not have yet)."""
    x = asarray(x)
    if axis is None:
        if ord is None:
            return _core.norm(x, [], bool(keepdims))
        axes = list(range(x.ndim))
        if x.ndim == 1:
            return _vector_norm(x, ord, axes, keepdims)
        if x.ndim != 2:
            raise _core.ValueError("legato.linalg.norm: Improper number of dimensions to norm.")
    else:
        axes = _utils.axes(axis)
    if len(axes) == 1:
        return _vector_norm(x, ord, axes, keepdims)
    if len(axes) != 2:
        raise _core.ValueError("legato.linalg.norm: Improper number of dimensions to norm.")
    row, col = (operator.index(a) % x.ndim for a in axes)
    if ord is None or ord == "fro":
        return _core.norm(x, axes, bool(keepdims))
    a = _core.absolute(x)
    if a._dtype not in _dtypes._FLOATS:
        a = a._astype(_core.DType.float64)
    if ord in (1, -1):
        sums = _core.sum(a, [row], True)
        r = (_core.max if ord == 1 else _core.min)(sums, [col], True)
    elif ord in (float("inf"), -float("inf")):
        sums = _core.sum(a, [col], True)
        r = (_core.max if ord > 0 else _core.min)(sums, [row], True)
    elif ord in (2, -2, "nuc"):
        raise _core.TypeError(f"legato.linalg.norm: ord={ord!r} needs singular values; "
                              "np.linalg.svd is not implemented in legato yet")
    else:
        raise _core.ValueError(f"legato.linalg.norm: Invalid norm order {ord!r} for matrices")
    if not keepdims:
        r = _core.squeeze(r, [row, col])
    return r


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    x = asarray(x)
    if axis is None:
        flat = _core.reshape(x, [x.size])
        r = _vector_norm(flat, ord, [0], False)
        return _core.reshape(r, [1] * x.ndim) if keepdims else r
    return _vector_norm(x, ord, _utils.axes(axis), keepdims)


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    return norm(x, ord, (-2, -1), keepdims)


def multi_dot(arrays, *, out=None):
    arrays = [asarray(a) for a in arrays]
    if len(arrays) < 2:
        raise _core.ValueError("legato.linalg.multi_dot: Expecting at least two arrays.")
    r = arrays[0]
    for a in arrays[1:]:
        r = _core.dot(r, a)
    return _utils.write_out(r, out, "multi_dot")


_MISSING = ("solve", "inv", "det", "slogdet", "cholesky", "qr", "svd", "svdvals", "eig",
            "eigh", "eigvals", "eigvalsh", "lstsq", "pinv", "matrix_rank", "cond",
            "tensorsolve", "tensorinv")


def __getattr__(name):
    if name in _MISSING:
        raise AttributeError(
            f"legato.numpy.linalg.{name} is not implemented yet: legato's linalg has norm, "
            "multi_dot, matrix_power and the products; convert with numpy.asarray(x) to use "
            f"numpy.linalg.{name}")
    raise AttributeError(f"module 'legato.numpy.linalg' has no attribute '{name}'")
