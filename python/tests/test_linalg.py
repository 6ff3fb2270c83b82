"""Products and linalg against NumPy."""
import numpy
import pytest

import legato.numpy as lnp
from conftest import assert_same, check, raises_like_numpy

R = numpy.random.default_rng(3)
A = R.standard_normal((4, 5))
B = R.standard_normal((5, 3))
V = R.standard_normal(5)
S = R.standard_normal((2, 4, 5))


@pytest.mark.parametrize("fn", [
    lambda np, a, b, v, s: a @ b,
    lambda np, a, b, v, s: np.matmul(a, v),
    lambda np, a, b, v, s: a @ b[:, 1],  # a column: BLAS with its stride
    lambda np, a, b, v, s: a[:, :3] @ a[1:4, 2],
    lambda np, a, b, v, s: a @ a[0],  # a row: consecutive
    lambda np, a, b, v, s: v @ b,
    lambda np, a, b, v, s: s @ b,
    lambda np, a, b, v, s: np.dot(a, b),
    lambda np, a, b, v, s: np.dot(v, v),
    lambda np, a, b, v, s: a.dot(v),
    lambda np, a, b, v, s: np.vdot(a, a),
    lambda np, a, b, v, s: np.inner(a, a),
    lambda np, a, b, v, s: np.outer(v, v[:3]),
    lambda np, a, b, v, s: np.tensordot(s, b, axes=1),
    lambda np, a, b, v, s: np.tensordot(s, a, axes=([1, 2], [0, 1])),
    lambda np, a, b, v, s: np.einsum("ij,jk->ik", a, b),
    lambda np, a, b, v, s: np.einsum("bij,j->bi", s, v),
    lambda np, a, b, v, s: np.einsum("ii->i", a[:, :4]),
    lambda np, a, b, v, s: np.kron(a[:2, :2], b[:2]),
    lambda np, a, b, v, s: np.cross(a[:, :3], b[:4]),
    lambda np, a, b, v, s: np.trace(a),
    lambda np, a, b, v, s: np.trace(s, axis1=1, axis2=2),
    lambda np, a, b, v, s: np.diagonal(a, 1),
    lambda np, a, b, v, s: np.diagonal(s, 0, 1, 2),
    lambda np, a, b, v, s: np.diag(v, -1),
    lambda np, a, b, v, s: np.linalg.norm(a),
    lambda np, a, b, v, s: np.linalg.norm(a, axis=1),
    lambda np, a, b, v, s: np.linalg.norm(v, ord=1),
    lambda np, a, b, v, s: np.linalg.norm(v, ord=np.inf),
    lambda np, a, b, v, s: np.linalg.norm(v, ord=3),
    lambda np, a, b, v, s: np.linalg.norm(a, ord=1),
    lambda np, a, b, v, s: np.linalg.norm(a, ord="fro"),
    lambda np, a, b, v, s: np.linalg.norm(s, ord=np.inf, axis=(1, 2)),
    lambda np, a, b, v, s: np.linalg.multi_dot([a, b, b.T]),
    lambda np, a, b, v, s: np.linalg.matrix_power(a[:, :4], 3),
    lambda np, a, b, v, s: np.linalg.matrix_power(a[:, :4], 0),
], ids=lambda f: "")
def test_products(fn):
    check(fn, A, B, V, S, rtol=1e-10, atol=1e-12)


def test_shape_mismatch_is_numpys_value_error():
    raises_like_numpy(lambda np, a: a @ a, A)


def test_numpy_linalg_dispatches_to_legato():
    """numpy.linalg.<f>(legato array) runs legato's (__array_function__)."""
    a = lnp.asarray(A[:, :4] + 4 * numpy.eye(4))
    x = numpy.linalg.solve(a, lnp.asarray(V[:4]))
    assert isinstance(x, lnp.ndarray)
    assert_same(x, numpy.linalg.solve(A[:, :4] + 4 * numpy.eye(4), V[:4]), rtol=1e-10)


def test_linalg_diagonal_and_trace_take_the_last_two_axes():
    """numpy.linalg.diagonal / trace of NumPy 2 and the array API: a stack
    of matrices gives a stack of diagonals (NumPy 1.24 has np.diagonal with
    axis1=-2, axis2=-1 for the same values)."""
    x = numpy.arange(24.0).reshape(2, 3, 4)
    for offset in (0, 1, -1):
        assert_same(lnp.linalg.diagonal(lnp.asarray(x), offset=offset),
                    numpy.diagonal(x, offset, -2, -1))
        assert_same(lnp.linalg.trace(lnp.asarray(x), offset=offset),
                    numpy.trace(x, offset, -2, -1))


def test_multi_dot_takes_the_cheapest_order():
    """multi_dot's chain order: (a b) c where a b is small, a (b c) where
    b c is; vectors at the ends; values as NumPy's."""
    r = numpy.random.default_rng(9)
    a, b, c = r.standard_normal((10, 100)), r.standard_normal((100, 5)), r.standard_normal((5, 50))
    v, w = r.standard_normal(10), r.standard_normal(50)
    check(lambda np, a, b, c: np.linalg.multi_dot([a, b, c]), a, b, c, rtol=1e-10, atol=1e-12)
    check(lambda np, a, b, c: np.linalg.multi_dot([c.T, b.T, a.T]), a, b, c, rtol=1e-10,
          atol=1e-12)
    check(lambda np, a, b, c, v, w: np.linalg.multi_dot([v, a, b, c, w]), a, b, c, v, w,
          rtol=1e-10, atol=1e-12)
    from legato.numpy.linalg import _chain_order
    assert _chain_order([(10, 100), (100, 5), (5, 50)])[0][2] == 1  # (a b) c
    assert _chain_order([(50, 5), (5, 100), (100, 10)])[0][2] == 0  # a (b c)
    raises_like_numpy(lambda np, a: np.linalg.multi_dot([a]), a)


@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128", "complex64"])
def test_products_of_views_blas_cannot_describe(dtype):
    """Views with steps along both axes, broadcasts (zero strides) and
    reversed vectors reach BLAS staged through copies: the runtime took a
    matrix with neither unit stride for a transposed one (wrong values,
    found by the fuzzer: test/regressions/matmul-of-a-view-stepped-along-both-axes.fuzz)."""
    r = numpy.random.default_rng(5)
    m = r.standard_normal((9, 10)) + (1j * r.standard_normal((9, 10)) if "complex" in dtype else 0)
    m = m.astype(dtype)
    rtol = 1e-4 if dtype in ("float32", "complex64") else 1e-12
    check(lambda np, m: m[::3, :-2:2] @ m[:8:2, ::3], m, rtol=rtol)            # (3,4) @ (4,4)
    check(lambda np, m: m[::2, ::2] @ m[::2, ::2].T, m, rtol=rtol)
    check(lambda np, m: m[1:9:4, ::3].T @ m[::4, 1::3][:2], m, rtol=rtol)
    check(lambda np, m: np.broadcast_to(m[0], (4, 10)) @ m.T[:, :3], m, rtol=rtol)
    check(lambda np, m: m[::2, ::3] @ m[0, ::-3], m, rtol=rtol)                  # reversed x
    check(lambda np, m: m[1, ::-2] @ m[::3, ::2].T, m, rtol=rtol)                # vector @ view
    check(lambda np, m: m[::2, ::3] @ np.broadcast_to(m[0, :1], (4,)), m, rtol=rtol)
