"""np.linalg's LAPACK routines against NumPy: every routine for float32, float64, complex64,
complex128 and integers (computed in float64), single matrices and stacks;
factors that are unique up to signs (eigenvectors, singular vectors, Q of
QR) by their magnitudes and by rebuilding the matrix; NumPy's errors
(LinAlgError for values and shapes, TypeError for float16)."""
import numpy
import pytest

import legato
import legato.numpy as lnp
from conftest import JIT, assert_same, check, raises_like_numpy, run_legato

DTYPES = ["float32", "float64", "complex64", "complex128"]
TOL = {"float32": 2e-4, "complex64": 2e-4, "float64": 1e-10, "complex128": 1e-10}


def matrices(shape, dtype="float64", seed=0, spd=False):
    """Well-conditioned matrices: random entries plus n on the diagonal
    (symmetric/Hermitian positive definite with `spd`)."""
    r = numpy.random.default_rng(seed)
    a = r.uniform(-1, 1, shape)
    if numpy.dtype(dtype).kind == "c":
        a = a + 1j * r.uniform(-1, 1, shape)
    n = shape[-1]
    if spd:
        a = a @ numpy.swapaxes(a, -1, -2).conj() + n * numpy.eye(n)
    elif len(shape) >= 2 and shape[-1] == shape[-2]:
        a = a + n * numpy.eye(n)
    return a.astype(dtype)


def close(got, expected, dtype, magnitudes=False):
    g, e = numpy.asarray(got), numpy.asarray(expected)
    assert g.shape == e.shape, (g.shape, e.shape)
    assert g.dtype == e.dtype, (g.dtype, e.dtype)
    if magnitudes:
        g, e = numpy.abs(g), numpy.abs(e)
    tol = TOL[str(numpy.dtype(dtype))]
    numpy.testing.assert_allclose(g, e, rtol=tol, atol=tol)


SHAPES = [(4, 4), (3, 5, 5)]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_solve_inv_det(dtype, shape):
    a = matrices(shape, dtype)
    b = matrices(shape[:-1] + (2,), dtype, seed=1)
    v = matrices((shape[-1],), dtype, seed=2)
    tol = TOL[dtype]
    check(lambda np, a, b: np.linalg.solve(a, b), a, b, rtol=tol, atol=tol)
    # NumPy 2's rule: a 1-D b is one vector for every matrix of the stack
    # (NumPy 1.24, the oracle here, takes it only beside a single matrix).
    x = run_legato(lambda np, a, v: np.linalg.solve(a, v), a, v)
    close(x, numpy.linalg.solve(a, numpy.broadcast_to(v[:, None], shape[:-1] + (1,)))[..., 0],
          dtype)
    check(lambda np, a: np.linalg.inv(a), a, rtol=tol, atol=tol)
    check(lambda np, a: np.linalg.det(a), a, rtol=tol, atol=tol)
    check(lambda np, a: tuple(np.linalg.slogdet(a)), a, rtol=tol, atol=tol)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_cholesky_and_eigh(dtype, shape):
    a = matrices(shape, dtype, spd=True)
    tol = TOL[dtype]
    check(lambda np, a: np.linalg.cholesky(a), a, rtol=tol, atol=tol)
    check(lambda np, a: np.linalg.eigvalsh(a), a, rtol=tol, atol=tol)
    check(lambda np, a: np.linalg.eigvalsh(a, UPLO="U"), a, rtol=tol, atol=tol)
    w, v = run_legato(lambda np, a: tuple(np.linalg.eigh(a)), a)
    ew, ev = numpy.linalg.eigh(a)
    close(w, ew, dtype)
    close(v, ev, dtype, magnitudes=True)
    # a v = v diag(w)
    rebuilt = numpy.asarray(v) @ (numpy.asarray(w)[..., None] * numpy.swapaxes(
        numpy.asarray(v), -1, -2).conj())
    numpy.testing.assert_allclose(rebuilt, a, rtol=tol * 10, atol=tol * 10 * shape[-1])


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(5, 3), (3, 5), (2, 4, 4)], ids=str)
@pytest.mark.parametrize("full", [False, True])
def test_svd(dtype, shape, full):
    a = matrices(shape, dtype)
    tol = TOL[dtype]
    u, s, vh = run_legato(lambda np, a: tuple(np.linalg.svd(a, full_matrices=full)), a)
    eu, es, evh = numpy.linalg.svd(a, full_matrices=full)
    close(s, es, dtype.replace("complex64", "float32").replace("complex128", "float64"))
    close(u, eu, dtype, magnitudes=True)
    close(vh, evh, dtype, magnitudes=True)
    k = min(shape[-2:])
    u, vh = numpy.asarray(u)[..., :, :k], numpy.asarray(vh)[..., :k, :]
    numpy.testing.assert_allclose((u * numpy.asarray(s)[..., None, :]) @ vh, a,
                                  rtol=tol * 10, atol=tol * 10)
    check(lambda np, a: np.linalg.svd(a, compute_uv=False), a, rtol=tol, atol=tol)
    check(lambda np, a: np.linalg.norm(a, 2, axis=(-2, -1)), a, rtol=tol, atol=tol)
    check(lambda np, a: np.linalg.norm(a, "nuc", axis=(-2, -1)), a, rtol=tol, atol=tol)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(5, 3), (3, 5), (2, 4, 4)], ids=str)
