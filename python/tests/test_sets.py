"""Set routines, lexsort, digitize, nanargmax/nanargmin against NumPy: ties,
NaNs, empty operands, mixed dtypes, and NumPy's errors."""
import numpy
import pytest

import legato.numpy as lnp
from conftest import check, raises_like_numpy

R = numpy.random.default_rng(21)
A = R.integers(-6, 7, (5, 8))
B = R.integers(-3, 10, 11)
F = numpy.array([1.5, numpy.nan, -0.0, 2.0, 1.5, numpy.nan, 0.0, 7.0])
G = numpy.array([0.0, numpy.nan, 2.0, 9.0])


@pytest.mark.parametrize("invert", [False, True])
def test_isin_and_in1d(invert):
    check(lambda np, a, b: np.isin(a, b, invert=invert), A, B)
    check(lambda np, a, b: np.isin(a, b, invert=invert), F, G)       # NaN is in nothing
    check(lambda np, a, b: np.isin(a, b, invert=invert), A, G)       # int against float
    check(lambda np, a, b: np.isin(a, b, invert=invert), A, B[:0])   # nothing to find
    check(lambda np, a, b: np.in1d(a, b, invert=invert), A, B)
    check(lambda np, a, b: np.isin(a * 2, b + 1, invert=invert), A, B)


@pytest.mark.parametrize("assume_unique", [False, True])
def test_set_operations(assume_unique):
    u, v = (numpy.unique(A), numpy.unique(B)) if assume_unique else (A, B)
    for name in ("intersect1d", "setdiff1d", "setxor1d"):
        check(lambda np, a, b: getattr(np, name)(a, b, assume_unique=assume_unique), u, v,
              traceable=False)
    check(lambda np, a, b: np.union1d(a, b), u, v, traceable=False)
    check(lambda np, a, b: np.intersect1d(a, b, assume_unique=assume_unique,
                                          return_indices=True), u, v, traceable=False)


def test_set_operations_with_nans_and_empty_operands():
    for name in ("intersect1d", "setdiff1d", "union1d", "setxor1d"):
        check(lambda np, a, b: getattr(np, name)(a, b), F, G, traceable=False)
        check(lambda np, a, b: getattr(np, name)(a, b), F[:0], G, traceable=False)
        check(lambda np, a, b: getattr(np, name)(a, b), F[:0], G[:0], traceable=False)


@pytest.mark.parametrize("axis", [-1, 0])
def test_lexsort(axis):
    k1 = R.integers(0, 3, (4, 9))
    k2 = R.integers(0, 2, (4, 9))
    k3 = R.uniform(size=(4, 9)).round(1)
    check(lambda np, a, b, c: np.lexsort((a, b, c), axis=axis), k1, k2, k3)
    check(lambda np, a, b: np.lexsort([a, b], axis=axis), k1, k2)
    check(lambda np, k: np.lexsort(k), numpy.stack([k1[0], k2[0]]))


@pytest.mark.parametrize("right", [False, True])
def test_digitize(right):
    x = numpy.array([-1.0, 0.0, 0.5, 1.0, 2.5, 3.0, 9.0, numpy.nan])
    check(lambda np, x, b: np.digitize(x, b, right=right), x, numpy.array([0.0, 1.0, 1.0, 3.0]),
          traceable=False)
    check(lambda np, x, b: np.digitize(x, b, right=right), x, numpy.array([3.0, 1.0, 0.0]),
          traceable=False)
    check(lambda np, x, b: np.digitize(x, b, right=right), A, numpy.array([-2, 0, 5]),
          traceable=False)
    # (one bin: no monotonicity to read, so it traces)
    check(lambda np, x, b: np.digitize(x, b, right=right), x, numpy.array([2.0]))


@pytest.mark.parametrize("name", ["nanargmax", "nanargmin"])
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_nan_arg_extrema(name, axis):
    x = R.uniform(-1, 1, (4, 6))
    x[1, 2] = x[0, 5] = x[3, 0] = numpy.nan
    x[2, 1] = numpy.inf if name == "nanargmin" else -numpy.inf
    check(lambda np, x: getattr(np, name)(x, axis=axis), x, traceable=False)
    check(lambda np, x: getattr(np, name)(x, axis=axis), A)  # integers: no NaN to look for


def test_errors_as_numpy_raises_them():
    nan_row = numpy.array([[1.0, 2.0], [numpy.nan, numpy.nan]])
    raises_like_numpy(lambda np, x: np.nanargmax(x, axis=1), nan_row)
    raises_like_numpy(lambda np, x: np.nanargmin(x), nan_row[1])
    raises_like_numpy(lambda np, x: np.digitize(x, numpy.array([0.0, 2.0, 1.0])), F)
    raises_like_numpy(lambda np, x: np.lexsort((x, x[:3])), F)
    raises_like_numpy(lambda np, x: np.lexsort((x, x), axis=None), F)
    raises_like_numpy(lambda np, x: np.isin(x, x, kind="bogus"), F)
