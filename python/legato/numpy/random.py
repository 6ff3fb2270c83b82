"""np.random over legato's counter-based generator.

Every draw is a function of a seed and the array's shape only (never of
ranks, threads or backend), so results are reproducible everywhere; they
are not NumPy's numbers. The legacy functions (rand, random, ...) draw
from a global seed that advances at each call (``seed(n)`` resets it);
``default_rng(seed)`` gives a Generator with its own.
Uniforms come from legato's generator; normals by the Box-Muller transform
of two uniforms; integers by scaling a uniform.
"""
import math
import operator

from .. import _core
from ._dtypes import DType, legato_dtype
from ._utils import shape_of


def _shape(size):
    return [] if size is None else shape_of(size)


class Generator:
    """A stream of draws: each call takes the next seed of its own."""

    def __init__(self, seed=None):
        if seed is None:
            import os
            seed = int.from_bytes(os.urandom(8), "little") >> 1
        self._seed = operator.index(seed) & ((1 << 62) - 1)
        self._calls = 0

    def _next_seed(self):
        self._calls += 1
        return (self._seed * 0x9E3779B97F4A7C15 + self._calls) & ((1 << 63) - 1)

    def random(self, size=None, dtype="float64", out=None):
        t = legato_dtype(dtype)
        if t not in (DType.float32, DType.float64):
            raise _core.TypeError(f"legato.random: dtype must be float32 or float64, not {dtype}")
        r = _core.random(_shape(size), t, self._next_seed())
        if out is not None:
            out[...] = r
            return out
        return r

    def uniform(self, low=0.0, high=1.0, size=None):
        return self.random(size) * (high - low) + low

    def standard_normal(self, size=None, dtype="float64", out=None):
        shape = _shape(size)
        u1 = _core.random(shape, DType.float64, self._next_seed())
        u2 = _core.random(shape, DType.float64, self._next_seed())
        # Box-Muller; 1 - u1 lies in (0, 1], so the log is finite.
        r = _core.sqrt(-2.0 * _core.log(1.0 - u1)) * _core.cos((2 * math.pi) * u2)
        t = legato_dtype(dtype)
        if t != DType.float64:
            r = r._astype(t)
        if out is not None:
            out[...] = r
            return out
        return r

    def normal(self, loc=0.0, scale=1.0, size=None):
        return self.standard_normal(size) * scale + loc

    def exponential(self, scale=1.0, size=None):
        return -_core.log(1.0 - self.random(size)) * scale

    def integers(self, low, high=None, size=None, dtype="int64", endpoint=False):
        if high is None:
            low, high = 0, low
        high = high + 1 if endpoint else high
        if high <= low:
            raise _core.ValueError("legato.random.integers: high <= low")
        if high - low > 2 ** 53:
            raise _core.ValueError("legato.random.integers: ranges wider than 2**53 are not "
                                   "supported")
        r = _core.floor(self.random(size) * float(high - low)) + float(low)
        return r._astype(legato_dtype(dtype))

    def permutation(self, x):
        from ._utils import asarray
        if isinstance(x, int):
            x = _core.arange_int(x, DType.int64)
        x = asarray(x)
        order = _core.argsort(self.random(x.shape[0]), 0)
        return _core.take(x, order, 0, _core.IndexMode.raise_)

    def shuffle(self, x):
        x[...] = self.permutation(x)

    def choice(self, a, size=None, replace=True, p=None):
        from ._utils import asarray
        if p is not None or not replace:
            raise _core.TypeError("legato.random.choice: p= and replace=False are not supported "
                                  "yet")
        pool = _core.arange_int(a, DType.int64) if isinstance(a, int) else asarray(a)
        picks = self.integers(0, pool.shape[0], size)
        return _core.take(pool, picks, 0, _core.IndexMode.raise_)


_global = Generator(0)


def default_rng(seed=None):
    return Generator(seed)


def seed(seed=None):
    global _global
    _global = Generator(0 if seed is None else seed)


def random(size=None):
    return _global.random(size)


random_sample = random
sample = random
ranf = random


def rand(*shape):
    return _global.random(shape or None)


def randn(*shape):
    return _global.standard_normal(shape or None)


def uniform(low=0.0, high=1.0, size=None):
    return _global.uniform(low, high, size)


def standard_normal(size=None):
    return _global.standard_normal(size)


def normal(loc=0.0, scale=1.0, size=None):
    return _global.normal(loc, scale, size)


def randint(low, high=None, size=None, dtype=int):
    return _global.integers(low, high, size, dtype)


def exponential(scale=1.0, size=None):
    return _global.exponential(scale, size)


def permutation(x):
    return _global.permutation(x)


def shuffle(x):
    _global.shuffle(x)


def choice(a, size=None, replace=True, p=None):
    return _global.choice(a, size, replace, p)
