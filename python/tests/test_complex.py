"""complex64 and complex128 against NumPy: arithmetic, promotion with every
other dtype and with Python complex scalars, the parts, the functions
legato computes for complex numbers, reductions, matmul, comparisons."""
import operator

import numpy
import pytest

import legato
import legato.numpy as lnp
from conftest import assert_same, check, run_legato

COMPLEX = ["complex64", "complex128"]
TOL = {"complex64": 2e-6, "complex128": 1e-12}


pytestmark = pytest.mark.usefixtures("nep50")


def values(dtype, shape=(3, 4), seed=0):
    r = numpy.random.default_rng(seed)
    z = r.integers(-8, 9, shape) / 4 + 1j * (r.integers(-8, 9, shape) / 4)
    return z.astype(dtype)


def close(got, expected, dtype):
    """Values to the dtype's tolerance, NumPy's dtype."""
    g, e = numpy.asarray(got), numpy.asarray(expected)
    assert g.dtype == e.dtype, (g.dtype, e.dtype)
    numpy.testing.assert_allclose(g, e, rtol=TOL.get(str(dtype), 1e-12), atol=1e-6,
                                  equal_nan=True)


@pytest.mark.parametrize("dtype", COMPLEX)
def test_round_trip_and_parts(dtype):
    z = values(dtype)
    a = lnp.asarray(z)
    assert a.dtype == numpy.dtype(dtype) and a.itemsize == numpy.dtype(dtype).itemsize
    assert_same(a, z)
    assert_same(a.real, z.real)
    assert_same(a.imag, z.imag)
    assert_same(lnp.real(a), numpy.real(z))
    assert_same(lnp.imag(a), numpy.imag(z))
    assert_same(a.conj(), z.conj())
    assert_same(lnp.conjugate(a), numpy.conjugate(z))
    close(lnp.abs(a), numpy.abs(z), dtype)
    close(lnp.angle(a), numpy.angle(z), dtype)
    close(lnp.angle(a, deg=True), numpy.angle(z, deg=True), dtype)
    assert lnp.iscomplexobj(a) and not lnp.isrealobj(a)
    assert complex(a[0, 0]) == complex(z[0, 0])


@pytest.mark.parametrize("dtype", COMPLEX)
@pytest.mark.parametrize("op", [operator.add, operator.sub, operator.mul, operator.truediv],
                         ids=lambda o: o.__name__)
def test_arithmetic(dtype, op):
    x, y = values(dtype, seed=1), values(dtype, (4,), seed=2)
    y = numpy.where(y == 0, 1 + 1j, y).astype(dtype)
    close(op(lnp.asarray(x), lnp.asarray(y)), op(x, y), dtype)
    for scalar in (2, 2.5, 1 - 0.5j, True):
        close(op(lnp.asarray(x), scalar), op(x, scalar), dtype)
        close(op(scalar, lnp.asarray(y)), op(scalar, y), dtype)


@pytest.mark.parametrize("other", ["bool", "int8", "uint8", "int16", "int32", "int64",
                                   "uint64", "float16", "float32", "float64",
                                   "complex64", "complex128"])
@pytest.mark.parametrize("dtype", COMPLEX)
def test_promotion_with_every_dtype(dtype, other):
    z = values(dtype, seed=3)
    r = numpy.random.default_rng(4)
    o = (r.integers(0, 5, (4,)) if other != "bool" else r.random(4) < 0.5).astype(other)
    expected = z + o
    got = lnp.asarray(z) + lnp.asarray(o)
    close(got, expected, expected.dtype)


def test_real_arrays_with_complex_scalars():
    """NEP 50: a Python complex beside float32 is complex64, beside ints
    complex128."""
    for dtype in ("float16", "float32", "float64", "int32", "bool"):
        x = numpy.arange(4).astype(dtype)
        got, expected = lnp.asarray(x) * (1 + 2j), x * (1 + 2j)
        close(got, expected, expected.dtype)


FUNCTIONS = ["exp", "log", "sqrt", "sin", "cos", "tan", "tanh", "expm1", "log1p", "sinh",
             "cosh", "arcsin", "arccos", "arctan", "arcsinh", "arccosh", "arctanh", "log2",
             "log10", "exp2"]


