"""Elementwise functions and operators against NumPy: dtypes, promotion
with weak Python scalars, broadcasting, out= and where=."""
import operator

import numpy
import pytest

import legato
import legato.numpy as lnp
from conftest import assert_same, check, raises_like_numpy, run_legato

FLOAT_UNARY = ["exp", "log", "sqrt", "sin", "cos", "tan", "tanh", "arcsin", "arccos", "arctan",
               "sinh", "cosh", "arcsinh", "arctanh", "exp2", "expm1", "log2", "log10", "log1p",
               "cbrt", "floor", "ceil", "trunc", "rint", "deg2rad", "rad2deg"]
ANY_UNARY = ["absolute", "negative", "square", "sign", "isnan", "isinf", "isfinite", "positive"]
BINARY = ["add", "subtract", "multiply", "divide", "floor_divide", "remainder", "power",
          "maximum", "minimum", "fmax", "fmin", "less", "less_equal", "greater",
          "greater_equal", "equal", "not_equal", "logical_and", "logical_or", "logical_xor",
          "arctan2", "hypot", "logaddexp"]


def values(dtype, shape=(3, 4), low=0.1, high=0.9, seed=0):
    r = numpy.random.default_rng(seed)
    if numpy.dtype(dtype).kind == "b":
        return r.random(shape) < 0.5
    if numpy.dtype(dtype).kind == "i":
        return r.integers(-5, 6, shape).astype(dtype)
    return r.uniform(low, high, shape).astype(dtype)


@pytest.mark.parametrize("name", FLOAT_UNARY)
@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_float_functions(name, dtype):
    x = values(dtype)
    check(lambda np, x: getattr(np, name)(x), x)


@pytest.mark.parametrize("name", ["exp", "sqrt", "sin"])
def test_integer_operands_compute_in_float64(name):
    x = numpy.arange(1, 7, dtype=numpy.int32).reshape(2, 3)
    check(lambda np, x: getattr(np, name)(x), x)


@pytest.mark.parametrize("name", ["floor", "ceil", "trunc", "fix"])
@pytest.mark.parametrize("dtype", ["int32", "int64", "bool"])
def test_rounding_keeps_integer_and_bool_dtypes(name, dtype):
    """floor, ceil and trunc of integers and bools keep the dtype, as in
    NumPy 2.1 on and the array API standard (NumPy 1.24 computed them in
    floating point: its values, cast back, are the oracle there)."""
    x = values(dtype, (2, 3))
    expected = getattr(numpy, name)(x)
    if expected.dtype != x.dtype:
        expected = expected.astype(x.dtype)
    assert_same(run_legato(lambda np, x: getattr(np, name)(x), x), expected)


@pytest.mark.parametrize("name", ANY_UNARY)
@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int32"])
def test_sign_and_magnitude(name, dtype):
    x = values(dtype, low=-2, high=2)
    check(lambda np, x: getattr(np, name)(x), x)


DTYPE_PAIRS = [("float64", "float64"), ("float32", "float32"), ("int64", "int64"),
               ("int32", "float32"), ("int32", "int64")]


@pytest.mark.parametrize("name", BINARY)
@pytest.mark.parametrize("dtypes", DTYPE_PAIRS)
@pytest.mark.filterwarnings("ignore:invalid value")
def test_binary_functions(name, dtypes):
    x = values(dtypes[0], low=0.5, high=3, seed=1)
    y = values(dtypes[1], (4,), low=0.5, high=3, seed=2)  # broadcasts along the rows
    if numpy.dtype(dtypes[1]).kind == "i":
        y = numpy.where(y == 0, 3, y).astype(dtypes[1])
    if name == "power" and numpy.dtype(dtypes[1]).kind == "i":
        y = numpy.abs(y)
    check(lambda np, x, y: getattr(np, name)(x, y), x, y)


OPERATORS = [operator.add, operator.sub, operator.mul, operator.truediv, operator.floordiv,
             operator.mod, operator.pow, operator.lt, operator.le, operator.gt, operator.ge,
             operator.eq, operator.ne]


@pytest.mark.parametrize("op", OPERATORS, ids=lambda o: o.__name__)
@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int32"])
@pytest.mark.parametrize("scalar", [2, 2.5, True])
def test_operators_with_weak_python_scalars(op, dtype, scalar):
    x = values(dtype, low=0.5, high=3)
    if numpy.dtype(dtype).kind == "i":
        x = numpy.abs(x) + 1
    check(lambda np, x: op(x, scalar), x)
    check(lambda np, x: op(scalar, x), x)


@pytest.mark.parametrize("op", [operator.and_, operator.or_, operator.xor],
                         ids=lambda o: o.__name__)
def test_logical_operators_of_bools(op):
    x, y = values("bool", seed=3), values("bool", seed=4)
    check(lambda np, x, y: op(x, y), x, y)
    check(lambda np, x: ~x, x)


def test_in_place_operators_write_into_the_array_and_its_views():
    for op in ("+=", "-=", "*=", "/=", "%=", "**=", "//="):
        x = numpy.arange(1.0, 13.0).reshape(3, 4)
        a = lnp.asarray(x)
        view = a[1:]
        exec(f"a {op} 2", {"a": a})
        exec(f"x {op} 2", {"x": x})
        assert_same(a, x)
        assert_same(view, x[1:])


def test_in_place_refuses_an_unsafe_cast():
    a = lnp.arange(4)
    with pytest.raises(TypeError) as e:
        a += 1.5
    assert isinstance(e.value, legato.Error)


def test_mixed_numpy_and_legato_operands_give_legato_arrays():
    x = numpy.arange(6.0).reshape(2, 3)
    a = lnp.asarray(x)
    for r in (x + a, a + x, numpy.add(x, a), numpy.exp(a), x * a > 3):
        assert isinstance(r, lnp.ndarray)
    assert_same(x + a, x + x)
    assert_same(numpy.maximum(a, 2.0), numpy.maximum(x, 2.0))


