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
