"""np.fft: the discrete Fourier transforms (fft, ifft, rfft, irfft, hfft,
ihfft, their n-dimensional and 2-D forms), the sample frequencies
(fftfreq, rfftfreq) and the shifts (fftshift, ifftshift), with NumPy 2's
signatures (out= included). A transform along an axis is one compiler
primitive (FFTW on CPUs) that the padding, scaling and slicing around it
fuse with. Dtypes follow NumPy 2: float32 and complex64 compute in single
precision (complex64 results; irfft's and hfft's real ones float32), and
float16 too (complex64; irfft and hfft of float16 give float16); other
numbers in double (complex128; float64). Arguments are
checked here as NumPy checks them (n < 1, s against axes, norm), and s's
-1 (the input's length) and None (the 1-D default) made explicit."""
import operator

from .. import _core
from ._creation import _check_device
from ._utils import asarray, write_out

__all__ = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fftn", "ifftn", "rfftn", "irfftn",
           "fft2", "ifft2", "rfft2", "irfft2", "fftfreq", "rfftfreq", "fftshift", "ifftshift"]

_NORMS = ("backward", "ortho", "forward")


def _norm(norm):
    """NumPy's norm argument (None is "backward") as the C++ API's name."""
    if norm is None:
        return "backward"
    if not isinstance(norm, str) or norm not in _NORMS:
        raise _core.ValueError(f'Invalid norm value {norm}; should be "backward", "ortho" or '
                               '"forward".')
    return norm


def _points(n):
    """A transform's length: a positive integer (NumPy's ValueError
    otherwise)."""
    n = operator.index(n)
    if n < 1:
        raise _core.ValueError(f"Invalid number of FFT data points ({n}) specified.")
    return n


def _axis_index(axis, ndim):
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise _core.AxisError(f"legato.fft: axis {axis} is out of bounds for array of "
                              f"dimension {ndim}")
    return axis % ndim


def _one(fn, a, n, axis, norm, out, op, halved=False):
    """A transform along one axis; `halved`: irfft's and hfft's default
    length 2 (m - 1) (checked here, as NumPy does, where the axis exists;
    the C++ API reports a bad axis)."""
    a = asarray(a)
    axis = operator.index(axis)
    if n is None:
        if -a.ndim <= axis < a.ndim:
            m = a.shape[axis]
            _points(2 * (m - 1) if halved else m)
        n = -1
    else:
        n = _points(n)
    return write_out(fn(a, n, axis, _norm(norm)), out, f"fft.{op}")


def _sequence(x):
    """A list of NumPy's s or axes argument: a sequence (a tuple, a list, a
    NumPy array, a range) or one integer."""
    if isinstance(x, (tuple, list)):
        return list(x)
    try:
        return [operator.index(x)]
    except TypeError:
        return list(x)


def _cook(a, s, axes, inverse_real):
    """NumPy 2's s and axes of the n-dimensional transforms in the C++ API's
    forms: s = [] keeps the defaults, else every length is explicit (-1 in
    s is the input's length, None the 1-D transform's default) and
    checked; axes = None is NumPy's default (the last len(s) axes, or every
    axis)."""
    if axes is not None:
        axes = [operator.index(x) for x in _sequence(axes)]
    if s is None:
        return [], axes
    s = [None if n is None else operator.index(n) for n in _sequence(s)]
    if axes is None:
        axes = list(range(-len(s), 0))
    if len(s) != len(axes):
        raise _core.ValueError("Shape and axes have different lengths.")
    lengths = []
    for i, (n, axis) in enumerate(zip(s, axes)):
        if n is None or n == -1:
            m = a.shape[_axis_index(axis, a.ndim)]
            n = 2 * (m - 1) if n is None and inverse_real and i == len(s) - 1 else m
        lengths.append(_points(n))
    return lengths, axes


def _many(fn, a, s, axes, norm, out, op, inverse_real=False, fn2=None):
    """The n-dimensional transforms (fn) and the 2-D ones (fn2, which take
    explicit axes; axes=None there is fftn's every axis, as NumPy's)."""
    a = asarray(a)
    s, axes = _cook(a, s, axes, inverse_real)
    if axes is not None and not axes:
        # No axis: NumPy's fftn and ifftn return the input; rfftn and
        # irfftn have no last axis to halve.
        if inverse_real or op.startswith("rfft"):
            raise _core.IndexError(f"legato.fft.{op}: axes must name at least one axis")
        return write_out(a, out, f"fft.{op}")
    if fn2 is not None and axes is not None:
        result = fn2(a, s, axes, _norm(norm))
    else:
        result = fn(a, s, axes, _norm(norm))
    return write_out(result, out, f"fft.{op}")