def test_where_clip_round_isclose():
    x = values("float64", low=-3, high=3)
    check(lambda np, x: np.where(x > 0, x, 0.5), x)
    check(lambda np, x: np.clip(x, -1, 1), x)
    check(lambda np, x: np.clip(x, None, 1.5), x)
    check(lambda np, x: np.round(x, 2), x)
    check(lambda np, x: np.isclose(x, x + 1e-9), x)
    assert lnp.allclose(lnp.asarray(x), lnp.asarray(x) * (1 + 1e-12))
    assert not lnp.allclose(lnp.asarray(x), lnp.asarray(x) + 1)


def test_out_and_where_keywords():
    x = numpy.arange(6.0).reshape(2, 3)
    out = numpy.full((2, 3), -1.0)
    numpy.add(x, 1, out=out, where=x > 2)
    a = lnp.asarray(x)
    lout = lnp.full((2, 3), -1.0)
    r = lnp.add(a, 1, out=lout, where=a > 2)
    assert r is lout
    assert_same(lout, out)
    with pytest.raises(TypeError):
        lnp.add(a, 1.5, out=lnp.zeros((2, 3), dtype=lnp.int64))
    with pytest.raises(ValueError):
        lnp.add(a, 1, out=lnp.zeros((3, 2)))


def test_ufunc_methods():
    x = numpy.arange(12.0).reshape(3, 4)
    check(lambda np, x: np.add.reduce(x), x)
    check(lambda np, x: np.add.reduce(x, axis=1), x)
    check(lambda np, x: np.maximum.reduce(x, axis=0), x)
    check(lambda np, x: np.multiply.accumulate(x + 1, axis=1), x)
    check(lambda np, x: np.subtract.outer(x[0], x[1]), x)
    a = numpy.zeros(5)
    numpy.add.at(a, [0, 1, 1, 4], 1.0)
    la = lnp.zeros(5)
    lnp.add.at(la, [0, 1, 1, 4], 1.0)
    assert_same(la, a)


BITWISE = [operator.and_, operator.or_, operator.xor, operator.lshift, operator.rshift]


@pytest.mark.parametrize("op", BITWISE)
@pytest.mark.parametrize("dtypes", [("int64", "int64"), ("int32", "int32"), ("int32", "int64")])
def test_bitwise_operators_of_integers(op, dtypes):
    x = numpy.array([[0, 1, -1, 5], [-8, 7, 2**30, -2**31]], dtypes[0])
    y = numpy.array([0, 3, 31, 40], dtypes[1])  # shifts past the width give 0 or -1
    check(lambda np, x, y: op(x, y), x, y)
    check(lambda np, x, y: op(y, x), x, y)
    check(lambda np, x: op(x, 2), x)
    check(lambda np, x: op(7, x), x)


@pytest.mark.parametrize("name", ["bitwise_and", "bitwise_or", "bitwise_xor", "left_shift",
                                  "right_shift", "bitwise_left_shift", "bitwise_right_shift"])
def test_bitwise_functions(name):
    x = numpy.array([3, -6, 2**40, -1, 9], "int64")
    y = numpy.array([1, 2, 63, 64, -1], "int64")
    numpy_name = {"bitwise_left_shift": "left_shift",
                  "bitwise_right_shift": "right_shift"}.get(name, name)
    expected = getattr(numpy, numpy_name)(x, y)
    assert_same(getattr(lnp, name)(lnp.asarray(x), lnp.asarray(y)), expected)


def test_bitwise_of_bools_is_logical():
    x = numpy.array([True, False, True, False])
    y = numpy.array([True, True, False, False])
    for op in (operator.and_, operator.or_, operator.xor):
        check(lambda np, x, y: op(x, y), x, y)
    check(lambda np, x: ~x, x)
    check(lambda np, x: np.invert(x), x)


@pytest.mark.parametrize("dtype", ["int64", "int32"])
def test_invert_of_integers(dtype):
    x = numpy.array([0, 1, -1, 12345, numpy.iinfo(dtype).min], dtype)
    check(lambda np, x: ~x, x)
    check(lambda np, x: np.bitwise_not(x), x)


def test_in_place_bitwise_operators():
    def program(np, x):
        y = x.copy()
        y &= 12
        y |= 1
        y ^= 3
        y <<= 2
        y >>= 1
        return y
    check(program, numpy.arange(-5, 7, dtype="int64"))


def test_bitwise_of_floats_is_numpys_type_error():
    raises_like_numpy(lambda np, x: x & 1, numpy.ones(3))
    raises_like_numpy(lambda np, x: ~x, numpy.ones(3))
    raises_like_numpy(lambda np, x: x << 1, numpy.ones(3, "float32"))
    raises_like_numpy(lambda np, x: x | 1.5, numpy.arange(3))


def test_python_integers_keep_64_bits():
    big = 2**62 + 3  # not a double: 53 bits
    x = numpy.array([0, 1, -(2**62)], "int64")
    check(lambda np, x: x + big, x)
    check(lambda np, x: x == 2**53 + 1, x)
    check(lambda np, x: np.full(3, big), x)
    check(lambda np, x: np.full_like(x, -(2**63)), x)
    check(lambda np, x: np.where(x > 0, big, x), x)

    def assign(np, x):
        y = x.copy()
        y[1] = 2**63 - 1
        y[x < 0] = big
        return y
    check(assign, x)


def test_broadcast_mismatch_is_numpys_value_error():
    raises_like_numpy(lambda np, x, y: x + y, numpy.ones((2, 3)), numpy.ones(4))
