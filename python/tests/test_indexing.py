"""Subscripts (basic and advanced, read and assigned) and the functions
that index with arrays, against NumPy."""
import numpy
import pytest

import legato.numpy as lnp
from conftest import assert_same, check, raises_like_numpy, to_legato

X = numpy.arange(60.0).reshape(3, 4, 5)

KEYS = [
    1, -1, (1, 2), (1, 2, 3), (-1, -2, -3), slice(1, None), slice(None, None, -1),
    (slice(None), 1), (Ellipsis, 2), (1, Ellipsis), (slice(0, 3, 2), slice(None), -1),
    (slice(None), slice(3, 0, -2)), None, (None, 1), (slice(None), None, 2),
    (Ellipsis, None), ((0, 2),), ([2, 0, 2],), (slice(None), [3, 1]), (1, [0, 2], slice(None)),
    ([0, 2], [1, 3]), ([0, 2], slice(None), [1, 3]), ([[0], [2]], [1, 3]),
    (slice(None), [0, 1], [2, 4]), (0, slice(None), [1, 2]), (Ellipsis, [4, 0]),
    ([-1, -3],), (slice(1, 3), [1, 2], None),
]


@pytest.mark.parametrize("key", KEYS, ids=repr)
def test_getitem(key):
    check(lambda np, x: x[key], X)


@pytest.mark.parametrize("key", KEYS, ids=repr)
def test_setitem(key):
    x = X.copy()
    a = lnp.asarray(x)
    shape = x[key].shape
    v = numpy.arange(float(numpy.prod(shape))).reshape(shape) + 1000
    x[key] = v
    a[key] = v
    assert_same(a, x)
    x[key] = -5
    a[key] = -5
    assert_same(a, x)


def test_masks():
    check(lambda np, x: x[x > 30], X, traceable=False)
    check(lambda np, x: x[x[:, 0, 0] > 10], X, traceable=False)
    check(lambda np, x: x[1, x[1, :, 0] > 25], X, traceable=False)
    check(lambda np, x: x[:, x[0, :, 0] > 4, 1], X, traceable=False)
    x = X.copy()
    a = lnp.asarray(x)
    x[x > 30] = 0
    a[a > 30] = 0
    assert_same(a, x)
    count = int((x < 10).sum())
    x[x < 10] = numpy.arange(float(count))
    a[a < 10] = numpy.arange(float(count))
    assert_same(a, x)


def test_views_write_through_and_see_later_writes():
    x = X.copy()
    a = lnp.asarray(x)
    v = a[1:, ::2]
    v[...] = 7
    x[1:, ::2] = 7
    assert_same(a, x)
    a[2] = -1
    x[2] = -1
    assert_same(v, x[1:, ::2])


def test_integer_index_out_of_bounds_is_an_index_error():
    raises_like_numpy(lambda np, x: x[3], X)
    raises_like_numpy(lambda np, x: x[0, 4], X)
    raises_like_numpy(lambda np, x: x[[0, 5]], X)
    raises_like_numpy(lambda np, x: x[:, [0, -5]], X)
    raises_like_numpy(lambda np, x: x[0, 0, 0, 0], X)


def test_bad_subscripts_are_index_errors():
    a = lnp.asarray(X)
    for key in (1.5, "a", (slice(None), 0.5)):
        with pytest.raises(IndexError):
            a[key]
    with pytest.raises(IndexError):
        a[numpy.array([1.0, 2.0])]


def test_take_and_put_functions():
    check(lambda np, x: np.take(x, [1, 3], axis=1), X)
    check(lambda np, x: np.take(x, [7, -80], mode="wrap"), X)
    check(lambda np, x: np.take(x, [7, -80], mode="clip"), X)
    check(lambda np, x: np.take(x, 5), X)
    idx = numpy.argsort(X, axis=2)[:, :, ::-1]
    check(lambda np, x, i: np.take_along_axis(x, i, axis=2), X, idx)
    x = X.copy()
    a = lnp.asarray(x)
    numpy.put(x, [0, 7, 7], [-1.0, -2.0, -3.0])
    lnp.put(a, [0, 7, 7], [-1.0, -2.0, -3.0])
    assert_same(a, x)
    numpy.put_along_axis(x, idx[:, :, :1], 99.0, axis=2)
    lnp.put_along_axis(a, to_legato(idx[:, :, :1]), 99.0, axis=2)
    assert_same(a, x)


def test_selections_whose_length_the_values_decide():
    check(lambda np, x: np.nonzero(x > 50), X, traceable=False)
    check(lambda np, x: np.flatnonzero(x % 7 == 0), X, traceable=False)
    check(lambda np, x: np.argwhere(x[0] > 12), X, traceable=False)
    check(lambda np, x: np.compress([True, False, True], x, axis=0), X, traceable=False)
    check(lambda np, x: np.extract(x > 55, x), X, traceable=False)
    check(lambda np, x: np.where(x > 55), X, traceable=False)


def test_iteration_len_and_conversions():
    a = lnp.asarray(X)
    assert len(a) == 3
    rows = list(a)
    assert len(rows) == 3
    assert_same(rows[2], X[2])
    assert float(a[1, 2, 3]) == X[1, 2, 3]
    assert int(a[0, 0, 4]) == 4
    assert bool(a[0, 0, 1]) and not bool(a[0, 0, 0])
    assert a[2, 3, 4].item() == 59.0
    assert a[0, 0].tolist() == X[0, 0].tolist()
    assert [1, 2, 3][lnp.asarray(1)] == 2  # __index__
    with pytest.raises(ValueError):
        bool(a)
    with pytest.raises(TypeError):
        len(lnp.asarray(1.0))


def test_zero_dimensional_mask():
    """NumPy: a 0-d boolean index selects the whole array once (True) or
    not at all (False), along a new leading axis; assignment likewise."""
    for x in (numpy.array(5.0), numpy.arange(6.0).reshape(2, 3)):
        for m in (numpy.array(True), numpy.array(False)):
            check(lambda np, x, m: x[m], x, m, traceable=False)

    def assign(np, x, m):
        y = x.copy()
        y[m] = 7.0
        return y
    check(assign, numpy.arange(3.0), numpy.array(True), traceable=False)
    check(assign, numpy.arange(3.0), numpy.array(False), traceable=False)
