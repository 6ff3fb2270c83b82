"""np.fft against NumPy: every function (fft, ifft, rfft, irfft, hfft,
ihfft, their n-dimensional and 2-D forms, fftfreq, rfftfreq, fftshift,
ifftshift) over 1-D, 2-D and 3-D inputs, along every axis, with lengths
truncated and zero-padded, odd, even, prime and 1, every norm, s and axes;
non-contiguous inputs, transforms fused with what follows them, out=,
NumPy's errors and numpy.fft's dispatch to legato.

The oracle (NumPy 1.24) computes every transform in double precision;
legato follows NumPy 2, whose results keep single precision: float16,
float32 and complex64 give complex64 (irfft's and hfft's real results:
result_type(a.real.dtype, 1.0), so float32 for float32 and complex64 and
float16 for float16), other dtypes complex128 (float64). Values are
compared to the result's precision, dtypes to NumPy 2's rule."""
import numpy
import pytest

import legato
import legato.numpy as lnp
from conftest import assert_same, check, raises_like_numpy, run_legato

NORMS = [None, "backward", "ortho", "forward"]
REALS = ["float64", "float32", "float16", "int64", "int32", "bool"]
COMPLEXES = ["complex128", "complex64"]
# Relative tolerances by result dtype (and absolute ones, times the
# result's largest magnitude).
TOL = {numpy.dtype("float64"): 1e-10, numpy.dtype("complex128"): 1e-10,
       numpy.dtype("float32"): 1e-4, numpy.dtype("complex64"): 1e-4,
       numpy.dtype("float16"): 2e-3}
ONE_AXIS = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"]
# The transforms of real input only (NumPy 2 has no complex loops for them:
# complex input is left out of their tests).
REAL_INPUT = ("rfft", "ihfft", "rfftn", "rfft2")


def signal(shape, dtype="float64", seed=0):
    r = numpy.random.default_rng(seed)
    d = numpy.dtype(dtype)
    if d.kind == "b":
        return r.random(shape) < 0.5
    if d.kind in "iu":
        return r.integers(-5, 6, shape).astype(d)
    a = r.uniform(-1, 1, shape)
    if d.kind == "c":
        a = a + 1j * r.uniform(-1, 1, shape)
    return a.astype(d)


def complex_dtype(dtype):
    """NumPy 2's complex result: result_type(dtype, 1j) under NEP 50."""
    single = numpy.dtype(dtype) in (numpy.float16, numpy.float32, numpy.complex64)
    return numpy.dtype(numpy.complex64 if single else numpy.complex128)


def real_dtype(dtype):
    """NumPy 2's irfft (and hfft) result: result_type(a.real.dtype, 1.0)
    under NEP 50 (float16 stays float16)."""
    d = numpy.dtype(dtype)
    if d.kind == "c":
        return numpy.dtype(numpy.float32 if d == numpy.complex64 else numpy.float64)
    return d if d.kind == "f" else numpy.dtype(numpy.float64)


def result_dtype(name, dtype, naxes=1):
    """NumPy 2's result dtype of np.fft.<name> of `dtype` over `naxes` axes
    (irfftn: ifft over all but the last axis, then irfft of that)."""
    if name in ("irfft", "hfft") or (name in ("irfftn", "irfft2") and naxes == 1):
        return real_dtype(dtype)
    if name in ("irfftn", "irfft2"):
        return real_dtype(complex_dtype(dtype))
    return complex_dtype(dtype)


def close(got, expected, dtype):
    """got (a legato array) has NumPy 2's dtype and NumPy's values to that
    dtype's precision."""
    assert isinstance(got, lnp.ndarray), type(got)
    g = numpy.asarray(got)
    dtype = numpy.dtype(dtype)
    assert g.shape == expected.shape, f"shape {g.shape} != NumPy's {expected.shape}"
    assert g.dtype == dtype, f"dtype {g.dtype} != NumPy 2's {dtype}"
    tol = TOL[dtype]
    scale = max(1.0, float(numpy.abs(expected).max(initial=0.0)))
    numpy.testing.assert_allclose(g, expected, rtol=tol, atol=tol * scale)