# ---- one axis ----
def fft(a, n=None, axis=-1, norm=None, out=None):
    """The n-point discrete Fourier transform along `axis` (the input
    truncated or zero-padded to n)."""
    return _one(_core.fft_fft, a, n, axis, norm, out, "fft")


def ifft(a, n=None, axis=-1, norm=None, out=None):
    return _one(_core.fft_ifft, a, n, axis, norm, out, "ifft")


def rfft(a, n=None, axis=-1, norm=None, out=None):
    """fft of real input: the n // 2 + 1 non-negative frequencies."""
    return _one(_core.fft_rfft, a, n, axis, norm, out, "rfft")


def irfft(a, n=None, axis=-1, norm=None, out=None):
    """The real signal of length n (default 2 (m - 1)) whose rfft is `a`."""
    return _one(_core.fft_irfft, a, n, axis, norm, out, "irfft", halved=True)


def hfft(a, n=None, axis=-1, norm=None, out=None):
    """The real spectrum of a Hermitian signal given by its first half
    (length n, default 2 (m - 1))."""
    return _one(_core.fft_hfft, a, n, axis, norm, out, "hfft", halved=True)


def ihfft(a, n=None, axis=-1, norm=None, out=None):
    return _one(_core.fft_ihfft, a, n, axis, norm, out, "ihfft")


# ---- several axes ----
def fftn(a, s=None, axes=None, norm=None, out=None):
    """fft over `axes` (default: the last len(s) axes, or every axis),
    the input truncated or zero-padded to the lengths `s`."""
    return _many(_core.fft_fftn, a, s, axes, norm, out, "fftn")


def ifftn(a, s=None, axes=None, norm=None, out=None):
    return _many(_core.fft_ifftn, a, s, axes, norm, out, "ifftn")


def rfftn(a, s=None, axes=None, norm=None, out=None):
    """rfft over the last of `axes`, then fft over the others."""
    return _many(_core.fft_rfftn, a, s, axes, norm, out, "rfftn")


def irfftn(a, s=None, axes=None, norm=None, out=None):
    """The inverse of rfftn: ifft over all but the last of `axes`, then
    irfft over it (default length 2 (m - 1))."""
    return _many(_core.fft_irfftn, a, s, axes, norm, out, "irfftn", inverse_real=True)


def fft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return _many(_core.fft_fftn, a, s, axes, norm, out, "fft2",
                 fn2=_core.fft_fft2)


def ifft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return _many(_core.fft_ifftn, a, s, axes, norm, out, "ifft2",
                 fn2=_core.fft_ifft2)


def rfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return _many(_core.fft_rfftn, a, s, axes, norm, out, "rfft2",
                 fn2=_core.fft_rfft2)


def irfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return _many(_core.fft_irfftn, a, s, axes, norm, out, "irfft2", inverse_real=True,
                 fn2=_core.fft_irfft2)


# ---- frequencies and shifts ----
def _frequency_count(n, d):
    if isinstance(n, bool):
        raise _core.ValueError("n should be an integer")
    try:
        n = operator.index(n)
    except TypeError:
        raise _core.ValueError("n should be an integer") from None
    d = float(d)
    1.0 / (n * d)  # NumPy's ZeroDivisionError for n == 0 or d == 0
    if n < 0:
        raise _core.ValueError("negative dimensions are not allowed")
    return n, d


def fftfreq(n, d=1.0, device=None):
    """The sample frequencies of an n-point fft with sample spacing d:
    [0, 1, ..., -(n // 2), ..., -1] / (d n), float64."""
    _check_device(device)
    return _core.fft_fftfreq(*_frequency_count(n, d))


def rfftfreq(n, d=1.0, device=None):
    """rfft's sample frequencies: [0, 1, ..., n // 2] / (d n), float64."""
    _check_device(device)
    return _core.fft_rfftfreq(*_frequency_count(n, d))


def _shift(fn, x, axes):
    x = asarray(x)
    if axes is None:
        return fn(x, [])  # every axis
    axes = [operator.index(x) for x in _sequence(axes)]
    if not axes:
        return x._copy()  # NumPy's roll over no axis: a copy
    return fn(x, [_axis_index(axis, x.ndim) for axis in axes])


def fftshift(x, axes=None):
    """The zero frequency moved to the middle of `axes` (default every
    axis): a roll by n // 2 along each."""
    return _shift(_core.fft_fftshift, x, axes)


def ifftshift(x, axes=None):
    """The inverse of fftshift: a roll by -(n // 2) along each axis."""
    return _shift(_core.fft_ifftshift, x, axes)
