"""np.random over legato's counter-based Generator (legato::Generator in C++).

Every draw is a function of the seed, the order of the draws and the
array's global shape only, never of ranks, threads, mode or backend, so
results are reproducible everywhere: bit for bit for random, uniform,
integers, poisson, binomial, permutation, shuffle and choice; normal,
exponential and gamma values go through exp/log/cos, which may round an ulp
apart between backends. They are not NumPy's numbers. Each random word is
SplitMix64 of a stream key (hashed from the seed and a counter) and the
element's position; the distributions are NumPy's methods made into
fixed-size computations (legato/legato.h documents the rejection methods'
attempt counts and the at most 2**-64 chance that none is accepted).

``default_rng(seed)`` gives a Generator with its own streams; the legacy
functions (rand, randn, random, randint, ...) draw from a global Generator
that ``seed(n)`` replaces. ``size=None`` gives a 0-d array.
"""
import numbers
import operator

import numpy as _np

from .. import _core
from ._dtypes import DType, legato_dtype, numpy_dtype
from ._utils import asarray, shape_of

__all__ = ["Generator", "RandomState", "default_rng", "seed", "random", "random_sample",
           "sample", "ranf", "rand", "randn", "randint", "uniform", "normal",
           "standard_normal", "exponential", "standard_exponential", "gamma",
           "standard_gamma", "poisson", "binomial", "integers", "permutation", "shuffle",
           "choice"]


def _shape(size):
    return [] if size is None else shape_of(size)


def _seed64(seed):
    """A seed as 64 bits: NumPy's non-negative int (any size, folded)."""
    if seed is None:
        import os
        return int.from_bytes(os.urandom(8), "little")
    if isinstance(seed, (_np.ndarray, list, tuple)):
        words = [operator.index(s) for s in _np.asarray(seed).ravel().tolist()]
    else:
        words = [operator.index(seed)]
    folded = 0
    for w in words:
        if w < 0:
            raise _core.ValueError("np.random: seed must be non-negative, got " + str(w))
        while True:
            folded = (folded * 0x100000001B3 ^ (w & 0xFFFFFFFFFFFFFFFF)) & 0xFFFFFFFFFFFFFFFF
            w >>= 64
            if not w:
                break
    return folded


def _is_scalar(x):
    return isinstance(x, numbers.Number) or (hasattr(x, "ndim") and x.ndim == 0)


def _scalar(x, name, fn):
    """A scalar parameter as a Python number; arrays are a TypeError here."""
    if not _is_scalar(x):
        raise _core.TypeError(f"np.random.Generator.{fn}: {name} must be a scalar in legato "
                              f"(draw once per distinct value instead)")
    return x.item() if hasattr(x, "item") else x


def _float_dtype(dtype, fn):
    t = legato_dtype(dtype)
    if t not in (DType.float32, DType.float64):
        raise _core.TypeError(f"np.random.Generator.{fn}: Unsupported dtype "
                              f"{numpy_dtype(t)} for {fn}; use float64 or float32")
    return t


def _out(result, out, size):
    if out is None:
        return result
    if size is not None and tuple(_shape(size)) != tuple(out.shape):
        raise _core.ValueError(f"np.random: size {tuple(_shape(size))} does not match out's "
                               f"shape {tuple(out.shape)}")
    out[...] = result
    return out


def _broadcast_shape(size, *params):
    """size, or without it the broadcast shape of array parameters."""
    if size is not None:
        return _shape(size)
    return list(_np.broadcast_shapes(*[tuple(_np.shape(p)) if not hasattr(p, "shape")
                                       else tuple(p.shape) for p in params]))


def _nonnegative(x, name, fn):
    if not bool(_np.all(_np.asarray(x) >= 0)):
        raise _core.ValueError(f"np.random.Generator.{fn}: {name} < 0; pass {name} >= 0")


