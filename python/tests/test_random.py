"""legato.numpy.random against the exact laws (not NumPy's numbers: legato's
streams are counter-based, so the oracle is each distribution's pmf, CDF
or moments, computed here with NumPy and math), NumPy's signatures
(size=None, dtype=, out=, endpoint=, array parameters) and NumPy's error
classes for the same misuse. Fixed seeds; tolerances of several standard
errors, or the 0.1% critical values of the KS and chi-square statistics.
The suite's modes (conftest.py) run each draw eagerly, lazily and traced by
legato.jit."""
import math

import numpy
import pytest

import legato
import legato.numpy as lnp
from conftest import JIT

N = 100_000


def drawn(f):
    """f() as a NumPy array, through legato.jit in the jit run."""
    if JIT:
        return numpy.asarray(legato.jit(lambda dummy: f())(lnp.zeros(1)))
    return numpy.asarray(f())


def expect_moments(x, mean, var, mu4, what):
    n = x.size
    assert abs(x.mean() - mean) < 5 * math.sqrt(var / n), (what, x.mean(), mean)
    assert abs(x.var(ddof=1) - var) < 5 * math.sqrt((mu4 - var * var) / n), (what, x.var(), var)


def expect_cdf(x, cdf, what):
    x = numpy.sort(x)
    n = x.size
    f = cdf(x)
    i = numpy.arange(n)
    d = max((f - i / n).max(), ((i + 1) / n - f).max())
    assert d < 1.95 / math.sqrt(n), (what, d)


def expect_pmf(x, pmf, lo, hi, what):
    """Pearson's chi-square against pmf on [lo, hi] (the rest of the mass in
    the last bin), bins merged to expect >= 5; 0.1% critical value."""
    x = numpy.asarray(x).astype(numpy.int64).ravel()
    assert x.min() >= lo and x.max() <= hi, (what, x.min(), x.max())
    counts = numpy.bincount(x - lo, minlength=hi - lo + 1).astype(float)
    probs = numpy.array([pmf(k) for k in range(lo, hi + 1)])
    probs[-1] = max(0.0, 1 - probs[:-1].sum())
    bins, e, o = [], 0.0, 0.0
    for pk, ck in zip(probs * x.size, counts):
        e, o = e + pk, o + ck
        if e >= 5:
            bins.append((e, o))
            e = o = 0.0
    if e or o:
        bins[-1] = (bins[-1][0] + e, bins[-1][1] + o)
    assert len(bins) >= 2
    chi2 = sum((got - exp) ** 2 / exp for exp, got in bins)
    df = len(bins) - 1
    critical = df * (1 - 2 / (9 * df) + 3.09 * math.sqrt(2 / (9 * df))) ** 3
    assert chi2 < critical, (what, chi2, critical, df)


def normal_cdf(x):
    return 0.5 * numpy.vectorize(math.erfc)(-x / math.sqrt(2))


def test_uniforms():
    g = lnp.random.default_rng(1)
    u = drawn(lambda: g.random(N))
    assert u.dtype == numpy.float64 and u.shape == (N,)
    assert u.min() >= 0 and u.max() < 1
    expect_moments(u, 0.5, 1 / 12, 1 / 80, "random")
    expect_cdf(u, lambda x: x, "random")
    f = drawn(lambda: g.random((300, 3), dtype=numpy.float32))
    assert f.dtype == numpy.float32 and f.shape == (300, 3) and 0 <= f.min() and f.max() < 1
    s = drawn(lambda: g.uniform(-2, 3, N))
    expect_cdf(s, lambda x: (x + 2) / 5, "uniform(-2, 3)")
    # Array bounds broadcast, as NumPy's.
    b = drawn(lambda: g.uniform(lnp.zeros(4), lnp.asarray([1.0, 2.0, 3.0, 4.0]), (1000, 4)))
    assert b.shape == (1000, 4) and (b >= 0).all() and (b < numpy.arange(1, 5)).all()