def check_fft(fn, x, dtype):
    """fn(legato.numpy, x) (through legato.jit in the jit run) against
    fn(numpy, x), with NumPy 2's result dtype `dtype`."""
    close(run_legato(fn, x), fn(numpy, x), dtype)


def lengths(m):
    """n: the default, zero-padding, and truncating where the input has
    more than one point."""
    return [None, m + 3] + ([max(1, m - 3)] if m > 1 else [])


# ---- one axis ----
def cases(names, dtypes):
    """(name, dtype) pairs, but complex input to the transforms of real
    input, and float16 to irfft and hfft (test_float16_real_results)."""
    return [(n, d) for n in names for d in dtypes
            if not (n in REAL_INPUT and d in COMPLEXES) and not float16_real(n, d)]


def float16_real(name, dtype, naxes=1):
    """A float16 result: irfft or hfft of float16 over one axis."""
    return result_dtype(name, dtype, naxes) == numpy.float16


@pytest.mark.parametrize("name, dtype", cases(ONE_AXIS, REALS + COMPLEXES))
def test_one_axis_lengths(name, dtype):
    """Odd, even, prime and 1-point signals, truncated and zero-padded."""
    for m in (1, 2, 8, 9, 17):
        x = signal((m,), dtype, seed=m)
        for n in lengths(m):
            if n is None and m == 1 and name in ("irfft", "hfft"):
                continue  # n = 2 (m - 1) = 0: test_errors_like_numpy
            check_fft(lambda np, x: getattr(np.fft, name)(x, n), x, result_dtype(name, dtype))
            check_fft(lambda np, x: getattr(np.fft, name)(x, n=n, axis=0), x,
                      result_dtype(name, dtype))


@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("name", ONE_AXIS)
def test_one_axis_norms(name, norm):
    """Each norm scales by the transform's length n (not the input's)."""
    for dtype in ("float64", "float32", "complex128", "complex64"):
        if name in REAL_INPUT and dtype in COMPLEXES:
            continue
        for shape, axis in (((9,), -1), ((8,), 0), ((4, 6), 0), ((4, 6), -1)):
            x = signal(shape, dtype, seed=3)
            for n in (None, 5, 12):
                check_fft(lambda np, x: getattr(np.fft, name)(x, n, axis, norm), x,
                          result_dtype(name, dtype))
                check_fft(lambda np, x: getattr(np.fft, name)(x, n=n, axis=axis, norm=norm), x,
                          result_dtype(name, dtype))


@pytest.mark.parametrize("name", ONE_AXIS)
def test_one_axis_every_axis(name):
    """2-D and 3-D inputs along every axis, negative ones included."""
    for dtype in ("float64", "complex64"):
        if name in REAL_INPUT and dtype in COMPLEXES:
            continue
        for shape in ((5, 6), (3, 4, 5)):
            x = signal(shape, dtype, seed=len(shape))
            for axis in range(-len(shape), len(shape)):
                for n in (None, 7, 2):
                    check_fft(lambda np, x: getattr(np.fft, name)(x, n, axis=axis), x,
                              result_dtype(name, dtype))