@pytest.mark.parametrize("mode", ["reduced", "complete", "r"])
def test_qr(dtype, shape, mode):
    a = matrices(shape, dtype)
    tol = TOL[dtype]
    if mode == "r":
        r = run_legato(lambda np, a: np.linalg.qr(a, mode="r"), a)
        close(r, numpy.linalg.qr(a, mode="r"), dtype, magnitudes=True)
        return
    q, r = run_legato(lambda np, a: tuple(np.linalg.qr(a, mode=mode)), a)
    eq, er = numpy.linalg.qr(a, mode=mode)
    close(q, eq, dtype, magnitudes=True)
    close(r, er, dtype, magnitudes=True)
    numpy.testing.assert_allclose(numpy.asarray(q) @ numpy.asarray(r), a, rtol=tol * 10,
                                  atol=tol * 10)


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex128"])
def test_derived(dtype):
    a = matrices((5, 3), dtype)
    sq = matrices((4, 4), dtype, seed=3)
    tol = TOL[dtype]
    check(lambda np, a: np.linalg.pinv(a), a, rtol=tol, atol=tol)
    check(lambda np, a: np.linalg.matrix_rank(a), a)
    check(lambda np, a: np.linalg.cond(a), sq, rtol=tol, atol=tol)
    check(lambda np, a: np.linalg.cond(a, -2), sq, rtol=tol, atol=tol)
    # (NumPy 1.24 gives cond(complex, p) a complex dtype; its value is real)
    check(lambda np, a: np.linalg.cond(a, 1), sq, rtol=tol, atol=tol,
          check_dtype="complex" not in dtype)
    check(lambda np, a: np.linalg.matrix_power(a, -2), sq, rtol=tol * 10, atol=tol * 10)
    check(lambda np, a: np.linalg.matrix_power(a, 3), sq, rtol=tol, atol=tol)
    check(lambda np, a: np.linalg.tensorinv(a.reshape(2, 2, 4), ind=2), sq, rtol=tol, atol=tol)


def test_rank_deficient_and_integers():
    rank_one = numpy.outer(numpy.arange(1, 5), numpy.arange(1, 4)).astype(numpy.int64)
    check(lambda np, a: np.linalg.matrix_rank(a), rank_one)
    check(lambda np, a: np.linalg.matrix_rank(a, tol=0.5), rank_one)
    check(lambda np, a: np.linalg.pinv(a), rank_one, rtol=1e-10, atol=1e-12)
    ints = numpy.array([[2, 1], [1, 3]])
    check(lambda np, a: np.linalg.inv(a), ints)
    check(lambda np, a: np.linalg.det(a), ints)
    check(lambda np, a: np.linalg.matrix_rank(a), numpy.array([0.0, 1.0]))


def test_lstsq():
    a = matrices((6, 3), "float64")
    b = matrices((6, 2), "float64", seed=5)
    check(lambda np, a, b: tuple(np.linalg.lstsq(a, b, rcond=None)), a, b, rtol=1e-10,
          atol=1e-12, traceable=False)
    check(lambda np, a, b: tuple(np.linalg.lstsq(a, b[:, 0], rcond=None)), a, b, rtol=1e-10,
          atol=1e-12, traceable=False)
    # Underdetermined: no residuals (no host read: it traces), the
    # minimum-norm solution.
    check(lambda np, a, b: tuple(np.linalg.lstsq(a.T, b[:3], rcond=None)), a, b, rtol=1e-10,
          atol=1e-12)


def test_fused_with_its_neighbours():
    # One window: the scaling before the solve and the sum after it.
    a = matrices((6, 6))
    check(lambda np, a: np.sum(np.linalg.solve(a * 2.0, np.ones(6)) ** 2), a)
    check(lambda np, a: np.linalg.eigvalsh(a + a.T).max(), a)


