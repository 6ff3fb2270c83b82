"""NumPy's dtypes beyond bool, int32, int64, float32 and float64: int8,
int16, uint8-uint64 and float16, against NumPy (NEP 50 promotion: NumPy
1.24 computes it under np._set_promotion_state("weak"))."""
import itertools
import operator

import numpy
import pytest

import legato
import legato.numpy as lnp
from conftest import assert_same, check, run_legato

NEW = ["int8", "int16", "uint8", "uint16", "uint32", "uint64", "float16"]
ALL = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
       "float16", "float32", "float64"]


pytestmark = pytest.mark.usefixtures("nep50")


def values(dtype, shape=(3, 4), seed=0):
    """Values every dtype holds (small, some negative for signed types)."""
    r = numpy.random.default_rng(seed)
    kind = numpy.dtype(dtype).kind
    if kind == "b":
        return r.random(shape) < 0.5
    if kind == "u":
        return r.integers(0, 100, shape).astype(dtype)
    if kind == "i":
        return r.integers(-50, 50, shape).astype(dtype)
    return (r.integers(-16, 17, shape) / 4).astype(dtype)


@pytest.mark.parametrize("dtype", NEW)
def test_dtypes_round_trip_through_numpy(dtype):
    x = values(dtype)
    a = lnp.asarray(x)
    assert a.dtype == numpy.dtype(dtype) and a.itemsize == numpy.dtype(dtype).itemsize
    assert_same(a, x)
    for spelling in (dtype, numpy.dtype(dtype), getattr(numpy, dtype), numpy.dtype(dtype).char):
        assert lnp.zeros(2, dtype=spelling).dtype == numpy.dtype(dtype)


def test_extremes_round_trip_exactly():
    for dtype in ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]:
        info = numpy.iinfo(dtype)
        x = numpy.array([info.min, info.max, 0, 1], dtype)
        assert_same(lnp.asarray(x), x)
        assert int(lnp.asarray(x)[1]) == int(info.max)
    h = numpy.array([65504, -65504, 6e-8, numpy.inf, numpy.nan, -0.0], numpy.float16)
    assert_same(lnp.asarray(h), h)


@pytest.mark.parametrize("a,b", list(itertools.combinations_with_replacement(ALL, 2)))
def test_promotion_table(a, b):
    """Every pair: NumPy's result dtype and values (add and multiply)."""
    x, y = values(a, seed=1), values(b, (4,), seed=2)
    if a == b == "bool":
        check(lambda np, x, y: np.logical_or(x, y), x, y)
        return
    check(lambda np, x, y: x + y, x, y)
    check(lambda np, x, y: np.multiply(y, x), x, y)
    check(lambda np, x, y: x < y, x, y)


@pytest.mark.parametrize("dtype", NEW)
@pytest.mark.parametrize("op", [operator.add, operator.sub, operator.mul, operator.floordiv,
                                operator.mod, operator.truediv, operator.pow],
                         ids=lambda o: o.__name__)
def test_arithmetic_with_weak_scalars(dtype, op):
    x = numpy.abs(values(dtype)) + numpy.array(1, dtype)
    for scalar in (3, 2.5, True):
        check(lambda np, x: op(x, scalar), x)
        if op is not operator.pow:
            check(lambda np, x: op(scalar, x), x)


