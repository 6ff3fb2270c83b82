"""Array creation and shape functions against NumPy."""
import numpy
import pytest

import legato.numpy as lnp
from conftest import assert_same, check, raises_like_numpy

X = numpy.arange(24.0).reshape(2, 3, 4)


def test_creation_functions():
    for got, want in [
        (lnp.zeros((2, 3)), numpy.zeros((2, 3))),
        (lnp.ones(4, dtype=lnp.int32), numpy.ones(4, dtype=numpy.int32)),
        (lnp.full((2, 2), 7), numpy.full((2, 2), 7)),
        (lnp.full(3, 2.5, dtype="f4"), numpy.full(3, 2.5, dtype="f4")),
        (lnp.full(3, True), numpy.full(3, True)),
        (lnp.empty((2,)), numpy.zeros((2,))),
        (lnp.arange(5), numpy.arange(5)),
        (lnp.arange(1, 10, 3), numpy.arange(1, 10, 3)),
        (lnp.arange(0.5, 3.0, 0.5), numpy.arange(0.5, 3.0, 0.5)),
        (lnp.arange(10, 0, -3), numpy.arange(10, 0, -3)),
        (lnp.arange(4, dtype=float), numpy.arange(4, dtype=float)),
        (lnp.linspace(0, 1, 11), numpy.linspace(0, 1, 11)),
        (lnp.linspace(0, 1, 10, endpoint=False), numpy.linspace(0, 1, 10, endpoint=False)),
        (lnp.eye(3), numpy.eye(3)),
        (lnp.eye(3, 4, k=1, dtype=int), numpy.eye(3, 4, k=1, dtype=int)),
        (lnp.identity(2), numpy.identity(2)),
        (lnp.tri(3, 4, -1), numpy.tri(3, 4, -1)),
        (lnp.zeros_like(lnp.asarray(X), dtype=bool), numpy.zeros_like(X, dtype=bool)),
        (lnp.ones_like(lnp.asarray(X)), numpy.ones_like(X)),
        (lnp.full_like(lnp.arange(3), 4.7), numpy.full_like(numpy.arange(3), 4.7)),
        (lnp.asarray([[1, 2], [3, 4]]), numpy.asarray([[1, 2], [3, 4]])),
        (lnp.asarray([1.0, 2]), numpy.asarray([1.0, 2])),
        (lnp.asarray([True, False]), numpy.asarray([True, False])),
        (lnp.asarray(3.5), numpy.asarray(3.5)),
        (lnp.array([1, 2], dtype=lnp.float32), numpy.array([1, 2], dtype=numpy.float32)),
        (lnp.array(numpy.arange(3), ndmin=2), numpy.array(numpy.arange(3), ndmin=2)),
        (lnp.indices((2, 3)), numpy.indices((2, 3))),
    ]:
        assert_same(got, want)
    for got, want in zip(lnp.meshgrid(lnp.arange(3), lnp.arange(2.0)),
                         numpy.meshgrid(numpy.arange(3), numpy.arange(2.0))):
        assert_same(got, want)


def test_asarray_of_a_legato_array_is_itself_and_copy_is_independent():
    a = lnp.arange(4.0)
    assert lnp.asarray(a) is a
    b = lnp.array(a)
    c = a.copy()
    a[0] = 10
    assert float(b[0]) == 0 and float(c[0]) == 0 and float(a[0]) == 10


@pytest.mark.parametrize("value, dtype", [(False, "bool"), (3, "int64"), (3.5, "float32"),
                                          (numpy.float64(2.5), None), (numpy.array(7, "i4"), None)])
def test_zero_d_values_stay_zero_d(value, dtype):
    # (the array API suite's test_getitem found asarray(False, dtype=bool) 1-d)
    expected = numpy.asarray(value, dtype=dtype)
    got = lnp.asarray(value, dtype=dtype)
    assert got.shape == () and got.dtype == expected.dtype
    assert_same(got, expected)
    assert_same(lnp.array(value, dtype=dtype), numpy.array(value, dtype=dtype))


def test_dtypes_legato_lacks_are_a_type_error_with_advice():
    with pytest.raises(TypeError, match="datetime64.*not supported"):
        lnp.asarray(numpy.zeros(3, dtype="datetime64[s]"))


