"""np.sort, argsort, partition and argpartition against NumPy: every dtype,
every axis, NaNs and both zeros, ties (argsort is stable), strided views,
lines long enough for the sort's threads, and NumPy's errors. On CPUs each
runs the sort primitive (legato.sort); complex numbers the composed one."""
import numpy
import pytest

import legato.numpy as lnp
from conftest import AxisError, check, raises_like_numpy, run_legato

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "float32", "float64", "complex128"]


def values(dtype, shape, seed=0):
    """Values of `dtype` with many ties; floats with NaN, -0.0, 0.0, inf."""
    r = numpy.random.default_rng(seed)
    x = r.integers(-40, 40, shape)
    if dtype == "bool":
        return x > 0
    kind = numpy.dtype(dtype).kind
    if kind == "u":
        return (x + 40).astype(dtype) * numpy.array(3, dtype) + numpy.iinfo(dtype).max // 2
    if kind == "i":
        return x.astype(dtype)
    y = (x / 4).astype(dtype)
    flat = y.reshape(-1)
    picks = r.choice(flat.size, size=min(flat.size, 12), replace=False)
    specials = [numpy.nan, -0.0, 0.0, numpy.inf, -numpy.inf, numpy.nan]
    for i, p in enumerate(picks):
        flat[p] = specials[i % len(specials)]
    if kind == "c":
        y = y + 1j * (x % 3)
    return y


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("axis", [0, 1, -1, None])
def test_sort_and_stable_argsort(dtype, axis):
    x = values(dtype, (9, 70), seed=len(dtype))
    check(lambda np, x: np.sort(x, axis=axis), x)
    check(lambda np, x: np.argsort(x, axis=axis, kind="stable"), x)


@pytest.mark.parametrize("dtype", ["float64", "int32", "float16"])
def test_long_lines_on_threads(dtype):
    """One line long enough to be sorted in chunks on the threads and
    merged, and many lines shared out among them."""
    line = values(dtype, (70001,), seed=3)
    check(lambda np, x: np.sort(x), line)
    check(lambda np, x: np.argsort(x, kind="stable"), line)
    rows = values(dtype, (300, 257), seed=4)
    check(lambda np, x: np.argsort(x, axis=0, kind="stable"), rows)


def test_views_and_expressions():
    x = values("float64", (12, 30), seed=5)
    check(lambda np, x: np.sort(x[::2, ::-3], axis=0), x)
    check(lambda np, x: np.argsort(x.T[1:, :7], axis=1, kind="stable"), x)
    check(lambda np, x: np.sort(x * 2 - 1, axis=1)[:, :5].sum(axis=1), x)
    check(lambda np, x: np.take_along_axis(x, np.argsort(x, axis=1, kind="stable"), 1), x)
    t = values("int16", (4, 5, 6), seed=6)
    for axis in (0, 1, 2):
        check(lambda np, t: np.sort(t, axis=axis), t)


def test_methods_sort_in_place():
    x = values("float32", (5, 8), seed=7)
    a = lnp.asarray(x)
    a.sort(axis=0)
    e = x.copy()
    e.sort(axis=0)
    numpy.testing.assert_array_equal(numpy.asarray(a), e)
    a = lnp.asarray(x)
    a.partition(3)
    assert numpy.array_equal(numpy.asarray(a)[:, 3], numpy.partition(x, 3)[:, 3], equal_nan=True)


@pytest.mark.parametrize("dtype", ["int64", "uint8", "int8", "float64", "bool"])
def test_descending_argsort_is_stable(dtype):
    """The array API's argsort(descending=True): the largest first, equal
    elements in their order (-a would wrap for unsigned integers)."""
    x = values(dtype, (40,), seed=8)
    if x.dtype.kind == "f":
        x = numpy.nan_to_num(x, posinf=9.0, neginf=-9.0)
    if x.dtype.kind == "i":
        x[0] = numpy.iinfo(x.dtype).min
    got = numpy.asarray(lnp.argsort(lnp.asarray(x), descending=True))
    expected = sorted(range(len(x)), key=lambda i: (-float(x[i]), i))
    assert got.tolist() == expected


