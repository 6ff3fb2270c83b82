"""``legato.jit``: a function traced once per signature, compiled and cached.

As ``jax.jit``: array arguments (legato or NumPy arrays, also inside tuples,
lists and dicts) are traced; every other argument (Python numbers, strings,
None, ...) is static: part of the cache key, fixed in the traced program.
The C++ core (``legato::jit``) keys each traced program by the arrays'
shapes, dtypes and shardings.
"""
import functools

from . import _core


class _Leaf:
    """A placeholder for an array in a flattened structure."""
    __slots__ = ()

    def __repr__(self):
        return "*"


_LEAF = _Leaf()
_ndarray = _core.ndarray


def _flatten(tree, leaves):
    """The structure of ``tree`` with arrays replaced by _LEAF (hashable);
    the arrays are appended to ``leaves``."""
    if isinstance(tree, _core.ndarray):
        leaves.append(tree)
        return _LEAF
    if type(tree).__module__ == "numpy" and hasattr(tree, "__array_interface__") and \
            getattr(tree, "ndim", 0) > 0:
        from .numpy import asarray
        leaves.append(asarray(tree))
        return _LEAF
    if isinstance(tree, (tuple, list)):
        return (type(tree), tuple(_flatten(t, leaves) for t in tree))
    if isinstance(tree, dict):
        return (dict, tuple((k, _flatten(tree[k], leaves)) for k in sorted(tree)))
    try:
        hash(tree)
    except TypeError:
        raise _core.TypeError(
            f"legato.jit: an argument of type {type(tree).__name__} is neither an array nor "
            "hashable; static arguments must be hashable (numbers, strings, tuples)") from None
    return ("static", tree)


# _flatten((args, {})) of n legato arrays, for n up to 8.
_ARRAYS_ONLY = [(tuple, ((tuple, (_LEAF,) * n), (dict, ()))) for n in range(9)]


def _unflatten(spec, leaves):
    """The inverse of _flatten: ``leaves`` is an iterator of arrays."""
    if spec is _LEAF:
        return next(leaves)
    kind, body = spec
    if kind == "static":
        return body
    if kind is dict:
        return {k: _unflatten(s, leaves) for k, s in body}
    return kind(_unflatten(s, leaves) for s in body)


class _Traced:
    """One static signature of a jit function: the core's JitFunction and
    the structure of its results."""
    __slots__ = ("function", "results")

    def __init__(self, fun, spec, static_args):
        self.results = None

        def body(arrays):
            args, kwargs = _unflatten(spec, iter(arrays))
            out = fun(*args, **kwargs)
            leaves = []
            results = _flatten(out, leaves)
            if self.results is not None and self.results != results:
                raise _core.TypeError(
                    "legato.jit: the function returns another structure for arrays of "
                    "other shapes; return the same structure for every call")
            self.results = results
            return leaves

        self.function = _core.JitFunction(body)


class JitFunction:
    """A function traced and compiled once per signature; call it as the
    original. ``ir(*args, stage=...)``, ``ptx(*args)`` and ``stats()``
    show what the compiler made of it."""

    def __init__(self, fun, static_argnums=(), static_argnames=()):
        functools.update_wrapper(self, fun)
        self._fun = fun
        self._static_argnums = frozenset(
            (static_argnums,) if isinstance(static_argnums, int) else static_argnums or ())
        self._static_argnames = frozenset(
            (static_argnames,) if isinstance(static_argnames, str) else static_argnames or ())
        self._traced = {}
        self._last = None

    def _lookup(self, args, kwargs):
        leaves = []
        if self._static_argnums or self._static_argnames:
            spec = (tuple, (
                (tuple, tuple(("static", a) if i in self._static_argnums else _flatten(a, leaves)
                              for i, a in enumerate(args))),
                (dict, tuple((k, ("static", kwargs[k]) if k in self._static_argnames
                              else _flatten(kwargs[k], leaves)) for k in sorted(kwargs)))))
            hash(spec)
        else:
            spec = _flatten((args, kwargs), leaves)
        traced = self._traced.get(spec)
        if traced is None:
            traced = self._traced[spec] = _Traced(self._fun, spec, None)
        self._last = traced
        return traced, leaves

    def __call__(self, *args, **kwargs):
        if not kwargs and not self._static_argnums and all(type(a) is _ndarray for a in args):
            # The common call, f(a, b) of legato arrays: its structure is
            # known by the count alone (no walk through the arguments).
            spec = _ARRAYS_ONLY[len(args)] if len(args) < len(_ARRAYS_ONLY) else \
                _flatten((args, kwargs), [])
            traced = self._traced.get(spec)
            if traced is not None:
                self._last = traced
                results = traced.function.call(args)
                return results[0] if traced.results is _LEAF else \
                    _unflatten(traced.results, iter(results))
        traced, leaves = self._lookup(args, kwargs)
        results = traced.function.call(leaves)
        return _unflatten(traced.results, iter(results))

    def ir(self, *args, stage="optimized", **kwargs):
        """The program's MLIR at ``stage``: "traced", "optimized" or "lowered"."""
        traced, leaves = self._lookup(args, kwargs)
        return traced.function.ir(leaves, stage)

    def ptx(self, *args, **kwargs):
        """PTX (sm_90) of the program's fused kernels; works on any machine."""
        traced, leaves = self._lookup(args, kwargs)
        return traced.function.ptx(leaves)

    def stats(self):
        """Counters of the last call (kernels, bytes_moved, ...)."""
        if self._last is None:
            raise _core.ValueError("legato.jit.stats: the function has not been called yet")
        return self._last.function.stats()

    def __get__(self, obj, objtype=None):
        # A decorated method: bind the instance as a static first argument.
        if obj is None:
            return self
        return functools.partial(self, obj)

    def __repr__(self):
        return f"<legato.jit of {getattr(self._fun, '__qualname__', self._fun)!r}>"


def jit(fun=None, *, static_argnums=(), static_argnames=()):
    """Traces ``fun`` once per signature and runs the compiled program
    (``@legato.jit`` or ``legato.jit(f)``); arrays are traced, everything
    else is static (``static_argnums``/``static_argnames`` make arrays
    static too: their values become constants of the program)."""
    if fun is None:
        return lambda f: JitFunction(f, static_argnums, static_argnames)
    return JitFunction(fun, static_argnums, static_argnames)
