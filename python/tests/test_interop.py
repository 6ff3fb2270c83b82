"""NumPy interop (__array__, __array_ufunc__, __array_function__), DLPack,
printing and the array API namespace."""
import numpy
import pytest

import legato
import legato.array_api
import legato.numpy as lnp
from conftest import AxisError, assert_same


def test_numpy_functions_dispatch_to_legato():
    a = lnp.asarray(numpy.arange(6.0).reshape(2, 3))
    for r in (numpy.sum(a, axis=0), numpy.mean(a), numpy.concatenate([a, a]),
              numpy.where(a > 2, a, 0), numpy.linalg.norm(a)):
        assert isinstance(r, lnp.ndarray), type(r)
    assert_same(numpy.sum(a, axis=0), numpy.arange(6.0).reshape(2, 3).sum(axis=0))


def test_a_numpy_function_legato_lacks_is_a_type_error_naming_it():
    a = lnp.arange(5.0)
    with pytest.raises(TypeError, match="numpy.*packbits"):
        numpy.packbits(a > 2)
    with pytest.raises(AttributeError, match="packbits"):
        lnp.packbits


def test_asarray_round_trip_and_dlpack():
    x = numpy.arange(12, dtype=numpy.int32).reshape(3, 4)
    a = lnp.asarray(x)
    back = numpy.asarray(a)
    assert isinstance(back, numpy.ndarray) and back.dtype == numpy.int32
    numpy.testing.assert_array_equal(back, x)
    numpy.testing.assert_array_equal(numpy.from_dlpack(a), x)
    assert_same(lnp.from_dlpack(x), x)
    assert a.__dlpack_device__() == (1, 0)


def test_printing_matches_numpy():
    x = numpy.linspace(0, 1, 5)
    a = lnp.asarray(x)
    assert repr(a) == repr(x)
    assert str(a) == str(x)
    assert f"{a[1]:.3f}" == "0.250"


def test_array_api_namespace():
    a = lnp.arange(6.0).reshape(2, 3)
    xp = a.__array_namespace__()
    assert xp is legato.array_api and xp.__array_api_version__ == "2021.12"
    # legato.numpy's functions and dtypes
    assert xp.mean is lnp.mean and xp.float64 is lnp.float64 and xp.linalg is lnp.linalg
    assert xp.uint8 is lnp.uint8
    # 2021.12: no complex dtypes; float32 sums and products in float64, a
    # dtype given is the result's
    assert not hasattr(xp, "complex64") and not hasattr(xp, "complex128")
    f32 = xp.asarray([1.5, 2.5], dtype=xp.float32)
    assert xp.sum(f32).dtype == xp.float64 and xp.prod(f32).dtype == xp.float64
    assert xp.sum(f32, dtype=xp.float32).dtype == xp.float32
    assert xp.prod(xp.asarray([200, 2], dtype=xp.uint8), dtype=xp.int16).dtype == xp.int16
    assert xp.can_cast(xp.asarray(False), xp.bool) and not xp.can_cast(a, xp.int8)
    with pytest.raises(ValueError, match="2021.12"):
        a.__array_namespace__(api_version="2099.01")
    assert_same(xp.permute_dims(a, (1, 0)), numpy.arange(6.0).reshape(2, 3).T)
    assert_same(xp.concat([a, a], axis=1), numpy.concatenate([numpy.arange(6.0).reshape(2, 3)] * 2,
                                                             axis=1))
    assert_same(xp.matrix_transpose(a), numpy.arange(6.0).reshape(2, 3).T)
    assert_same(xp.vecdot(a, a), (numpy.arange(6.0).reshape(2, 3) ** 2).sum(-1))
    # (the array API suite: vecdot keeps its operands' dtype)
    i = numpy.array([[2**30, 2**30, 3], [-1, 4, 5]], dtype=numpy.int32)
    assert_same(xp.vecdot(lnp.asarray(i), lnp.asarray(i)), (i * i).sum(-1, dtype=numpy.int32))
    m = numpy.array([[True, False], [False, False]])
    assert_same(xp.vecdot(lnp.asarray(m), lnp.asarray(m)), numpy.array([True, False]))
    assert_same(xp.acos(a / 10), numpy.arccos(numpy.arange(6.0).reshape(2, 3) / 10))
    assert xp.isdtype(a.dtype, "real floating") and not xp.isdtype(a.dtype, "integral")
    assert a.mT.shape == (3, 2) and a.device in ("cpu", "cuda")


def test_array_api_finfo_and_iinfo_hold_python_numbers():
    xp = legato.array_api
    f = xp.finfo(xp.float32)
    assert type(f.eps) is float and f.eps == float(numpy.finfo(numpy.float32).eps)
    assert f.bits == 32 and f.max == float(numpy.finfo(numpy.float32).max)
    assert type(f.smallest_normal) is float and f.dtype == numpy.float32
    assert xp.finfo(xp.ones(2)).bits == 64  # of an array's dtype
    i = xp.iinfo(xp.int32)
    assert (i.bits, i.min, i.max) == (32, -2**31, 2**31 - 1) and type(i.max) is int
    with pytest.raises(ValueError):
        xp.iinfo(xp.float64)


def test_errors_are_legato_errors_and_numpys_classes():
    assert issubclass(legato.IndexError, IndexError)
    assert issubclass(legato.ValueError, ValueError)
    assert issubclass(legato.TypeError, TypeError)
    assert issubclass(legato.AxisError, AxisError)
    for cls in (legato.IndexError, legato.ValueError, legato.TypeError, legato.AxisError):
        assert issubclass(cls, legato.Error)
