"""Reductions, scans, statistics, sorting and searching against NumPy."""
import numpy
import pytest

import legato.numpy as lnp
from conftest import AxisError, assert_same, check, raises_like_numpy

X3 = numpy.random.default_rng(7).uniform(-1, 1, (4, 5, 6))
I2 = numpy.random.default_rng(8).integers(-9, 10, (5, 6)).astype(numpy.int32)
AXES = [None, 0, 1, -1, (0, 2), (), (1, 0)]


@pytest.mark.parametrize("name", ["sum", "prod", "max", "min", "mean", "any", "all", "ptp",
                                  "var", "std", "nansum", "nanmean", "nanmax", "nanmin",
                                  "nanprod", "median"])
@pytest.mark.parametrize("axis", AXES, ids=str)
@pytest.mark.parametrize("keepdims", [False, True])
def test_reductions_over_axes(name, axis, keepdims):
    if name == "median" and axis == ():
        axis = None  # (NumPy's median refuses an empty tuple)
    check(lambda np, x: getattr(np, name)(x, axis=axis, keepdims=keepdims), X3)


@pytest.mark.parametrize("name", ["sum", "prod", "max", "min", "mean", "count_nonzero"])
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_integer_reductions_and_their_dtypes(name, axis):
    check(lambda np, x: getattr(np, name)(x, axis=axis), I2)


def test_reduction_keywords():
    check(lambda np, x: np.sum(x, axis=1, dtype=np.float32), X3)
    check(lambda np, x: np.sum(x, axis=0, initial=10.0), X3)
    check(lambda np, x: np.sum(x, where=x > 0), X3)
    check(lambda np, x: np.max(x, axis=1, initial=0.5), X3)
    check(lambda np, x: np.mean(x, axis=2, where=x > 0), X3)
    check(lambda np, x: np.var(x, axis=0, ddof=1), X3)
    check(lambda np, x: np.std(x, ddof=2), X3)
    check(lambda np, x: x.sum(axis=(0, 1)), X3)
    check(lambda np, x: x.mean(0).max(), X3)


def test_reduction_into_out():
    out = lnp.zeros((5, 6))
    r = lnp.sum(lnp.asarray(X3), axis=0, out=out)
    assert r is out
    assert_same(out, X3.sum(axis=0))


@pytest.mark.parametrize("name", ["argmax", "argmin"])
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_arg_reductions(name, axis):
    check(lambda np, x: getattr(np, name)(x, axis=axis), X3)
    check(lambda np, x: getattr(np, name)(x, axis=axis), I2)


@pytest.mark.parametrize("name", ["cumsum", "cumprod", "nancumsum", "nancumprod"])
@pytest.mark.parametrize("axis", [None, 0, 2])
def test_scans(name, axis):
    # (legato adds in chunks of 8, NumPy one by one: a few ulp apart)
    check(lambda np, x: getattr(np, name)(x, axis=axis), X3, rtol=1e-9, atol=1e-12)
    int_axis = None if axis is None else min(axis, 1)
    check(lambda np, x: getattr(np, name)(x, axis=int_axis), I2 % 3)


def test_sorting_and_searching():
    check(lambda np, x: np.sort(x), X3)
    check(lambda np, x: np.sort(x, axis=0), X3)
    check(lambda np, x: np.sort(x, axis=None), I2)
    check(lambda np, x: np.argsort(x, kind="stable"), I2)
    check(lambda np, x: np.argsort(x, axis=0, kind="stable"), I2)
    check(lambda np, x: np.unique(x), I2, traceable=False)
    for flags in [(True, False, False), (False, True, False), (False, False, True),
                  (True, True, True)]:
        check(lambda np, x: _numpy2_unique(np, x, *flags), I2, traceable=False)
    nans = numpy.array([[2.0, numpy.nan, -0.0], [numpy.nan, 0.0, 2.0]])
    for equal_nan in (True, False):
        check(lambda np, x: _numpy2_unique(np, x, True, True, True, equal_nan=equal_nan), nans,
              traceable=False)
    s = numpy.sort(X3.ravel())
    check(lambda np, s, v: np.searchsorted(s, v), s, X3[0])
    check(lambda np, s, v: np.searchsorted(s, v, side="right"), s, X3[0])


