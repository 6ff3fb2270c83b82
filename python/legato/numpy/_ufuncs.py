"""NumPy's universal functions: np.add, np.exp, ... as objects with NumPy's
call signature (out=, where=, dtype=) and, where NumPy has them, the
methods reduce, accumulate, outer and at."""
from .. import _core
from . import _dtypes, _utils
from ._dtypes import legato_dtype
from ._utils import write_out


class ufunc:
    """A NumPy ufunc over legato arrays; ``nin`` operands."""

    def __init__(self, name, nin, fn, reduce=None, accumulate=None, at=None, identity=None):
        self.__name__ = name
        self.__qualname__ = name
        self.nin = nin
        self.nout = 1
        self.nargs = nin + 1
        self.identity = identity
        self._fn = fn
        self._reduce = reduce
        self._accumulate = accumulate
        self._at = at
        self.__doc__ = f"np.{name} on legato arrays (NumPy's signature; one fused op)."

    def __repr__(self):
        return f"<ufunc '{self.__name__}'>"

    def __call__(self, *args, **kwargs):
        return self._general(*args, **kwargs)

    def _general(self, *args, out=None, where=True, dtype=None, casting="same_kind", order="K",
                 subok=True, signature=None):
        """A call with NumPy's keywords (the common call without them takes
        the fast path of _with_fast_call)."""
        if len(args) == self.nin + 1 and out is None:  # np.add(a, b, out)
            out = args[-1]
            args = args[:-1]
        if len(args) != self.nin:
            raise TypeError(f"{self.__name__}() takes {self.nin} positional arguments but "
                            f"{len(args)} were given")
        if dtype is not None:
            t = legato_dtype(dtype)
            args = [_utils.asarray(a, t) for a in args]
        result = self._fn(*args)
        if where is not True:
            if out is None:
                raise _core.TypeError(
                    f"legato.{self.__name__}: where= needs out= (NumPy leaves the other "
                    "elements uninitialised; legato keeps out's)")
            if isinstance(out, tuple):
                out = out[0]
            result = _core.where(_utils.asarray(where), result, out)
        if out is not None and dtype is None and casting == "unsafe":
            out = out[0] if isinstance(out, tuple) else out
            out[...] = result
            return out
        return write_out(result, out, self.__name__)

    def reduce(self, array, axis=0, dtype=None, out=None, keepdims=False, initial=None,
               where=True):
        if self._reduce is None:
            raise _core.TypeError(f"legato: {self.__name__}.reduce is not supported")
        kwargs = {"axis": axis, "out": out, "keepdims": keepdims}
        if initial is not None:
            kwargs["initial"] = initial
        if where is not True:
            kwargs["where"] = where
        if dtype is not None:
            array = _utils.asarray(array, legato_dtype(dtype))
        return self._reduce(array, **kwargs)

    def accumulate(self, array, axis=0, dtype=None, out=None):
        if self._accumulate is None:
            raise _core.TypeError(f"legato: {self.__name__}.accumulate is not supported")
        return self._accumulate(array, axis=axis, dtype=dtype, out=out)

    def outer(self, a, b, **kwargs):
        if self.nin != 2:
            raise ValueError(f"{self.__name__}.outer is only for binary functions")
        a = _utils.asarray(a)
        b = _utils.asarray(b)
        return self(a.reshape(a.shape + (1,) * b.ndim), b, **kwargs)

    def at(self, a, indices, b=None):
        if self._at is None:
            raise _core.TypeError(f"legato: {self.__name__}.at is not supported (add.at is)")
        self._at(a, indices, b)


def _with_fast_call(name, nin, fn, **kwargs):
    """A ufunc whose call without keywords goes straight to the extension:
    one Python frame (np.add(a, b) costs little more than a + b). Each
    ufunc gets its own subclass, since Python finds __call__ on the type."""
    if nin == 1:
        def __call__(self, x, /, *rest, **kw):
            if rest or kw:
                return self._general(x, *rest, **kw)
            return fn(x)
    else:
        def __call__(self, x1, x2, /, *rest, **kw):
            if rest or kw:
                return self._general(x1, x2, *rest, **kw)
            return fn(x1, x2)
    cls = type(name, (ufunc,), {"__call__": __call__, "__module__": __name__})
    return cls(name, nin, fn, **kwargs)


