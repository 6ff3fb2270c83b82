"""np.random draws under mpirun (ctest python.mpi.np2/np3 runs this folder
at 2 and 3 ranks; the plain suite at one): an (n,) draw is split along axis
0 over the ranks, a (1, n) draw is whole on every rank, and their row-major
values are the same (bit for bit where legato.h promises it; to an ulp
where exp/log/cos round in differently vectorized pieces)."""
import numpy
import pytest

import legato.numpy as lnp

DRAWS = {
    "random": (lambda g, s: g.random(s), 0),
    "integers": (lambda g, s: g.integers(-9, 2 ** 40, s), 0),
    "poisson(6)": (lambda g, s: g.poisson(6, s), 0),
    "poisson(60)": (lambda g, s: g.poisson(60, s), 0),
    "binomial(400)": (lambda g, s: g.binomial(400, 0.4, s), 0),
    "choice p": (lambda g, s: g.choice(4, s, p=[0.1, 0.2, 0.3, 0.4]), 0),
    "normal": (lambda g, s: g.normal(1, 2, s), 1e-14),
    "gamma": (lambda g, s: g.gamma(0.7, 2, s), 1e-14),
}


@pytest.mark.parametrize("name", sorted(DRAWS))
def test_split_draws_equal_whole_ones(name):
    draw, rtol = DRAWS[name]
    n = 1001
    split = numpy.asarray(draw(lnp.random.default_rng(77), (n,)))
    whole = numpy.asarray(draw(lnp.random.default_rng(77), (1, n))).reshape(n)
    numpy.testing.assert_allclose(split, whole, rtol=rtol, atol=0)


def test_permutation_is_one_over_ranks():
    p = numpy.asarray(lnp.random.default_rng(3).permutation(1001))
    assert (numpy.sort(p) == numpy.arange(1001)).all()
    assert (numpy.asarray(lnp.random.default_rng(3).permutation(1001)) == p).all()