def test_statistics():
    check(lambda np, x: np.quantile(x, 0.3), X3)
    check(lambda np, x: np.quantile(x, [0.1, 0.5], axis=1), X3)
    check(lambda np, x: np.percentile(x, 75, axis=0, keepdims=True), X3)
    check(lambda np, x: np.median(x, axis=(1, 2)), X3)
    check(lambda np, x: np.average(x, axis=1), X3)
    check(lambda np, x, w: np.average(x, axis=2, weights=w), X3, numpy.arange(1.0, 7.0))
    check(lambda np, x: np.cov(x), X3[0])
    check(lambda np, x: np.corrcoef(x, rowvar=False), X3[0])


def test_histogram_and_bincount():
    check(lambda np, x: np.histogram(x, bins=7, range=(-1, 1)), X3)
    check(lambda np, x: np.histogram(x, bins=[-1.0, -0.2, 0.0, 0.5, 1.0]), X3)
    check(lambda np, x: np.bincount(x), I2.ravel() + 9, traceable=False)
    check(lambda np, x, w: np.bincount(x, weights=w, minlength=30), I2.ravel() + 9,
          X3.ravel()[:30], traceable=False)


def test_interp():
    xp = numpy.linspace(0, 1, 11)
    check(lambda np, x, xp, fp: np.interp(x, xp, fp), X3[0], xp, xp ** 2)


def test_axis_errors_are_numpys_axis_error():
    e = raises_like_numpy(lambda np, x: np.sum(x, axis=3), X3)
    assert isinstance(e, AxisError)


def test_reduction_of_nothing_without_identity_is_a_value_error():
    raises_like_numpy(lambda np, x: np.max(x), numpy.zeros((0,)))


def _numpy2_unique(np, x, return_index=False, return_inverse=False, return_counts=False,
                   **kw):
    """np.unique with NumPy 2's inverse (of x's shape, since 2.0.1), on
    NumPy 1.x too (whose inverse is flat)."""
    r = np.unique(x, return_index, return_inverse, return_counts, **kw)
    if np is numpy and return_inverse:
        r = list(r)
        r[1 + return_index] = r[1 + return_index].reshape(numpy.shape(x))
        r = tuple(r)
    return r


def test_array_api_unique_functions():
    """The standard's unique_*: each NaN its own value, inverse of x's shape
    (the values NumPy's unique gives with equal_nan=False)."""
    import legato.array_api as xp
    x = numpy.array([[3.0, numpy.nan, 1.0], [3.0, numpy.nan, -1.0]])
    values, index, inverse, counts = numpy.unique(x, True, True, True, equal_nan=False)
    r = xp.unique_all(xp.asarray(x))
    assert_same(r.values, values)
    assert_same(r.indices, index)
    assert_same(r.inverse_indices, inverse.reshape(x.shape))
    assert_same(r.counts, counts)
    assert_same(xp.unique_counts(xp.asarray(x)).counts, counts)
    assert_same(xp.unique_inverse(xp.asarray(x)).inverse_indices, inverse.reshape(x.shape))
    assert_same(xp.unique_values(xp.asarray(x)), values)


def test_reduction_dtype_is_the_result_dtype():
    """sum/prod with dtype= give that dtype (small integers wrap in it)."""
    u = numpy.array([200, 100, 7], dtype=numpy.uint8)
    check(lambda np, u: np.prod(u, dtype=np.int16), u)
    check(lambda np, u: np.sum(u, dtype=np.int8), u)
    check(lambda np, u: np.sum(u, dtype=np.float32), u)
    check(lambda np, u: np.prod(u.reshape(1, 3), axis=1, dtype=np.uint16), u)