def assert_partitioned(x, got, kth, axis, positions):
    """`got` partitions `x` at `kth` along `axis`: the kth elements where a
    sort puts them, none sorting after them before them, none before after
    (NumPy leaves the order within each side open); positions are a
    permutation."""
    flat = axis is None
    xs = x.reshape(-1) if flat else x
    ax = -1 if flat else axis
    if positions:
        assert (numpy.sort(got, axis=ax) == numpy.arange(xs.shape[ax]).reshape(
            [-1 if d == ax % xs.ndim else 1 for d in range(xs.ndim)])).all()
        got = numpy.take_along_axis(xs, got, axis=ax)
    part = numpy.moveaxis(got, ax, -1)
    ref = numpy.moveaxis(numpy.sort(xs, axis=ax), ax, -1)
    n = part.shape[-1]
    key = (lambda v: numpy.where(numpy.isnan(v), numpy.inf, v)) if x.dtype.kind == "f" \
        else (lambda v: v)
    for k in sorted({k % n for k in numpy.atleast_1d(kth)}):
        numpy.testing.assert_array_equal(part[..., k], ref[..., k])
        assert (key(part[..., :k]) <= key(ref[..., k])[..., None]).all()
        assert (key(part[..., k + 1:]) >= key(ref[..., k])[..., None]).all()


@pytest.mark.parametrize("kth", [0, 4, -1, [1, 5], (0, 2, 6), [3, 3, -5]])
@pytest.mark.parametrize("axis", [0, -1, None])
def test_partition(kth, axis):
    x = values("float64", (7, 8), seed=9)
    a = lnp.asarray(x)
    assert_partitioned(x, numpy.asarray(lnp.partition(a, kth, axis=axis)), kth, axis, False)
    assert_partitioned(x, numpy.asarray(lnp.argpartition(a, kth, axis=axis)), kth, axis, True)


@pytest.mark.parametrize("dtype", DTYPES)
def test_partition_of_every_dtype_and_long_lines(dtype):
    for shape, axis, kth in [((9, 70), 1, [0, 35, 69]), ((70001,), 0, [123, 40000]),
                             ((300, 257), 0, 150)]:
        x = values(dtype, shape, seed=11)
        a = lnp.asarray(x)
        if dtype == "complex128":  # (NumPy's order of complex numbers: checked by sort)
            continue
        assert_partitioned(x, numpy.asarray(lnp.partition(a, kth, axis=axis)), kth, axis, False)
        assert_partitioned(x, numpy.asarray(lnp.argpartition(a, kth, axis=axis)), kth, axis,
                           True)


@pytest.mark.parametrize("dtype", ["float64", "float32", "int32", "uint8", "float16"])
@pytest.mark.parametrize("n", [1, 2, 7, 10, 5001])
def test_median_and_quantiles_by_selection(dtype, n):
    """Order statistics select their elements (a partition at their
    positions and the last, where a NaN would be)."""
    x = values(dtype, (3, n), seed=n)
    if x.dtype.kind == "f":
        x[1] = numpy.nan_to_num(x[1], nan=0.5)  # a row without NaN beside rows with
    rtol = 2e-3 if dtype == "float16" else None
    check(lambda np, x: np.median(x, axis=1), x, rtol=rtol)
    check(lambda np, x: np.quantile(x, [0.0, 0.25, 0.5, 0.9, 1.0], axis=1), x, rtol=rtol)
    # (the row without NaN: NumPy 1.24 returns a NaN result in the array's
    # float type, a number in float64; legato float64 both)
    check(lambda np, x: np.percentile(x[1], 37, axis=None), x, rtol=rtol)


def test_partition_in_every_mode():
    """Inside legato.jit too (the jit run), fused with what follows."""
    x = values("float64", (7, 8), seed=9)
    got = run_legato(lambda np, x: np.partition(x, [2, 5], axis=1), x)
    assert_partitioned(x, numpy.asarray(got), [2, 5], 1, False)
    got = run_legato(lambda np, x: np.argpartition(x * 2, -1, axis=0), x)
    assert_partitioned(x, numpy.asarray(got), -1, 0, True)


def test_errors_as_numpy_raises_them():
    x = values("float64", (3, 4))
    raises_like_numpy(lambda np, x: np.partition(x, 4), x)   # kth out of bounds
    raises_like_numpy(lambda np, x: np.partition(x, -5), x)
    raises_like_numpy(lambda np, x: np.argpartition(x, 1.5), x)
    raises_like_numpy(lambda np, x: np.sort(x, axis=2), x)
    raises_like_numpy(lambda np, x: np.argsort(x, axis=-3), x)
    raises_like_numpy(lambda np, x: np.sort(x, kind="bogus"), x)
    with pytest.raises(AxisError):
        lnp.sort(lnp.asarray(x), axis=5)