def test_continuous_laws():
    g = lnp.random.default_rng(2)
    z = drawn(lambda: g.standard_normal(N))
    expect_moments(z, 0, 1, 3, "standard_normal")
    expect_cdf(z, normal_cdf, "standard_normal")
    x = drawn(lambda: g.normal(3, 0.5, N))
    expect_cdf(x, lambda v: normal_cdf((v - 3) / 0.5), "normal")
    e = drawn(lambda: g.exponential(2.5, N))
    expect_cdf(e, lambda v: 1 - numpy.exp(-v / 2.5), "exponential")
    t = drawn(lambda: g.gamma(3, 2, N))
    expect_cdf(t, lambda v: 1 - numpy.exp(-v / 2) * (1 + v / 2 + (v / 2) ** 2 / 2), "gamma(3, 2)")
    h = drawn(lambda: g.standard_gamma(0.5, N))
    expect_cdf(h, lambda v: numpy.vectorize(math.erf)(numpy.sqrt(v)), "standard_gamma(0.5)")
    for a in (0.3, 50.0):
        expect_moments(drawn(lambda: g.standard_gamma(a, N)), a, a, 3 * a * a + 6 * a, a)
    assert drawn(lambda: g.standard_normal(5, dtype="float32")).dtype == numpy.float32
    assert drawn(lambda: g.standard_exponential(5, dtype=numpy.float32)).dtype == numpy.float32


def test_integers():
    g = lnp.random.default_rng(3)
    x = drawn(lambda: g.integers(-3, 7, N))
    assert x.dtype == numpy.int64
    expect_pmf(x, lambda k: 0.1, -3, 6, "integers(-3, 7)")
    d = drawn(lambda: g.integers(1, 6, N, endpoint=True))
    expect_pmf(d, lambda k: 1 / 6, 1, 6, "integers(1, 6, endpoint=True)")
    one = drawn(lambda: g.integers(10, size=N))  # high=None: [0, low)
    expect_pmf(one, lambda k: 0.1, 0, 9, "integers(10)")
    for dtype in (numpy.int8, numpy.uint8, numpy.int32, numpy.uint16, numpy.bool_):
        hi = 2 if dtype == numpy.bool_ else 100
        v = drawn(lambda: g.integers(0, hi, 500, dtype=dtype))
        assert v.dtype == dtype and v.min() >= 0 and v.max() < hi
    third = 2 ** 61  # a range that does not divide 2^64: attempts with rejection
    w = drawn(lambda: g.integers(-third, 2 * third, 30000))
    assert w.min() >= -third and w.max() < 2 * third
    expect_pmf((w >= 0).astype(int) + (w >= third), lambda k: 1 / 3, 0, 2, "wide range")


@pytest.mark.parametrize("lam", [0.5, 3.0, 9.9, 10.0, 25.0, 1000.0])
def test_poisson(lam):
    g = lnp.random.default_rng(4)
    x = drawn(lambda: g.poisson(lam, N))
    assert x.dtype == numpy.int64
    expect_pmf(x, lambda k: math.exp(k * math.log(lam) - lam - math.lgamma(k + 1)), 0,
               int(lam + 20 * math.sqrt(lam) + 30), f"poisson({lam})")


@pytest.mark.parametrize("n,p", [(10, 0.3), (100, 0.05), (50, 0.9), (1000, 0.5), (2000, 0.97)])
def test_binomial(n, p):
    g = lnp.random.default_rng(5)
    x = drawn(lambda: g.binomial(n, p, N))
    assert x.dtype == numpy.int64

    def pmf(k):
        return math.exp(math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) +
                        k * math.log(p) + (n - k) * math.log1p(-p))
    expect_pmf(x, pmf, 0, n, f"binomial({n}, {p})")


def test_permutation_shuffle_choice():
    g = lnp.random.default_rng(6)
    p = drawn(lambda: g.permutation(30000))
    assert (numpy.sort(p) == numpy.arange(30000)).all()
    # A uniform permutation orders disjoint triples of positions uniformly
    # and independently: their 6 patterns are equally likely.
    t = p.reshape(-1, 3)
    code = numpy.argsort(t, axis=1) @ numpy.array([9, 3, 1])
    patterns = numpy.unique(code)
    assert patterns.size == 6
    expect_pmf(numpy.searchsorted(patterns, code), lambda k: 1 / 6, 0, 5, "permutation")
    rows = numpy.asarray(g.permutation(lnp.arange(40.0).reshape(10, 4)))
    assert (rows[:, 1:] - rows[:, :1] == numpy.arange(1, 4)).all()
    assert sorted(rows[:, 0]) == list(numpy.arange(0, 40, 4))
    x = lnp.arange(50)
    alias = x
    g.shuffle(x)
    s = numpy.asarray(alias)
    assert sorted(s) == list(range(50)) and (s != numpy.arange(50)).any()
    # choice: uniform, with p, from an array, without replacement.
    expect_pmf(drawn(lambda: g.choice(5, N)), lambda k: 0.2, 0, 4, "choice(5)")
    w = [0.1, 0.0, 0.6, 0.05, 0.25]
    expect_pmf(drawn(lambda: g.choice(5, N, p=w)), lambda k: w[k], 0, 4, "choice(5, p)")
    picked = numpy.asarray(g.choice(lnp.arange(12.0).reshape(6, 2), (3, 2)))
    assert picked.shape == (3, 2, 2) and (picked[..., 1] == picked[..., 0] + 1).all()
    d = drawn(lambda: g.choice(1000, 1000, replace=False))
    assert numpy.unique(d).size == 1000
    # Without replacement and with p (weights 3:1 in each pair of a full
    # ordering): the heavier comes first 3/4 of the time, independently.
    m = 20000
    weights = numpy.tile([0.75, 0.25], m) / m
    order = drawn(lambda: g.choice(2 * m, 2 * m, replace=False, p=weights))
    rank = numpy.empty(2 * m, dtype=numpy.int64)
    rank[order] = numpy.arange(2 * m)
    heavier_first = (rank[0::2] < rank[1::2]).mean()
    assert abs(heavier_first - 0.75) < 5 * math.sqrt(0.75 * 0.25 / m), heavier_first