def test_dtype_spellings():
    for spelling in (lnp.float32, numpy.float32, "float32", "f4", numpy.dtype("float32")):
        assert lnp.zeros(2, dtype=spelling).dtype == numpy.float32
    assert lnp.zeros(2, dtype=int).dtype == numpy.int64
    assert lnp.zeros(2, dtype=bool).dtype == numpy.bool_
    a = lnp.arange(3)
    assert a.astype("f8").dtype == numpy.float64
    assert a.dtype == lnp.int64 and a.dtype == "int64"


@pytest.mark.parametrize("fn", [
    lambda np, x: np.reshape(x, (4, -1)),
    lambda np, x: x.reshape(6, 4),
    lambda np, x: x.reshape((-1,)),
    lambda np, x: np.ravel(x),
    lambda np, x: x.flatten(),
    lambda np, x: x.T,
    lambda np, x: np.transpose(x, (1, 0, 2)),
    lambda np, x: x.transpose(2, 0, 1),
    lambda np, x: np.swapaxes(x, 0, 2),
    lambda np, x: np.moveaxis(x, 0, -1),
    lambda np, x: np.moveaxis(x, (0, 1), (2, 0)),
    lambda np, x: np.expand_dims(x, (0, 3)),
    lambda np, x: np.squeeze(x[:1]),
    lambda np, x: np.broadcast_to(x[0, 0], (3, 4)),
    lambda np, x: np.concatenate([x, x], axis=1),
    lambda np, x: np.concatenate([x, x], axis=None),
    lambda np, x: np.stack([x[0], x[1]], axis=1),
    lambda np, x: np.vstack([x[0], x[1]]),
    lambda np, x: np.hstack([x[0], x[1]]),
    lambda np, x: np.column_stack([x[0, 0], x[1, 0]]),
    lambda np, x: np.dstack([x[0], x[1]]),
    lambda np, x: np.split(x, 2, axis=2),
    lambda np, x: np.array_split(x, 3, axis=1),
    lambda np, x: np.pad(x, ((1, 0), (0, 2), (1, 1)), constant_values=-1),
    lambda np, x: np.pad(x, 1),
    lambda np, x: np.pad(x, (1, 2), constant_values=0.5),
    lambda np, x: np.pad(x, [(2,)]),
    lambda np, x: np.pad(x, ((1,), (0,), (2,))),
    lambda np, x: np.pad(x, numpy.array([[0, 1], [2, 0], [1, 1]])),
    lambda np, x: np.pad(x, 1, constant_values=numpy.float32(2.5)),
    lambda np, x: np.roll(x, -1, axis=-1),
    lambda np, x: np.roll(x, 2),
    lambda np, x: np.roll(x, -1, axis=1),
    lambda np, x: np.roll(x, (1, 2), axis=(0, 2)),
    lambda np, x: np.flip(x),
    lambda np, x: np.flip(x, axis=(0, 2)),
    lambda np, x: np.fliplr(x[0]),
    lambda np, x: np.flipud(x),
    lambda np, x: np.tile(x[0], (2, 1)),
    lambda np, x: np.repeat(x, 2, axis=1),
    lambda np, x: np.repeat(x, 3),
    lambda np, x: np.diff(x, axis=2),
    lambda np, x: np.diff(x, n=2, axis=1),
    lambda np, x: np.diff(x, axis=0, prepend=0),
    lambda np, x: np.atleast_2d(x[0, 0]),
    lambda np, x: np.broadcast_arrays(x, x[0]),
    lambda np, x: np.tril(x[0], -1),
    lambda np, x: np.triu(x),
    lambda np, x: np.gradient(x[0], axis=1),
    lambda np, x: np.gradient(x, 0.5),
    lambda np, x: getattr(np, "trapezoid", getattr(np, "trapz", None))(x, dx=0.5),
], ids=lambda f: "")
def test_shape_functions(fn):
    check(fn, X)


def test_reshape_errors_are_numpys():
    raises_like_numpy(lambda np, x: np.reshape(x, (5, -1)), X)
    raises_like_numpy(lambda np, x: np.concatenate([x, x[0]]), X)
    raises_like_numpy(lambda np, x: np.pad(x, ((1, 0), (-1, 2), (0, 0))), X)
    raises_like_numpy(lambda np, x: np.pad(x, -1), X)
    raises_like_numpy(lambda np, x: np.pad(x, ((1,), (0,), (2, 1))), X)