def test_errors_like_numpy():
    singular = numpy.array([[1.0, 2.0], [2.0, 4.0]])
    error = raises_like_numpy(lambda np, a: numpy.asarray(np.linalg.inv(a)), singular)
    assert "Singular matrix" in str(error)
    error = raises_like_numpy(lambda np, a: numpy.asarray(np.linalg.cholesky(a)),
                              numpy.array([[1.0, 2.0], [2.0, 1.0]]))
    assert "not positive definite" in str(error)
    raises_like_numpy(lambda np, a: np.linalg.inv(a), numpy.ones(3))
    raises_like_numpy(lambda np, a: np.linalg.det(a), numpy.ones((2, 3)))
    raises_like_numpy(lambda np, a: np.linalg.eigh(a), numpy.ones((2, 2), numpy.float16))
    raises_like_numpy(lambda np, a: np.linalg.qr(a, mode="diagonal"), numpy.ones((2, 2)))
    # The singular values of a singular matrix are fine; its determinant is 0.
    check(lambda np, a: np.linalg.det(a), singular)
    check(lambda np, a: tuple(np.linalg.slogdet(a)), singular)


@pytest.mark.skipif(JIT, reason="the jit run traces check(); this test reads errors eagerly")
def test_runtime_usable_after_a_failure():
    with pytest.raises(legato.LinAlgError):
        numpy.asarray(lnp.linalg.inv(lnp.zeros((3, 3))))
    assert_same(lnp.linalg.inv(lnp.eye(3) * 2.0), numpy.eye(3) / 2)


def test_named_results():
    a = matrices((3, 3), spd=True)
    r = lnp.linalg.eigh(lnp.asarray(a))
    assert r.eigenvalues is r[0] and r.eigenvectors is r[1]
    u, s, vh = lnp.linalg.svd(lnp.asarray(a))
    assert lnp.linalg.svd(lnp.asarray(a)).S.shape == (3,)
    sign, logdet = lnp.linalg.slogdet(lnp.asarray(a))
    assert float(sign) == 1.0


@pytest.mark.parametrize("dtype", DTYPES)
def test_eig(dtype):
    """General matrices: eigenvalues as NumPy's (sorted: LAPACK's order is
    its own), eigenvectors by a v = v w, complex also where every eigenvalue
    is real (NumPy 2's rule; NumPy 1.x returned those real)."""
    tol = TOL[dtype]
    cdtype = numpy.result_type(dtype, numpy.complex64)
    f = legato.jit(lambda a: lnp.linalg.eigvals(a))  # (traceable: no host read)
    for a in (matrices((5, 5), dtype, seed=11), matrices((2, 4, 4), dtype, seed=12),
              matrices((4, 4), dtype, spd=True)):
        w, v = (numpy.asarray(x) for x in lnp.linalg.eig(lnp.asarray(a)))
        ew = numpy.linalg.eigvals(a).astype(cdtype)
        assert w.dtype == v.dtype == cdtype, (w.dtype, cdtype)
        numpy.testing.assert_allclose(numpy.sort_complex(w.reshape(-1, a.shape[-1])),
                                      numpy.sort_complex(ew.reshape(-1, a.shape[-1])),
                                      rtol=tol * 10, atol=tol * 10)
        numpy.testing.assert_allclose(a @ v, v * w[..., None, :], rtol=tol * 10,
                                      atol=tol * 10 * a.shape[-1])
        numpy.testing.assert_allclose(numpy.linalg.norm(v, axis=-2), 1, rtol=tol * 10)
        assert_same(f(lnp.asarray(a)), w, rtol=tol, atol=tol)
    if "complex" not in dtype:
        rot = numpy.array([[0.0, -1.0], [1.0, 0.0]], dtype)  # +-i: conjugate columns
        w, v = (numpy.asarray(x) for x in lnp.linalg.eig(lnp.asarray(rot)))
        numpy.testing.assert_allclose(numpy.sort_complex(w), [-1j, 1j], atol=tol)
        numpy.testing.assert_allclose(v[:, 1], v[:, 0].conj(), atol=tol)


def test_array_api_extension_forms():
    """The array API's linalg forms: cross along an axis, pinv with one
    rtol per matrix; squeeze of no axis."""
    x, y = matrices((4, 3), seed=20), matrices((4, 3), seed=21)
    check(lambda np, x, y: np.cross(x, y, axis=-1), x, y)
    assert_same(lnp.linalg.cross(lnp.asarray(x), lnp.asarray(y)), numpy.cross(x, y))
    stack = matrices((3, 4, 2), seed=22)
    rcond = numpy.array([1e-15, 0.5, 0.9])
    assert_same(lnp.linalg.pinv(lnp.asarray(stack), rtol=lnp.asarray(rcond)),
                numpy.linalg.pinv(stack, rcond=rcond), rtol=1e-10, atol=1e-12)
    check(lambda np, x: np.squeeze(x[:1], axis=()), x)