def test_sizes_out_and_reproducibility():
    g = lnp.random.default_rng(7)
    assert g.random().shape == () and g.standard_normal().shape == ()
    assert g.integers(5).shape == () and g.poisson(3).shape == ()
    out = lnp.zeros((3, 2))
    assert g.random(out=out) is out and (numpy.asarray(out) > 0).any()
    a = numpy.asarray(lnp.random.default_rng(42).normal(size=100))
    b = numpy.asarray(lnp.random.default_rng(42).normal(size=100))
    c = numpy.asarray(lnp.random.default_rng(43).normal(size=100))
    assert (a == b).all() and (a != c).all()
    r = lnp.random.default_rng(42)
    assert (numpy.asarray(r.normal(size=100)) == a).all()
    assert (numpy.asarray(r.normal(size=100)) != a).all()  # the next stream
    lnp.random.seed(5)
    first = numpy.asarray(lnp.random.rand(3, 2))
    lnp.random.seed(5)
    assert (numpy.asarray(lnp.random.rand(3, 2)) == first).all()
    assert numpy.asarray(lnp.random.randint(2, 5, size=10)).min() >= 2
    assert numpy.asarray(lnp.random.randn(4)).shape == (4,)
    assert lnp.random.default_rng(g) is g


BAD = [
    ("poisson(-1)", lambda r: r.poisson(-1), ValueError),
    ("poisson(nan)", lambda r: r.poisson(float("nan")), ValueError),
    ("binomial(-1, .5)", lambda r: r.binomial(-1, 0.5), ValueError),
    ("binomial(3, 1.5)", lambda r: r.binomial(3, 1.5), ValueError),
    ("integers(5, 5)", lambda r: r.integers(5, 5), ValueError),
    ("integers int8", lambda r: r.integers(0, 300, dtype="int8"), ValueError),
    ("integers float", lambda r: r.integers(0, 3, dtype="float64"), TypeError),
    ("random int64", lambda r: r.random(dtype="int64"), TypeError),
    ("standard_normal f16", lambda r: r.standard_normal(dtype="float16"), TypeError),
    ("normal scale<0", lambda r: r.normal(0, -1), ValueError),
    ("exponential scale<0", lambda r: r.exponential(-1), ValueError),
    ("gamma shape<0", lambda r: r.gamma(-1), ValueError),
    ("uniform inf", lambda r: r.uniform(0, float("inf")), OverflowError),
    ("choice larger", lambda r: r.choice(3, 5, replace=False), ValueError),
    ("choice p sum", lambda r: r.choice(3, p=[0.5, 0.4, 0.2]), ValueError),
    ("choice p size", lambda r: r.choice(3, p=[0.5, 0.5]), ValueError),
    ("choice p negative", lambda r: r.choice(3, p=[1.5, -0.5, 0]), ValueError),
    ("choice empty", lambda r: r.choice(0, 2), ValueError),
    ("choice nonzero", lambda r: r.choice(3, 3, replace=False, p=[0.5, 0.5, 0]), ValueError),
    ("permutation 0-d", lambda r: r.permutation(r_array(r)), (IndexError, ValueError)),
]


def r_array(r):
    return lnp.asarray(5.0) if isinstance(r, lnp.random.Generator) else numpy.asarray(5.0)


@pytest.mark.parametrize("name,call,error", BAD, ids=[b[0] for b in BAD])
def test_errors_are_numpys(name, call, error):
    with pytest.raises(error):
        call(numpy.random.default_rng(0))
    with pytest.raises(error) as info:
        call(lnp.random.default_rng(0))
    assert isinstance(info.value, legato.Error), type(info.value)
