"""np.linalg: the LAPACK routines (solve, inv, det, slogdet, cholesky, qr,
svd, svdvals, eigh, eigvalsh, eig, eigvals) as compiler primitives (one
`legato.lapack` op each, fused with what surrounds it), what NumPy builds
from them (pinv, matrix_rank, cond, lstsq, matrix_power, tensorinv,
tensorsolve), norm of every order and the products. Results with several
parts are NumPy 2's named tuples (tuples, so NumPy 1.x's unpacking
works)."""
import collections
import math
import operator

from .. import _core
from . import _dtypes, _utils
from . import _products
from ._products import matmul, outer, tensordot, vecdot  # noqa: F401
from ._shape import matrix_transpose  # noqa: F401
from ._utils import asarray

LinAlgError = _core.LinAlgError

SlogdetResult = collections.namedtuple("SlogdetResult", "sign logabsdet")
EighResult = collections.namedtuple("EighResult", "eigenvalues eigenvectors")
EigResult = collections.namedtuple("EigResult", "eigenvalues eigenvectors")
SVDResult = collections.namedtuple("SVDResult", "U S Vh")
QRResult = collections.namedtuple("QRResult", "Q R")
LstsqResult = collections.namedtuple("LstsqResult", "x residuals rank s")


def _uplo(UPLO):
    if UPLO not in ("L", "U"):
        raise _core.ValueError(f"legato.linalg: UPLO argument must be 'L' or 'U', not {UPLO!r}")
    return UPLO == "U"


def solve(a, b):
    """x with a @ x == b; b is a vector (1-D, NumPy 2) or a stack of [n, k]."""
    return _core.linalg_solve(asarray(a), asarray(b))


def inv(a):
    return _core.linalg_inv(asarray(a))


def det(a):
    return _core.linalg_det(asarray(a))


def slogdet(a):
    return SlogdetResult(*_core.linalg_slogdet(asarray(a)))


def cholesky(a, /, *, upper=False):
    return _core.linalg_cholesky(asarray(a), bool(upper))


def eigh(a, UPLO="L"):
    return EighResult(*_core.linalg_eigh(asarray(a), _uplo(UPLO)))


def eigvalsh(a, UPLO="L"):
    return _core.linalg_eigvalsh(asarray(a), _uplo(UPLO))


def eig(a):
    """Eigenvalues and right eigenvectors (unit columns) of general
    matrices: complex, also where every eigenvalue is real (NumPy 2)."""
    return EigResult(*_core.linalg_eig(asarray(a)))


def eigvals(a):
    return _core.linalg_eigvals(asarray(a))


def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    a = asarray(a)
    if not compute_uv:
        return _core.linalg_svdvals(a)
    return SVDResult(*_core.linalg_svd(a, bool(full_matrices)))


def cross(x1, x2, /, *, axis=-1):
    """The array API's cross product of 3-element vectors along `axis`."""
    return _products.cross(x1, x2, axis=axis)


def svdvals(x, /):
    return _core.linalg_svdvals(asarray(x))


def qr(a, mode="reduced"):
    if mode not in ("reduced", "complete", "r"):
        raise _core.ValueError(f"legato.linalg.qr: Unrecognized mode '{mode}' (legato has "
                               "'reduced', 'complete' and 'r')")
    r = _core.linalg_qr(asarray(a), mode)
    return r if mode == "r" else QRResult(*r)


def pinv(a, rcond=None, hermitian=False, *, rtol=None):
    a = asarray(a)
    if rcond is None:
        if rtol is None:
            rcond = 1e-15
        else:
            rcond = rtol
    elif rtol is not None:
        raise _core.ValueError("legato.linalg.pinv: give rcond or rtol, not both")
    if isinstance(rcond, (int, float)):
        return _core.linalg_pinv(a, float(rcond), bool(hermitian))
    # One rcond per matrix: NumPy's construction from the SVD, broadcast.
    from . import amax, where
    rcond = asarray(rcond)
    u, s, vh = svd(a, full_matrices=False)
    large = s > _core.expand_dims(rcond, rcond.ndim) * amax(s, axis=-1, keepdims=True)
    inverse = where(large, 1 / where(large, s, 1), 0).astype(s.dtype)
    return matmul(matrix_transpose(vh).conj(),
                  _core.expand_dims(inverse, inverse.ndim) * matrix_transpose(u).conj())