def _unary(name, fn=None):
    return _with_fast_call(name, 1, fn or getattr(_core, name))


def _binary(name, fn=None, **kwargs):
    return _with_fast_call(name, 2, fn or getattr(_core, name), **kwargs)


def _positive(x):
    x = _utils.asarray(x)
    if x._dtype == _core.DType.bool_:
        raise _core.TypeError("legato.positive: bool arrays are not supported")
    return x._copy()


def _reciprocal(x):
    x = _utils.asarray(x)
    return _core.divide(1, x) if _dtypes.is_inexact(x._dtype) \
        else _core.floor_divide(1, x)


def _rounding(name):
    """np.floor, np.ceil, np.trunc: an integer or bool array is whole
    already and keeps its dtype (NumPy 2.1 on, and the array API; the C++
    API's rounding computes in floating point)."""
    fn = getattr(_core, name)

    def rounded(x):
        x = _utils.asarray(x)
        if _dtypes.is_inexact(x._dtype):  # (complex: fn's TypeError)
            return fn(x)
        return x._copy()
    return rounded


def _negative(x):
    x = _utils.asarray(x)
    if x._dtype == _core.DType.bool_:
        raise _core.TypeError("legato.negative: the negative of a bool array is not "
                              "supported; use logical_not instead")
    return _core.negative(x)


def make_ufuncs(reductions):
    """The ufuncs, given the reduction functions their methods use."""
    sum_, prod, amax, amin, all_, any_, cumsum, cumprod = reductions
    from ._indexing import add_at
    u = {}
    u["add"] = _binary("add", reduce=sum_, accumulate=cumsum, at=add_at, identity=0)
    u["subtract"] = _binary("subtract")
    u["multiply"] = _binary("multiply", reduce=prod, accumulate=cumprod, identity=1)
    u["divide"] = _binary("divide")
    u["true_divide"] = u["divide"]
    u["floor_divide"] = _binary("floor_divide")
    u["remainder"] = _binary("remainder")
    u["mod"] = u["remainder"]
    u["power"] = _binary("power")
    u["maximum"] = _binary("maximum", reduce=amax)
    u["minimum"] = _binary("minimum", reduce=amin)
    u["fmax"] = _binary("fmax")
    u["fmin"] = _binary("fmin")
    u["arctan2"] = _binary("arctan2")
    u["hypot"] = _binary("hypot")
    u["logaddexp"] = _binary("logaddexp")
    u["heaviside"] = _binary("heaviside")
    for name in ("less", "less_equal", "greater", "greater_equal", "equal", "not_equal"):
        u[name] = _binary(name)
    u["logical_and"] = _binary("logical_and", reduce=all_, identity=True)
    u["logical_or"] = _binary("logical_or", reduce=any_, identity=False)
    u["logical_xor"] = _binary("logical_xor")
    u["logical_not"] = _unary("logical_not")
    for name in ("bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift"):
        u[name] = _binary(name)
    u["invert"] = _unary("invert")
    u["bitwise_not"] = u["invert"]
    u["negative"] = _unary("negative", _negative)
    u["positive"] = _unary("positive", _positive)
    u["absolute"] = _unary("absolute")
    u["fabs"] = _unary("fabs", _core.absolute)
    u["reciprocal"] = _unary("reciprocal", _reciprocal)
    for name in ("floor", "ceil", "trunc"):
        u[name] = _unary(name, _rounding(name))
    for name in ("exp", "log", "sqrt", "sin", "cos", "tanh", "rint",
                 "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "arcsinh", "arccosh",
                 "arctanh", "exp2", "expm1", "log2", "log10", "log1p", "cbrt", "square", "sign",
                 "isnan", "isinf", "isfinite", "deg2rad", "rad2deg"):
        u[name] = _unary(name)
    u["radians"] = _unary("radians", _core.deg2rad)
    u["degrees"] = _unary("degrees", _core.rad2deg)
    u["fix"] = u["trunc"]
    u["conjugate"] = _unary("conjugate")
    u["conj"] = u["conjugate"]
    return u
