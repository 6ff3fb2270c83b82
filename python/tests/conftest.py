"""The Python suite's oracle: each test computes the same expression with
NumPy (Debian's, the reference) and with legato.numpy, and compares
values and dtypes.

The suite runs once per mode (ctest python.lazy, python.eager, python.jit):
LEGATO_MODE chooses eager or lazy; LEGATO_PYTEST_JIT=1 runs every legato
expression of `check` through legato.jit instead.
"""
import os

import numpy
import pytest

import legato
import legato.numpy as lnp

JIT = os.environ.get("LEGATO_PYTEST_JIT") == "1"

# numpy.AxisError (NumPy 2 has it in numpy.exceptions only).
AxisError = getattr(getattr(numpy, "exceptions", numpy), "AxisError")

# Tolerances by dtype, as NumPy's own tests use for ufuncs: float64 results
# to a few ulp, float32 to ~1e-6 relative, float16 to ~1e-3.
RTOL = {numpy.dtype("float64"): 1e-12, numpy.dtype("float32"): 2e-6,
        numpy.dtype("float16"): 1e-3}


def to_numpy(x):
    if isinstance(x, lnp.ndarray):
        return numpy.asarray(x)
    if isinstance(x, (tuple, list)):
        return type(x)(to_numpy(v) for v in x)
    return x


def to_legato(x):
    if isinstance(x, numpy.ndarray):
        return lnp.asarray(x)
    if isinstance(x, tuple):
        return tuple(to_legato(v) for v in x)
    return x


def assert_same(got, expected, rtol=None, atol=0.0, check_dtype=True):
    """got (legato's) equals expected (NumPy's): same structure, shape,
    dtype and values (NaN where NumPy has NaN); floats to a tolerance (rtol,
    or the dtype's), complex numbers to rtol where it is given, else
    exactly."""
    if isinstance(expected, (tuple, list)):
        assert isinstance(got, (tuple, list)) and len(got) == len(expected), (got, expected)
        for g, e in zip(got, expected):
            assert_same(g, e, rtol, atol, check_dtype)
        return
    assert isinstance(got, lnp.ndarray) or numpy.isscalar(got), type(got)
    g = numpy.asarray(got)
    e = numpy.asarray(expected)
    assert g.shape == e.shape, f"shape {g.shape} != NumPy's {e.shape}"
    if check_dtype:
        assert g.dtype == e.dtype, f"dtype {g.dtype} != NumPy's {e.dtype}"
    if e.dtype.kind == "f" or (e.dtype.kind == "c" and rtol is not None):
        tol = RTOL.get(e.dtype, 1e-12) if rtol is None else rtol
        numpy.testing.assert_allclose(g, e, rtol=tol, atol=atol, equal_nan=True)
    else:
        numpy.testing.assert_array_equal(g, e)


def run_legato(fn, *inputs):
    """fn(legato.numpy, *inputs), through legato.jit in the jit run."""
    args = [to_legato(x) for x in inputs]
    if JIT:
        return legato.jit(lambda *a: fn(lnp, *a))(*args)
    return fn(lnp, *args)


def check(fn, *inputs, rtol=None, atol=0.0, check_dtype=True, traceable=True):
    """fn(numpy, *inputs) and fn(legato.numpy, *inputs) agree. An
    expression whose shape depends on values (a mask's selection, nonzero,
    unique) is not `traceable`: the jit run checks that legato.jit refuses
    it with a legato.Error, and compares it run outside jit."""
    expected = fn(numpy, *inputs)
    if JIT and not traceable:
        with pytest.raises(legato.Error, match="jit|traced"):
            run_legato(fn, *inputs)
        got = fn(lnp, *[to_legato(x) for x in inputs])
    else:
        got = run_legato(fn, *inputs)
    assert_same(got, expected, rtol, atol, check_dtype)
    return got


def raises_like_numpy(fn, *inputs):
    """fn raises with NumPy, and with legato an exception of the same
    class that is also a legato.Error."""
    with pytest.raises(Exception) as numpy_error:
        fn(numpy, *inputs)
    with pytest.raises(Exception) as legato_error:
        fn(lnp, *[to_legato(x) for x in inputs])
    assert isinstance(legato_error.value, type(numpy_error.value)), (
        f"NumPy raised {type(numpy_error.value).__name__}, legato "
        f"{type(legato_error.value).__name__}: {legato_error.value}")
    assert isinstance(legato_error.value, legato.Error), repr(legato_error.value)
    return legato_error.value


@pytest.fixture
def nep50():
    """NumPy 2's promotion (NEP 50: weak Python scalars) in the oracle on
    NumPy 1.24 as well (np._set_promotion_state; NumPy 2 has no other)."""
    state = getattr(numpy, "_get_promotion_state", lambda: None)()
    if state is not None:
        numpy._set_promotion_state("weak")
    yield
    if state is not None:
        numpy._set_promotion_state(state)


@pytest.fixture
def rng():
    return numpy.random.default_rng(1234)