def test_irfft_and_hfft_lengths():
    """irfft's default n is 2 (m - 1); an odd signal needs its n; rfft and
    irfft, hfft and ihfft are inverse pairs."""
    for m in (2, 5, 8, 9, 17):
        x = signal((m,), seed=m)
        spectrum = numpy.fft.rfft(x)
        check_fft(lambda np, s: np.fft.irfft(s), spectrum, "float64")
        assert numpy.asarray(run_legato(lambda np, s: np.fft.irfft(s), spectrum)).shape == (
            2 * (len(spectrum) - 1),)
        back = run_legato(lambda np, s: np.fft.irfft(s, m), spectrum)
        close(back, x, "float64")
        check_fft(lambda np, s: np.fft.irfft(s, 2 * len(s) - 1), spectrum, "float64")
        check_fft(lambda np, s: np.fft.hfft(s, 2 * len(s) - 1), spectrum, "float64")
        half = x[: m // 2 + 1] + 0.5j * signal((m // 2 + 1,), seed=m + 1)
        for n in (2 * len(half) - 2, 2 * len(half) - 1):
            if n < 1:
                continue
            real = run_legato(lambda np, h: np.fft.hfft(h, n), half)
            close(real, numpy.fft.hfft(half, n), "float64")
            # ihfft(hfft(a, n)) == a, the first value's imaginary part aside
            # (a Hermitian signal's is 0).
            again = run_legato(lambda np, r: np.fft.ihfft(r), numpy.asarray(real))
            expected = half.copy()
            expected[0] = expected[0].real
            if n % 2 == 0:
                expected[-1] = expected[-1].real
            close(again, expected, "complex128")


@pytest.mark.parametrize("name", ["irfft", "hfft", "irfftn", "irfft2"])
def test_float16_real_results(name):
    """NumPy 2's irfft and hfft of float16 are float16 (computed in single
    precision, the result cast to float16), as are irfftn and irfft2 over
    one axis (over several, the complex64 intermediate makes them
    float32)."""
    for m in (2, 8, 9, 17):
        x = signal((3, m), "float16", seed=m)
        for n in lengths(m):
            if name in ("irfft", "hfft"):
                check_fft(lambda np, x: getattr(np.fft, name)(x, n), x, "float16")
                check_fft(lambda np, x: getattr(np.fft, name)(x, n, axis=0), x, "float16")
            else:
                s = None if n is None else (n,)
                check_fft(lambda np, x: getattr(np.fft, name)(x, s, axes=(-1,)), x, "float16")
                check_fft(lambda np, x: getattr(np.fft, name)(x, s, axes=[0]), x, "float16")


def test_larger_sizes():
    """A prime length past FFTW's codelets, and a float32 image."""
    x = signal((1009,), "float64", seed=20)
    check_fft(lambda np, x: np.fft.fft(x), x, "complex128")
    check_fft(lambda np, x: np.fft.irfft(x, 2017), x, "float64")
    image = signal((256, 384), "float32", seed=21)
    check_fft(lambda np, x: np.fft.fft2(x), image, "complex64")
    check_fft(lambda np, x: np.fft.irfft2(np.fft.rfft2(x), x.shape), image, "float32")


def test_round_trips_in_single_precision():
    x = signal((4, 10), "float32", seed=7)
    z = signal((4, 10), "complex64", seed=8)
    close(run_legato(lambda np, z: np.fft.ifft(np.fft.fft(z)), z), z.astype(numpy.complex128),
          "complex64")
    close(run_legato(lambda np, x: np.fft.irfft(np.fft.rfft(x), 10), x), x, "float32")
    close(run_legato(lambda np, x: np.fft.irfftn(np.fft.rfftn(x), x.shape), x), x, "float32")
    close(run_legato(lambda np, z: np.fft.ifft2(np.fft.fft2(z)), z), z, "complex64")


# ---- several axes ----
# (shape, s, axes): NumPy's defaults, subsets and orders of axes, lengths
# truncated and padded (odd and even on the halved axis).
ND_CASES = [
    ((5,), None, None),
    ((4, 6), None, None),
    ((3, 4, 5), None, None),
    ((3, 4, 5), None, (0, 2)),
    ((3, 4, 5), None, (2, 0)),
    ((3, 4, 5), None, (-1,)),
    ((3, 4, 5), None, [1, -3]),
    ((3, 4, 5), (2, 7), (0, 2)),
    ((3, 4, 5), (5, 3), None),
    ((3, 4, 5), (6,), (-2,)),
    ((3, 4, 5), (3, 4, 7), None),
    ((3, 4, 5), [2, 2, 2], (2, 1, 0)),
    ((2, 17), (17, 9), (1, 0)),
]


def naxes(shape, s, axes):
    return len(axes) if axes is not None else len(s) if s is not None else len(shape)


@pytest.mark.parametrize("name, dtype", cases(["fftn", "ifftn", "rfftn", "irfftn"],
                                               ["float64", "float32", "complex128", "complex64",
                                                "int64"]))
def test_n_dimensional(name, dtype):
    for shape, s, axes in ND_CASES:
        x = signal(shape, dtype, seed=len(shape))
        expected_dtype = result_dtype(name, dtype, naxes(shape, s, axes))
        check_fft(lambda np, x: getattr(np.fft, name)(x, s, axes), x, expected_dtype)
        check_fft(lambda np, x: getattr(np.fft, name)(x, s=s, axes=axes), x, expected_dtype)


@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("name", ["fftn", "ifftn", "rfftn", "irfftn", "fft2", "ifft2", "rfft2",
                                  "irfft2"])
def test_n_dimensional_norms(name, norm):
    x = signal((3, 4, 6), "float64", seed=4)
    for s, axes in ((None, None), ((5, 3), (0, 2)), (None, (1, 2))):
        if name.endswith("2") and axes is None:
            axes = (-2, -1)
        check_fft(lambda np, x: getattr(np.fft, name)(x, s, axes, norm), x,
                  result_dtype(name, "float64", naxes(x.shape, s, axes)))
        check_fft(lambda np, x: getattr(np.fft, name)(x, s=s, axes=axes, norm=norm), x,
                  result_dtype(name, "float64", naxes(x.shape, s, axes)))


@pytest.mark.parametrize("name, dtype", cases(["fft2", "ifft2", "rfft2", "irfft2"],
                                               ["float64", "float32", "complex128", "float16"]))
def test_two_dimensional(name, dtype):
    """The last two axes by default; non-last axes, reordered axes, one
    axis, None (every axis) and s."""
    x = signal((3, 4, 6), dtype, seed=5)
    f = lambda np: getattr(np.fft, name)  # noqa: E731
    check_fft(lambda np, x: f(np)(x), x, result_dtype(name, dtype, 2))
    check_fft(lambda np, x: f(np)(x[0]), x, result_dtype(name, dtype, 2))
    for axes in ((0, 1), (1, 0), (0, 2), (-3, -2), (1,)):
        if float16_real(name, dtype, len(axes)):
            continue  # test_float16_real_results
        check_fft(lambda np, x: f(np)(x, axes=axes), x, result_dtype(name, dtype, len(axes)))
    check_fft(lambda np, x: f(np)(x, axes=None), x, result_dtype(name, dtype, 3))
    check_fft(lambda np, x: f(np)(x, s=(5, 3)), x, result_dtype(name, dtype, 2))
    check_fft(lambda np, x: f(np)(x, (2, 5), (0, 1)), x, result_dtype(name, dtype, 2))


def test_lengths_in_s():
    """s's entries: None, the 1-D transform's default (deprecated in NumPy
    2, as NumPy 1.24 computes it); -1, the input's length (NumPy 2; NumPy
    1.24 refuses it, so the oracle is given the length)."""
    x = signal((4, 5, 6), "complex128", seed=19)
    check_fft(lambda np, x: np.fft.fftn(x, s=(None, 3), axes=(0, 1)), x, "complex128")
    check_fft(lambda np, x: np.fft.ifft2(x, s=[7, None]), x, "complex128")
    check_fft(lambda np, x: np.fft.irfftn(x, s=(2, None), axes=(0, 2)), x, "float64")
    check_fft(lambda np, x: np.fft.irfft2(x, s=(None, 5)), x, "float64")
    check_fft(lambda np, x: np.fft.rfftn(x.real, s=(3, None), axes=(1, 2)), x, "complex128")
    for name in ("fftn", "ifftn", "irfftn", "fft2", "irfft2"):
        f = lambda np: getattr(np.fft, name)  # noqa: E731
        whole = (lambda np, x: -1 if np is lnp else x.shape[1])  # noqa: E731
        check_fft(lambda np, x: f(np)(x, s=(whole(np, x), 3), axes=(1, 2)), x,
                  result_dtype(name, "complex128", 2))
        check_fft(lambda np, x: f(np)(x, s=(4, whole(np, x)), axes=(0, 1)), x,
                  result_dtype(name, "complex128", 2))


def test_repeated_axes():
    """NumPy transforms an axis named twice twice."""
    x = signal((4, 6), "complex128", seed=6)
    check_fft(lambda np, x: np.fft.fftn(x, axes=(1, 1)), x, "complex128")
    check_fft(lambda np, x: np.fft.ifftn(x, axes=(0, 1, 0)), x, "complex128")
    check_fft(lambda np, x: np.fft.fft2(x, axes=(0, 0)), x, "complex128")
    check_fft(lambda np, x: np.fft.fftn(x, s=(3, 8), axes=(1, 1)), x, "complex128")
    check_fft(lambda np, x: np.fft.irfftn(x, axes=(1, 1)), x, "float64")
    r = signal((4, 6), "float64", seed=6)
    check_fft(lambda np, x: np.fft.rfftn(x, axes=(0, 0)), r, "complex128")
    # NumPy 2's rfftn applies the lengths of a repeated axis last to first
    # (gh-27159; NumPy 1.24 applied them first to last): its regression test.
    ones = numpy.ones((2, 3))
    got = run_legato(lambda np, x: np.fft.rfftn(x, s=(10, 20, 40), axes=(0, 0, 1)), ones)
    f = numpy.fft
    close(got, f.fft(f.fft(f.rfft(ones, axis=1, n=40), axis=0, n=20), axis=0, n=10),
          "complex128")


def test_no_axes():
    """axes=() transforms nothing: NumPy's fftn returns its input."""
    x = signal((3, 4), "float64", seed=9)
    check(lambda np, x: np.fft.fftn(x, axes=()), x)
    check(lambda np, x: np.fft.ifft2(x, axes=[]), x)


# ---- frequencies and shifts ----
def test_frequencies():
    for n in (1, 2, 7, 8, 17):
        for d in (1.0, 0.1, 2.5, 3):
            check(lambda np: np.fft.fftfreq(n, d))
            check(lambda np: np.fft.rfftfreq(n, d=d))
        check(lambda np: np.fft.fftfreq(n))
        check(lambda np: np.fft.rfftfreq(numpy.int64(n)))
    assert_same(lnp.fft.fftfreq(8, 0.5, device="cpu"), numpy.fft.fftfreq(8, 0.5))
    # The frequencies of a transform, used with it.
    x = signal((16,), seed=10)
    check(lambda np, x: np.fft.irfft(np.fft.rfft(x) * np.exp(-np.fft.rfftfreq(16, 0.1)), 16), x,
          rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("name", ["fftshift", "ifftshift"])
def test_shifts(name):
    f = lambda np: getattr(np.fft, name)  # noqa: E731
    for shape in ((1,), (7,), (8,), (4, 5), (3, 4, 5)):
        for dtype in ("float64", "int32", "complex64", "bool"):
            x = signal(shape, dtype, seed=11)
            check(lambda np, x: f(np)(x), x)
            for axis in range(-len(shape), len(shape)):
                check(lambda np, x: f(np)(x, axis), x)
                check(lambda np, x: f(np)(x, axes=(axis,)), x)
            if len(shape) > 1:
                check(lambda np, x: f(np)(x, axes=(0, -1)), x)
                check(lambda np, x: f(np)(x, axes=[-1, 0]), x)
            check(lambda np, x: f(np)(x, axes=()), x)
    freqs = numpy.fft.fftfreq(9)
    check(lambda np, x: np.fft.ifftshift(np.fft.fftshift(x)), freqs)
    check(lambda np, x: np.fft.fftshift(np.fft.fftfreq(10, 0.2)) + x[0], freqs)


# ---- layouts, fusion, out= ----
def test_non_contiguous_inputs():
    x = signal((6, 8), "float64", seed=12)
    z = signal((6, 8), "complex128", seed=13)
    check_fft(lambda np, x: np.fft.fft(x.T), x, "complex128")
    check_fft(lambda np, x: np.fft.fft(x.T, axis=0), x, "complex128")
    check_fft(lambda np, x: np.fft.fft(x[:, ::2]), x, "complex128")
    check_fft(lambda np, x: np.fft.rfft(x[1::2, ::3], n=7, axis=0), x, "complex128")
    check_fft(lambda np, x: np.fft.ifft(x[::-1, 1:7]), z, "complex128")
    check_fft(lambda np, x: np.fft.irfft(x[:, 1:6].T, axis=0), z, "float64")
    check_fft(lambda np, x: np.fft.hfft(x[2:5, ::3]), z, "float64")
    check_fft(lambda np, x: np.fft.rfft2(x.T), x, "complex128")
    check_fft(lambda np, x: np.fft.fftn(x[::2].T, s=(5, 4)), z, "complex128")
    check_fft(lambda np, x: np.fft.irfftn(x.T[:, ::2], axes=(0, 1)), z, "float64")
    check(lambda np, x: np.fft.fftshift(x.T[::2], axes=0), x)
    check(lambda np, x: np.fft.ifftshift(x[:, 1::2]), z)
    # A legato array transposed before the call (a view of a legato array).
    a = lnp.asarray(x)
    close(lnp.fft.fft(a.T), numpy.fft.fft(x.T), "complex128")
    close(lnp.fft.fft2(a[::2, 1::3]), numpy.fft.fft2(x[::2, 1::3]), "complex128")


def test_fused_with_its_neighbours():
    x = signal((64,), "float64", seed=14)
    # Parseval: sum |X|^2 = n sum |x|^2.
    check(lambda np, x: np.sum(np.abs(np.fft.fft(x)) ** 2), x, rtol=1e-10)
    check(lambda np, x: np.sum(np.abs(np.fft.fft(x * 2.0 + 1.0, norm="ortho")) ** 2), x,
          rtol=1e-10)
    check(lambda np, x: np.fft.ifft(np.fft.fft(x) * 2.0).real - x, x, rtol=1e-10, atol=1e-12)
    check(lambda np, x: np.abs(np.fft.fftshift(np.fft.fft(x[:60].reshape(6, 10), axis=0))).max(),
          x, rtol=1e-10)
    check(lambda np, x: np.fft.rfft(np.fft.irfft(np.fft.rfft(x)) + 1.0).real, x, rtol=1e-10,
          atol=1e-10)
    y = signal((8, 8), "float32", seed=15)
    got = run_legato(lambda np, y: np.sum(np.abs(np.fft.fft2(y)) ** 2), y)
    assert numpy.asarray(got).dtype == numpy.float32
    numpy.testing.assert_allclose(numpy.asarray(got), 64 * numpy.sum(y.astype(float) ** 2),
                                  rtol=1e-4)


def test_out():
    x = signal((4, 6), "float64", seed=16)
    a = lnp.asarray(x)
    out = lnp.zeros((4, 6), dtype=lnp.complex128)
    r = lnp.fft.fft(a, out=out)
    assert r is out
    close(out, numpy.fft.fft(x), "complex128")
    out = lnp.zeros((4, 6), dtype=lnp.complex128)
    assert lnp.fft.fftn(a, axes=(0, 1), norm="ortho", out=out) is out
    close(out, numpy.fft.fftn(x, axes=(0, 1), norm="ortho"), "complex128")
    out = lnp.zeros((4, 4), dtype=lnp.complex128)
    assert lnp.fft.rfft2(a, out=out) is out
    close(out, numpy.fft.rfft2(x), "complex128")
    out = lnp.zeros((4, 10), dtype=lnp.float64)
    assert lnp.fft.irfft(a, out=out) is out
    close(out, numpy.fft.irfft(x), "float64")
    # A complex result does not fit a real out; a wrong shape is refused.
    with pytest.raises(TypeError) as error:
        lnp.fft.fft(a, out=lnp.zeros((4, 6)))
    assert isinstance(error.value, legato.Error)
    with pytest.raises(ValueError) as error:
        lnp.fft.fft(a, out=lnp.zeros((4, 5), dtype=lnp.complex128))
    assert isinstance(error.value, legato.Error)


# ---- errors, dispatch, array-likes ----
def test_errors_like_numpy():
    x = signal((5,), seed=17)
    m = signal((3, 4), seed=17)
    for name in ONE_AXIS:
        for n in (0, -1, -2):
            error = raises_like_numpy(lambda np, x: getattr(np.fft, name)(x, n), x)
            assert "Invalid number of FFT data points" in str(error), error
        raises_like_numpy(lambda np, x: getattr(np.fft, name)(x, axis=1), x)
        raises_like_numpy(lambda np, x: getattr(np.fft, name)(x, axis=-2), x)
        raises_like_numpy(lambda np, x: getattr(np.fft, name)(x, 4, axis=2), m)
        error = raises_like_numpy(lambda np, x: getattr(np.fft, name)(x, norm="bogus"), x)
        assert "Invalid norm value" in str(error), error
        raises_like_numpy(lambda np, x: getattr(np.fft, name)(x), numpy.float64(1.0))
    for name in ("irfft", "hfft"):
        # One point: the default n = 2 (m - 1) = 0.
        error = raises_like_numpy(lambda np, x: getattr(np.fft, name)(x), x[:1])
        assert "Invalid number of FFT data points (0)" in str(error), error
    error = raises_like_numpy(lambda np, x: np.fft.fft(x), x[:0])
    assert "Invalid number of FFT data points (0)" in str(error), error
    for name in ("fftn", "ifftn", "rfftn", "irfftn", "fft2", "ifft2", "rfft2", "irfft2"):
        raises_like_numpy(lambda np, x: getattr(np.fft, name)(x, axes=(0, 5)), m)
        raises_like_numpy(lambda np, x: getattr(np.fft, name)(x, axes=(-3, 1)), m)
        error = raises_like_numpy(lambda np, x: getattr(np.fft, name)(x, s=(2,), axes=(0, 1)), m)
        assert "Shape and axes have different lengths" in str(error), error
        error = raises_like_numpy(lambda np, x: getattr(np.fft, name)(x, s=(0, 3), axes=(0, 1)),
                                  m)
        assert "Invalid number of FFT data points" in str(error), error
        error = raises_like_numpy(lambda np, x: getattr(np.fft, name)(x, norm="bogus"), m)
        assert "Invalid norm value" in str(error), error
    for name in ("fftshift", "ifftshift"):
        raises_like_numpy(lambda np, x: getattr(np.fft, name)(x, axes=3), x)
        raises_like_numpy(lambda np, x: getattr(np.fft, name)(x, axes=(0, -3)), m)
    error = raises_like_numpy(lambda np: np.fft.fftfreq(3.0))
    assert "n should be an integer" in str(error)
    raises_like_numpy(lambda np: np.fft.rfftfreq(2.5))
    for f in (lnp.fft.fftfreq, lnp.fft.rfftfreq):
        with pytest.raises(ZeroDivisionError):
            f(0)
        with pytest.raises(ZeroDivisionError):
            f(4, 0.0)


def test_numpy_fft_dispatches_to_legato():
    x = signal((4, 6), "float64", seed=18)
    a = lnp.asarray(x)
    for f in (lambda np, a: np.fft.fft(a), lambda np, a: np.fft.ifft(a, n=8, axis=0),
              lambda np, a: np.fft.rfft(a, norm="ortho"), lambda np, a: np.fft.irfft(a),
              lambda np, a: np.fft.hfft(a), lambda np, a: np.fft.ihfft(a),
              lambda np, a: np.fft.fftn(a), lambda np, a: np.fft.ifftn(a, axes=(0,)),
              lambda np, a: np.fft.rfftn(a, s=(3, 5), axes=(0, 1)), lambda np, a: np.fft.irfftn(a),
              lambda np, a: np.fft.fft2(a), lambda np, a: np.fft.ifft2(a),
              lambda np, a: np.fft.rfft2(a), lambda np, a: np.fft.irfft2(a),
              lambda np, a: np.fft.fftshift(a), lambda np, a: np.fft.ifftshift(a, axes=0)):
        r = f(numpy, a)  # numpy.fft.* on a legato array: legato's
        assert isinstance(r, lnp.ndarray), type(r)
        expected = f(numpy, x)
        if expected.dtype == x.dtype:
            assert_same(r, expected)
        else:
            close(r, expected, expected.dtype)
    assert a.__array_namespace__().fft is lnp.fft


def test_array_likes():
    close(lnp.fft.fft([1, 2, 3, 4]), numpy.fft.fft([1, 2, 3, 4]), "complex128")
    close(lnp.fft.rfft(numpy.arange(5, dtype=numpy.float32)),
          numpy.fft.rfft(numpy.arange(5.0)), "complex64")
    close(lnp.fft.ifft([1j, 2, 3]), numpy.fft.ifft([1j, 2, 3]), "complex128")
    close(lnp.fft.fftn(numpy.ones((2, 3), numpy.int32), s=range(2, 4)),
          numpy.fft.fftn(numpy.ones((2, 3)), s=(2, 3)), "complex128")
    assert_same(lnp.fft.fftshift([1, 2, 3, 4, 5]), numpy.fft.fftshift([1, 2, 3, 4, 5]))