class Generator:
    """NumPy's numpy.random.Generator over legato's counter-based streams."""

    def __init__(self, seed=None):
        self._g = _core.Generator(_seed64(seed))

    def __repr__(self):
        return f"Generator(legato, seed={self._g.seed})"

    def random(self, size=None, dtype=_np.float64, out=None):
        r = self._g.random(_shape(size if out is None else out.shape),
                           _float_dtype(dtype, "random"))
        return _out(r, out, size)

    def uniform(self, low=0.0, high=1.0, size=None):
        if _is_scalar(low) and _is_scalar(high):
            return self._g.uniform(float(low), float(high), _shape(size))
        low, high = asarray(low), asarray(high)
        u = self._g.random(_broadcast_shape(size, low, high), DType.float64)
        return low + (high - low) * u

    def standard_normal(self, size=None, dtype=_np.float64, out=None):
        r = self._g.standard_normal(_shape(size if out is None else out.shape),
                                    _float_dtype(dtype, "standard_normal"))
        return _out(r, out, size)

    def normal(self, loc=0.0, scale=1.0, size=None):
        if _is_scalar(loc) and _is_scalar(scale):
            return self._g.normal(float(loc), float(scale), _shape(size))
        _nonnegative(scale, "scale", "normal")
        loc, scale = asarray(loc), asarray(scale)
        z = self._g.standard_normal(_broadcast_shape(size, loc, scale), DType.float64)
        return loc + scale * z

    def standard_exponential(self, size=None, dtype=_np.float64, method="zig", out=None):
        r = self._g.standard_exponential(_shape(size if out is None else out.shape),
                                         _float_dtype(dtype, "standard_exponential"))
        return _out(r, out, size)

    def exponential(self, scale=1.0, size=None):
        if _is_scalar(scale):
            return self._g.exponential(float(scale), _shape(size))
        _nonnegative(scale, "scale", "exponential")
        scale = asarray(scale)
        return scale * self._g.standard_exponential(_broadcast_shape(size, scale),
                                                    DType.float64)

    def standard_gamma(self, shape, size=None, dtype=_np.float64, out=None):
        a = float(_scalar(shape, "shape", "standard_gamma"))
        r = self._g.standard_gamma(a, _shape(size if out is None else out.shape),
                                   _float_dtype(dtype, "standard_gamma"))
        return _out(r, out, size)

    def gamma(self, shape, scale=1.0, size=None):
        a = float(_scalar(shape, "shape", "gamma"))
        if _is_scalar(scale):
            return self._g.gamma(a, float(scale), _shape(size))
        _nonnegative(scale, "scale", "gamma")
        scale = asarray(scale)
        return scale * self._g.standard_gamma(a, _broadcast_shape(size, scale), DType.float64)

    def integers(self, low, high=None, size=None, dtype=_np.int64, endpoint=False):
        if high is None:
            low, high = 0, low
        low = operator.index(_scalar(low, "low", "integers"))
        high = operator.index(_scalar(high, "high", "integers"))
        try:
            t = legato_dtype(dtype)
        except Exception:
            t = None
        if t is None or t in (DType.float16, DType.float32, DType.float64, DType.complex64,
                              DType.complex128):
            raise _core.TypeError(f"np.random.Generator.integers: Unsupported dtype "
                                  f"{dtype if t is None else numpy_dtype(t)} for integers; "
                                  f"use an integer dtype")
        return self._g.integers(low, high, _shape(size), t, bool(endpoint))

    def poisson(self, lam=1.0, size=None):
        return self._g.poisson(float(_scalar(lam, "lam", "poisson")), _shape(size))

    def binomial(self, n, p, size=None):
        n = _scalar(n, "n", "binomial")
        if isinstance(n, float) and n != int(n):
            raise _core.ValueError("np.random.Generator.binomial: n must be an integer")
        return self._g.binomial(int(n), float(_scalar(p, "p", "binomial")), _shape(size))

    def permutation(self, x, axis=0):
        if isinstance(x, numbers.Integral) or (isinstance(x, _np.integer)):
            return self._g.permutation_of_length(int(x))
        return self._g.permutation(asarray(x), operator.index(axis))

    def shuffle(self, x, axis=0):
        from ._ndarray import ndarray
        if not isinstance(x, ndarray):
            raise _core.TypeError("np.random.Generator.shuffle: x must be a legato array "
                                  "(it is shuffled in place)")
        self._g.shuffle(x, operator.index(axis))

    def choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True):
        if p is not None:
            p = _np.asarray(p, dtype=_np.float64)
            if p.ndim != 1:
                raise _core.ValueError("np.random.Generator.choice: p must be 1-dimensional")
            p = p.tolist()
        else:
            p = []
        shape = _shape(size)
        if isinstance(a, numbers.Integral) or isinstance(a, _np.integer) or (
                hasattr(a, "ndim") and a.ndim == 0 and _np.issubdtype(_np.asarray(a).dtype,
                                                                      _np.integer)):
            return self._g.choice_of_length(int(a), shape, bool(replace), p)
        return self._g.choice(asarray(a), shape, bool(replace), p, operator.index(axis))


class RandomState(Generator):
    """numpy.random.RandomState's names over the same Generator (not its
    numbers)."""

    def seed(self, seed=None):
        self._g = _core.Generator(_seed64(seed))

    def random_sample(self, size=None):
        return self.random(size)

    def rand(self, *shape):
        return self.random(shape or None)

    def randn(self, *shape):
        return self.standard_normal(shape or None)

    def randint(self, low, high=None, size=None, dtype=int):
        return self.integers(low, high, size, dtype)

    def tomaxint(self, size=None):
        return self.integers(0, 2 ** 63 - 1, size)


_global = RandomState(0)


def default_rng(seed=None):
    """A Generator of its own streams (a Generator passes through)."""
    if isinstance(seed, Generator):
        return seed
    return Generator(seed)


def seed(seed=None):
    _global.seed(0 if seed is None else seed)


def random(size=None):
    return _global.random(size)


random_sample = random
sample = random
ranf = random


def rand(*shape):
    return _global.rand(*shape)


def randn(*shape):
    return _global.randn(*shape)


def randint(low, high=None, size=None, dtype=int):
    return _global.randint(low, high, size, dtype)


def integers(low, high=None, size=None, dtype=_np.int64, endpoint=False):
    return _global.integers(low, high, size, dtype, endpoint)


def uniform(low=0.0, high=1.0, size=None):
    return _global.uniform(low, high, size)


def standard_normal(size=None):
    return _global.standard_normal(size)


def normal(loc=0.0, scale=1.0, size=None):
    return _global.normal(loc, scale, size)


def standard_exponential(size=None):
    return _global.standard_exponential(size)


def exponential(scale=1.0, size=None):
    return _global.exponential(scale, size)


def standard_gamma(shape, size=None):
    return _global.standard_gamma(shape, size)


def gamma(shape, scale=1.0, size=None):
    return _global.gamma(shape, scale, size)


def poisson(lam=1.0, size=None):
    return _global.poisson(lam, size)


def binomial(n, p, size=None):
    return _global.binomial(n, p, size)


def permutation(x):
    return _global.permutation(x)


def shuffle(x):
    _global.shuffle(x)


def choice(a, size=None, replace=True, p=None):
    return _global.choice(a, size, replace, p)