@pytest.mark.filterwarnings("ignore:overflow")
def test_integer_arithmetic_wraps_as_numpy():
    u8 = numpy.array([200, 255, 0, 17], numpy.uint8)
    check(lambda np, x: x + x, u8)
    check(lambda np, x: x * x, u8)
    check(lambda np, x: x - numpy.uint8(1), u8)
    i8 = numpy.array([-128, 127, -1, 5], numpy.int8)
    check(lambda np, x: x + x, i8)
    check(lambda np, x: -x, i8)
    check(lambda np, x: np.abs(x), i8)
    check(lambda np, x, y: x // y, i8, numpy.array([-1, 2, 3, -4], numpy.int8))
    u64 = numpy.array([2**64 - 1, 2**63 + 5, 3, 2**63], numpy.uint64)
    check(lambda np, x: x + x, u64)
    check(lambda np, x: x * 3, u64)
    check(lambda np, x: x // 7, u64)
    check(lambda np, x: x % 7, u64)


@pytest.mark.filterwarnings("ignore:divide by zero")
def test_unsigned_operations_are_unsigned():
    """Comparisons, division, max/min, shifts and sorting read the top bit
    as a value, not a sign."""
    u64 = numpy.array([2**64 - 1, 2**63 + 5, 3, 2**63, 0, 12], numpy.uint64)
    u8 = numpy.array([200, 255, 0, 17, 128, 127], numpy.uint8)
    for x in (u64, u8):
        y = x[::-1].copy()
        check(lambda np, x, y: x < y, x, y)
        check(lambda np, x, y: x >= y, x, y)
        check(lambda np, x, y: np.maximum(x, y), x, y)
        check(lambda np, x, y: np.minimum(x, y), x, y)
        check(lambda np, x, y: x // y, x, y)
        check(lambda np, x, y: x % y, x, y)
        check(lambda np, x: x >> 1, x)
        check(lambda np, x: x >> 70, x)  # (every bit shifted out)
        check(lambda np, x: x << 3, x)
        check(lambda np, x: np.max(x), x)
        check(lambda np, x: np.min(x), x)
        check(lambda np, x: np.argmax(x), x)
        check(lambda np, x: np.argmin(x), x)
        check(lambda np, x: np.sort(x), x)
        check(lambda np, x: np.cumsum(x), x)
        check(lambda np, x: x.astype(numpy.float64), x)
        check(lambda np, x: x.astype(numpy.int64), x)


@pytest.mark.filterwarnings("ignore:divide by zero")
def test_division_by_zero_of_unsigned_gives_zero():
    x = numpy.array([5, 0, 255], numpy.uint8)
    z = numpy.zeros(3, numpy.uint8)
    check(lambda np, x, z: x // z, x, z)
    check(lambda np, x, z: x % z, x, z)


@pytest.mark.parametrize("a,b", list(itertools.product(ALL, ALL)))
def test_astype_between_every_pair(a, b):
    x = values(a, seed=3)
    if numpy.dtype(b).kind == "u":
        x = numpy.abs(x)
    check(lambda np, x: x.astype(b), x)


@pytest.mark.filterwarnings("ignore:overflow")
@pytest.mark.parametrize("dtype", ["bool", "int8", "uint8", "int16", "uint16", "float16"])
@pytest.mark.parametrize("name", ["exp", "sqrt", "sin", "log1p", "arctan", "tanh", "cbrt"])
def test_float_functions_of_small_types(dtype, name):
    """bool and 8-bit integers compute in float16, 16-bit in float32 (NumPy)."""
    x = numpy.abs(values(dtype, seed=4)).astype(dtype)
    check(lambda np, x: getattr(np, name)(x), x)


@pytest.mark.parametrize("dtype", NEW)
def test_reductions(dtype):
    x = values(dtype, (4, 5), seed=5)
    check(lambda np, x: np.sum(x), x)
    check(lambda np, x: np.sum(x, axis=0), x)
    check(lambda np, x: np.prod(x[:2, :2], axis=1), x)
    check(lambda np, x: np.max(x, axis=1), x)
    check(lambda np, x: np.min(x, axis=0), x)
    check(lambda np, x: np.mean(x, axis=1), x)
    check(lambda np, x: np.cumsum(x, axis=1), x)
    check(lambda np, x: np.argmax(x, axis=0), x)


def test_float16_sums_accumulate_in_float32():
    """A float16 sum of many values stays accurate (NumPy adds in float32);
    adding in float16 would stop at 2048 (1 + 2048 rounds to 2048)."""
    x = numpy.ones(10000, numpy.float16)
    assert_same(run_legato(lambda np, x: np.sum(x), x), numpy.sum(x))
    y = numpy.random.default_rng(6).random((100, 300)).astype(numpy.float16)
    check(lambda np, y: np.sum(y, axis=1), y, rtol=2e-3)
    check(lambda np, y: np.mean(y), y, rtol=2e-3)
    check(lambda np, y: y @ y.T, y, rtol=2e-3)


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int16", "uint32", "uint64", "float16"])
def test_matmul_where_clip_sort(dtype):
    x = values(dtype, (4, 4), seed=7)
    y = values(dtype, (4, 3), seed=8)
    check(lambda np, x, y: x @ y, x, y, rtol=2e-3)
    check(lambda np, x: np.where(x > x.T, x, x.T), x)
    check(lambda np, x: np.clip(x, 5, 20), x)
    check(lambda np, x: np.sort(x, axis=1), x)
    check(lambda np, x: np.concatenate([x, x[:1]]), x)


@pytest.mark.parametrize("dtype,scalar", [("uint8", 300), ("uint8", -1), ("int8", 128),
                                          ("int8", -129), ("uint16", 70000),
                                          ("int32", 2**31), ("uint64", -1)])
def test_python_integers_out_of_range_raise_overflow_error(dtype, scalar):
    """NumPy 2 (NEP 50): OverflowError, naming the value and the dtype."""
    a = lnp.asarray(values(dtype))
    with pytest.raises(OverflowError) as e:
        a + scalar
    assert isinstance(e.value, legato.Error)
    assert str(scalar) in str(e.value) and dtype in str(e.value)
    with pytest.raises(OverflowError):
        lnp.full(3, scalar, dtype=dtype)


def test_uint64_takes_python_integers_above_int64():
    big = 2**64 - 1
    x = numpy.array([1, 2, 3], numpy.uint64)
    check(lambda np, x: x + (2**63 + 7), x)
    a = lnp.full(2, big, dtype="uint64")
    assert a.tolist() == [big, big] and int(a[0]) == big and a[1].item() == big
    with pytest.raises(OverflowError):
        lnp.asarray(x) + 2**64


def test_in_place_ops_follow_same_kind_casting():
    a = lnp.asarray(numpy.array([1, 2], numpy.int64))
    a += lnp.asarray(numpy.array([3, 4], numpy.uint8))  # uint8 into int64: allowed
    assert a.tolist() == [4, 6]
    b = lnp.asarray(numpy.array([1, 2], numpy.uint8))
    with pytest.raises(TypeError):
        b += lnp.asarray(numpy.array([3, 4], numpy.int64))  # int64 into uint8: same_kind refuses


def test_index_arrays_of_any_integer_dtype():
    x = numpy.arange(10.0)
    for dtype in ["int8", "uint8", "int16", "uint16", "uint32", "uint64"]:
        i = numpy.array([1, 3, 5], dtype)
        check(lambda np, x, i: x[i], x, i)


def test_comparisons_with_integers_out_of_range_are_by_value():
    """NumPy 2: uint8_array < 300 is True everywhere, == -1 False."""
    a = lnp.asarray(numpy.array([0, 17, 255], numpy.uint8))
    assert (a < 300).tolist() == [True] * 3 and (a == -1).tolist() == [False] * 3
    assert (a != 256).tolist() == [True] * 3
    assert (-129 < lnp.asarray(numpy.array([-128, 127], numpy.int8))).tolist() == [True, True]


def test_float_functions_of_mixed_integers_use_each_operands_float():
    """hypot(int8, uint8) is float16 (NumPy), not their promotion int16's float32."""
    x, y = numpy.array([3, 5], numpy.int8), numpy.array([4, 12], numpy.uint8)
    check(lambda np, x, y: np.hypot(x, y), x, y)
    check(lambda np, x, y: np.arctan2(x, y), x, y)
    check(lambda np, x, y: np.arctan2(x.astype(numpy.int16), y.astype(numpy.uint16)), x, y)


def test_python_integers_above_int64_beside_floats_and_uint64():
    x = numpy.array([0.5, -2.0])
    check(lambda np, x: x + 18446744073709551615, x)
    check(lambda np, x: x * 2**63, x)
    u = numpy.array([2**63, 3], numpy.uint64)
    check(lambda np, u: u / 18446744073709551615, u)


def test_add_at_casts_values_unsafely_as_numpy():
    for dtype, values in (("uint8", numpy.array([1, 2], numpy.int64)),
                          ("int64", numpy.array([1.7, 1.7]))):
        expected = numpy.zeros(3, dtype)
        numpy.add.at(expected, [0, 0], values)
        got = lnp.zeros(3, dtype=dtype)
        lnp.add.at(got, lnp.asarray([0, 0]), lnp.asarray(values))
        assert_same(got, expected)