@pytest.mark.parametrize("dtype", COMPLEX)
@pytest.mark.parametrize("name", FUNCTIONS)
def test_functions(dtype, name):
    z = values(dtype, seed=5)
    z = numpy.where(z == 0, 0.5 + 0.25j, z).astype(dtype)  # (log of 0: -inf + nan)
    close(getattr(lnp, name)(lnp.asarray(z)), getattr(numpy, name)(z), dtype)


# Parts where the functions are hard: signed zeros on the branch cuts, tiny
# parts (cancellation), the unit circle (log), the singular points (arctan
# at +-i, arctanh at +-1: infinite), large parts (overflow of sinh/cosh).
HARD_PARTS = [0.0, -0.0, 1e-9, -1e-9, 0.3, -0.7, 1.0, -1.0, 1.5, -2.0, 30.0, -1e3]


def log1p_reference(z):
    """NumPy 1.24's complex log1p is log of 1 + z rounded, which loses a
    tiny z's real part: the reference takes log|1 + z| from mpmath at 40
    digits and the angle as NumPy's, atan2(y, 1 + x) (signed zeros kept)."""
    import mpmath
    mpmath.mp.dps = 40
    expected = numpy.empty_like(z)
    expected.real = [float(mpmath.log(abs(1 + mpmath.mpc(float(c.real), float(c.imag)))))
                     for c in z]
    expected.imag = numpy.arctan2(z.imag, z.real + 1)
    return expected


@pytest.mark.parametrize("dtype", COMPLEX)
@pytest.mark.parametrize("name", FUNCTIONS)
def test_functions_on_cuts_and_edges(dtype, name):
    """Each value against NumPy's to the dtype's precision relative to its
    modulus, signs of zeros on the cuts included (a wrong side of a cut is
    a wrong value), infinities and NaNs where NumPy has them."""
    z = numpy.array([complex(x, y) for x in HARD_PARTS for y in HARD_PARTS], dtype=dtype)
    with numpy.errstate(all="ignore"):
        if name == "log1p":
            expected = log1p_reference(z)
        else:
            expected = getattr(numpy, name)(z)
    got = numpy.asarray(run_legato(lambda np, z: getattr(np, name)(z), z))
    assert got.dtype == expected.dtype
    tol = {"complex64": 2e-5, "complex128": 1e-12}[dtype]
    for part in ("real", "imag"):
        g, e = getattr(got, part), getattr(expected, part)
        finite = numpy.isfinite(e)
        assert (numpy.isnan(g) == numpy.isnan(e)).all(), (part, z[numpy.isnan(g) != numpy.isnan(e)])
        infinite = numpy.isinf(e)
        assert (g[infinite] == e[infinite]).all(), (part, z[infinite], g[infinite])
        scale = numpy.maximum(numpy.abs(expected), 1e-30)[finite]
        wrong = numpy.abs(g[finite] - e[finite]) > tol * scale
        assert not wrong.any(), (part, z[finite][wrong], g[finite][wrong], e[finite][wrong])


def test_functions_legato_lacks_for_complex_are_type_errors():
    a = lnp.asarray(values("complex128"))
    for name in ("floor", "cbrt", "arctan2", "floor_divide"):
        fn = getattr(lnp, name)
        with pytest.raises(TypeError) as e:
            fn(a) if name not in ("arctan2", "floor_divide") else fn(a, a)
        assert isinstance(e.value, legato.Error) and "complex" in str(e.value)


@pytest.mark.parametrize("dtype", COMPLEX)
def test_ordering(dtype):
    """NumPy's order of complex numbers (real parts, then imaginary parts;
    NaN in either part propagates): max, min, argmax, argmin, maximum,
    minimum, ptp, sort."""
    z = values(dtype, (4, 5), seed=8)
    z[1, 2] = z[1, 3].real + 1j * (z[1, 3].imag + 1)  # equal real parts
    zn = z.copy()
    zn[2, 1] = complex(1.0, numpy.nan)
    zn[3, 4] = complex(numpy.nan, 0.0)
    for x in (z, zn):
        for fn in (lambda np, z: np.max(z), lambda np, z: np.min(z, axis=0),
                   lambda np, z: np.max(z, axis=1), lambda np, z: np.argmax(z),
                   lambda np, z: np.argmin(z, axis=1), lambda np, z: np.argmax(z, axis=0),
                   lambda np, z: np.maximum(z, z[::-1]), lambda np, z: np.minimum(z, z[:, ::-1]),
                   lambda np, z: np.ptp(z, axis=1)):
            assert_same(fn(lnp, lnp.asarray(x)), fn(numpy, x))
    for fn in (lambda np, z: np.sort(z, axis=1), lambda np, z: np.argsort(z, axis=0,
                                                                            kind="stable")):
        assert_same(fn(lnp, lnp.asarray(z)), fn(numpy, z))


