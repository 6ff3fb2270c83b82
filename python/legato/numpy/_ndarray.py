"""The methods of legato.numpy.ndarray that take NumPy's keyword
signatures, its printing, and the interop protocols (__array__,
__array_ufunc__, __array_function__, DLPack, the array API)."""
import builtins
import operator

import numpy as _np

from .. import _core
from ._dtypes import legato_dtype

ndarray = _core.ndarray


def install(ns):
    """Adds the methods to ndarray; ``ns`` is the legato.numpy namespace."""

    def method(name, fn=None):
        def deco(f):
            f.__name__ = name
            f.__qualname__ = "ndarray." + name
            setattr(ndarray, name, f)
            return f
        return deco(fn) if fn is not None else deco

    # ---- reductions and friends: a.sum(axis=...) is np.sum(a, axis=...) ----
    for name in ("sum", "prod", "max", "min", "mean", "var", "std", "any", "all", "argmax",
                 "argmin", "ptp", "cumsum", "cumprod", "nonzero", "clip", "round", "trace",
                 "diagonal", "dot", "take", "repeat", "squeeze", "swapaxes", "searchsorted"):
        fn = getattr(ns, name)
        method(name, (lambda fn: lambda self, *a, **k: fn(self, *a, **k))(fn))

    @method("compress")
    def compress(self, condition, axis=None, out=None):
        return ns.compress(condition, self, axis, out)

    ndarray.__round__ = lambda self, ndigits=None: ns.round(self, ndigits or 0)

    @method("astype")
    def astype(self, dtype, order="K", casting="unsafe", subok=True, copy=True):
        t = legato_dtype(dtype)
        if casting != "unsafe" and not _np.can_cast(self.dtype, _core.numpy_dtype(t), casting):
            raise _core.TypeError(f"legato.astype: cannot cast array data from {self.dtype} to "
                                  f"{_core.numpy_dtype(t)} according to the rule '{casting}'")
        if t == self._dtype and not copy:
            return self
        return self._astype(t)

    @method("reshape")
    def reshape(self, *shape, order="C", copy=None):
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = shape[0]
        return ns.reshape(self, shape, order)

    @method("transpose")
    def transpose(self, *axes):
        if len(axes) == 1 and (axes[0] is None or isinstance(axes[0], (tuple, list))):
            axes = axes[0]
        return ns.transpose(self, axes or None)

    @method("flatten")
    def flatten(self, order="C"):
        return ns.ravel(self, order)._copy()

    @method("ravel")
    def ravel(self, order="C"):
        return ns.ravel(self, order)

    @method("copy")
    def copy(self, order="C"):
        return self._copy()

    @method("fill")
    def fill(self, value):
        self[...] = value

    @method("item")
    def item(self, *args):
        if args:
            return self._to_numpy().item(*args)
        if self.size != 1:
            raise _core.ValueError("legato.item: can only convert an array of size 1 to a "
                                   f"Python scalar (shape {self.shape})")
        return self._to_numpy().item()

    @method("tolist")
    def tolist(self):
        return self._to_numpy().tolist()

    @method("sort")
    def sort(self, axis=-1, kind=None, order=None):
        self[...] = ns.sort(self, axis, kind, order)

    @method("argsort")
    def argsort(self, axis=-1, kind=None, order=None):
        return ns.argsort(self, axis, kind, order)

    @method("partition")
    def partition(self, kth, axis=-1, kind="introselect", order=None):
        self[...] = ns.partition(self, kth, axis, kind, order)

    @method("argpartition")
    def argpartition(self, kth, axis=-1, kind="introselect", order=None):
        return ns.argpartition(self, kth, axis, kind, order)

    @method("put")
    def put(self, indices, values, mode="raise"):
        ns.put(self, indices, values, mode)

    @method("view")
    def view(self, dtype=None, type=None):
        if dtype is not None and legato_dtype(dtype) != self._dtype:
            raise _core.TypeError("legato.view: reinterpreting the bytes as another dtype is "
                                  "not supported; use astype")
        return self[...]

    @method("to_device")
    def to_device(self, device, /, *, stream=None):
        if device not in ("cpu", "cuda", "gpu", self.device):
            raise _core.ValueError(f"legato.to_device: unknown device {device!r}")
        return self

    ndarray.T = property(lambda self: ns.transpose(self), doc="The transposed array.")
    ndarray.mT = property(lambda self: ns.matrix_transpose(self),
                          doc="The array with its last two axes swapped.")
    ndarray.flat = property(lambda self: ns.ravel(self), doc="The flattened array (a copy).")
    ndarray.real = property(lambda self: _core.real(self),
                            doc="The real part (of a real array: the array itself).")
    ndarray.imag = property(lambda self: _core.imag(self),
                            doc="The imaginary part (of a real array: zeros).")
    ndarray.device = property(lambda self: _core.options()["backend"],
                              doc="'cpu' or 'cuda': the backend that holds the array.")
    ndarray.strides = property(
        lambda self: tuple(int(_np.prod(self.shape[i + 1:], dtype=_np.int64)) * self.itemsize
                           for i in range(self.ndim)),
        doc="Row-major strides in bytes (legato's arrays are contiguous).")

    @method("conj")
    def conj(self):
        return _core.conjugate(self)

    conjugate = ndarray.conj
    method("conjugate", conjugate)

    # ---- in-place operators NumPy has that the C++ API lacks ----
    def _inplace(op, name):
        def apply(self, other):
            result = op(self, other)
            if not _np.can_cast(result.dtype, self.dtype, "same_kind"):
                raise _core.TypeError(
                    f"legato.{name}: Cannot cast ufunc '{name}' output from {result.dtype} to "
                    f"{self.dtype} with casting rule 'same_kind'")
            if result.shape != self.shape:
                raise _core.ValueError(
                    f"legato.{name}: non-broadcastable output operand with shape {self.shape} "
                    f"doesn't match the broadcast shape {result.shape}")
            self[...] = result
            return self
        return apply

    ndarray.__ipow__ = _inplace(operator.pow, "power")
    ndarray.__ifloordiv__ = _inplace(operator.floordiv, "floor_divide")
    ndarray.__imatmul__ = _inplace(operator.matmul, "matmul")
    ndarray.__iand__ = _inplace(operator.and_, "bitwise_and")
    ndarray.__ior__ = _inplace(operator.or_, "bitwise_or")
    ndarray.__ixor__ = _inplace(operator.xor, "bitwise_xor")
    ndarray.__ilshift__ = _inplace(operator.lshift, "left_shift")
    ndarray.__irshift__ = _inplace(operator.rshift, "right_shift")

    # ---- iteration and printing ----
    def __iter__(self):
        if self.ndim == 0:
            raise TypeError("iteration over a 0-d array")
        for i in builtins.range(self.shape[0]):
            yield self[i]

    ndarray.__iter__ = __iter__

    def __repr__(self):
        return repr(self._to_numpy())

    def __str__(self):
        return str(self._to_numpy())

    def __format__(self, spec):
        return format(self._to_numpy()[()] if self.ndim == 0 else self._to_numpy(), spec)

    ndarray.__repr__ = __repr__
    ndarray.__str__ = __str__
    ndarray.__format__ = __format__

    # ---- interop ----
    def __array__(self, dtype=None, copy=None):
        if copy is False:
            raise ValueError("legato arrays are copied to NumPy (copy=False is impossible)")
        a = self._to_numpy()
        return a if dtype is None else a.astype(dtype, copy=False)

    ndarray.__array__ = __array__
    ndarray.__array_priority__ = 100

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        mine = getattr(ns, ufunc.__name__, None)
        if not isinstance(mine, ns.ufunc):
            raise _core.TypeError(f"legato.numpy does not implement numpy.{ufunc.__name__}; "
                                  "convert with numpy.asarray(x) to use NumPy's")
        if method == "__call__":
            return mine(*inputs, **kwargs)
        return getattr(mine, method)(*inputs, **kwargs)

    ndarray.__array_ufunc__ = __array_ufunc__

    def __array_function__(self, func, types, args, kwargs):
        target = _lookup(ns, func)
        if target is None:
            module = getattr(func, "__module__", "numpy") or "numpy"
            raise _core.TypeError(
                f"legato.numpy does not implement {module}.{func.__name__}; convert with "
                f"numpy.asarray(x) to use NumPy's")
        return target(*args, **kwargs)

    ndarray.__array_function__ = __array_function__

    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
        if copy is False:
            raise BufferError("legato.__dlpack__: the exported tensor is a copy (copy=False is "
                              "impossible)")
        return self._to_numpy().__dlpack__()

    ndarray.__dlpack__ = __dlpack__
    ndarray.__dlpack_device__ = lambda self: (1, 0)  # kDLCPU: the exported copy is in host memory
    def __array_namespace__(self, api_version=None):
        # legato.array_api: legato.numpy without the dtype names legato lacks,
        # which array API consumers look up by name.
        if api_version not in (None, "2021.12"):
            raise _core.ValueError(f"legato: array API version {api_version!r} is not "
                                   "supported (2021.12 is)")
        import legato.array_api
        return legato.array_api

    ndarray.__array_namespace__ = __array_namespace__


def _lookup(ns, func):
    """legato's function of the same name as a NumPy function (np.linalg.norm
    -> legato.numpy.linalg.norm, np.fft.fft -> legato.numpy.fft.fft), or
    None."""
    name = func.__name__
    module = getattr(func, "__module__", "") or ""
    if module.startswith("numpy.linalg"):
        return getattr(ns.linalg, name, None)
    if module.startswith("numpy.random"):
        return getattr(ns.random, name, None)
    if module.startswith("numpy.fft"):
        return getattr(ns.fft, name, None)
    target = getattr(ns, name, None)
    return target if callable(target) else None
