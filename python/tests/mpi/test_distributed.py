"""Python scripts run SPMD under mpirun (ctest python.mpi.np2/np3 runs this
file at 2 and 3 ranks; the plain suite runs it at one): every rank runs the
same code, arrays are split among the ranks, and a host read gives every
rank the whole value, equal to NumPy's."""
import numpy

import legato
import legato.numpy as lnp


def test_ranks_see_one_job():
    opts = legato.options()
    assert 0 <= opts["rank"] < opts["size"]


def test_split_arrays_compute_as_numpy():
    x = numpy.arange(37 * 5, dtype=numpy.float64).reshape(37, 5)  # uneven over ranks
    a = legato.shard(lnp.asarray(x), 0)
    numpy.testing.assert_allclose(numpy.asarray(lnp.exp(a / 100).sum(axis=0)),
                                  numpy.exp(x / 100).sum(axis=0), rtol=1e-12)
    numpy.testing.assert_array_equal(numpy.asarray(a[1:-1] - a[:-2]), x[1:-1] - x[:-2])
    numpy.testing.assert_allclose(numpy.asarray(a.T @ a), x.T @ x, rtol=1e-12)
    numpy.testing.assert_array_equal(numpy.asarray(lnp.cumsum(a[:, 0])),
                                     numpy.cumsum(x[:, 0]))


def test_replicated_and_sharded_operands_mix():
    x = numpy.linspace(0, 1, 40)
    a = legato.shard(lnp.asarray(x))
    b = legato.replicate(lnp.asarray(x[::-1].copy()))
    numpy.testing.assert_allclose(numpy.asarray(a * b + 1), x * x[::-1] + 1, rtol=1e-15)
    assert float(lnp.argmax(a)) == 39


def test_jit_over_ranks():
    f = legato.jit(lambda u: 0.25 * (u[:-2] + u[2:]) + 0.5 * u[1:-1])
    x = numpy.random.default_rng(0).random(50)
    numpy.testing.assert_allclose(numpy.asarray(f(legato.shard(lnp.asarray(x)))),
                                  0.25 * (x[:-2] + x[2:]) + 0.5 * x[1:-1], rtol=1e-15)


def test_complex_arrays_split_unevenly():
    """Complex values keep both parts where the ranks hold unequal pieces
    (regression: their element size was read as float64's)."""
    for n in (1, 2, 5):
        z = (numpy.arange(n) + 1j * numpy.arange(n, 0, -1)).astype(numpy.complex128)
        a = legato.shard(lnp.asarray(z))
        numpy.testing.assert_array_equal(numpy.asarray(a * 2 + 1j), z * 2 + 1j)
        numpy.testing.assert_allclose(numpy.asarray(a.sum()), z.sum(), rtol=1e-15)


def test_linalg_of_split_stacks():
    """A stack split along its batch axis is solved where it lies, a matrix
    split by rows is gathered; both as NumPy, and a singular matrix on one
    rank is a LinAlgError on every rank."""
    r = numpy.random.default_rng(7)
    stack = r.uniform(-1, 1, (5, 4, 4)) + 4 * numpy.eye(4)
    b = r.uniform(-1, 1, (5, 4, 2))
    a, rhs = legato.shard(lnp.asarray(stack), 0), legato.shard(lnp.asarray(b), 0)
    numpy.testing.assert_allclose(numpy.asarray(lnp.linalg.solve(a, rhs)),
                                  numpy.linalg.solve(stack, b), rtol=1e-10)
    numpy.testing.assert_allclose(numpy.asarray(lnp.linalg.det(a)), numpy.linalg.det(stack),
                                  rtol=1e-10)
    m = r.uniform(-1, 1, (7, 3))
    numpy.testing.assert_allclose(numpy.asarray(lnp.linalg.svd(legato.shard(lnp.asarray(m)),
                                                               compute_uv=False)),
                                  numpy.linalg.svd(m, compute_uv=False), rtol=1e-10)
    singular = stack.copy()
    singular[4] = 0  # the last matrix: on the last rank
    try:
        numpy.asarray(lnp.linalg.inv(legato.shard(lnp.asarray(singular), 0)))
    except legato.LinAlgError as e:
        assert "Singular matrix" in str(e)
    else:
        raise AssertionError("no LinAlgError")
    # every rank goes on
    numpy.testing.assert_allclose(numpy.asarray(lnp.linalg.inv(a)), numpy.linalg.inv(stack),
                                  rtol=1e-10)


def test_fft_of_split_arrays():
    """Rows split over the ranks are transformed where they lie along the
    rows, gathered along the columns; a 2-D transform and its inverse, and
    a power spectrum fused after it, as NumPy's."""
    r = numpy.random.default_rng(11)
    x = r.uniform(-1, 1, (13, 12))  # uneven over ranks
    a = legato.shard(lnp.asarray(x), 0)
    numpy.testing.assert_allclose(numpy.asarray(lnp.fft.rfft(a)), numpy.fft.rfft(x),
                                  rtol=1e-10, atol=1e-12)
    numpy.testing.assert_allclose(numpy.asarray(lnp.fft.fft(a, axis=0)),
                                  numpy.fft.fft(x, axis=0), rtol=1e-10, atol=1e-12)
    numpy.testing.assert_allclose(numpy.asarray(lnp.fft.irfft2(lnp.fft.rfft2(a), x.shape)), x,
                                  rtol=1e-10, atol=1e-12)
    power = lnp.abs(lnp.fft.fft2(a)) ** 2
    numpy.testing.assert_allclose(numpy.asarray(power.sum(axis=1)),
                                  (numpy.abs(numpy.fft.fft2(x)) ** 2).sum(axis=1), rtol=1e-10)


def test_sort_of_split_arrays():
    """Rows split over the ranks are sorted where they lie along the rows,
    gathered along the columns and for a flat sort; argsort stable, a
    median (a sort inside) as NumPy's."""
    r = numpy.random.default_rng(12)
    x = r.integers(-5, 5, (13, 12)).astype(numpy.float64)  # ties; uneven over ranks
    x[2, 3] = numpy.nan
    a = legato.shard(lnp.asarray(x), 0)
    numpy.testing.assert_array_equal(numpy.asarray(lnp.sort(a)), numpy.sort(x))
    numpy.testing.assert_array_equal(numpy.asarray(lnp.sort(a, axis=0)), numpy.sort(x, axis=0))
    numpy.testing.assert_array_equal(numpy.asarray(lnp.argsort(a, axis=0)),
                                     numpy.argsort(x, axis=0, kind="stable"))
    numpy.testing.assert_array_equal(numpy.asarray(lnp.sort(a, axis=None)),
                                     numpy.sort(x, axis=None))
    numpy.testing.assert_array_equal(numpy.asarray(lnp.median(a, axis=1)),
                                     numpy.median(x, axis=1))