def matrix_rank(A, tol=None, hermitian=False, *, rtol=None):
    A = asarray(A)
    if tol is not None and rtol is not None:
        raise _core.ValueError("legato.linalg.matrix_rank: give tol or rtol, not both")
    if rtol is not None and A.ndim >= 2:
        s = _core.linalg_svdvals(A)
        bound = _core.max(s, [-1], True) * float(rtol)
        return _core.count_nonzero(s > bound, [-1], False)
    if tol is not None and not isinstance(tol, (int, float)):
        _utils.not_supported("linalg.matrix_rank", "an array of tolerances")
    return _core.linalg_matrix_rank(A, None if tol is None else float(tol), bool(hermitian))


def cond(x, p=None):
    x = asarray(x)
    if p is None or p == 2:
        return _core.linalg_cond(x)
    if p == -2:
        s = _core.linalg_svdvals(x)
        k = s.shape[-1]
        return s[..., k - 1] / s[..., 0]
    return norm(x, p, axis=(-2, -1)) * norm(inv(x), p, axis=(-2, -1))


def lstsq(a, b, rcond=None):
    return LstsqResult(*_core.linalg_lstsq(asarray(a), asarray(b),
                                           None if rcond is None else float(rcond)))


def matrix_power(a, n):
    a = asarray(a)
    return _core.linalg_matrix_power(a, operator.index(n))


def tensorinv(a, ind=2):
    a = asarray(a)
    if ind <= 0:
        raise _core.ValueError("legato.linalg.tensorinv: Invalid ind argument.")
    rows, cols = a.shape[:ind], a.shape[ind:]
    inverse = inv(_core.reshape(a, [math.prod(rows), math.prod(cols)]))
    return _core.reshape(inverse, list(cols) + list(rows))


def tensorsolve(a, b, axes=None):
    a, b = asarray(a), asarray(b)
    if axes is not None:
        order = [d for d in range(a.ndim) if d not in [operator.index(x) % a.ndim for x in axes]]
        order += [operator.index(x) % a.ndim for x in axes]
        a = _core.transpose(a, order)
    unknowns = a.shape[b.ndim:]
    n = math.prod(unknowns)
    if math.prod(a.shape[:b.ndim]) != n:
        raise LinAlgError("legato.linalg.tensorsolve: Input arrays must satisfy the requirement "
                          "prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])")
    x = solve(_core.reshape(a, [n, n]), _core.reshape(b, [n]))
    return _core.reshape(x, list(unknowns))


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
    matrix orders 'fro', 1, -1, inf, -inf, 2, -2 and 'nuc' (singular values)."""
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
        stack = _core.transpose(x, [d for d in range(x.ndim) if d not in (row, col)] + [row, col])
        s = _core.linalg_svdvals(stack)
        r = (_core.max(s, [-1], False) if ord == 2 else
             _core.min(s, [-1], False) if ord == -2 else _core.sum(s, [-1], False))
        if keepdims:
            r = _core.expand_dims(_core.expand_dims(r, min(row, col)), max(row, col))
        return r
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


def _chain_order(shapes):
    """The cheapest parenthesisation of a chain of matrix products (the
    classic dynamic programme over scalar multiplications, as NumPy's):
    split[i][j] is where the product of matrices i..j divides."""
    n = len(shapes)
    dims = [shapes[0][0]] + [s[1] for s in shapes]
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            cost[i][j] = None
            for k in range(i, j):
                c = cost[i][k] + cost[k + 1][j] + dims[i] * dims[k + 1] * dims[j + 1]
                if cost[i][j] is None or c < cost[i][j]:
                    cost[i][j], split[i][j] = c, k
    return split


def multi_dot(arrays, *, out=None):
    """The product of a chain of matrices (the first and last may be
    vectors) in the order that needs the fewest multiplications."""
    arrays = [asarray(a) for a in arrays]
    if len(arrays) < 2:
        raise _core.ValueError("legato.linalg.multi_dot: Expecting at least two arrays.")
    first_vector, last_vector = arrays[0].ndim == 1, arrays[-1].ndim == 1
    if first_vector:
        arrays[0] = _core.reshape(arrays[0], [1, arrays[0].shape[0]])
    if last_vector:
        arrays[-1] = _core.reshape(arrays[-1], [arrays[-1].shape[0], 1])
    for a in arrays:
        if a.ndim != 2:
            raise _core.ValueError(f"legato.linalg.multi_dot: {a.ndim}-dimensional array "
                                   "given. Array must be two-dimensional (the first and last "
                                   "may be 1-D)")
    split = _chain_order([a.shape for a in arrays])

    def product(i, j):
        if i == j:
            return arrays[i]
        return _core.dot(product(i, split[i][j]), product(split[i][j] + 1, j))
    r = product(0, len(arrays) - 1)
    if first_vector or last_vector:
        shape = ([] if first_vector else [r.shape[0]]) + ([] if last_vector else [r.shape[1]])
        r = _core.reshape(r, shape)
    return _utils.write_out(r, out, "multi_dot")
