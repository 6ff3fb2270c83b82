"""np.sort, argsort, partition and argpartition against NumPy: every dtype,
every axis, NaNs and both zeros, ties (argsort is stable), strided views,
lines long enough for the sort's threads, and NumPy's errors. On CPUs each
runs the sort primitive (legato.sort); complex numbers the composed one."""
import numpy
import pytest

import legato.numpy as lnp
from conftest import AxisError, check, raises_like_numpy

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


@pytest.mark.parametrize("kth", [0, 4, -1, [1, 5], (0, 2, 6)])
@pytest.mark.parametrize("axis", [0, -1, None])
def test_partition(kth, axis):
    """The kth elements where a sort puts them, none larger before them and
    none smaller after (NumPy leaves the order within each side open)."""
    x = values("float64", (7, 8), seed=9)
    n = x.size if axis is None else x.shape[axis]
    ks = [k % n for k in numpy.atleast_1d(kth)]
    for name in ("partition", "argpartition"):
        got = numpy.asarray(getattr(lnp, name)(lnp.asarray(x), kth, axis=axis))
        part = got if name == "partition" else numpy.take_along_axis(
            x.reshape(-1) if axis is None else x, got, axis=-1 if axis is None else axis)
        part = numpy.moveaxis(part.reshape(-1) if axis is None else part,
                              -1 if axis is None else axis, -1)
        ref = numpy.moveaxis(numpy.sort(x, axis=axis), -1 if axis is None else axis, -1)
        for k in ks:
            numpy.testing.assert_array_equal(part[..., k], ref[..., k])
            lower = numpy.where(numpy.isnan(part[..., :k]), numpy.inf, part[..., :k])
            assert (lower <= numpy.where(numpy.isnan(ref[..., k]), numpy.inf,
                                         ref[..., k])[..., None]).all()


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