@pytest.mark.parametrize("dtype", COMPLEX)
def test_reductions(dtype):
    z = values(dtype, (4, 5), seed=6)
    for fn in (lambda np, z: np.sum(z), lambda np, z: np.sum(z, axis=0),
               lambda np, z: np.prod(z[:2, :3], axis=1), lambda np, z: np.mean(z, axis=1),
               lambda np, z: np.cumsum(z, axis=1), lambda np, z: np.var(z, axis=0),
               lambda np, z: np.std(z)):
        close(fn(lnp, lnp.asarray(z)), fn(numpy, z), dtype)


@pytest.mark.parametrize("dtype", COMPLEX)
def test_matmul_and_dot(dtype):
    a, b = values(dtype, (4, 3), seed=7), values(dtype, (3, 5), seed=8)
    v = values(dtype, (3,), seed=9)
    close(lnp.asarray(a) @ lnp.asarray(b), a @ b, dtype)
    close(lnp.asarray(a) @ lnp.asarray(v), a @ v, dtype)
    close(lnp.dot(lnp.asarray(v), lnp.asarray(v)), numpy.dot(v, v), dtype)
    close(lnp.asarray(a) @ lnp.asarray(b.real.copy()), a @ b.real, dtype)


@pytest.mark.parametrize("dtype", COMPLEX)
def test_comparisons_order_by_real_then_imaginary_part(dtype):
    """== and != compare both parts; <, <=, >, >= order by the real parts,
    then the imaginary parts (NumPy's order)."""
    z = numpy.array([1 + 1j, 1 + 2j, 2 - 1j, 1 + 1j, -1 + 5j, 0j], dtype)
    w = numpy.array([1 + 2j, 1 + 1j, 1 + 9j, 1 + 1j, -1 + 5j, -0.0 + 0j], dtype)
    for op in (operator.eq, operator.ne, operator.lt, operator.le, operator.gt, operator.ge):
        check(lambda np, z, w: op(z, w), z, w)


def test_sign_is_z_over_abs_z():
    """NumPy 2's sign of complex numbers (NumPy 1.24 took the real part's)."""
    z = numpy.array([3 + 4j, 0j, -2j, 1 + 0j])
    close(lnp.sign(lnp.asarray(z)), numpy.where(z == 0, 0, z / numpy.where(z == 0, 1, abs(z))),
          "complex128")


@pytest.mark.parametrize("dtype", COMPLEX)
def test_astype_and_where(dtype):
    z = values(dtype, seed=10)
    a = lnp.asarray(z)
    for to in ("complex64", "complex128"):
        close(a.astype(to), z.astype(to), to)
    warning = getattr(getattr(numpy, "exceptions", numpy), "ComplexWarning")
    with numpy.errstate(all="ignore"), pytest.warns(warning):
        expected = z.astype("float64")
    assert_same(a.astype("float64"), expected)
    assert_same(a.astype(bool), z.astype(bool))
    close(lnp.asarray(numpy.arange(3.0)).astype(dtype), numpy.arange(3.0).astype(dtype), dtype)
    # (NumPy 2's where keeps complex64 beside a Python complex; 1.24's widened)
    close(lnp.where(a.real > 0, a, 1j), numpy.where(z.real > 0, z, 1j).astype(dtype), dtype)
    assert_same(lnp.isnan(a), numpy.isnan(z))
    assert_same(lnp.isfinite(a * numpy.inf), numpy.isfinite(z * numpy.inf))


def test_slicing_concatenate_and_in_place():
    z = values("complex128", (4, 6), seed=11)
    a = lnp.asarray(z)
    assert_same(a[1:3, ::2], z[1:3, ::2])
    assert_same(lnp.concatenate([a, a[:1]]), numpy.concatenate([z, z[:1]]))
    assert_same(a.T, z.T)
    a[0] = 5 - 1j
    z[0] = 5 - 1j
    assert_same(a, z)
    a += 1j
    z += 1j
    assert_same(a, z)
