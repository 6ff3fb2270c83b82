#!/usr/bin/python3
"""NumPy oracle for legato's differential tests.

Writes every case of the suite -- deterministic inputs, the operation, and what
NumPy answers (an array, or the fact that NumPy rejects the call) -- to

    OUTDIR/manifest.txt   one line per group / input / case (format below)
    OUTDIR/data.bin       the arrays' raw bytes (C order, native endian,
                          bool as one byte), addressed by offset

numpy_test reads them, recomputes each case with legato (eager, lazy or
through legato::jit) and compares.

    /usr/bin/python3 oracle.py OUTDIR     generate
    /usr/bin/python3 oracle.py --suites   print the suite names (for CMake)

Run it with Debian's interpreter: it has python3-numpy (NumPy 1.24).

Semantics. legato follows NumPy 2 (NEP 50): a C++ scalar operand is "weak"
(it takes the array's dtype when its kind -- bool < int < float -- is not
higher), and a 0-d array is an ordinary, strong array. NumPy 1.24 instead
applies value-based casting to Python scalars *and* to 0-d arrays. The
oracle makes NumPy 1.24 compute NumPy 2's answer: `weak()` turns each Python
scalar into an array of the dtype NEP 50 gives it, and `elementwise()` lifts
0-d operands to shape (1,) so that no value-based casting happens, then
reshapes the result back.

legato has NumPy's twelve dtypes (ALL_DTYPES): bool, int8 ... int64,
uint8 ... uint64, float16, float32, float64. A C++ integer scalar that the
array's integer dtype cannot hold (uint8 array + 300) is NumPy 2's
OverflowError, where NumPy 1.24 casts by value instead: `weak()` refuses to
write such a case (legato's own tests cover it).

A call NumPy rejects with TypeError (e.g. boolean subtract), or whose result
dtype legato lacks (complex, say), is recorded as "raises": legato must throw
legato::Error there. Any other NumPy exception is a bug in this file and
stops the generation.

Manifest format (whitespace-separated tokens, shapes like "(3,4)", "(5,)", "()"):
    legato-numpy-oracle 1
    group SUITE NAME
    input DTYPE SHAPE OFFSET           (float16: its IEEE binary16 bits)
    case OP ARGS expect DTYPE SHAPE OFFSET [KEY=VALUE ...]
    case OP ARGS raises [KEY=VALUE ...]
    end
ARGS is "-" or a comma-separated list of operands: "%K" (input K of the
group), "b:0|1", "i:INT", "f:FLOAT" (C++ bool / integer / double scalars;
an INT above 2^63 - 1 is a uint64_t). The parameter exact=1 asks for the
float result bit for bit (conversions, correctly rounded float16 arithmetic);
otherwise floats compare within a tolerance of their dtype.
Index parameters ("index", "index2", ...) are comma-separated entries, each an
integer or "start:stop:step" with empty parts for open ends.
"""

import math
import os
import operator
import sys
import warnings
import zlib

import numpy as np

# The dtypes of the suites written before legato had NumPy's others; the
# "dtypes" suite covers the rest (ALL_DTYPES).
DTYPES = ("bool", "int32", "int64", "float32", "float64")
FLOATS = ("float32", "float64")
INTS = ("int32", "int64")
ALL_DTYPES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
              "uint64", "float16", "float32", "float64")
NEW_DTYPES = tuple(d for d in ALL_DTYPES if d not in DTYPES)


def is_int(dtype):
    return np.dtype(dtype).kind in "iu"


def is_unsigned(dtype):
    return np.dtype(dtype).kind == "u"
MAX_INPUTS = 8  # legato::jit takes at most 8 Array arguments (Jit::kMaxArity)


class Rejected(Exception):
    """NumPy's result has a dtype legato does not have."""


# ---- NEP 50 promotion on NumPy 1.24 -----------------------------------------

KIND_RANK = {"b": 0, "i": 1, "u": 1, "f": 2}
DEFAULT_OF_RANK = {0: np.bool_, 1: np.int64, 2: np.float64}


def scalar_rank(v):
    if isinstance(v, (bool, np.bool_)):
        return 0
    if isinstance(v, int):
        return 1
    if isinstance(v, float):
        return 2
    raise AssertionError(f"not a scalar operand: {v!r}")


def weak(operands):
    """Replaces Python scalars by arrays of the dtype NEP 50 gives them."""
    arrays = [x for x in operands if isinstance(x, np.ndarray)]
    scalar_ranks = [scalar_rank(x) for x in operands if not isinstance(x, np.ndarray)]
    strong = np.result_type(*[a.dtype for a in arrays]) if arrays else None
    out = []
    for x in operands:
        if isinstance(x, np.ndarray):
            out.append(x)
            continue
        rank = scalar_rank(x)
        if strong is not None and rank <= KIND_RANK[strong.kind]:
            dtype = strong
        elif strong is not None:
            dtype = DEFAULT_OF_RANK[rank]
        else:
            dtype = DEFAULT_OF_RANK[max(scalar_ranks)]
        if np.dtype(dtype).kind in "iu" and not isinstance(x, bool):
            info = np.iinfo(dtype)
            # NumPy 2 raises OverflowError here; NumPy 1.24 would cast by value.
            assert info.min <= x <= info.max, f"{x} is out of range of {dtype}: not a case"
        out.append(np.array(x, dtype=dtype))
    return out


def elementwise(fn, *operands):
    """fn applied with NumPy broadcasting, weak scalars and strong 0-d arrays."""
    arrays = weak(operands)
    shape = np.broadcast_shapes(*[a.shape for a in arrays])
    lifted = [a.reshape(1) if a.ndim == 0 else a for a in arrays]
    return np.asarray(fn(*lifted)).reshape(shape)


def float_result_dtype(dtype):
    """The dtype NumPy's float ufuncs (exp, sin, ...) give for an input dtype."""
    return np.exp(np.zeros(1, dtype)).dtype


def erf(x):
    # NumPy has no erf: math.erf, vectorised, rounded to the dtype exp() gives.
    values = np.vectorize(math.erf, otypes=[np.float64])(x.astype(np.float64))
    return values.astype(float_result_dtype(x.dtype))


# ---- the operations, NumPy side (ops.cpp is the legato side) ----------------

NUMPY = {}

BINARY = {
    "add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.true_divide,
    "pow": np.power, "maximum": np.maximum, "minimum": np.minimum,
    "lt": np.less, "le": np.less_equal, "gt": np.greater, "ge": np.greater_equal,
    "eq": np.equal, "ne": np.not_equal,
    "logical_and": np.logical_and, "logical_or": np.logical_or,
    "arctan2": np.arctan2, "mod": np.remainder, "floor_divide": np.floor_divide,
    "bitwise_and": np.bitwise_and, "bitwise_or": np.bitwise_or, "bitwise_xor": np.bitwise_xor,
    "left_shift": np.left_shift, "right_shift": np.right_shift,
}
UNARY = {
    "neg": np.negative, "logical_not": np.logical_not, "abs": np.absolute,
    "exp": np.exp, "log": np.log, "sqrt": np.sqrt, "sin": np.sin, "cos": np.cos,
    "tanh": np.tanh, "erf": erf, "floor": np.floor,
    "ceil": np.ceil, "trunc": np.trunc, "rint": np.rint, "tan": np.tan,
    "arcsin": np.arcsin, "arccos": np.arccos, "arctan": np.arctan, "sinh": np.sinh,
    "cosh": np.cosh, "arcsinh": np.arcsinh, "arccosh": np.arccosh, "arctanh": np.arctanh,
    "exp2": np.exp2, "expm1": np.expm1, "log2": np.log2, "log10": np.log10,
    "log1p": np.log1p, "cbrt": np.cbrt, "invert": np.invert,
}
# Near 0, where expm1 and log1p differ from exp(x) - 1 and log(1 + x): the
# quotient by x keeps the digits that the tolerance's atol would forgive.
NUMPY["expm1_over_x"] = lambda a, p: np.expm1(a[0]) / a[0]
NUMPY["log1p_over_x"] = lambda a, p: np.log1p(a[0]) / a[0]
# 1 / x tells -0.0 from 0.0 (-inf, inf), which the comparison does not.
NUMPY["inverse_mod"] = lambda a, p: elementwise(lambda x, y: 1.0 / np.remainder(x, y), a[0], a[1])
NUMPY["inverse_floor_divide"] = lambda a, p: elementwise(
    lambda x, y: 1.0 / np.floor_divide(x, y), a[0], a[1])
for _name, _fn in BINARY.items():
    NUMPY[_name] = lambda a, p, fn=_fn: elementwise(fn, a[0], a[1])
for _name, _fn in UNARY.items():
    NUMPY[_name] = lambda a, p, fn=_fn: elementwise(fn, a[0])


def op(name):
    def register(fn):
        NUMPY[name] = fn
        return fn
    return register


def axes_of(p):
    return tuple(p["axes"]) if p.get("axes") else None  # legato: {} = all axes


def to_index(entries):
    return tuple(entries)


@op("where")
def _where(a, p):
    x, y = weak([a[1], a[2]])
    return elementwise(np.where, a[0], x, y)


@op("astype")
def _astype(a, p):
    return a[0].astype(p["dtype"])


NUMPY["astype_method"] = _astype

for _name, _fn in {"sum": np.sum, "prod": np.prod, "max": np.max,
                   "min": np.min, "mean": np.mean}.items():
    NUMPY[_name] = lambda a, p, fn=_fn: np.asarray(
        fn(a[0], axis=axes_of(p), keepdims=p.get("keepdims", False)))

NUMPY["matmul"] = lambda a, p: np.matmul(a[0], a[1])
NUMPY["matmul_at"] = lambda a, p: np.matmul(a[0].T, a[1])
NUMPY["matmul_bt"] = lambda a, p: np.matmul(a[0], a[1].T)
NUMPY["dot"] = lambda a, p: np.asarray(np.dot(a[0], a[1]))
NUMPY["outer"] = lambda a, p: np.outer(a[0], a[1])
NUMPY["transpose"] = lambda a, p: np.transpose(a[0], p.get("perm") or None)
NUMPY["diagonal"] = lambda a, p: np.diagonal(a[0], p.get("offset", 0)).copy()
NUMPY["diag"] = lambda a, p: np.diag(a[0], p.get("k", 0))
NUMPY["tril"] = lambda a, p: np.tril(a[0], p.get("k", 0))
NUMPY["einsum"] = lambda a, p: np.einsum(p["subscripts"], *a)
NUMPY["tensordot"] = lambda a, p: (
    np.tensordot(a[0], a[1], (p["axes_a"], p["axes_b"])) if "axes_a" in p
    else np.tensordot(a[0], a[1], p.get("axes", 2)))
NUMPY["inner"] = lambda a, p: np.inner(a[0], a[1])
NUMPY["vdot"] = lambda a, p: np.vdot(a[0], a[1])
NUMPY["kron"] = lambda a, p: np.kron(a[0], a[1])
NUMPY["cross"] = lambda a, p: np.cross(a[0], a[1], axis=p.get("axis", -1))
NUMPY["triu"] = lambda a, p: np.triu(a[0], p.get("k", 0))
NUMPY["T"] = lambda a, p: a[0].T
NUMPY["reshape"] = lambda a, p: np.reshape(a[0], p["shape"])
NUMPY["reshape_method"] = NUMPY["reshape"]
NUMPY["broadcast_to"] = lambda a, p: np.broadcast_to(a[0], p["shape"]).copy()
NUMPY["concatenate"] = lambda a, p: np.concatenate(a, axis=p["axis"])
NUMPY["pad"] = lambda a, p: np.pad(a[0], p["widths"], constant_values=p.get("value", 0.0))
NUMPY["roll"] = lambda a, p: np.roll(a[0], p["shift"], p.get("axis"))
NUMPY["roll_axes"] = lambda a, p: np.roll(a[0], tuple(p["shifts"]), tuple(p["axes"]))

# NumPy functions that legato composes from its primitives (Composites.cpp).
for _name, _fn in {"square": np.square, "sign": np.sign, "isnan": np.isnan,
                   "isinf": np.isinf, "isfinite": np.isfinite}.items():
    NUMPY[_name] = lambda a, p, fn=_fn: elementwise(fn, a[0])
NUMPY["clip"] = lambda a, p: elementwise(np.clip, a[0], a[1], a[2])


def closeness(p):
    return dict(rtol=p.get("rtol", 1e-5), atol=p.get("atol", 1e-8),
                equal_nan=p.get("equal_nan", False))


NUMPY["isclose"] = lambda a, p: np.isclose(a[0], a[1], **closeness(p))
NUMPY["allclose"] = lambda a, p: np.asarray(np.allclose(a[0], a[1], **closeness(p)))
for _name, _fn in {"any": np.any, "all": np.all, "count_nonzero": np.count_nonzero,
                   "norm": np.linalg.norm}.items():
    NUMPY[_name] = lambda a, p, fn=_fn: np.asarray(
        fn(a[0], axis=axes_of(p), keepdims=p.get("keepdims", False)))
for _name, _fn in {"var": np.var, "std": np.std}.items():
    NUMPY[_name] = lambda a, p, fn=_fn: np.asarray(
        fn(a[0], axis=axes_of(p), keepdims=p.get("keepdims", False), ddof=p.get("ddof", 0)))
for _name, _fn in {"ptp": np.ptp, "nansum": np.nansum, "nanprod": np.nanprod,
                   "nanmean": np.nanmean, "nanmax": np.nanmax, "nanmin": np.nanmin}.items():
    NUMPY[_name] = lambda a, p, fn=_fn: np.asarray(
        fn(a[0], axis=axes_of(p), keepdims=p.get("keepdims", False)))
for _name, _fn in {"argmax": np.argmax, "argmin": np.argmin}.items():
    NUMPY[_name] = lambda a, p, fn=_fn: np.asarray(
        fn(a[0], axis=p.get("axis"), keepdims=p.get("keepdims", False)))
for _name, _fn in {"cumsum": np.cumsum, "cumprod": np.cumprod, "nancumsum": np.nancumsum,
                   "nancumprod": np.nancumprod}.items():
    NUMPY[_name] = lambda a, p, fn=_fn: fn(a[0], axis=p.get("axis"))
_IN_PLACE = {"add": operator.iadd, "subtract": operator.isub, "multiply": operator.imul,
             "divide": operator.itruediv, "remainder": operator.imod}


def _in_place(a, p):
    """x op= b into a copy of a[0], whole, through the view x[1:-1] or at
    the indices a[2] (Python's x[i] = x[i] op b); the copy is returned
    through another name of it. Shapes that do not fit are rejections."""
    x = a[0].copy()
    alias = x
    f = _IN_PLACE[p["op"]]
    target = p.get("target", "whole")
    try:
        if target == "whole":
            f(x, a[1])
        elif target == "view":
            f(x[1:-1], a[1])
        else:
            x[a[2]] = f(x[a[2]], a[1])
    except ValueError as e:
        raise Rejected(str(e))
    return alias


NUMPY["in_place"] = _in_place


def _sort_axis(p):
    return p["axis"] if "axis" in p else -1   # axis=None: the flattened array


NUMPY["sort"] = lambda a, p: np.sort(a[0], axis=_sort_axis(p))
NUMPY["argsort"] = lambda a, p: np.argsort(a[0], axis=_sort_axis(p), kind="stable")
NUMPY["unique"] = lambda a, p: np.unique(a[0], equal_nan=p.get("equal_nan", True))
UNIQUE_PARTS = ("values", "indices", "inverse", "counts")
# np.unique's four results at once (legato::unique_all), one per case.
NUMPY["unique_part"] = lambda a, p: np.unique(
    a[0], return_index=True, return_inverse=True, return_counts=True,
    equal_nan=p["equal_nan"])[UNIQUE_PARTS.index(p["part"])]


def unique_cases(g, x):
    g.case("unique", x)
    g.case("unique", x, equal_nan=False)
    for part in UNIQUE_PARTS:
        for equal_nan in (True, False):
            g.case("unique_part", x, part=part, equal_nan=equal_nan)
NUMPY["sort_of_expression"] = lambda a, p: np.sort(a[0] * 2 - a[1], axis=1)
NUMPY["gather_by_argsort"] = lambda a, p: np.take_along_axis(
    a[0], np.argsort(a[0], axis=0, kind="stable"), axis=0)
NUMPY["sort_twice"] = lambda a, p: np.sort(np.sort(a[0], axis=0), axis=1)
NUMPY["rank"] = lambda a, p: np.argsort(np.argsort(a[0], axis=None, kind="stable"),
                                        kind="stable").reshape(a[0].shape)
NUMPY["median"] = lambda a, p: np.asarray(
    np.median(a[0], axis=axes_of(p), keepdims=p.get("keepdims", False)))


def _quantiles(fn):
    """q out of range (ValueError) and no elements (IndexError) are
    rejections."""
    def call(a, p):
        try:
            return np.asarray(fn(a[0], p["qs"] if "qs" in p else p["q"], axis=axes_of(p),
                                 keepdims=p.get("keepdims", False)))
        except (IndexError, ValueError) as e:
            raise Rejected(str(e))
    return call


NUMPY["quantile"] = _quantiles(np.quantile)
NUMPY["percentile"] = _quantiles(np.percentile)


def _index_errors_rejected(fn):
    """NumPy's IndexError (out of bounds) and ValueError (shapes) are
    rejections: legato must throw."""
    def call(a, p):
        try:
            return fn(a, p)
        except (IndexError, ValueError) as e:
            raise Rejected(str(e))
    return call


NUMPY["take"] = _index_errors_rejected(
    lambda a, p: np.take(a[0], a[1], axis=p.get("axis"), mode=p.get("mode", "raise")))
NUMPY["getitem_array"] = _index_errors_rejected(lambda a, p: a[0][a[1]])
NUMPY["take_scalar"] = _index_errors_rejected(
    lambda a, p: np.take(a[0], p["at"], axis=p.get("axis")))
NUMPY["take_along_axis"] = _index_errors_rejected(
    lambda a, p: np.take_along_axis(a[0], a[1], axis=p.get("axis")))



def _put(a, p):
    r = a[0].copy()
    np.put(r, a[1], a[2], mode=p.get("mode", "raise"))
    return r


def _put_along_axis(a, p):
    r = a[0].copy()
    np.put_along_axis(r, a[1], a[2], axis=p.get("axis"))
    return r


def _setitem(a, p):
    r = a[0].copy()
    r[a[1]] = a[2] if len(a) > 2 else p["value"]
    return r


def _add_at(a, p):
    r = a[0].copy()
    np.add.at(r, a[1], a[2])
    return r


def _bincount(a, p):
    if a[0].dtype.kind == "f":
        raise Rejected("float x")  # NumPy's TypeError
    return np.bincount(a[0], a[1] if len(a) > 1 else None, minlength=p.get("minlength", 0))


def _histogram(a, p):
    rng = (p["lo"], p["hi"]) if "lo" in p else None
    return np.histogram(a[0], bins=p.get("bins", 10), range=rng,
                        weights=a[1] if len(a) > 1 else None)


NUMPY["histogram"] = _index_errors_rejected(lambda a, p: _histogram(a, p)[0])
NUMPY["histogram_edges"] = _index_errors_rejected(lambda a, p: _histogram(a, p)[1])
NUMPY["histogram_given"] = _index_errors_rejected(
    lambda a, p: np.histogram(a[0], bins=a[1], weights=a[2] if len(a) > 2 else None)[0])
NUMPY["histogram_auto"] = NUMPY["histogram"]
NUMPY["histogram_auto_edges"] = NUMPY["histogram_edges"]
NUMPY["put"] = _index_errors_rejected(_put)
NUMPY["put_along_axis"] = _index_errors_rejected(_put_along_axis)
NUMPY["setitem_array"] = _index_errors_rejected(_setitem)
NUMPY["setitem_scalar"] = _index_errors_rejected(_setitem)
NUMPY["setitem_mask"] = _index_errors_rejected(_setitem)
NUMPY["add_at"] = _index_errors_rejected(_add_at)
NUMPY["add_at_mask"] = _index_errors_rejected(_add_at)
NUMPY["bincount"] = _index_errors_rejected(_bincount)

NUMPY["flatnonzero"] = lambda a, p: np.flatnonzero(a[0])
NUMPY["nonzero_axis"] = lambda a, p: np.nonzero(a[0])[p["axis"]]
NUMPY["argwhere"] = lambda a, p: np.argwhere(a[0])
NUMPY["compress"] = _index_errors_rejected(
    lambda a, p: np.compress(a[0], a[1], axis=p.get("axis")))
NUMPY["extract"] = _index_errors_rejected(lambda a, p: np.extract(a[0], a[1]))
NUMPY["getitem_mask"] = _index_errors_rejected(lambda a, p: a[0][a[1]])
NUMPY["searchsorted"] = _index_errors_rejected(
    lambda a, p: np.searchsorted(a[0], a[1], side=p.get("side", "left")))
NUMPY["searchsorted_scalar"] = _index_errors_rejected(
    lambda a, p: np.searchsorted(a[0], p["value"], side=p.get("side", "left")))
NUMPY["interp"] = _index_errors_rejected(
    lambda a, p: np.interp(a[0], a[1], a[2], left=p.get("left"), right=p.get("right")))


NUMPY["fmax"] = lambda a, p: elementwise(np.fmax, a[0], a[1])
NUMPY["fmin"] = lambda a, p: elementwise(np.fmin, a[0], a[1])
NUMPY["diff"] = lambda a, p: np.diff(a[0], p.get("n", 1), p.get("axis", -1))
NUMPY["meshgrid"] = lambda a, p: np.stack(np.meshgrid(*a, indexing=p.get("layout", "xy")))
NUMPY["round"] = lambda a, p: np.round(a[0], p.get("decimals", 0))
NUMPY["hypot"] = lambda a, p: elementwise(np.hypot, a[0], a[1])
NUMPY["heaviside"] = lambda a, p: elementwise(np.heaviside, a[0], a[1])
NUMPY["logaddexp"] = lambda a, p: elementwise(np.logaddexp, a[0], a[1])
NUMPY["nan_to_num"] = lambda a, p: np.nan_to_num(
    a[0], nan=p.get("nan", 0.0), posinf=p.get("posinf"), neginf=p.get("neginf"))
NUMPY["gradient"] = lambda a, p: np.gradient(a[0], p.get("spacing", 1.0), axis=p["axis"])
NUMPY["gradient_all"] = lambda a, p: np.stack(
    [g for g in np.atleast_1d(np.gradient(a[0], p.get("spacing", 1.0)))]
    if a[0].ndim > 1 else [np.gradient(a[0], p.get("spacing", 1.0))])
NUMPY["trapezoid"] = lambda a, p: (
    np.trapz(a[0], a[1], axis=p.get("axis", -1)) if len(a) == 2
    else np.trapz(a[0], dx=p.get("dx", 1.0), axis=p.get("axis", -1)))
NUMPY["deg2rad"] = lambda a, p: elementwise(np.deg2rad, a[0])
NUMPY["rad2deg"] = lambda a, p: elementwise(np.rad2deg, a[0])
NUMPY["cov"] = lambda a, p: np.asarray(np.cov(a[0], rowvar=p.get("rowvar", True),
                                              ddof=p.get("ddof", 1)))
NUMPY["corrcoef"] = lambda a, p: np.asarray(np.corrcoef(a[0], rowvar=p.get("rowvar", True)))
NUMPY["tile"] = lambda a, p: np.tile(a[0], tuple(p["reps"]))
NUMPY["repeat"] = lambda a, p: np.repeat(a[0], p["repeats"], p.get("axis"))
NUMPY["trace"] = lambda a, p: np.asarray(np.trace(a[0], p.get("offset", 0)))
NUMPY["stack"] = lambda a, p: np.stack(a, axis=p["axis"])
NUMPY["expand_dims"] = lambda a, p: np.expand_dims(a[0], p["axis"])
NUMPY["squeeze"] = lambda a, p: np.squeeze(a[0], axis=axes_of(p))
NUMPY["flip"] = lambda a, p: np.flip(a[0], p.get("axis")).copy()
NUMPY["swapaxes"] = lambda a, p: np.swapaxes(a[0], p["axis1"], p["axis2"])
NUMPY["moveaxis"] = lambda a, p: np.moveaxis(a[0], p["source"], p["destination"])
NUMPY["zeros_like"] = lambda a, p: np.zeros_like(a[0], dtype=p.get("dtype"))
NUMPY["ones_like"] = lambda a, p: np.ones_like(a[0], dtype=p.get("dtype"))
NUMPY["full_like"] = lambda a, p: np.full_like(a[0], p["value"], dtype=p.get("dtype"))

NUMPY["getitem"] = lambda a, p: np.array(a[0][to_index(p["index"])])
NUMPY["getitem2"] = lambda a, p: np.array(a[0][to_index(p["index"])][to_index(p["index2"])])


@op("stencil1d")
def _stencil1d(a, p):
    x = a[0]
    return x[1:-1] * 2.0 - x[:-2] - x[2:]


@op("stencil2d")
def _stencil2d(a, p):
    x = a[0]
    return (x[1:-1, 1:-1] * 4.0 - x[:-2, 1:-1] - x[2:, 1:-1]
            - x[1:-1, :-2] - x[1:-1, 2:])


# Gathers beside the kernels that compute what they read: each must read
# its input whole, never merged point by point with its producer.
@op("gather_of_producer")  # y and take(y) share one iteration space
def _gather_of_producer(a, p):
    y = a[0] * 2.0
    return np.take(y, a[1], mode="wrap") + y


@op("gather_of_reduction")  # r read at its own point and at another's
def _gather_of_reduction(a, p):
    r = a[0].sum(axis=1)
    return np.take(r, a[1], mode="clip") * r


@op("reduction_of_gather")  # a gather inside a sum, beside its producer's sum
def _reduction_of_gather(a, p):
    y = a[0] * 3.0
    return np.asarray(np.take(y, a[1], mode="wrap").sum() + y.sum())


@op("gather_in_place")  # a[:] = take(a, i): reads what it overwrites
def _gather_in_place(a, p):
    r = a[0] + 1.0
    r[:] = np.take(r, a[1], mode="wrap")
    return r * 2.0


@op("gather_rows_of_product")  # rows of a matrix product, picked
def _gather_rows_of_product(a, p):
    return np.take(a[0] @ a[0].T, a[1], axis=0, mode="clip")


# Scatters beside the kernels that compute what they store or read them.
@op("scatter_of_producers")
def _scatter_of_producers(a, p):
    r = a[0] * 2.0
    r[a[1]] = a[2] * 3.0 + a[0][0:1]
    return r + 1.0


@op("scatter_of_own_gather")  # r[i] = take(r, j): reads what it overwrites
def _scatter_of_own_gather(a, p):
    r = a[0] + 1.0
    r[a[1]] = np.take(r, a[2], mode="wrap")
    return r * 2.0


@op("scatters_in_order")
def _scatters_in_order(a, p):
    r = a[0].copy()
    r[a[1]] = a[2]
    r[np.flip(a[1])] = a[2] * 2.0
    return r


@op("gather_of_scatter")
def _gather_of_scatter(a, p):
    r = a[0].copy()
    np.add.at(r, a[1], a[2])
    return np.take(r, a[1], mode="wrap") + r.sum()


@op("scatter_rows_of_product")
def _scatter_rows_of_product(a, p):
    r = a[0] * 0.5
    r[a[1]] = a[2] @ a[0]
    return r


@op("interleave_add")
def _interleave_add(a, p):
    return a[0][::2] + a[0][1::2]


@op("setitem")
def _setitem(a, p):
    r = a[0].copy()
    r[to_index(p["index"])] = a[1]
    return r


@op("shift_assign")  # r[index] = r[index2]: source and target overlap
def _shift_assign(a, p):
    r = a[0].copy()
    r[to_index(p["index"])] = r[to_index(p["index2"])]
    return r


@op("setitem2")  # two writes, the second wins where they overlap
def _setitem2(a, p):
    r = a[0].copy()
    r[to_index(p["index"])] = p["value"]
    r[to_index(p["index2"])] = p["value2"]
    return r


@op("alias_ref")  # b = r; b[index] = value; -> r
def _alias_ref(a, p):
    r = a[0].copy()
    b = r
    b[to_index(p["index"])] = p["value"]
    return r


@op("alias_view")  # v = r[index]; r[index2] = value; -> v
def _alias_view(a, p):
    r = a[0].copy()
    v = r[to_index(p["index"])]
    r[to_index(p["index2"])] = p["value"]
    return v.copy()


@op("alias_view_write")  # v = r[index]; v[index2] = value; -> r
def _alias_view_write(a, p):
    r = a[0].copy()
    v = r[to_index(p["index"])]
    v[to_index(p["index2"])] = p["value"]
    return r


@op("alias_view_of_view")  # w = r[index][index2]; r[index3] = value; -> w
def _alias_view_of_view(a, p):
    r = a[0].copy()
    w = r[to_index(p["index"])][to_index(p["index2"])]
    r[to_index(p["index3"])] = p["value"]
    return w.copy()


@op("alias_before")  # w = r[index] * 2 (computed before the write); -> w
def _alias_before(a, p):
    r = a[0].copy()
    w = r[to_index(p["index"])] * 2.0
    r[to_index(p["index2"])] = p["value"]
    return w


@op("copy_independent")  # c = r.copy(); r[index] = value; -> c
def _copy_independent(a, p):
    r = a[0].copy()
    c = r.copy()
    r[to_index(p["index"])] = p["value"]
    return c


NUMPY["copy_fn_independent"] = _copy_independent  # legato::copy(r)


@op("copy_write")  # c = r.copy(); c[index] = value; -> r
def _copy_write(a, p):
    r = a[0].copy()
    c = r.copy()
    c[to_index(p["index"])] = p["value"]
    return r


NUMPY["zeros"] = lambda a, p: np.zeros(p["shape"], p["dtype"])
NUMPY["ones"] = lambda a, p: np.ones(p["shape"], p["dtype"])
NUMPY["full"] = lambda a, p: np.full(p["shape"], p["value"], p["dtype"])
NUMPY["arange_stop"] = lambda a, p: np.arange(p["stop"], dtype=p["dtype"])
NUMPY["arange"] = lambda a, p: np.arange(p["start"], p["stop"], p["step"], dtype=p["dtype"])
NUMPY["linspace"] = lambda a, p: np.linspace(p["start"], p["stop"], p["num"], dtype=p["dtype"])
NUMPY["eye"] = lambda a, p: np.eye(p["n"], dtype=p["dtype"])
NUMPY["tri"] = lambda a, p: np.tri(p["n"], p.get("m"), p.get("k", 0), dtype=p["dtype"])

GOLDEN = 0x9E3779B97F4A7C15


@op("random")
def _random(a, p):
    """legato::random: splitmix64 of the counter seed * golden + i."""
    n = int(np.prod(p["shape"], dtype=np.int64))
    base = np.uint64((p["seed"] * GOLDEN) % 2**64)
    x = base + np.arange(n, dtype=np.uint64)  # uint64 arrays wrap silently
    z = x + np.uint64(GOLDEN)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z ^= z >> np.uint64(31)
    if p["dtype"] == "float64":
        values = (z >> np.uint64(11)).astype(np.float64) * 2.0**-53
    elif p["dtype"] == "float32":
        values = ((z >> np.uint64(40)).astype(np.float64) * 2.0**-24).astype(np.float32)
    else:
        raise AssertionError("the formula is specified for float32 and float64 only")
    return values.reshape(p["shape"])


# Chains whose every step rounds or wraps in its own dtype (dt_fused).
NUMPY["muladd"] = lambda a, p: a[0] * a[1] + a[2]
NUMPY["add_floor_divide"] = lambda a, p: np.floor_divide(a[0] + a[1], a[2])
NUMPY["add_lt"] = lambda a, p: a[0] + a[1] < a[2]
NUMPY["sum_of_add"] = lambda a, p: np.asarray(np.sum(a[0] + a[1]))
NUMPY["astype_twice"] = lambda a, p: a[0].astype(p["dtype"]).astype(p["dtype2"])
NUMPY["neg_astype"] = lambda a, p: np.negative(a[0]).astype(p["dtype"])

# Host reads: legato side reads with to_vector<T>() / item<T>().
NUMPY["to_vector"] = lambda a, p: a[0].astype(p["host"])
NUMPY["item"] = lambda a, p: np.asarray(a[0].reshape(()).astype(p["host"]))


# ---- groups and cases -------------------------------------------------------

GROUPS = []


class Ref:
    """An input of a group, as a case operand."""

    def __init__(self, group, index):
        self.group, self.index = group, index


def _encode_index_entry(e):
    if isinstance(e, slice):
        part = lambda v: "" if v is None else str(v)
        return f"{part(e.start)}:{part(e.stop)}:{1 if e.step is None else e.step}"
    return str(int(e))


def _encode_param(key, value):
    if key.startswith("index"):
        return ",".join(_encode_index_entry(e) for e in value)
    if key == "widths":
        return ",".join(f"{lo}:{hi}" for lo, hi in value)
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)) and any(isinstance(v, float) for v in value):
        return ",".join(repr(float(v)) for v in value)
    if isinstance(value, (list, tuple)):
        return ",".join(str(int(v)) for v in value)
    raise AssertionError(f"cannot encode parameter {key}={value!r}")


def _encode_operand(x):
    if isinstance(x, Ref):
        return f"%{x.index}"
    if isinstance(x, bool):
        return f"b:{int(x)}"
    if isinstance(x, int):
        return f"i:{x}"
    if isinstance(x, float):
        return f"f:{x!r}"
    raise AssertionError(f"bad operand {x!r}")


class Group:
    """Inputs (at most 8) and the cases computed from them: one lazy window,
    one jit trace."""

    def __init__(self, suite, name):
        self.suite, self.name = suite, name
        self.inputs, self.cases = [], []
        self.rng = np.random.default_rng(zlib.crc32(f"{suite}/{name}".encode()))
        assert all(g.name != name for g in GROUPS), name
        GROUPS.append(self)

    def input(self, array):
        array = np.array(array, order="C")
        assert array.dtype.name in ALL_DTYPES, array.dtype
        assert len(self.inputs) < MAX_INPUTS, f"{self.name}: too many inputs"
        self.inputs.append(array)
        return Ref(self, len(self.inputs) - 1)

    def case(self, op_name, *operands, **params):
        assert op_name in NUMPY, op_name
        values = []
        for x in operands:
            if isinstance(x, Ref):
                assert x.group is self
                values.append(self.inputs[x.index])
            else:
                values.append(x)
        try:
            with np.errstate(all="ignore"), warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)  # var of nothing
                result = np.asarray(NUMPY[op_name](values, params))
            if result.dtype.name not in ALL_DTYPES:
                raise Rejected(result.dtype.name)
            expected = np.array(result, order="C")
        except (TypeError, np.AxisError, Rejected):
            expected = None
        self.cases.append((op_name, operands, params, expected))

    # Deterministic inputs.
    def grid(self, dtype, shape, lo=-4, hi=4, zero=True):
        """Values on a coarse grid (halves for floats): sums, products and
        comparisons are exact, and equal values occur."""
        if dtype == "bool":
            return self.rng.random(shape) < 0.5
        if is_int(dtype):
            if is_unsigned(dtype):
                lo, hi = max(lo, 0), max(hi, 0)
            v = self.rng.integers(lo, hi + 1, shape)
        else:
            v = self.rng.integers(2 * lo, 2 * hi + 1, shape) / 2.0
        if not zero:
            v = np.where(v == 0, 1, v)
        return np.asarray(v).astype(dtype)

    def uniform_with_units(self, dtype, shape):
        """uniform(), its first three elements 0, 1 and -1 (but for bool)."""
        v = self.uniform(dtype, shape)
        if dtype != "bool":
            v.flat[:3] = [0, 1, np.iinfo(dtype).max if is_unsigned(dtype) else -1]
        return v

    def full_range(self, dtype, shape):
        """Integers drawn from the whole range of `dtype`, its extremes first."""
        info = np.iinfo(dtype)
        v = self.rng.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)
        v.flat[:2] = [info.min, info.max]
        return v

    def uniform(self, dtype, shape, lo=-3.0, hi=3.0):
        if dtype == "bool":
            return self.rng.random(shape) < 0.5
        if is_int(dtype):
            low = max(int(lo) - 2, 0) if is_unsigned(dtype) else int(lo) - 2
            return np.asarray(self.rng.integers(low, int(hi) + 3, shape)).astype(dtype)
        return np.asarray(self.rng.uniform(lo, hi, shape)).astype(dtype)


def special_values(dt):
    """NaN, infinities, signed zeros, a subnormal and a value near the top."""
    tiny, huge = (1e-310, 1e300) if dt == "float64" else (1e-40, 3e38)
    return np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 0.5, tiny, huge], dt)


def shape_text(shape):
    if len(shape) == 1:
        return f"({shape[0]},)"
    return "(" + ",".join(str(d) for d in shape) + ")"


def write(outdir):
    os.makedirs(outdir, exist_ok=True)
    data = bytearray()

    def blob(array):
        offset = len(data)
        data.extend(np.array(array, order="C").tobytes())
        return offset

    lines = ["legato-numpy-oracle 1"]
    for g in GROUPS:
        lines.append(f"group {g.suite} {g.name}")
        for x in g.inputs:
            lines.append(f"input {x.dtype.name} {shape_text(x.shape)} {blob(x)}")
        for op_name, operands, params, expected in g.cases:
            args = ",".join(_encode_operand(x) for x in operands) or "-"
            extra = "".join(f" {k}={_encode_param(k, v)}" for k, v in params.items())
            if expected is None:
                lines.append(f"case {op_name} {args} raises{extra}")
            else:
                lines.append(f"case {op_name} {args} expect {expected.dtype.name} "
                             f"{shape_text(expected.shape)} {blob(expected)}{extra}")
        lines.append("end")
    # Write-then-rename, so a reader never sees half a manifest.
    with open(os.path.join(outdir, "data.bin.tmp"), "wb") as f:
        f.write(bytes(data))
    with open(os.path.join(outdir, "manifest.txt.tmp"), "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(os.path.join(outdir, "data.bin.tmp"), os.path.join(outdir, "data.bin"))
    os.replace(os.path.join(outdir, "manifest.txt.tmp"), os.path.join(outdir, "manifest.txt"))


# ---- the suites -------------------------------------------------------------
# Each group is one lazy window / one jit trace; in eager mode each case is at
# least one program, so the case count is what eager mode pays for.

S = slice  # S(1, -1) is 1:-1


def elementwise_suite():
    for dt in DTYPES:
        g = Group("elementwise", f"binary_{dt}")
        x, y = g.input(g.grid(dt, (3, 4))), g.input(g.grid(dt, (3, 4)))
        # Integer powers need non-negative exponents (NumPy raises otherwise).
        e = g.input(g.grid(dt, (3, 4), 0, 3) if dt in INTS else g.grid(dt, (3, 4), -2, 2))
        for name in BINARY:
            g.case(name, x, e if name == "pow" else y)
    for i, a in enumerate(DTYPES):
        for b in DTYPES[i + 1:]:
            g = Group("elementwise", f"mixed_{a}_{b}")
            x, y = g.input(g.grid(a, (3, 4))), g.input(g.grid(b, (3, 4)))
            g.case("add", x, y)
            g.case("sub", y, x)
            g.case("div", x, y)
            g.case("maximum", x, y)
            g.case("lt", x, y)
            g.case("arctan2", x, y)
            g.case("mod", x, y)
            g.case("floor_divide", y, x)
            g.case("bitwise_or", x, y)
            g.case("right_shift", y, x)
    for dt in INTS:  # shifts by the bit width or more, or negative, shift every bit out
        g = Group("elementwise", f"shifts_{dt}")
        info = np.iinfo(dt)
        bits = info.bits
        a = np.array([1, -1, 5, -5, info.max, info.min, 3, -3, 1, -1, 7, info.min], dt)
        b = np.array([0, 1, bits - 1, bits - 1, bits, bits, bits + 5, 100, -1, -2, 2, 1], dt)
        x, y = g.input(a), g.input(b)
        g.case("left_shift", x, y)
        g.case("right_shift", x, y)
        g.case("left_shift", x, 3)
        g.case("right_shift", -64, y)
        g.case("bitwise_and", x, info.min)
        g.case("bitwise_xor", x, -1)
        g.case("invert", x)
    for dt in INTS:  # Python's signs; by 0 NumPy gives 0; MIN // -1 wraps
        g = Group("elementwise", f"integer_division_{dt}")
        info = np.iinfo(dt)
        a = np.array([7, -7, 7, -7, 0, 5, info.min, info.min, info.max, -3, 3, info.min], dt)
        b = np.array([2, 2, -2, -2, 3, 0, -1, 1, -1, 0, -7, 2], dt)
        x, y = g.input(a), g.input(b)
        g.case("mod", x, y)
        g.case("floor_divide", x, y)
    for dt in FLOATS:  # quotients just below an integer; signed zero quotients
        g = Group("elementwise", f"float_division_{dt}")
        tiny, small = (5e-324, 1e-300) if dt == "float64" else (1e-45, 1e-38)
        # Pairs whose (x - fmod(x, y)) / y rounds to more than a half below
        # the next integer: NumPy's floor_divide rounds those up.
        below = ([9.39850826432265, -8.53619855218068], [0.3, 0.6]) if dt == "float64" else \
            ([9.433799743652344], [0.6000000238418579])
        a = np.array([1.0, -1.0, 0.3, -0.0, 0.0, 1e-30, -7.5, 6.0, 0.1, tiny] + below[0], dt)
        b = np.array([0.1, 0.1, 0.1, 3.0, -3.0, -1.0, 2.0, -1.5, small, 1.0] + below[1], dt)
        x, y = g.input(a), g.input(b)
        g.case("mod", x, y)
        g.case("floor_divide", x, y)
        g.case("mod", y, x)
        g.case("floor_divide", y, x)
        g.case("inverse_mod", x, y)  # a zero remainder has the divisor's sign
        g.case("inverse_floor_divide", x, y)  # a zero quotient that of x / y


def broadcast_suite():
    pairs = [
        ((3, 1), (1, 4), "float64", "float64"),
        ((4,), (2, 3, 4), "int32", "float32"),
        ((2, 3, 4), (4,), "bool", "int64"),
        ((2, 1, 4), (3, 1), "float32", "float32"),
        ((1,), (3, 4), "int64", "float64"),
        ((), (3, 4), "float64", "float32"),  # a 0-d array is strong: float64
        ((3, 4), (), "int32", "int64"),
        ((), (), "float32", "int32"),
        ((1, 1), (1,), "int32", "int32"),
        ((5,), (1,), "float64", "bool"),
    ]
    for sa, sb, da, db in pairs:
        dims = lambda s: "x".join(map(str, s)) or "0d"
        g = Group("broadcast", f"bcast_{dims(sa)}_{dims(sb)}")
        x, y = g.input(g.grid(da, sa)), g.input(g.grid(db, sb))
        g.case("add", x, y)
        g.case("sub", y, x)
        g.case("mul", x, y)
        g.case("lt", x, y)

    g = Group("broadcast", "where")
    c = g.input(g.grid("bool", (3, 4)))
    x = g.input(g.grid("float64", (3, 4)))
    y = g.input(g.grid("int32", (4,)))
    c1 = g.input(g.grid("bool", (3, 1)))
    f = g.input(g.grid("float32", (3, 4)))
    c0 = g.input(np.array(True))
    g.case("where", c, x, y)
    g.case("where", c, x, 2.5)
    g.case("where", c, 1, y)          # weak int with int32 -> int32
    g.case("where", c, 1.5, 2)        # two scalars -> float64
    g.case("where", c, True, False)   # -> bool
    g.case("where", c1, x, 0)         # condition broadcasts
    g.case("where", c, f, 2.5)        # -> float32
    g.case("where", c, f, y)          # float32 with int32 -> float64
    g.case("where", c0, y, f)


def scalars_suite():
    for dt in DTYPES:
        g = Group("scalars", f"scalar_{dt}")
        x = g.input(g.grid(dt, (3, 4)))
        x0 = g.input(g.grid(dt, ()))
        x1 = g.input(g.grid(dt, (1,)))
        for s in (True, 3, 2.5):
            g.case("add", x, s)
        g.case("add", 2.5, x)
        g.case("sub", 3, x)
        g.case("sub", x, True)  # bool - bool: NumPy refuses
        g.case("mul", x, 2)
        g.case("div", x, 2)
        g.case("div", 1.5, x)
        g.case("lt", x, 1)
        g.case("ne", True, x)
        g.case("maximum", x, 1)
        g.case("pow", x, 2)
        g.case("pow", 2.0, x)
        g.case("arctan2", x, 2)
        g.case("arctan2", -1.5, x)
        g.case("mod", x, 3)
        g.case("mod", x, -2.5)
        g.case("mod", 7, x)
        g.case("floor_divide", x, -2)
        g.case("floor_divide", 5.5, x)
        g.case("logical_and", x, True)
        g.case("bitwise_and", x, 3)
        g.case("bitwise_xor", True, x)
        g.case("left_shift", x, 2)
        g.case("add", x0, 3)
        g.case("mul", x0, 2.5)
        g.case("minimum", 0.5, x1)


def unary_suite():
    for dt in DTYPES:
        g = Group("unary", f"unary_{dt}")
        x = g.input(g.uniform_with_units(dt, (3, 4)))
        for name in UNARY:
            g.case(name, x)
    for dt in FLOATS:
        g = Group("unary", f"special_{dt}")
        v = special_values(dt)
        x, y = g.input(v), g.input(v[::-1])
        for name in ("exp", "log", "sqrt", "tanh", "floor", "abs", "ceil", "trunc", "rint",
                     "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "arcsinh",
                     "arccosh", "arctanh", "exp2", "expm1", "log2", "log10", "log1p", "cbrt"):
            g.case(name, x)
        g.case("arctan2", x, y)  # the signs of zeros and infinities pick the quadrant
        g.case("mod", x, y)      # NaN, inf and zero divisors; signed zeros
        g.case("floor_divide", x, y)
        g.case("mod", x, -1.5)
        g.case("floor_divide", x, 0.5)
        g.case("maximum", x, y)
        g.case("minimum", x, y)
        g.case("lt", x, y)
        g.case("eq", x, x)
        g.case("div", x, y)
        g.case("mul", x, 0.0)
        g.case("add", x, y)
        g.case("max", x)
        g.case("sum", x)
    for dt in FLOATS:
        g = Group("unary", f"near_zero_{dt}")
        x = g.input(np.array([1e-10, -1e-12, 3e-7, -2e-5, 1e-3, 0.5], dt))
        g.case("expm1_over_x", x)
        g.case("log1p_over_x", x)
    g = Group("unary", "rounding_halves")  # rint rounds halves to even
    x = g.input(np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.5, -0.49, 0.51], "float64"))
    for name in ("rint", "ceil", "trunc", "floor"):
        g.case(name, x)
    for src in DTYPES:
        g = Group("unary", f"astype_{src}")
        x = g.input(g.uniform(src, (2, 5), -3.7, 3.7))
        for dst in DTYPES:
            g.case("astype", x, dtype=dst)
        g.case("astype_method", x, dtype="float64")


def reductions_suite():
    for dt in DTYPES:
        g = Group("reductions", f"reduce_{dt}")
        x = g.input(g.grid(dt, (2, 3, 4), -2, 2, zero=False))
        for name in ("sum", "prod", "max", "min", "mean"):
            g.case(name, x)
        g.case("sum", x, axes=[1])
        g.case("prod", x, axes=[-1])
        g.case("max", x, axes=[0, 2])
        g.case("min", x, axes=[-1], keepdims=True)
        g.case("mean", x, axes=[-3, -1])
        g.case("sum", x, axes=None, keepdims=True)
        g.case("mean", x, axes=[0], keepdims=True)
    g = Group("reductions", "reduce_small")
    x0 = g.input(g.grid("float64", ()))
    x1 = g.input(g.grid("int32", (1,)))
    x11 = g.input(g.grid("bool", (1, 1)))
    xs = g.input(g.grid("float32", (5,)))
    g.case("sum", x0)
    g.case("mean", x0)
    g.case("max", x1)
    g.case("sum", x1, axes=[0], keepdims=True)
    g.case("prod", x11, axes=[1])
    g.case("min", x11)
    g.case("mean", xs, axes=[-1])
    g.case("sum", xs, axes=[0])
    # Long enough for the GPU's block reductions (256 threads): 2500 along a
    # row is one block per output whose threads load 8 elements before adding
    # them, then the rest one by one (also over two reduced dims); 5000 along
    # a row and a full sum of 21000 are split over several blocks per output.
    # Halves sum exactly, so the order of the sum does not matter.
    g = Group("reductions", "reduce_long")
    rows = g.input(g.grid("float64", (3, 2500)))
    cols = g.input(g.grid("float32", (2500, 3)))
    ints = g.input(g.grid("int32", (3, 2500), -1000, 1000))
    wide = g.input(g.grid("float32", (2, 5000)))
    full = g.input(g.grid("float64", (70, 300)))
    cube = g.input(g.grid("float64", (40, 3, 70)))
    g.case("sum", rows, axes=[1])
    g.case("mean", rows, axes=[-1], keepdims=True)
    g.case("max", cols, axes=[0])
    g.case("sum", cols, axes=[0])
    g.case("min", ints, axes=[1])
    g.case("sum", ints, axes=[1])
    g.case("sum", wide, axes=[1])
    g.case("max", wide, axes=[-1])
    g.case("sum", full)
    g.case("min", full)
    g.case("sum", cube, axes=[0, 2])  # 2800 over two dims, a block per output
    g.case("max", cube, axes=[1, 2], keepdims=True)


def scans_suite():
    # legato adds in chunks of 8, then across chunks: the grids' halves sum
    # and multiply exactly (or within the tolerance) in any order.
    for dt in DTYPES:
        g = Group("scans", f"scan_{dt}")
        x = g.input(g.grid(dt, (2, 3, 4), -2, 2, zero=False))
        for name in ("cumsum", "cumprod"):
            g.case(name, x)
            for axis in (0, 1, -1):
                g.case(name, x, axis=axis)
        g.case("cumsum", x, axis=3)     # out of bounds: NumPy's AxisError
        g.case("cumprod", x, axis=-4)
    # One, two and three levels of chunks; an axis that is not the last; a
    # last chunk padded with the identity.
    g = Group("scans", "scan_long")
    rows = g.input(g.grid("float64", (3, 100)))
    line = g.input(g.grid("float64", (1000,)))
    cols = g.input(g.grid("int32", (70, 3), -1000, 1000))
    f32 = g.input(g.grid("float32", (2000,)))
    few = g.input(g.grid("int64", (9,)))
    g.case("cumsum", rows, axis=1)
    g.case("cumsum", rows, axis=0)
    g.case("cumsum", line)
    g.case("cumsum", cols, axis=0)
    g.case("cumprod", cols, axis=1)
    g.case("cumsum", f32)
    g.case("cumsum", few)
    g.case("cumprod", few)
    # Positive floats: no cancellation, so the order of the additions shows
    # only in the last digits.
    g = Group("scans", "scan_rounding")
    pos = g.input(g.uniform("float64", (4000,), 0.5, 2.0))
    pos32 = g.input(g.uniform("float32", (3, 700), 0.5, 2.0))
    near1 = g.input(g.uniform("float64", (2, 300), 0.99, 1.01))
    g.case("cumsum", pos)
    g.case("cumsum", pos32, axis=1)
    g.case("cumprod", near1, axis=-1)
    g = Group("scans", "scan_special")
    sv = g.input(np.array([1.0, np.inf, 2.0, -np.inf, 3.0, np.nan, 4.0, 5.0, 6.0, 7.0, 1e308,
                           1e308, -0.0, 0.0, 2.5, -1.5, 8.0, 9.0]))
    sv2 = g.input(np.array([[1.0, np.inf, -np.inf], [np.nan, 2.0, 0.5], [-0.0, 3.0, np.inf]]))
    big = g.input(np.array([2**62, 2**62, 2**62, -5, 7], "int64"))  # wraps, as NumPy's
    e = g.input(np.zeros((0, 5)))
    e2 = g.input(np.zeros((4, 0), "int32"))
    z = g.input(np.asarray(np.float64(2.5)))
    b = g.input(g.grid("bool", (3, 11)))
    for name in ("cumsum", "cumprod", "nancumsum", "nancumprod"):
        g.case(name, sv)
    g.case("cumsum", sv2, axis=0)
    g.case("cumprod", sv2, axis=1)
    g.case("cumsum", big)
    g.case("cumprod", big)
    g.case("cumsum", e, axis=1)
    g.case("cumprod", e)
    g.case("cumsum", e2, axis=1)
    g.case("cumsum", e2, axis=0)
    g.case("cumsum", z)             # a 0-d array scans as one element
    g.case("cumprod", z, axis=0)    # also along its axis 0 or -1,
    g.case("cumsum", z, axis=-1)
    g.case("cumsum", z, axis=1)     # but not 1
    g.case("cumsum", b, axis=1)     # bools count in int64
    g.case("cumprod", b, axis=0)
    g = Group("scans", "scan_nan")
    nx = g.input(np.array([[1.0, np.nan, 2.0, 3.0], [np.nan, np.nan, 0.5, -1.0]]))
    n32 = g.input(np.array([np.nan, 1.5, -2.0, np.nan, 4.0], "float32"))
    ni = g.input(g.grid("int32", (2, 5)))
    for name in ("nancumsum", "nancumprod"):
        g.case(name, nx)
        g.case(name, nx, axis=0)
        g.case(name, nx, axis=1)
        g.case(name, n32)
        g.case(name, ni, axis=1)


def gather_suite():
    # take along each axis of every dtype; indices in [-3, 3) fit every axis.
    for dt in DTYPES:
        g = Group("gather", f"take_{dt}")
        x = g.input(g.grid(dt, (3, 4, 5)))
        i = g.input(np.array([[0, -1, 2], [1, -3, 2]], "int64"))
        g.case("take", x, i)
        for axis in (0, 1, 2, -1):
            g.case("take", x, i, axis=axis)
        g.case("take", x, i, axis=3)  # no such axis
    g = Group("gather", "take_indices")
    x = g.input(g.grid("float64", (4, 6)))
    i32 = g.input(np.array([5, 0, -6, 3], "int32"))
    b = g.input(np.array([[True, False], [False, True]]))
    z = g.input(np.asarray(np.int64(-2)))
    far = g.input(np.array([0, 6], "int64"))
    under = g.input(np.array([[1, -7]], "int64"))
    f = g.input(np.array([1.0, 2.0]))
    none = g.input(np.zeros((0, 2), "int64"))
    g.case("take", x, i32, axis=1)
    g.case("take", x, b, axis=0)         # bools count as 0 and 1
    g.case("take", x, z, axis=1)         # a 0-d index drops the axis
    g.case("take", x, z)
    g.case("take", x, far, axis=1)       # 6 is past the end: IndexError
    g.case("take", x, under, axis=1)     # -7 is before the start
    g.case("take", x, far)               # flattened: 6 is fine
    g.case("take", x, f, axis=0)         # float indices: TypeError
    g.case("take", x, none, axis=0)      # nothing taken
    g.case("getitem_array", x, i32)      # rows; 5 is past 4 rows
    g.case("getitem_array", x, z)        # a 0-d index: one row
    g.case("getitem_array", x, under)    # -7 is before the start
    g.case("take_scalar", x, at=2, axis=1)
    g.case("take_scalar", x, at=-1)
    g.case("take_scalar", x, at=4, axis=0)
    # Modes wrap and clip never fail.
    g = Group("gather", "take_modes")
    x = g.input(g.grid("int32", (5, 3)))
    wild = g.input(np.array([-13, 7, 100, -1, 0, 4, -5, 5], "int64"))
    wild2 = g.input(np.array([[-4, 3], [2, 9]], "int32"))
    for mode in ("wrap", "clip"):
        g.case("take", x, wild, mode=mode)
        g.case("take", x, wild, axis=0, mode=mode)
        g.case("take", x, wild2, axis=1, mode=mode)
        g.case("take", x, wild2, axis=-2, mode=mode)
    # Long axes: a permutation, and many repeats of a few elements.
    g = Group("gather", "take_long")
    line = g.input(g.uniform("float64", (5000,)))
    perm = g.input(g.rng.permutation(5000).astype("int64"))
    rows = g.input(g.uniform("float32", (300, 7)))
    picks = g.input(g.rng.integers(-300, 300, (2, 600)).astype("int64"))
    g.case("take", line, perm, mode="wrap")
    g.case("take", line, perm)
    g.case("take", rows, picks, axis=0)
    g.case("take", rows, picks, axis=0, mode="clip")
    g = Group("gather", "take_empty")
    e = g.input(np.zeros((3, 0)))
    i = g.input(np.array([0], "int64"))
    none = g.input(np.zeros((0,), "int64"))
    g.case("take", e, i, axis=1)         # from an empty axis: IndexError
    g.case("take", e, none, axis=1)
    g.case("take", e, i, axis=0)         # rows of nothing
    g.case("take", e, none)
    g = Group("gather", "take_along_axis")
    x = g.input(g.grid("float64", (3, 4)))
    cube = g.input(g.grid("int64", (2, 3, 4)))
    i = g.input(np.array([[3, 0, -1], [1, 1, 2], [-4, 0, 0]], "int64"))
    row = g.input(np.array([[2, 0, 1, -1]], "int32"))   # broadcast over x's rows
    col = g.input(np.array([[1], [0], [3]], "int64"))   # one per row
    deep = g.input(np.array([[[0, 2, 1, 2]], [[2, -1, 0, 1]]], "int64"))
    flat = g.input(np.array([11, 0, -12, 5], "int64"))
    g.case("take_along_axis", x, i, axis=1)
    g.case("take_along_axis", x, row, axis=0)
    g.case("take_along_axis", x, col, axis=1)
    g.case("take_along_axis", x, col, axis=-1)
    g.case("take_along_axis", cube, deep, axis=1)
    g.case("take_along_axis", x, flat)                 # axis None: flattened
    g.case("take_along_axis", x, flat, axis=0)         # ranks differ: ValueError
    g.case("take_along_axis", x, row, axis=1)          # 2 and -1 fine, 0 fine
    g.case("take_along_axis", x, i, axis=0)            # 3 is past 3 rows
    g.case("take_along_axis", cube, i, axis=1)         # ranks differ
    g.case("take_along_axis", x, i, axis=2)              # no axis 2
    g = Group("gather", "gather_programs")
    line = g.input(g.grid("float64", (64,)))
    perm = g.input(g.rng.permutation(64).astype("int64"))
    m = g.input(g.grid("float64", (64, 5)))
    back = g.input((63 - np.arange(64)).astype("int64"))
    for name in ("gather_of_producer", "reduction_of_gather", "gather_in_place"):
        g.case(name, line, perm)
        g.case(name, line, back)
    g.case("gather_of_reduction", m, perm)
    g.case("gather_of_reduction", m, back)
    g.case("gather_rows_of_product", m, back)
    g = Group("gather", "take_along_axis_bcast")
    x = g.input(g.grid("float32", (1, 5)))
    i = g.input(np.array([[4, 0], [1, -5], [2, 2]], "int64"))
    bad = g.input(np.array([[0], [1]], "int64"))
    y = g.input(g.grid("bool", (3, 4)))
    g.case("take_along_axis", x, i, axis=1)            # x's row broadcasts
    g.case("take_along_axis", y, i, axis=1)            # index 4 past 4 columns
    g.case("take_along_axis", y, bad, axis=1)          # 2 rows against 3


def scatter_suite():
    # put, a[i] = v and add_at into every dtype, with repeated indices (the
    # last write wins; add_at adds each).
    for dt in DTYPES:
        g = Group("scatter", f"put_{dt}")
        x = g.input(g.grid(dt, (4, 5)))
        i = g.input(np.array([[7, -1, 0], [7, 19, 3]], "int64"))
        v = g.input(g.grid(dt, (6,), 5, 9))
        v2 = g.input(g.grid(dt, (2,), 5, 9))      # repeated to 6
        rows = g.input(np.array([3, -4, 3], "int32"))
        vr = g.input(g.grid(dt, (3, 5), 5, 9))
        row = g.input(g.grid(dt, (5,), 5, 9))     # broadcast to every row
        g.case("put", x, i, v)
        g.case("put", x, i, v2)
        g.case("setitem_array", x, rows, vr)
        g.case("setitem_array", x, rows, row)
        g.case("setitem_scalar", x, rows, value=1.0)
        if dt != "bool":
            g.case("add_at", x, rows, vr)
            g.case("add_at", x, rows, row)
    g = Group("scatter", "put_modes")
    x = g.input(g.grid("float64", (3, 4)))
    wild = g.input(np.array([-13, 7, 100, -1, 0, 12], "int64"))
    v = g.input(g.grid("float64", (6,), 10, 20))
    f = g.input(np.array([1.0, 2.0]))
    b = g.input(np.array([True, False, True]))
    none = g.input(np.zeros((0,), "int64"))
    nothing = g.input(np.zeros((0,)))
    for mode in ("wrap", "clip", "raise"):
        g.case("put", x, wild, v, mode=mode)   # raise: 100 is past 12 elements
    g.case("put", x, f, v)                     # float indices: TypeError
    g.case("put", x, b, v)                     # bools count as 0 and 1
    g.case("put", x, none, v)
    g.case("put", x, wild, nothing)            # no values: nothing put
    g.case("setitem_array", x, wild, v)        # 7 is past 3 rows
    g.case("setitem_array", x, b, v)           # a mask of 3 rows, 6 values
    g.case("setitem_array", x, none, v)        # shapes differ: ValueError
    g.case("add_at", x, wild, v)
    g.case("add_at", x, f, v)
    g = Group("scatter", "put_empty")
    v = g.input(g.grid("float64", (6,), 10, 20))
    none = g.input(np.zeros((0,), "int64"))
    e = g.input(np.zeros((0, 3)))
    i0 = g.input(np.array([0], "int64"))
    g.case("put", e, i0, v)                    # into nothing: IndexError
    g.case("put", e, none, v)
    g.case("setitem_array", e, i0, v)
    # One value: a kernel over the destination, not a loop.
    g = Group("scatter", "single_values")
    x = g.input(g.grid("float64", (2, 3)))
    line = g.input(g.grid("int32", (5,)))
    one = g.input(np.array([2.5]))
    i = g.input(np.array([-2], "int64"))
    z = g.input(np.asarray(np.int64(4)))
    n = g.input(np.array([7], "int32"))
    g.case("put", x, i, one)
    g.case("put", line, z, n)
    g.case("put", x, z, one, mode="clip")
    g.case("add_at", line, i, n)
    g.case("add_at", line, z, n)
    g.case("setitem_array", line, z, n)
    g = Group("scatter", "setitem_masks")
    x = g.input(g.grid("float32", (3, 4)))
    mask = g.grid("float32", (3, 4)) > 0
    m = g.input(mask)
    rows = g.input(np.array([True, False, True]))
    bad = g.input(np.array([True, False]))
    none = g.input(np.zeros((3, 4), bool))
    v = g.input(g.grid("float32", (int(mask.sum()),), 10, 20))
    more = g.input(g.grid("float32", (int(mask.sum()) + 1,), 10, 20))
    r4 = g.input(g.grid("float32", (4,), 10, 20))
    g.case("setitem_scalar", x, m, value=-2.0)
    g.case("setitem_scalar", x, rows, value=3.0)
    g.case("setitem_scalar", x, none, value=3.0)
    g.case("setitem_scalar", x, bad, value=3.0)  # 2 against 3 rows
    g.case("setitem_mask", x, m, v)
    g.case("setitem_mask", x, m, more)         # one value too many: ValueError
    g.case("setitem_mask", x, rows, r4)        # one row for both selected rows
    g = Group("scatter", "setitem_mask_shapes")
    x = g.input(g.grid("float32", (3, 4)))
    mask = g.grid("float32", (3, 4)) > 0
    m = g.input(mask)
    rows = g.input(np.array([True, False, True]))
    none = g.input(np.zeros((3, 4), bool))
    v = g.input(g.grid("float32", (int(mask.sum()),), 10, 20))
    two = g.input(g.grid("float32", (2, 4), 10, 20))
    one = g.input(np.array([7.5], "float32"))
    g.case("setitem_mask", x, rows, two)
    g.case("setitem_mask", x, m, one)          # one value for every element
    g.case("setitem_mask", x, none, v)         # nothing selected, values left
    # add_at with a mask adds as a[mask] += v: each selected element once.
    g = Group("scatter", "add_at_masks")
    x = g.input(g.grid("float64", (3, 4)))
    mask = g.grid("float64", (3, 4)) > 0
    m = g.input(mask)
    rows = g.input(np.array([True, False, True]))
    per = g.input(g.grid("float64", (int(mask.sum()),), 10, 20))
    r4 = g.input(g.grid("float64", (4,), 10, 20))
    one = g.input(np.array([0.5]))
    flags = g.input(g.grid("bool", (3, 4)))
    bits = g.input(g.grid("bool", (int(mask.sum()),)))
    g.case("add_at_mask", x, m, per)
    g.case("add_at_mask", x, rows, r4)
    g.case("add_at_mask", flags, m, bits)      # bools: or
    g.case("add_at_mask", x, m, r4)            # 4 values for another count
    g.case("add_at", x, m, one)                # one value: a select, traceable
    g.case("add_at", x, rows, one)
    g = Group("scatter", "put_along_axis")
    x = g.input(g.grid("float64", (3, 4)))
    i = g.input(np.array([[3, 0, -1], [1, 1, 2], [-4, 0, 0]], "int64"))
    col = g.input(np.array([[1], [0], [3]], "int64"))
    v33 = g.input(g.grid("float64", (3, 3), 10, 20))
    v1 = g.input(np.array([[9.5]]))
    g.case("put_along_axis", x, i, v33, axis=1)
    g.case("put_along_axis", x, col, v1, axis=1)
    g.case("put_along_axis", x, col, v1, axis=-1)
    g.case("put_along_axis", x, i, v33, axis=0)            # 3 is past 3 rows
    g = Group("scatter", "put_along_axis_3d")
    cube = g.input(g.grid("int64", (2, 3, 4)))
    x = g.input(g.grid("float64", (3, 4)))
    deep = g.input(np.array([[[0, 2, 1, 2]], [[2, -1, 0, 1]]], "int64"))
    flat = g.input(np.array([11, 0, -12, 5], "int64"))
    vdeep = g.input(g.grid("int64", (2, 1, 4), 10, 20))
    vflat = g.input(g.grid("float64", (4,), 10, 20))
    g.case("put_along_axis", cube, deep, vdeep, axis=1)
    g.case("put_along_axis", x, flat, vflat)               # flattened
    g.case("put_along_axis", x, flat, vflat, axis=0)       # ranks differ
    g = Group("scatter", "scatter_long")
    line = g.input(g.uniform("float64", (5000,)))
    perm = g.input(g.rng.permutation(5000).astype("int64"))
    few = g.input(g.rng.integers(-50, 50, (3000,)).astype("int64"))
    vals = g.input(g.uniform("float64", (3000,)))
    vperm = g.input(g.uniform("float64", (5000,)))
    g.case("setitem_array", line, perm, vperm)
    g.case("setitem_array", line, few, vals)   # many repeats: the last wins
    g.case("add_at", line, few, vals)          # sums in NumPy's order
    g = Group("scatter", "bincount")
    x = g.input(g.rng.integers(0, 40, (1000,)).astype("int64"))
    x32 = g.input(np.array([3, 0, 3, 1], "int32"))
    xb = g.input(np.array([True, True, False]))
    w = g.input(g.uniform("float64", (1000,)))
    w32 = g.input(np.array([1.5, 2.0, -1.0, 0.25], "float32"))
    g.case("bincount", x)
    g.case("bincount", x, w)
    g.case("bincount", x32, minlength=10)
    g.case("bincount", x32, w32, minlength=2)
    g.case("bincount", xb)
    g = Group("scatter", "bincount_edges")
    x32 = g.input(np.array([3, 0, 3, 1], "int32"))
    w = g.input(g.uniform("float64", (1000,)))
    neg = g.input(np.array([1, -2, 3], "int64"))
    fl = g.input(np.array([1.0, 2.0]))
    empty = g.input(np.zeros((0,), "int64"))
    m = g.input(np.ones((2, 2), "int64"))
    g.case("bincount", empty)
    g.case("bincount", empty, minlength=3)
    g.case("bincount", neg)                    # negative: ValueError
    g.case("bincount", fl)                     # floats: TypeError
    g.case("bincount", m)                      # 2-D: ValueError
    g.case("bincount", x32, w)                 # lengths differ
    # np.histogram: NumPy's bins exactly, edges included.
    for dt in DTYPES:
        g = Group("scatter", f"histogram_{dt}")
        x = g.input(g.uniform(dt, (997,)) if dt in FLOATS else g.grid(dt, (997,), -20, 20))
        g.case("histogram_auto", x)
        g.case("histogram_auto_edges", x)
        g.case("histogram_auto", x, bins=7)
        g.case("histogram", x, bins=13, lo=-1.0, hi=2.5)
        g.case("histogram_edges", x, bins=13, lo=-1.0, hi=2.5)
    g = Group("scatter", "histogram_edges_and_weights")
    # values on the edges of 0.1-wide bins, where the guess is off by one
    x = g.input(np.round(np.arange(-10, 31) * 0.1, 10))
    x32 = g.input(np.round(np.arange(-10, 31) * 0.1, 10).astype("float32"))
    w = g.input(g.uniform("float64", (41,)))
    w32 = g.input(g.uniform("float32", (41,)))
    wi = g.input(g.grid("int32", (41,)))
    special = g.input(np.array([np.nan, np.inf, -np.inf, 0.0, 1.0, 0.5]))
    same = g.input(np.full((4,), 2.5, "float32"))
    g.case("histogram", x, bins=20, lo=0.0, hi=2.0)
    g.case("histogram", x32, bins=20, lo=0.0, hi=2.0)
    g.case("histogram_edges", x32, bins=20, lo=0.1, hi=0.7)
    g.case("histogram", x32, bins=6, lo=0.1, hi=0.7)
    g.case("histogram", x, w, bins=9, lo=-0.5, hi=2.5)
    g.case("histogram", x32, w32, bins=9, lo=-0.5, hi=2.5)
    g.case("histogram", x, wi, bins=4, lo=0.0, hi=1.0)
    g.case("histogram", special, bins=4, lo=0.0, hi=1.0)
    g.case("histogram_auto", special)           # NaN extremes: ValueError
    g.case("histogram_auto", same, bins=3)      # one value: widened by 0.5
    g.case("histogram_auto_edges", same, bins=3)
    g.case("histogram", x, bins=0)              # no bins: ValueError
    g.case("histogram", x, bins=3, lo=2.0, hi=1.0)

    g = Group("scatter", "scatter_programs")
    line = g.input(g.grid("float64", (64,)))
    perm = g.input(g.rng.permutation(64).astype("int64"))
    back = g.input((63 - np.arange(64)).astype("int64"))
    some = g.input(g.rng.integers(0, 64, (20,)).astype("int64"))
    v20 = g.input(g.grid("float64", (20,), 5, 9))
    v64 = g.input(g.grid("float64", (64,), 5, 9))
    g.case("scatters_in_order", line, some, v20)
    g.case("scatters_in_order", line, perm, v64)
    g.case("scatter_of_producers", line, some, v20)
    g.case("scatter_of_own_gather", line, perm, back)
    g.case("scatter_of_own_gather", line, some, some)
    g.case("gather_of_scatter", line, some, v20)
    g = Group("scatter", "scatter_rows")
    m = g.input(g.grid("float64", (8, 5)))
    rows = g.input(np.array([6, 1, 6], "int64"))
    w = g.input(g.grid("float64", (3, 8)))
    g.case("scatter_rows_of_product", m, rows, w)


def sort_suite():
    for dt in DTYPES:
        g = Group("sort", f"sort_{dt}")
        m = g.input(g.grid(dt, (5, 7)))          # repeated values
        line = g.input(g.grid(dt, (23,)))
        cube = g.input(g.grid(dt, (3, 4, 6)))
        for name in ("sort", "argsort"):
            g.case(name, m)
            g.case(name, m, axis=0)
            g.case(name, m, axis=None)
            g.case(name, line)
            for axis in (0, 1, -1):
                g.case(name, cube, axis=axis)
            g.case(name, cube, axis=3)           # out of bounds: AxisError
        unique_cases(g, m)
        g.case("median", m)
        g.case("median", cube, axes=[0, 2])
    g = Group("sort", "sort_special")
    special = g.input(np.array([np.nan, 2.0, -np.inf, 0.0, -0.0, np.inf, -1.5, np.nan, 0.0,
                                -0.0, 2.0, -np.inf]))
    rows = g.input(np.array([[3.0, np.nan, 1.0], [np.nan, np.nan, np.nan], [2.0, 2.0, -1.0]],
                            "float32"))
    for name in ("sort", "argsort"):
        g.case(name, special)
        g.case(name, rows)
        g.case(name, rows, axis=0)
    unique_cases(g, special)
    unique_cases(g, rows)
    g = Group("sort", "sort_lengths")
    for n in (1, 2, 3, 5, 9, 17, 64):            # padded to powers of two or not
        g.case("argsort", g.input(g.uniform("float64", (n,))))
    g = Group("sort", "sort_sizes")
    g.case("sort", g.input(g.uniform("int64", (4, 33))))
    g.case("argsort", g.input(g.uniform("float32", (2, 3, 64))), axis=1)
    empty = g.input(np.zeros((3, 0)))
    none = g.input(np.zeros(0, "int32"))
    zero_d = g.input(np.array(2.5))
    for name in ("sort", "argsort"):
        g.case(name, empty)
        g.case(name, empty, axis=0)
        g.case(name, none)
        g.case(name, zero_d)                      # sort: AxisError; argsort: [0]
        g.case(name, zero_d, axis=None)
    unique_cases(g, none)
    unique_cases(g, zero_d)
    g = Group("sort", "sort_long")
    # Past 64 elements: sorted blocks of 64 merged by the network's stages.
    x = g.input(g.uniform("float64", (300,)))
    few = g.input(g.rng.integers(0, 10, (250,)).astype("int32"))   # long runs of ties
    wide = g.input(g.rng.integers(-50, 50, (40, 70)).astype("int64"))
    for name in ("sort", "argsort"):
        g.case(name, x)
        g.case(name, few)
        g.case(name, wide, axis=0)
        g.case(name, wide, axis=1)
    unique_cases(g, few)
    unique_cases(g, wide)
    g = Group("sort", "sort_programs")
    x = g.input(g.uniform("float64", (6, 50)))
    y = g.input(g.uniform("float64", (6, 50)))
    g.case("sort_of_expression", x, y)
    g.case("gather_by_argsort", x)
    g.case("sort_twice", x)
    g.case("rank", x)
    for dt in DTYPES:
        g = Group("sort", f"median_{dt}")
        odd = g.input(g.uniform(dt, (5, 7)))
        even = g.input(g.uniform(dt, (6, 4)))
        cube = g.input(g.grid(dt, (3, 4, 5)))
        g.case("median", odd)
        g.case("median", odd, axes=[1])
        g.case("median", even, axes=[0], keepdims=True)
        g.case("median", even, axes=[1])
        g.case("median", cube, axes=[0, 2])
        g.case("median", cube, axes=[2], keepdims=True)
        for name, qs in (("quantile", [0.0, 0.1, 0.25, 0.5, 0.9, 1.0]),
                         ("percentile", [0.0, 12.5, 50.0, 99.0, 100.0])):
            g.case(name, odd, qs=qs)
            g.case(name, even, q=qs[1], axes=[0])
            g.case(name, cube, qs=qs[2:4], axes=[1, 2], keepdims=True)
    g = Group("sort", "median_special")
    nans = g.input(np.array([[1.0, np.nan, 3.0, 2.0], [4.0, 0.5, -2.0, 8.0],
                             [np.inf, 1.0, -np.inf, 0.0]]))
    infs = g.input(np.array([1.0, np.inf, 2.0, np.inf]))
    none = g.input(np.zeros((0, 3)))
    one = g.input(np.array([[7.5]], "float32"))
    g.case("median", nans, axes=[1])
    g.case("median", nans)
    g.case("median", infs)
    g.case("median", none, axes=[0])             # NaN (the mean of nothing)
    g.case("median", one)
    for q in (0.0, 0.3, 0.5, 1.0):
        g.case("quantile", nans, q=q, axes=[1])
        g.case("quantile", infs, q=q)
    g.case("quantile", one, qs=[])                # no quantiles: shape (0,)
    g.case("quantile", nans, q=1.5)               # ValueError
    g.case("quantile", nans, q=-0.1)
    g.case("percentile", nans, q=101.0)
    g.case("quantile", none, q=0.5, axes=[0])     # IndexError: no elements
    g.case("median", nans, axes=[2])              # AxisError
    g = Group("sort", "median_long")
    x = g.input(g.uniform("float64", (1001,)))
    w = g.input(g.uniform("float32", (64, 30)))
    g.case("median", x)
    g.case("median", w, axes=[0])
    g.case("percentile", x, qs=[1.0, 5.0, 25.0, 50.0, 75.0, 95.0, 99.0])
    g.case("quantile", w, q=0.75, axes=[1], keepdims=True)
    histogram_given_suite_groups()


def histogram_given_suite_groups():
    for dt in DTYPES:
        g = Group("sort", f"histogram_given_{dt}")
        x = g.input(g.grid(dt, (6, 7)))          # values on the edges too
        edges = g.input(np.array([-3.0, -1.0, -0.5, 0.0, 0.0, 2.0, 3.5]))
        ints = g.input(np.array([-2, 0, 1, 4], "int64"))
        g.case("histogram_given", x, edges)
        g.case("histogram_given", x, ints)
        g.case("histogram_given", x, g.input(np.array([0.5, 0.5])))   # one bin of no width
    g = Group("sort", "histogram_given_special")
    x = g.input(np.array([np.nan, np.inf, -np.inf, 0.0, 1.0, 0.5, 1.0, 2.0, 2.0]))
    edges = g.input(np.array([0.0, 0.5, 1.0, 1.0, 2.0]))   # repeated edge: an empty bin
    w = g.input(g.grid("float64", (9,)))
    wi = g.input(g.grid("int32", (9,)))
    down = g.input(np.array([0.0, 1.0, 0.5]))
    one = g.input(np.array([1.0]))
    g.case("histogram_given", x, edges)
    g.case("histogram_given", x, edges, w)
    g.case("histogram_given", x, edges, wi)
    g.case("histogram_given", x, down)         # decreasing: ValueError
    g.case("histogram_given", x, one)          # one edge: no bin
    g.case("histogram_given", x, g.input(np.zeros(0)))     # no edges: no bin
    g.case("histogram_given", x, g.input(np.zeros((2, 2))))  # not 1-D: ValueError
    g.case("histogram_given", x, edges, one)   # weights of another shape
    g = Group("sort", "histogram_given_long")
    x = g.input(g.uniform("float64", (5000,), -1.0, 11.0))
    x32 = g.input(g.uniform("float32", (64, 40), -1.0, 11.0))
    edges = g.input(np.sort(g.uniform("float64", (40,), 0.0, 10.0)))
    log_edges = g.input(np.logspace(-2, 1, 25))
    g.case("histogram_given", x, edges)
    g.case("histogram_given", x, log_edges)
    g.case("histogram_given", x32, log_edges)


def search_suite():
    for dt in DTYPES:
        g = Group("search", f"searchsorted_{dt}")
        a = g.input(np.sort(g.grid(dt, (23,))))   # repeated values
        v = g.input(g.grid(dt, (3, 5), -5, 5))    # some past either end
        for side in ("left", "right"):
            g.case("searchsorted", a, v, side=side)
            g.case("searchsorted", a, a, side=side)
    g = Group("search", "searchsorted_special")
    a = g.input(np.array([-np.inf, -1.5, 0.0, 0.0, 2.0, np.inf, np.nan, np.nan]))
    v = g.input(np.array([np.nan, -np.inf, np.inf, 0.0, -0.0, 1.0, 3.0, -7.0]))
    one = g.input(np.array([2.0]))
    none = g.input(np.zeros(0))
    ints = g.input(np.array([1, 3, 3, 8], "int32"))
    f32 = g.input(np.array([0.1, 0.2, 0.3], "float32"))
    m = g.input(g.grid("float64", (2, 3)))
    for side in ("left", "right"):
        g.case("searchsorted", a, v, side=side)
        g.case("searchsorted", one, v, side=side)
        g.case("searchsorted", none, v, side=side)
        g.case("searchsorted", ints, v, side=side)      # compared in float64
        g.case("searchsorted", v, none, side=side)      # unsorted a, no queries
        g.case("searchsorted_scalar", ints, value=3.0, side=side)
        g.case("searchsorted_scalar", f32, value=0.2, side=side)  # float32's 0.2
    g.case("searchsorted", m, v)                        # not 1-D: ValueError
    g = Group("search", "searchsorted_long")
    a = g.input(np.sort(g.uniform("float64", (1000,))))
    v = g.input(g.uniform("float64", (40, 25), -3.5, 3.5))
    big = g.input(np.arange(0, 4096, 2, dtype="int64"))
    q = g.input(g.rng.integers(-5, 4100, (300,)).astype("int64"))
    g.case("searchsorted", a, v)
    g.case("searchsorted", a, v, side="right")
    g.case("searchsorted", big, q)
    g.case("searchsorted", big, q, side="right")
    g = Group("search", "interp")
    xp = g.input(np.array([-2.0, -0.5, 1.0, 1.0, 2.5, 4.0]))  # a repeated point
    fp = g.input(np.array([3.0, -1.0, 0.5, 2.0, 2.0, -6.0]))
    x = g.input(np.array([[-3.0, -2.0, -1.25, 0.0, 1.0, 1.5], [2.5, 3.0, 4.0, 5.0, np.nan,
                                                               -0.5]]))
    ix = g.input(np.array([-2, 0, 3, 9], "int32"))
    one_x = g.input(np.array([1.0]))
    one_f = g.input(np.array([7.0]))
    none = g.input(np.zeros(0))
    g.case("interp", x, xp, fp)
    g.case("interp", x, xp, fp, left=-10.0, right=10.0)
    g.case("interp", ix, xp, fp)
    g.case("interp", x, one_x, one_f)
    g.case("interp", x, xp, one_f)    # lengths differ: ValueError
    g.case("interp", x, none, none)   # no sample points: ValueError
    g = Group("search", "interp_long")
    xp = g.input(np.sort(g.uniform("float64", (500,), 0.0, 10.0)))
    fp = g.input(g.uniform("float32", (500,)))
    x = g.input(g.uniform("float64", (3000,), -1.0, 11.0))
    g.case("interp", x, xp, fp)


def nonzero_suite():
    for dt in DTYPES:
        g = Group("nonzero", f"nonzero_{dt}")
        x = g.input(g.grid(dt, (3, 4, 5), -1, 1))      # zeros and repeats
        z = g.input(np.zeros((2, 3), dt))
        e = g.input(np.zeros((0, 4), dt))
        for a in (x, z, e):
            g.case("flatnonzero", a)
            g.case("argwhere", a)
        for axis in (0, 1, 2):
            g.case("nonzero_axis", x, axis=axis)
    g = Group("nonzero", "nonzero_special")
    s = g.input(np.array([0.0, -0.0, np.nan, np.inf, 1e-300, 0.0]))  # NaN counts
    long = g.input(g.rng.random(5000) < 0.3)
    g.case("flatnonzero", s)
    g.case("flatnonzero", long)
    g.case("nonzero_axis", s, axis=0)
    g = Group("nonzero", "masks")
    a = g.input(g.grid("float64", (3, 4)))
    m = g.input(g.grid("bool", (3, 4)))
    rows = g.input(np.array([True, False, True]))
    short = g.input(np.array([True, False]))
    cube = g.input(g.grid("int32", (2, 3, 4)))
    lead = g.input(np.array([[True, False, True], [False, False, True]]))
    none = g.input(np.zeros((3, 4), bool))
    ints = g.input(np.array([1, 0, 2], "int64"))
    g.case("getitem_mask", a, m)
    g.case("getitem_mask", a, rows)         # whole rows
    g.case("getitem_mask", a, short)        # 2 against 3 rows: IndexError
    g.case("getitem_mask", cube, lead)      # the two leading axes
    g.case("getitem_mask", a, none)         # nothing selected
    g = Group("nonzero", "compress")
    a = g.input(g.grid("float64", (3, 4)))
    m = g.input(g.grid("bool", (3, 4)))
    rows = g.input(np.array([True, False, True]))
    cube = g.input(g.grid("int32", (2, 3, 4)))
    ints = g.input(np.array([1, 0, 2], "int64"))
    g.case("compress", rows, a, axis=0)
    g.case("compress", ints, a, axis=1)     # nonzero counts as true
    g.case("compress", ints, a)             # of the flattened array
    g.case("compress", m, a, axis=0)        # a 2-D condition: ValueError
    past = g.input(np.array([1, 0, 0, 1, 1], "int64"))   # selects past 4: IndexError
    g.case("compress", past, cube, axis=2)
    g.case("compress", ints, cube, axis=2)
    g.case("extract", m, a)
    g.case("extract", ints, cube)


def linalg_suite():
    for dt in DTYPES:
        g = Group("linalg", f"matmul_{dt}")
        a = g.input(g.grid(dt, (3, 4)))
        b = g.input(g.grid(dt, (4, 5)))
        u = g.input(g.grid(dt, (4,)))
        v = g.input(g.grid(dt, (3,)))
        w = g.input(g.grid(dt, (5,)))
        g.case("matmul", a, b)
        g.case("matmul", a, u)
        g.case("matmul", v, a)
        g.case("dot", a, b)
        g.case("dot", u, u)
        g.case("dot", a, u)
        g.case("outer", v, w)
        g.case("matmul_at", a, a)  # a.T @ a: a transpose folded into the GEMM
        g.case("matmul_bt", a, a)  # a @ a.T
    g = Group("linalg", "matmul_mixed")
    af = g.input(g.grid("float32", (3, 4)))
    bd = g.input(g.grid("float64", (4, 5)))
    ai = g.input(g.grid("int32", (3, 4)))
    bb = g.input(g.grid("bool", (4, 5)))
    ul = g.input(g.grid("int64", (4,)))
    g.case("matmul", af, bd)
    g.case("matmul", ai, bd)
    g.case("matmul", ai, bb)
    g.case("matmul", af, ul)
    g.case("dot", ul, ul)
    g = Group("linalg", "transpose")
    x = g.input(g.grid("float64", (2, 3, 4)))
    y = g.input(g.grid("int32", (3, 4)))
    z = g.input(g.grid("bool", (5,)))
    g.case("transpose", x)
    g.case("transpose", x, perm=[1, 0, 2])
    g.case("transpose", x, perm=[2, 0, 1])
    g.case("T", x)
    g.case("transpose", y)
    g.case("T", y)
    g.case("transpose", z)


    g = Group("linalg", "diagonal")
    sq = g.input(g.grid("float64", (4, 4)))
    wide = g.input(g.grid("int32", (3, 5)))
    tall = g.input(g.grid("float32", (5, 2)))
    mask = g.input(g.grid("bool", (3, 3)))
    for offset in (0, 1, -1, 3, -3, 4, -4):
        g.case("diagonal", sq, offset=offset)
    for offset in (0, 2, -2, 5, -3):
        g.case("diagonal", wide, offset=offset)
    g.case("diagonal", tall)
    g.case("diagonal", tall, offset=-3)
    g.case("diagonal", mask, offset=1)
    g = Group("linalg", "diag")
    v = g.input(g.grid("float64", (3,)))
    w = g.input(g.grid("int64", (1,)))
    for k in (0, 2, -1):
        g.case("diag", v, k=k)
    g.case("diag", w)
    g.case("diag", g.input(g.grid("int32", (3, 5))), k=1)
    g.case("diag", g.input(g.grid("float64", (4, 4))), k=-2)
    g = Group("linalg", "triangles")
    sq = g.input(g.grid("float64", (4, 4)))
    wide = g.input(g.grid("int32", (3, 5)))
    stack = g.input(g.grid("float32", (2, 3, 4)))
    row = g.input(g.grid("int64", (3,)))
    mask = g.input(g.grid("bool", (3, 3)))
    scalar = g.input(g.grid("float64", ()))
    empty = g.input(g.grid("float64", (0, 3)))
    for op in ("tril", "triu"):
        for k in (0, 1, -1, 4, -5):
            g.case(op, sq, k=k)
        g.case(op, wide, k=2)
        g.case(op, stack, k=-1)
        g.case(op, row)  # a row broadcast to 3 x 3, as NumPy does
        g.case(op, mask)
        g.case(op, empty)
        g.case(op, scalar)  # NumPy: TypeError
    groups = []

    def case(subscripts, *shapes_and_types):
        """A case of its own inputs, in the current einsum group, or a new
        one where that has no room for them."""
        if not groups or len(groups[-1].inputs) + len(shapes_and_types) > MAX_INPUTS:
            groups.append(Group("linalg", f"einsum{len(groups)}"))
        g = groups[-1]
        operands = [g.input(g.grid(dt, shape)) for shape, dt in shapes_and_types]
        g.case("einsum", *operands, subscripts=subscripts)
    f, d, i32, i64, b = "float32", "float64", "int32", "int64", "bool"
    # GEMMs (no label kept on both sides), explicit and implicit output.
    case("ij,jk->ik", ((3, 4), d), ((4, 5), d))
    case("ij,jk", ((3, 4), i32), ((4, 2), i32))
    case("ij,jk", ((2, 3), b), ((3, 4), b))  # bool: OR of ANDs
    case("ij,kj->ik", ((3, 4), f), ((2, 4), f))
    case("i,i", ((5,), d), ((5,), d))
    case("i,i->", ((4,), i64), ((4,), i64))
    case("ij,j->i", ((3, 4), d), ((4,), d))
    case("ij,jk->i", ((3, 4), d), ((4, 2), d))
    case("ij,j->", ((3, 4), i32), ((4,), i32))
    case("ijk,jkl->il", ((2, 3, 4), d), ((3, 4, 2), d))
    # Products without a shared label: outer products.
    case("i,j->ij", ((3,), d), ((2,), d))
    case("i,j", ((2,), i64), ((3,), f))
    # One operand: transposes, diagonals, sums.
    case("ij->ji", ((2, 3), d))
    case("ij", ((2, 3), i32))
    case("ji", ((2, 3), d))
    case("Ba", ((2, 3), d))  # implicit: upper case first
    case("aB", ((2, 3), d))
    case("ii->i", ((3, 3), d))
    case("ii", ((4, 4), i64))
    case("iij->ij", ((2, 2, 3), d))
    case("iji->j", ((3, 2, 3), f))
    case("ij->", ((3, 4), d))
    case("ij->j", ((3, 4), b))
    case("ijk->kji", ((2, 3, 4), d))
    # Labels kept on both sides (batches): a fused product and sum.
    case("bij,bjk->bik", ((2, 3, 4), f), ((2, 4, 5), f))
    case("bi,bi->b", ((3, 4), d), ((3, 4), d))
    case("ij,ij->ij", ((2, 3), d), ((2, 3), i32))
    case("ij,ji->i", ((3, 3), d), ((3, 3), d))
    case("ii,i->i", ((3, 3), d), ((3,), d))
    # "...": the dimensions beyond the letters, broadcast on the right.
    case("...ij,...jk->...ik", ((2, 3, 4), d), ((4, 5), d))
    case("i...->...", ((2, 3, 4), d))
    case("i...", ((2, 3, 4), d))
    case("...i,...i", ((2, 3), d), ((3,), d))
    case("ij,...", ((2, 3), d), ((4,), d))
    case("...,...", ((2, 1), d), ((3,), d))
    case("...", ((2, 3), i32))
    # Three operands, left to right.
    case("ab,bc,cd->ad", ((2, 3), d), ((3, 4), d), ((4, 2), d))
    case("i,i,i->", ((4,), d), ((4,), d), ((4,), d))
    case("ij,jk,k->i", ((2, 3), i64), ((3, 4), i32), ((4,), b))
    # Axes of size 1 broadcast to their label's size.
    case("ij,ij->ij", ((1, 3), d), ((2, 3), d))
    case("ij,jk", ((2, 1), d), ((3, 4), d))
    # Empty axes, and mixed types (NumPy's result type).
    case("ij,jk->ik", ((2, 0), d), ((0, 4), d))
    case("ij->", ((0, 3), d))
    case("i,i", ((3,), f), ((3,), i64))
    case("ij,j->i", ((2, 3), i32), ((3,), b))

    def product_case(group, op, *shapes_and_types, **params):
        """A case of its own inputs in `group`'s current part."""
        parts = product_groups.setdefault(group, [])
        if not parts or len(parts[-1].inputs) + len(shapes_and_types) > MAX_INPUTS:
            parts.append(Group("linalg", f"{group}{len(parts)}"))
        g = parts[-1]
        operands = [g.input(g.grid(dt, shape)) for shape, dt in shapes_and_types]
        g.case(op, *operands, **params)
    product_groups = {}
    # matmul and dot of stacks (NumPy's broadcasting of the leading axes).
    product_case("stacks", "matmul", ((2, 3, 4), d), ((4, 5), d))
    product_case("stacks", "matmul", ((2, 3, 4), f), ((2, 4, 5), f))
    product_case("stacks", "matmul", ((2, 1, 3, 4), d), ((3, 4, 2), d))
    product_case("stacks", "matmul", ((4,), i32), ((2, 4, 3), i32))
    product_case("stacks", "matmul", ((2, 3, 4), d), ((4,), d))
    product_case("stacks", "matmul", ((3, 4), d), ((2, 4, 5), d))
    product_case("stacks", "matmul", ((2, 2, 3), b), ((2, 3, 2), b))
    product_case("stacks", "matmul", ((2, 2, 3), i32), ((1, 3, 2), i64))
    product_case("stacks", "matmul", ((2, 3, 0), d), ((2, 0, 4), d))
    product_case("stacks", "matmul", ((2, 2, 3), b), ((3, 2), b))
    product_case("stacks", "dot", ((2, 3, 4), d), ((4,), d))
    product_case("stacks", "dot", ((2, 3, 4), d), ((3, 4, 2), d))
    product_case("stacks", "dot", ((3,), i32), ((2, 3, 4), i32))
    product_case("stacks", "dot", ((2, 3), f), ((2, 3, 4), d))
    product_case("tensordot", "tensordot", ((3, 4, 5), d), ((4, 5, 2), d))
    product_case("tensordot", "tensordot", ((3, 4), i32), ((4, 2), i32), axes=1)
    product_case("tensordot", "tensordot", ((2, 3), d), ((4,), f), axes=0)
    product_case("tensordot", "tensordot", ((3, 4, 2), d), ((2, 5, 3), d), axes_a=[0, 2], axes_b=[2, 0])
    product_case("tensordot", "tensordot", ((2, 3), b), ((3, 2), b), axes_a=[-1], axes_b=[0])
    product_case("tensordot", "tensordot", ((0, 3), d), ((3, 2), d), axes=1)
    product_case("inner", "inner", ((4,), d), ((4,), d))
    product_case("inner", "inner", ((2, 3), i64), ((4, 3), i32))
    product_case("inner", "inner", ((2, 2, 3), f), ((3,), d))
    product_case("inner", "inner", ((), d), ((2, 3), d))
    product_case("inner", "vdot", ((2, 3), d), ((3, 2), d))
    product_case("inner", "vdot", ((4,), b), ((2, 2), b))
    product_case("kron", "kron", ((2, 3), d), ((2, 2), d))
    product_case("kron", "kron", ((3,), i32), ((2, 2), i64))
    product_case("kron", "kron", ((2, 1, 2), f), ((3,), f))
    product_case("kron", "kron", ((), d), ((3,), d))
    product_case("kron", "kron", ((2,), b), ((2,), b))
    product_case("cross", "cross", ((3,), d), ((3,), d))
    product_case("cross", "cross", ((4, 3), d), ((3,), d))
    product_case("cross", "cross", ((2, 1, 3), i32), ((4, 3), i32))
    product_case("cross", "cross", ((2, 3), d), ((2, 2), d))
    product_case("cross", "cross", ((2,), d), ((3, 3), f))
    product_case("cross", "cross", ((5, 2), d), ((5, 2), d))
    product_case("cross", "cross", ((3, 4), d), ((3, 4), d), axis=0)
    product_case("cross", "cross", ((3,), b), ((3,), b))  # NumPy: TypeError


def shape_suite():
    g = Group("shape", "reshape")
    x = g.input(g.grid("float64", (2, 3, 4)))
    y = g.input(g.grid("int32", (6,)))
    b = g.input(g.grid("bool", (2, 2)))
    s = g.input(g.grid("float32", ()))
    o = g.input(g.grid("int64", (1,)))
    g.case("reshape", x, shape=[6, 4])
    g.case("reshape", x, shape=[24])
    g.case("reshape", x, shape=[4, 3, 2])
    g.case("reshape_method", x, shape=[2, 12])
    g.case("reshape", y, shape=[2, 3])
    g.case("reshape", y, shape=[3, 1, 2])
    g.case("reshape", b, shape=[4])
    g.case("reshape", s, shape=[1, 1])
    g.case("reshape", o, shape=[])
    g = Group("shape", "reshape_infer")  # NumPy's -1: the size that fits
    x = g.input(g.grid("float64", (2, 3, 4)))
    g.case("reshape", x, shape=[-1, 4])
    g.case("reshape", x, shape=[2, -1])

    g = Group("shape", "broadcast_to")
    g.case("broadcast_to", g.input(g.grid("float64", (3,))), shape=[2, 3])
    g.case("broadcast_to", g.input(g.grid("int32", (3, 1))), shape=[3, 4])
    g.case("broadcast_to", g.input(g.grid("bool", ())), shape=[2, 2])
    g.case("broadcast_to", g.input(g.grid("float32", (1, 4))), shape=[2, 3, 4])
    g.case("broadcast_to", g.input(g.grid("int64", (2, 3))), shape=[2, 3])

    g = Group("shape", "concatenate")
    a = g.input(g.grid("float64", (2, 3)))
    b = g.input(g.grid("float64", (4, 3)))
    c = g.input(g.grid("float64", (2, 5)))
    d = g.input(g.grid("int32", (2, 3)))
    e = g.input(g.grid("float32", (3,)))
    f = g.input(g.grid("float32", (2,)))
    bb = g.input(g.grid("bool", (2, 3)))
    g.case("concatenate", a, b, axis=0)
    g.case("concatenate", a, c, axis=1)
    g.case("concatenate", a, c, axis=-1)
    g.case("concatenate", a, b, axis=-2)
    g.case("concatenate", a, b, a, axis=0)
    g.case("concatenate", a, d, axis=0)   # float64 with int32 -> float64
    g.case("concatenate", d, bb, axis=1)  # int32 with bool -> int32
    g.case("concatenate", e, f, axis=0)
    g.case("concatenate", e, axis=0)

    g = Group("shape", "pad")
    x = g.input(g.grid("float64", (3, 4)))
    y = g.input(g.grid("int32", (5,)))
    b = g.input(g.grid("bool", (2, 2)))
    z = g.input(g.grid("float32", (2, 3, 2)))
    g.case("pad", x, widths=[(1, 2), (0, 3)])
    g.case("pad", x, widths=[(0, 0), (2, 1)], value=3.5)
    g.case("pad", x, widths=[(0, 0), (0, 0)])
    g.case("pad", y, widths=[(2, 0)], value=7.0)
    g.case("pad", b, widths=[(1, 1), (1, 1)], value=1.0)
    g.case("pad", z, widths=[(1, 0), (0, 0), (0, 2)], value=-1.5)

    g = Group("shape", "roll")
    x = g.input(g.grid("float64", (4, 5)))
    v = g.input(g.grid("int32", (7,)))
    b = g.input(g.grid("bool", (2, 3, 2)))
    e = g.input(g.grid("float32", (0, 3)))
    s = g.input(g.grid("int64", ()))
    for shift, axis in ((1, 0), (-1, 0), (2, 1), (-3, -1), (12, 1), (-9, 0), (0, 1), (5, 0)):
        g.case("roll", x, shift=shift, axis=axis)
    for shift in (3, -8, 20, 0):
        g.case("roll", x, shift=shift)  # along the flattened array
    g.case("roll", v, shift=-2, axis=0)
    g.case("roll", v, shift=9)
    g.case("roll", b, shift=1, axis=1)
    g.case("roll", b, shift=-1)
    g.case("roll", e, shift=1, axis=1)
    g.case("roll", e, shift=2, axis=0)  # an empty axis
    g.case("roll", s, shift=4)
    g.case("roll_axes", x, shifts=[1, -2], axes=[0, 1])
    g.case("roll_axes", x, shifts=[1, 2], axes=[1, 1])  # one axis twice: the shifts add
    g.case("roll_axes", x, shifts=[3], axes=[0, 1])     # one shift for both axes
    g.case("roll_axes", b, shifts=[1, 1, -1], axes=[0, 1, 2])


def in_place_groups():
    for dt in DTYPES:
        g = Group("indexing", f"in_place_{dt}")
        x = g.input(g.grid(dt, (6, 4)))
        row = g.input(g.grid(dt, (4,), 1, 4))     # (no zeros: remainder by it)
        part = g.input(g.grid(dt, (4, 4), 1, 4))
        at = g.input(np.array([5, 0, 5, 2], "int64"))   # repeated: added once
        for op in _IN_PLACE:
            g.case("in_place", x, row, op=op)
            g.case("in_place", x, part, op=op, target="view")
            g.case("in_place", x, part, at, op=op, target="indices")
        g.case("in_place", x, 3, op="add")
        g.case("in_place", x, 2.5, op="multiply")   # ints: same_kind refuses float
        g.case("in_place", x, True, op="add", target="view")
    g = Group("indexing", "in_place_rules")
    f = g.input(g.grid("float32", (3, 4)))
    d = g.input(g.grid("float64", (3, 4)))
    i = g.input(g.grid("int32", (3, 4)))
    big = g.input(g.grid("float64", (2, 3, 4)))
    g.case("in_place", f, d, op="add")            # float64 into float32: same kind
    g.case("in_place", i, d, op="add")            # float into int: TypeError
    g.case("in_place", i, i, op="divide")         # true division of ints: TypeError
    g.case("in_place", d, big, op="add")          # broadcasts the target: ValueError
    g.case("in_place", d, big, op="add", target="view")
    g.case("in_place", f, 1.5, g.input(np.array([2, 2, 0], "int64")), op="subtract",
           target="indices")


def indexing_suite():
    in_place_groups()
    g = Group("indexing", "getitem_1d")
    x = g.input(g.grid("float64", (8,)))
    for idx in ([S(1, -1)], [S(None, None, -1)], [S(5, 1, -2)], [S(-3, None)],
                [S(None, 3)], [2], [-1], [S(2, 100)], [S(-100, 3)], [S(None, None, 3)],
                [S(7, 0, -3)], [S(None, None, -2)]):
        g.case("getitem", x, index=idx)
    g.case("getitem2", x, index=[S(1, -1)], index2=[S(None, None, 2)])
    g.case("getitem2", x, index=[S(None, None, -1)], index2=[S(1, 4)])

    g = Group("indexing", "getitem_2d")
    x = g.input(g.grid("int32", (4, 5)))
    for idx in ([S(1, 3), S(None, None, 2)], [1], [-1, S(1, 4)], [S(None), -1],
                [S(None, None, -1), S(None, None, -2)], [1, 2], [S(None, 2)],
                [S(None), S(1, None)], [S(-2, None), S(-3, -1)]):
        g.case("getitem", x, index=idx)
    g.case("getitem2", x, index=[S(1, None)], index2=[S(None), S(None, None, -1)])

    g = Group("indexing", "getitem_3d")
    x = g.input(g.grid("bool", (2, 3, 4)))
    for idx in ([1], [S(None), 0, S(None, None, -1)], [-1, -1, -1], [S(None), S(1, None), 2],
                [S(None, None, -1)]):
        g.case("getitem", x, index=idx)

    g = Group("indexing", "slice_arithmetic")
    x = g.input(g.grid("float64", (10,)))
    y = g.input(g.grid("float32", (5, 6)))
    g.case("stencil1d", x)
    g.case("stencil2d", y)
    g.case("interleave_add", x)

    g = Group("indexing", "slice_empty")  # NumPy gives size-0 arrays here
    x = g.input(g.grid("float64", (6,)))
    g.case("getitem", x, index=[S(4, 1)])
    g.case("getitem", x, index=[S(3, 3)])

    g = Group("indexing", "setitem_f64")
    a = g.input(g.grid("float64", (4, 5)))
    v25 = g.input(g.grid("float64", (2, 5)))
    v5 = g.input(g.grid("float64", (5,)))
    v41 = g.input(g.grid("float64", (4, 1)))
    vi = g.input(g.grid("int32", (2, 5)))
    r45 = g.input(g.grid("float64", (4, 5)))
    g.case("setitem", a, v25, index=[S(1, 3)])
    g.case("setitem", a, v5, index=[S(1, 3)])        # value broadcasts
    g.case("setitem", a, v41, index=[S(None), S(1, 3)])
    g.case("setitem", a, 7.0, index=[S(None, None, 2), S(None, None, -1)])
    g.case("setitem", a, 3, index=[-1])
    g.case("setitem", a, 5.5, index=[1, 2])
    g.case("setitem", a, True, index=[S(None), -1])
    g.case("setitem", a, r45, index=[S(None, None, -1)])
    g.case("setitem", a, vi, index=[S(1, 3)])        # int32 value into float64
    g.case("setitem", a, v5, index=[S(2, 100)])

    g = Group("indexing", "setitem_cast")  # values cast to the target's dtype
    b = g.input(g.grid("int32", (4, 5)))
    xf = g.input(g.uniform("float64", (3, 5), -3.7, 3.7))
    bb = g.input(g.grid("bool", (5,)))
    c = g.input(g.grid("bool", (3, 3)))
    g.case("setitem", b, 2.7, index=[0])             # truncates to 2
    g.case("setitem", b, xf, index=[S(1, None)])
    g.case("setitem", b, bb, index=[2])
    g.case("setitem", c, 0, index=[1])
    g.case("setitem", c, 2.5, index=[S(None), S(None, None, 2)])

    g = Group("indexing", "setitem_overlap")
    a = g.input(g.grid("float64", (6,)))
    m = g.input(g.grid("float64", (3, 4)))
    g.case("shift_assign", a, index=[S(1, None)], index2=[S(None, -1)])
    g.case("shift_assign", a, index=[S(None, -1)], index2=[S(1, None)])
    g.case("shift_assign", a, index=[S(None, None, -1)], index2=[S(None)])
    g.case("shift_assign", m, index=[S(None), S(1, None)], index2=[S(None), S(None, -1)])
    g.case("setitem2", m, index=[S(0, 2)], value=1.0, index2=[S(1, 3)], value2=2.0)

    g = Group("indexing", "alias")
    a = g.input(g.grid("float64", (4, 5)))
    g.case("alias_ref", a, index=[S(1, 3)], value=9.0)
    g.case("alias_view", a, index=[S(1, None)], index2=[2, S(1, 4)], value=-1.0)
    g.case("alias_view_write", a, index=[S(None), S(1, 3)], index2=[0], value=4.0)
    g.case("alias_view_of_view", a, index=[S(1, None)], index2=[S(None, None, 2)],
           index3=[3], value=0.5)
    g.case("alias_before", a, index=[S(1, 3)], index2=[1], value=100.0)
    g.case("copy_independent", a, index=[0], value=9.0)
    g.case("copy_fn_independent", a, index=[S(None), 0], value=9.0)
    g.case("copy_write", a, index=[0], value=9.0)


def creation_suite():
    for dt in DTYPES:
        g = Group("creation", f"creation_{dt}")
        g.case("zeros", shape=[2, 3], dtype=dt)
        g.case("ones", shape=[3], dtype=dt)
        g.case("full", shape=[2, 2], value=2.5, dtype=dt)
        g.case("full", shape=[], value=7.0, dtype=dt)
        # NumPy makes bool ranges of length <= 2 only.
        g.case("arange_stop", stop=2 if dt == "bool" else 5, dtype=dt)
        g.case("linspace", start=0.0, stop=10.0, num=6, dtype=dt)
        g.case("eye", n=3, dtype=dt)
        g.case("tri", n=3, dtype=dt)
        g.case("tri", n=2, m=4, k=1, dtype=dt)
        g.case("tri", n=4, m=3, k=-2, dtype=dt)
        g.case("tri", n=0, m=2, dtype=dt)
    g = Group("creation", "ranges")
    g.case("arange", start=0.5, stop=3.0, step=0.5, dtype="float64")
    g.case("arange", start=0.0, stop=1.0, step=0.1, dtype="float64")
    g.case("arange", start=1.0, stop=2.0, step=0.3, dtype="float64")
    g.case("arange", start=3.0, stop=0.0, step=-0.5, dtype="float64")
    g.case("arange", start=0.0, stop=10.0, step=3.0, dtype="int32")
    g.case("arange", start=-2.0, stop=2.0, step=0.25, dtype="float32")
    g.case("arange", start=0.0, stop=5.0, step=1.0, dtype="int64")
    g.case("linspace", start=-1.0, stop=1.0, num=7, dtype="float32")
    g.case("linspace", start=0.0, stop=1.0, num=1, dtype="float64")
    g.case("linspace", start=2.0, stop=3.0, num=5, dtype="float64")
    g = Group("creation", "random")
    g.case("random", shape=[3, 4], dtype="float64", seed=0)
    g.case("random", shape=[3, 4], dtype="float64", seed=42)
    g.case("random", shape=[5], dtype="float32", seed=7)
    g.case("random", shape=[], dtype="float64", seed=3)
    g.case("random", shape=[2, 3, 4], dtype="float32", seed=2**64 - 1)
    g = Group("creation", "int64_beyond_2_53")  # a double holds 53 bits
    x = g.input(np.array([0, 1, -1, 2**62, -2**62, 2**53], "int64"))
    for big in (2**53 + 1, 2**62 + 3, -2**63, 2**63 - 1):
        g.case("add", x, big)
        g.case("eq", x, big)
        g.case("bitwise_xor", big, x)
        g.case("full", shape=[2], value=big, dtype="int64")
        g.case("full_like", x, value=big)
    g.case("maximum", x, 2**63 - 1)


def functions_suite():
    """NumPy functions composed of legato's primitives (lib/API/Composites.cpp)."""
    for dt in DTYPES:
        g = Group("functions", f"fn_elementwise_{dt}")
        x = g.input(g.uniform_with_units(dt, (3, 4)))
        lo = g.input(g.grid(dt, (4,), -2, 0))
        hi = g.input(g.grid(dt, (3, 1), 0, 2))
        for name in ("square", "sign", "isnan", "isinf", "isfinite"):
            g.case(name, x)
        g.case("clip", x, -1, 2)
        g.case("clip", x, -0.5, 1.5)  # float bounds: float64 for integer arrays
        g.case("clip", x, lo, hi)     # broadcast bounds
        g.case("clip", x, lo, 2)
        g.case("clip", x, 1, hi)
        g.case("clip", x, 2, 1)       # lo > hi gives hi
    g = Group("functions", "fn_clip_mixed")  # one promotion of all three operands
    b = g.input(g.grid("bool", (3, 4)))
    f = g.input(g.grid("float32", (3, 4)))
    i = g.input(g.grid("int32", (3, 4)))
    g.case("clip", b, 2, f)    # float32 (not int64, then float64)
    g.case("clip", b, 2, i)    # int32
    g.case("clip", i, b, 1)    # int32
    g.case("clip", b, f, 2.5)  # float32
    g.case("clip", i, 0.5, f)  # float64
    g.case("clip", b, -1, 1)   # int64
    for dt in FLOATS:
        g = Group("functions", f"fn_special_{dt}")
        v = special_values(dt)
        x, y = g.input(v), g.input(v[::-1])
        for name in ("square", "sign", "isnan", "isinf", "isfinite"):
            g.case(name, x)
        g.case("clip", x, -1.0, 1.0)
        g.case("clip", x, 0.0, -0.0)
        g.case("clip", x, y, np.inf)
        g.case("isclose", x, y)
        g.case("isclose", x, x)  # infinities close to themselves, NaN to nothing
        g.case("isclose", x, x, equal_nan=True)
        g.case("allclose", x, x)
        g.case("allclose", x, x, equal_nan=True)
        g.case("allclose", x, y)

    g = Group("functions", "fn_isclose")
    a = g.grid("float64", (3, 4))
    steps = np.array([0.0, 1e-9, 1e-4, 2e-2])  # along the last axis
    x = g.input(a)
    y = g.input(a + steps)
    row = g.input((a + steps)[1])
    xf = g.input(a.astype("float32"))
    xi = g.input(g.grid("int32", (3, 4)))
    yi = g.input(g.grid("int64", (3, 4)))
    xb = g.input(g.grid("bool", (3, 4)))
    g.case("isclose", x, y)
    g.case("isclose", x, y, rtol=1e-7)
    g.case("isclose", x, y, rtol=0.0, atol=0.05)
    g.case("isclose", x, row)   # broadcast
    g.case("isclose", xf, y)    # float32 against float64
    g.case("isclose", y, xf)
    g.case("isclose", xi, yi)   # integers compare in float64
    g.case("isclose", xb, x)
    g.case("allclose", x, y)
    g.case("allclose", x, y, atol=0.05)
    g.case("allclose", xi, xi)

    for dt in DTYPES:
        g = Group("functions", f"fn_reductions_{dt}")
        x = g.input(g.grid(dt, (2, 3, 4), -2, 2))
        for name in ("any", "all", "count_nonzero", "var", "std", "norm"):
            g.case(name, x)
        g.case("any", x, axes=[1])
        g.case("all", x, axes=[0, 2], keepdims=True)
        g.case("all", x, axes=[-1])
        g.case("count_nonzero", x, axes=[-1])
        g.case("count_nonzero", x, axes=[0, 1], keepdims=True)
        g.case("var", x, axes=[1])
        g.case("var", x, axes=[0, 2], keepdims=True, ddof=1)
        g.case("std", x, axes=[-1], ddof=1)
        g.case("std", x, axes=[0], keepdims=True)
        g.case("norm", x, axes=[2])
        g.case("norm", x, axes=[0, 1], keepdims=True)
    g = Group("functions", "fn_reductions_edges")
    e = g.input(g.grid("float64", (0, 3)))
    w = g.input(g.grid("float32", (2,)))
    s = g.input(g.grid("float64", ()))
    g.case("any", e, axes=[0])        # False over an empty axis
    g.case("all", e, axes=[0])        # True over an empty axis
    g.case("count_nonzero", e)
    g.case("var", e, axes=[0])        # NaN: the mean of nothing
    g.case("var", w, ddof=2)          # count - ddof = 0: inf (or NaN)
    g.case("std", w, ddof=3)
    g.case("var", s)
    g.case("norm", s)
    g.case("norm", s, keepdims=True)

    for dt in DTYPES:
        g = Group("functions", f"fn_extrema_{dt}")
        x = g.input(g.grid(dt, (3, 4, 5), -2, 2))  # ties: the first one wins
        v = g.input(g.uniform(dt, (7,)))
        s = g.input(g.grid(dt, ()))
        for name in ("argmax", "argmin"):
            g.case(name, x)
            g.case(name, v)
            g.case(name, s)
            g.case(name, x, keepdims=True)
            for axis in (0, 1, 2, -1):
                g.case(name, x, axis=axis)
            g.case(name, x, axis=-2, keepdims=True)
        for name in ("ptp", "nansum", "nanprod", "nanmean", "nanmax", "nanmin"):
            g.case(name, x)
            g.case(name, x, axes=[1])
            g.case(name, x, axes=[0, 2], keepdims=True)
            g.case(name, s)
        y = g.input(g.grid(dt, (4, 1), -2, 2))
        g.case("fmax", x, y)
        g.case("fmin", x, y)
        g.case("fmax", x, 1)
        g.case("fmin", 0.5, x)
        for n, axis in ((1, -1), (2, 0), (1, 1), (4, 0), (0, 2)):
            g.case("diff", x, n=n, axis=axis)
        g.case("diff", v, n=3)
    for dt in FLOATS:
        g = Group("functions", f"fn_nan_{dt}")
        v = special_values(dt)
        x = g.input(v)
        rows = np.tile(v, (3, 1))  # row 0 without NaN, row 2 nothing but NaN
        rows[0, 0] = 2.0
        rows[1] = np.roll(v, 4)
        rows[2] = np.nan
        r = g.input(rows)
        for name in ("argmax", "argmin"):  # the first NaN, as NumPy's
            g.case(name, x)
            g.case(name, r, axis=1)
            g.case(name, r, axis=0)
        for name in ("nansum", "nanprod", "nanmean", "nanmax", "nanmin", "ptp"):
            g.case(name, x)
            g.case(name, r, axes=[1])  # the NaN row: 0, 1, NaN, NaN, NaN
            g.case(name, r, axes=[0], keepdims=True)
        y = g.input(v[::-1])
        g.case("fmax", x, y)
        g.case("fmin", x, y)
        g.case("fmax", x, np.nan)  # a NaN scalar: x itself
        g.case("fmin", np.nan, x)
        g.case("fmax", r, x)       # NaN where both are
        g.case("diff", x)          # inf - inf: NaN
    g = Group("functions", "fn_diff_meshgrid")
    b = g.input(g.grid("bool", (2, 6)))
    e = g.input(g.grid("int32", (0, 3)))
    x = g.input(g.grid("float64", (4,)))
    y = g.input(g.grid("int32", (3,)))
    z = g.input(g.grid("float32", (2,)))
    m = g.input(g.grid("float64", (2, 2)))
    g.case("diff", b)             # whether neighbours differ
    g.case("diff", b, n=2, axis=-1)
    g.case("diff", b, axis=0)
    g.case("diff", e, axis=0)     # an empty axis stays empty
    g.case("diff", e, n=5)        # past the length: empty
    g.case("argmax", e, axis=1)   # an empty result, not an error
    g.case("meshgrid", x, y)      # (3, 4): x along the columns
    g.case("meshgrid", x, y, layout="ij")
    g.case("meshgrid", x, y, z)   # (3, 4, 2); every grid float64
    g.case("meshgrid", x, y, z, layout="ij")
    g.case("meshgrid", x)
    g.case("meshgrid", m, x)      # N-D inputs flattened

    for dt in DTYPES:
        g = Group("functions", f"fn_rounding_{dt}")
        x = g.input(g.uniform(dt, (3, 4), -300, 300))
        halves = g.input(g.grid(dt, (9,), -40, 40))  # .5 ties at decimals=0
        y = g.input(g.uniform(dt, (4,)))
        for decimals in (0, 1, 2, -1, -2, 3):
            g.case("round", x, decimals=decimals)
        g.case("round", halves)
        g.case("round", halves, decimals=-1)
        for name in ("deg2rad", "rad2deg"):
            g.case(name, x)
        g.case("hypot", x, y)
        g.case("hypot", halves, halves)
    for dt in FLOATS:
        g = Group("functions", f"fn_hypot_{dt}")
        v = special_values(dt)
        x, y = g.input(v), g.input(v[::-1])
        big = g.input(np.array([3e200, 1e-200, 0, 5] if dt == "float64"
                               else [3e30, 1e-30, 0, 5], dt))
        g.case("hypot", x, y)     # inf with NaN is inf; 0 with 0 is 0
        g.case("hypot", x, x)
        g.case("hypot", big, big)  # squares would overflow or vanish
        g.case("round", x, decimals=2)
        g.case("round", x, decimals=-3)
    for dt in FLOATS:
        g = Group("functions", f"fn_heaviside_logaddexp_{dt}")
        v = special_values(dt)
        x, y = g.input(v), g.input(v[::-1])
        u = g.input(g.uniform(dt, (3, 4), -30, 30))
        w = g.input(g.uniform(dt, (4,), -30, 30))
        g.case("heaviside", x, y)
        g.case("heaviside", u, w)
        g.case("logaddexp", x, y)    # equal infinities, NaN, huge differences
        g.case("logaddexp", x, x)
        g.case("logaddexp", u, w)
        g.case("nan_to_num", x)
        g.case("nan_to_num", x, nan=-1.5, posinf=7.0, neginf=-8.0)
        g.case("nan_to_num", u)
    g = Group("functions", "fn_heaviside_logaddexp_ints")
    i = g.input(g.grid("int32", (5,)))
    j = g.input(g.grid("int64", (5,)))
    b = g.input(g.grid("bool", (5,)))
    g.case("heaviside", i, j)        # float64
    g.case("logaddexp", i, j)
    g.case("heaviside", b, b)        # float16
    g.case("nan_to_num", i)
    g.case("nan_to_num", b)
    g = Group("functions", "fn_calculus")
    f = g.input(g.uniform("float64", (5, 4)))
    f32 = g.input(g.uniform("float32", (6,)))
    k = g.input(g.grid("int32", (3, 5)))
    two = g.input(g.uniform("float64", (2, 3)))
    pts = g.input(np.array([0.0, 0.5, 1.5, 3.0, 3.25]))
    pts2 = g.input(g.uniform("float64", (5, 4)))
    for axis in (0, 1, -1):
        g.case("gradient", f, axis=axis)
    g.case("gradient", f, spacing=0.25, axis=0)
    g.case("gradient", f32, spacing=2.0, axis=0)
    g.case("gradient", k, axis=1)    # integers in float64
    g.case("gradient", two, axis=0)  # two samples: one-sided only
    g.case("gradient_all", f, spacing=0.5)
    g.case("gradient_all", f32)
    g.case("trapezoid", f)
    g.case("trapezoid", f, dx=0.5, axis=0)
    g.case("trapezoid", f32, dx=0.1)
    g.case("trapezoid", k, axis=0)
    g.case("trapezoid", f, pts, axis=0)
    g.case("trapezoid", f, pts2, axis=0)
    g = Group("functions", "fn_cov")
    obs = g.input(g.uniform("float64", (3, 6)))
    obs32 = g.input(g.uniform("float32", (2, 5)))
    ints = g.input(g.grid("int32", (4, 3)))
    one = g.input(g.uniform("float64", (7,)))
    few = g.input(g.uniform("float64", (2, 1)))
    for m in (obs, obs32, ints, one):
        g.case("cov", m)
        g.case("corrcoef", m)
    g.case("cov", obs, rowvar=False)
    g.case("cov", obs, ddof=0)
    g.case("cov", ints, rowvar=False, ddof=2)
    g.case("corrcoef", ints, rowvar=False)
    g.case("cov", few)           # one observation: N - ddof = 0
    g.case("cov", few, ddof=0)
    g = Group("functions", "fn_tile_repeat")
    a = g.input(g.grid("float64", (2, 3)))
    b = g.input(g.grid("bool", (3,)))
    s = g.input(g.grid("int32", ()))
    for reps in ([2], [2, 1], [1, 3], [2, 2, 2], [0, 2], []):
        g.case("tile", a, reps=reps)
    g.case("tile", b, reps=[3, 2])
    g.case("tile", s, reps=[4])
    for repeats, axis in ((3, 0), (2, 1), (2, -1), (0, 0)):
        g.case("repeat", a, repeats=repeats, axis=axis)
    g.case("repeat", a, repeats=2)  # the flattened array
    g.case("repeat", a, repeats=1)
    g.case("repeat", b, repeats=3)
    g.case("repeat", s, repeats=2)

    g = Group("functions", "fn_trace")
    sq = g.input(g.grid("float64", (4, 4)))
    wide = g.input(g.grid("int32", (3, 5)))
    mask = g.input(g.grid("bool", (3, 3)))
    f32 = g.input(g.grid("float32", (2, 2)))
    for offset in (0, 1, -2, 5):
        g.case("trace", sq, offset=offset)
    g.case("trace", wide, offset=1)  # integers sum in int64
    g.case("trace", mask)
    g.case("trace", f32)

    g = Group("functions", "fn_shape")
    a = g.input(g.grid("float64", (2, 3)))
    b = g.input(g.grid("float64", (2, 3)))
    c = g.input(g.grid("int32", (2, 3)))
    s0 = g.input(g.grid("float32", ()))
    s1 = g.input(g.grid("float32", ()))
    t = g.input(g.grid("int64", (1, 3, 1, 2)))
    v = g.input(g.grid("bool", (5,)))
    for axis in (0, 1, 2, -1, -3):
        g.case("stack", a, b, axis=axis)
    g.case("stack", a, c, b, axis=1)  # int32 among float64: float64
    g.case("stack", s0, s1, axis=0)   # 0-d arrays: a vector
    g.case("stack", a, axis=0)
    for axis in (0, 1, 2, -1, -3):
        g.case("expand_dims", a, axis=axis)
    g.case("expand_dims", s0, axis=0)
    g.case("squeeze", t)
    g.case("squeeze", t, axes=[0])
    g.case("squeeze", t, axes=[-2, 0])
    g.case("squeeze", s0)
    g.case("flip", a)
    g.case("flip", a, axis=0)
    g.case("flip", a, axis=-1)
    g.case("flip", v)
    g.case("flip", t, axis=1)
    g.case("swapaxes", t, axis1=0, axis2=3)
    g.case("swapaxes", a, axis1=-1, axis2=0)
    g.case("swapaxes", a, axis1=1, axis2=1)
    g.case("moveaxis", t, source=0, destination=-1)
    g.case("moveaxis", t, source=-1, destination=0)
    g.case("moveaxis", t, source=1, destination=2)

    for dt in DTYPES:
        g = Group("functions", f"fn_like_{dt}")
        x = g.input(g.grid(dt, (2, 3)))
        g.case("zeros_like", x)
        g.case("ones_like", x)
        g.case("full_like", x, value=2.5)
        g.case("full_like", x, value=-2.7, dtype="int32")  # truncated, as NumPy casts
        g.case("ones_like", x, dtype="bool")
        g.case("zeros_like", x, dtype="float32")


def host_suite():
    for dt in DTYPES:
        g = Group("host", f"host_{dt}")
        x = g.input(g.uniform(dt, (2, 3), -3.7, 3.7))
        x0 = g.input(g.uniform(dt, (), -3.7, 3.7))
        x1 = g.input(g.uniform(dt, (1,), -3.7, 3.7))
        x11 = g.input(g.uniform(dt, (1, 1), -3.7, 3.7))
        for host in DTYPES:
            g.case("to_vector", x, host=host)
        g.case("item", x0, host="float64")
        g.case("item", x0, host="int64")
        g.case("item", x1, host="int32")
        g.case("item", x1, host="float32")
        g.case("item", x11, host="bool")


# ---- NumPy's other dtypes ---------------------------------------------------
# int8 ... uint64 and float16, alone and with the first five: arithmetic and
# its wraparound, NEP 50's promotion table, weak scalars, conversions, math,
# reductions, products and sorting. The inputs are in range of what NumPy
# defines: no float out of an integer's range converted, no negative integer
# power, no scalar that NumPy 2 refuses (weak()).

# float16 operations that NumPy computes in float32 and rounds once, which is
# float16's own correct rounding: legato must give the same bits.
EXACT_F16 = {"add", "sub", "mul", "div", "maximum", "minimum", "neg", "abs", "sqrt",
             "square", "floor", "ceil", "rint", "trunc", "sign", "astype"}


def dcase(g, name, *operands, **params):
    """g.case, asking for exact bits where float16's rounding is NumPy's."""
    if name in EXACT_F16:
        params.setdefault("exact", True)
    g.case(name, *operands, **params)


def _dtypes_binary():
    for dt in NEW_DTYPES:
        g = Group("dtypes", f"dt_binary_{dt}")
        if dt == "float16":
            x, y = g.input(g.grid(dt, (3, 4))), g.input(g.grid(dt, (3, 4)))
            e = g.input(g.grid(dt, (3, 4), -2, 2))
        else:
            # x over the whole range: sums, products and powers wrap; y small
            # with zeros (integer division by 0 gives 0, as NumPy's).
            x = g.input(g.full_range(dt, (3, 4)))
            y = g.input(g.grid(dt, (3, 4), -9, 9))
            e = g.input(g.grid(dt, (3, 4), 0, 3))
        for name in ("add", "sub", "mul", "div", "floor_divide", "mod", "maximum", "minimum",
                     "lt", "eq"):
            dcase(g, name, x, y)
        g.case("pow", x, e)
        if dt == "float16":
            g.case("bitwise_and", x, y)   # TypeError
            g.case("left_shift", x, e)
        else:
            for name in ("bitwise_and", "bitwise_or", "bitwise_xor"):
                g.case(name, x, y)
            g.case("left_shift", y, e)
            g.case("right_shift", x, e)
        # Weak Python scalars (in range): the array's dtype.
        dcase(g, "add", x, 3)
        dcase(g, "sub", y, 1)             # unsigned: 0 - 1 wraps
        dcase(g, "mul", 2, x)
        g.case("floor_divide", x, 3)
        g.case("mod", 7, y)
        g.case("lt", x, 2)
        dcase(g, "add", x, 2.5)           # integers: float64; float16: float16
        if dt == "float16":
            dcase(g, "mul", x, 0.1)       # 0.1 rounded to float16 first
        else:
            g.case("bitwise_and", x, 15)


def _dtypes_promotion():
    """Every pair of dtypes that has one of the new ones: add's result dtype
    is NEP 50's table (u8 + i8 -> i16, u64 + i64 -> f64, i16 + f16 -> f32 ...)."""
    first = ("bool",) + NEW_DTYPES
    g = Group("dtypes", "promote_new")
    refs = [g.input(g.grid(dt, (2, 3))) for dt in first]
    for i in range(len(first)):
        for j in range(i + 1, len(first)):
            g.case("add", refs[i], refs[j])
    for part, news in (("a", NEW_DTYPES[:4]), ("b", NEW_DTYPES[4:])):
        g = Group("dtypes", f"promote_old_{part}")
        olds = [g.input(g.grid(dt, (2, 3))) for dt in ("int32", "int64", "float32", "float64")]
        for dt in news:
            n = g.input(g.grid(dt, (3,)))  # broadcast along the rows
            for o in olds:
                g.case("mul", n, o)


def _dtypes_mixed():
    """Pairs whose promotion is not one of its operands' dtypes, through more
    operations."""
    big = np.array([0, 3, 2**63, 2**64 - 2**11, 2**63 + 2**11, 7], "uint64")  # exact in float64
    groups = {
        "mixed_signed_unsigned_small": (
            [np.array([-128, 127, -1, 0, 5, -7], "int8"), np.array([255, 0, 3, 1, 200, 2], "uint8")],
            [np.array([-32768, 32767, -1, 300, -5, 9], "int16"),
             np.array([65535, 1, 2, 7, 40000, 3], "uint16")]),
        "mixed_signed_unsigned_wide": (
            [np.array([-2**31, 2**31 - 1, -1, 9, -70000, 12], "int32"),
             np.array([2**32 - 1, 3, 2**31, 5, 7, 2], "uint32")],
            [np.array([-3, 5, -2**62, 2**62, 1, -1], "int64"), big]),
        "mixed_float16": (
            [np.array([-128, 127, -3, 0, 5, 100], "int8"),
             np.array([0.5, -2.0, 1.5, -0.25, 3.0, 0.0], "float16")],
            [np.array([300, 65535, 1, 7, 0, 2], "uint16"),
             np.array([-300, 32767, -7, 2, 1, -1], "int16")]),
    }
    for name, pairs in groups.items():
        g = Group("dtypes", name)
        for a, b in pairs:
            x, y = g.input(a), g.input(b)
            g.case("sub", y, x)
            g.case("div", x, y)
            g.case("floor_divide", x, y)
            g.case("mod", y, x)
            g.case("lt", x, y)
            g.case("maximum", x, y)
            if is_int(b.dtype.name) and is_unsigned(b.dtype.name):
                g.case("pow", x, g.input(np.array([0, 1, 2, 3, 1, 2], b.dtype)))
            if is_int(a.dtype.name) and is_int(b.dtype.name):
                g.case("bitwise_or", x, y)   # int64 | uint64: TypeError (float64)
    # float16 with the others: int16 and float32 give float32, uint64 float64,
    # bool and uint8 float16.
    g = Group("dtypes", "mixed_float16_more")
    h = g.input(np.array([0.5, -2.0, 1.5, 1000.0, 3.0, 0.0], "float16"))
    for other in (np.array([-300, 32767, -7, 2, 1, -1], "int16"),
                  np.array([0.1, -2.5, 3.0, 7.0, 1e5, 0.0], "float32"),
                  np.array([2**63, 3, 2**64 - 2**11, 1, 0, 5], "uint64"),
                  np.array([True, False, True, True, False, True]),
                  np.array([255, 0, 3, 17, 200, 1], "uint8")):
        y = g.input(other)
        g.case("add", h, y)
        g.case("div", y, h)
        g.case("lt", h, y)


def _dtypes_unary():
    g = Group("dtypes", "un_float16")
    x = g.input(g.uniform_with_units("float16", (3, 4)))
    for name in ("exp", "log", "sqrt", "sin", "cos", "tan", "tanh", "arcsin", "arctan", "sinh",
                 "arcsinh", "arctanh", "exp2", "expm1", "log2", "log10", "log1p", "cbrt", "erf",
                 "floor", "ceil", "rint", "abs", "neg", "sign", "square", "invert"):
        dcase(g, name, x)
    g = Group("dtypes", "un_float16_special")
    v = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 0.5, 2.0**-24, 65504.0],
                 "float16")
    x, y = g.input(v), g.input(v[::-1])
    for name in ("exp", "log", "sqrt", "abs", "floor", "isnan", "isinf", "isfinite", "sign"):
        dcase(g, name, x)
    dcase(g, "div", x, y)
    g.case("floor_divide", x, y)  # NaN, inf and zero divisors
    g.case("mod", x, y)
    dcase(g, "add", x, x)        # 65504 + 65504 overflows to inf
    dcase(g, "maximum", x, y)    # NaN wins
    g.case("max", x)
    values = {
        "int8": [0, 1, -1, -128, 127, 5, -5, 3, 100, -100, 2, 9],
        "uint8": [0, 1, 255, 128, 127, 5, 200, 3, 100, 17, 2, 9],
        "int16": [0, 1, -1, -32768, 32767, 5, -5, 3, 1000, -300, 2, 9],
        "uint16": [0, 1, 65535, 32768, 32767, 5, 40000, 3, 1000, 300, 2, 9],
        "uint32": [0, 1, 2**32 - 1, 2**31, 2**31 - 1, 5, 70000, 3, 1000, 300, 2, 9],
        "uint64": [0, 1, 2**64 - 1, 2**63, 2**63 - 1, 5, 2**53 + 1, 3, 1000, 300, 2, 9],
    }
    for dt, vals in values.items():
        g = Group("dtypes", f"un_{dt}")
        x = g.input(np.array(vals, dt).reshape(3, 4))
        # Float functions: float16 of 8-bit ints, float32 of 16-bit, float64 wider.
        names = ("exp", "sqrt", "sin", "tanh") if np.dtype(dt).itemsize <= 2 else ("exp", "sqrt")
        for name in names:
            g.case(name, x)
        for name in ("abs", "neg", "invert", "sign", "square"):  # abs(-128) wraps
            g.case(name, x)


def _dtypes_astype():
    """Every conversion that has a new dtype, from values NumPy converts in a
    defined way: integers to integers wrap (modulo 2^bits); floats to
    integers truncate, in range of the target only; to float16 rounds to
    nearest even (overflowing to inf)."""
    sources = {
        "bool": [True, False, True, True, False, False, True, False],
        "int8": [-128, -1, 0, 1, 100, 127, -100, 55],
        "int16": [-32768, -300, -1, 0, 1, 255, 300, 32767],
        "int32": [-2**31, -70000, -129, -1, 0, 200, 65536 + 5, 2**31 - 1],
        "int64": [-2**63, -2**40 - 3, -1, 0, 7, 2**32 + 9, 2**53, 2**63 - 1],
        "uint8": [0, 1, 127, 128, 200, 255, 3, 64],
        "uint16": [0, 1, 255, 256, 32767, 32768, 65504, 65535],
        "uint32": [0, 1, 2**31 - 1, 2**31, 2**32 - 1, 65535, 65519, 300],
        "uint64": [0, 1, 2**63 - 1, 2**63, 2**64 - 1, 2**32, 2**53 + 1, 65519],
    }
    for src, vals in sources.items():
        g = Group("dtypes", f"cast_{src}")
        x = g.input(np.array(vals, src).reshape(2, 4))
        for dst in ALL_DTYPES:
            if src in DTYPES and dst in DTYPES:
                continue  # the unary suite's
            dcase(g, "astype", x, dtype=dst)
    # Floats: values whose truncation the target holds.
    small = [-127.75, -100.5, -1.5, -0.5, -0.0, 0.0, 0.75, 1.5, 99.875, 127.0]
    unsigned = [0.0, 0.5, 1.875, 127.5, 128.0, 200.25, 255.0, 3.0]
    # Near the targets' limits: those whose truncation, after rounding to
    # the source dtype, the target holds (float32's 2^31 - 128 is below 2^31;
    # float16 has nothing past 65504).
    wide = {"int16": [-32768.0, 32767.0, 32752.0, -1000.5, 300.25],
            "uint16": [65504.0, 65535.0, 40000.5, 256.0],
            "int32": [-2.0**31, 2.0**31 - 128, -65504.0, 70000.5, -40000.0],
            "uint32": [2.0**32 - 256, 2.0**31, 65504.0, 70000.5, 40000.0],
            "int64": [-2.0**63, 2.0**62, -65504.0, 2.0**40 + 0.5, 60000.0],
            "uint64": [2.0**63, 2.0**64 - 2**40, 65504.0, 2.0**53 + 2, 1024.5]}

    def in_range(src, dst):
        info = np.iinfo(dst)
        with np.errstate(over="ignore"):
            v = np.array(wide[dst], "float64").astype(src)
        v = v[[bool(np.isfinite(t)) and info.min <= math.trunc(float(t)) <= info.max for t in v]]
        assert len(v) >= 2, (src, dst)
        return v

    for src in FLOATS + ("float16",):
        g = Group("dtypes", f"cast_{src}")
        s = g.input(np.array(small, src))
        u = g.input(np.array(unsigned, src))
        for dst in ("bool", "int8", "int16", "int32", "int64", "float16", "float32", "float64"):
            if not (src in DTYPES and dst in DTYPES):
                dcase(g, "astype", s, dtype=dst)
        for dst in ("uint8", "uint16", "uint32", "uint64"):
            dcase(g, "astype", u, dtype=dst)
        for dst in wide:
            dcase(g, "astype", g.input(in_range(src, dst)), dtype=dst)
    # To float16: round to nearest even, directly (not through float32:
    # 1 + 2^-11 + 2^-40 is above the tie), overflow to inf, subnormals.
    g = Group("dtypes", "cast_to_float16")
    tie = 2.0**-25  # half the smallest subnormal: a tie, to 0
    f64 = g.input(np.array([np.nan, np.inf, -np.inf, 1e300, 65519.99, 65520.0, 0.1, -0.0,
                            1 + 2**-11 + 2**-40, 1 + 2**-11, tie, np.nextafter(tie, 1), 1e-310,
                            -3.0e-5]))
    f32 = g.input(np.array([np.nan, -np.inf, 1e5, 65519.99, 65520.0, 0.1, 6e-8, 1e-45,
                            1 + 2**-11 + 2**-20, -2.0**-14 * 0.75], "float32"))
    h = g.input(np.array([np.nan, np.inf, -np.inf, -0.0, 65504.0, 2.0**-24, 1e-4, 0.1,
                          -2.5, 1.0], "float16"))
    for src in (f64, f32):
        dcase(g, "astype", src, dtype="float16")
    for dst in ("float32", "float64", "bool", "float16"):
        dcase(g, "astype", h, dtype=dst)      # NaN is True


def _dtypes_reductions():
    for dt in NEW_DTYPES:
        g = Group("dtypes", f"dt_reduce_{dt}")
        # Integers over their whole range (unsigned order; sums in 64 bits,
        # products wrap at 2^64); float16 halves, which every order of the
        # sums adds exactly.
        x = g.input(g.full_range(dt, (2, 3, 4)) if is_int(dt)
                    else g.grid(dt, (2, 3, 4), -2, 2, zero=False))
        g.case("sum", x)                  # signed: int64, unsigned: uint64
        g.case("sum", x, axes=[1])
        g.case("prod", x, axes=[-1])
        g.case("max", x, axes=[0, 2])
        g.case("min", x)
        g.case("mean", x, axes=[-1])      # integers: float64
        g.case("argmax", x, axis=1)
        g.case("argmin", x)
        g.case("cumsum", x, axis=0)
    g = Group("dtypes", "dt_reduce_wide")
    i8 = g.input(np.array([100, 100, 100, -128, 127, 90], "int8"))
    u8 = g.input(np.array([200, 200, 255, 0, 1, 250], "uint8"))
    u32 = g.input(np.array([2**32 - 1, 2**32 - 1, 4, 2**31, 0, 9], "uint32"))
    u64 = g.input(np.array([2**63, 2**63 + 10, 2**64 - 1, 5, 0, 2**62], "uint64"))
    i16 = g.input(np.array([300, 300, 300, -2, 7, 1], "int16"))
    for x in (i8, u8, u32):
        g.case("sum", x)                  # in int64 / uint64: no wrap at 8 or 32 bits
        g.case("mean", x)                 # float64, not the array's dtype
        g.case("cumsum", x)
    g.case("prod", i8)
    g.case("prod", i16)
    g.case("sum", u64)                    # wraps at 2^64
    g.case("mean", u64)                   # float64 sum: 2^63 is not 0
    g.case("max", u64)                    # unsigned order
    g.case("argmax", u64)
    g.case("argmin", i8)
    g.case("min", u64)
    # float16: sums and products in float32, rounded at the end; the mean
    # with float32 intermediates.
    g = Group("dtypes", "dt_reduce_float16_accumulate")
    u = g.input(g.uniform("float16", (3, 200), 0.5, 1.0))
    big = g.input(np.array([60000.0, 60000.0, -60000.0, 1000.0], "float16"))
    two = g.input(np.array([60000.0, 60000.0], "float16"))
    p = g.input(np.array([300.0, 300.0, 1 / 300, 0.5], "float16"))
    g.case("sum", u, axes=[1])            # in float16 each add would lose bits
    g.case("sum", u)
    g.case("mean", u, axes=[-1])
    g.case("mean", u, axes=[0])
    g.case("mean", u)
    g.case("sum", big)                    # 61000 -> 60992, not inf
    g.case("mean", two)                   # 60000, not inf
    g.case("prod", p)                     # 90000 only in float32
    g.case("max", u, axes=[1])
    g.case("argmax", u, axis=1)


def _dtypes_where_clip():
    g = Group("dtypes", "dt_where_clip")
    c = g.input(g.grid("bool", (3, 4)))
    i8 = g.input(g.grid("int8", (3, 4), -100, 100))
    u8 = g.input(g.grid("uint8", (3, 4), 0, 250))
    h = g.input(g.grid("float16", (3, 4)))
    i16 = g.input(g.grid("int16", (4,), -300, 300))
    u64 = g.input(np.array([2**63, 1, 2**64 - 2**11, 7], "uint64"))
    i64 = g.input(g.grid("int64", (3, 4)))
    g.case("where", c, i8, u8)            # int16
    g.case("where", c, u8, 3)             # uint8
    g.case("where", c, h, 2.5)            # float16
    g.case("where", c, h, i16)            # float32
    g.case("where", c, u64, i64)          # float64
    g.case("where", c, i8, 1.5)           # float64
    g.case("clip", u8, 2, 100)            # uint8
    g.case("clip", i8, -3, 3)             # int8
    dcase(g, "clip", h, -0.5, 1.5)        # float16
    g.case("clip", u8, i8, 200)           # int16: bounds of another dtype promote
    g.case("clip", h, i16, 2)             # float32
    g.case("clip", u64, 5, 2**63)         # uint64, bounds above 2^63


def _dtypes_matmul():
    g = Group("dtypes", "dt_matmul_ints")
    # Sums of products wrap in the dtype (NumPy accumulates in it).
    a = {dt: g.input(g.full_range(dt, (3, 4))) for dt in ("int8", "uint8", "int16", "uint32")}
    b = {dt: g.input(g.full_range(dt, (4, 2))) for dt in ("int8", "uint8", "int16", "uint32")}
    for dt in a:
        g.case("matmul", a[dt], b[dt])
    g.case("matmul", a["int8"], b["uint8"])   # int16
    g.case("matmul", a["uint8"], b["int16"])  # int16
    g = Group("dtypes", "dt_matmul_more")
    u64a = g.input(g.full_range("uint64", (2, 3)))
    u64b = g.input(g.full_range("uint64", (3, 2)))
    u16 = g.input(g.grid("uint16", (3, 2), 0, 1000))
    # float16 products accumulate in float32: 24 positive terms, whose sum in
    # float16 would be off by several units in the last place.
    ha = g.input(g.uniform("float16", (3, 24), 0.5, 1.0))
    hb = g.input(g.uniform("float16", (24, 4), 0.5, 1.0))
    hv = g.input(g.uniform("float16", (24,), -1.0, 1.0))
    i8 = g.input(g.grid("int8", (24, 4), -9, 9))
    f32 = g.input(g.uniform("float32", (24, 2)))
    g.case("matmul", u64a, u64b)          # wraps at 2^64
    g.case("matmul", u64a, u16)           # uint64
    g.case("matmul", ha, hb)
    g.case("matmul", ha, hv)              # matrix-vector
    g.case("matmul", ha, i8)              # float16
    g.case("matmul", ha, f32)             # float32
    g.case("dot", hv, hv)


def _dtypes_sort():
    g = Group("dtypes", "dt_sort")
    xs = [g.input(g.full_range(dt, (3, 5))) for dt in ("int8", "uint8", "int16", "uint16", "uint32",
                                                       "uint64")]
    h = g.input(np.array([[np.nan, 1.5, -np.inf, 0.0, -0.0], [65504.0, -2.0, np.inf, 1.5, 2.0**-24],
                          [3.0, -65504.0, 0.5, np.nan, -1.0]], "float16"))
    for x in xs + [h]:
        g.case("sort", x)                 # along the last axis
        g.case("sort", x, axis=0)
    g.case("argsort", xs[5])              # uint64 above 2^63 sort as unsigned
    g.case("argsort", h, axis=0)
    g.case("sort", xs[0], axis=None)


def _dtypes_wraparound():
    g = Group("dtypes", "dt_wrap")
    u8a = g.input(np.array([200, 255, 0, 1, 128, 100], "uint8"))
    u8b = g.input(np.array([100, 1, 1, 255, 128, 3], "uint8"))
    i8a = g.input(np.array([-128, 127, -128, 100, -1, 64], "int8"))
    i8b = g.input(np.array([-1, 1, 1, 100, -128, 2], "int8"))
    i16 = g.input(np.array([300, -300, 32767, -32768, 255, 2], "int16"))
    u16 = g.input(np.array([65535, 0, 40000, 300, 1, 256], "uint16"))
    u32 = g.input(np.array([2**32 - 1, 0, 70000, 3, 2**31, 65536], "uint32"))
    for name in ("add", "sub", "mul"):
        g.case(name, u8a, u8b)            # 200 + 100 = 44; 0 - 1 = 255
        g.case(name, i8a, i8b)            # 127 + 1 = -128
    g.case("floor_divide", i8a, i8b)      # -128 // -1 = -128
    g.case("mod", i8a, i8b)               # -128 % -1 = 0
    g.case("abs", i8a)                    # abs(-128) = -128
    g.case("neg", i8a)
    g.case("neg", u8a)                    # 256 - x
    g.case("pow", u8a, 2)                 # 200 ** 2 wraps
    g.case("mul", i8a, 127)
    g.case("add", i8a, -128)
    g.case("add", u8a, 255)
    g.case("mul", i16, i16)
    g.case("add", u16, 65535)
    g.case("mul", u32, u32)
    g.case("sub", u32, 4)
    g = Group("dtypes", "dt_wrap_uint64")
    e = g.input(np.array([2**63, 2**64 - 1, 2**63 + 5, 1, 0, 2**64 - 3], "uint64"))
    f = g.input(np.array([2**63, 2, 3, 2**63, 7, 0], "uint64"))
    for name in ("add", "sub", "mul", "floor_divide", "mod", "maximum", "minimum", "lt", "ge"):
        g.case(name, e, f)                # unsigned order; division by 0 gives 0
    g.case("add", e, 2**63)               # a weak scalar above 2^63 - 1
    g.case("sub", e, 2**64 - 1)
    g.case("mul", e, 3)
    g.case("floor_divide", e, 2**62)
    g.case("gt", e, 2**63)
    g.case("right_shift", e, 1)           # logical
    g.case("right_shift", e, f)           # by 2^63 or more: 0
    g.case("astype", e, dtype="int64")    # wraps
    g.case("astype", e, dtype="float64", exact=True)
    g = Group("dtypes", "dt_shifts")
    for dt in ("int8", "uint8", "int16", "uint16", "uint32", "uint64"):
        info = np.iinfo(dt)
        bits = info.bits
        x = g.input(np.array([1, info.max, info.min, 5, info.max - 2, 3, info.max, 1], dt))
        n = np.array([0, 1, bits - 1, bits, bits + 3, 100, 2, bits - 2], dt)
        if dt in ("int8", "uint8"):
            n = g.input(n)
            g.case("left_shift", x, n)    # by the width or more: 0
            g.case("right_shift", x, n)   # signed: -1 for negatives
        else:
            g.case("left_shift", x, bits - 1)
            g.case("right_shift", x, bits - 1)
        g.case("invert", x)


def _dtypes_fused():
    """Chains in one window / one trace: each step rounds (float16) or wraps
    (narrow integers) as NumPy's does, whatever the kernel fuses."""
    g = Group("dtypes", "dt_fused")
    ua, ub = g.input(g.full_range("uint8", (3, 4))), g.input(g.full_range("uint8", (3, 4)))
    uc = g.input(g.grid("uint8", (3, 4), 1, 9, zero=False))
    ia = g.input(g.full_range("int8", (3, 4)))
    ha = g.input(g.uniform("float16", (3, 4), -3, 3))
    hb = g.input(g.uniform("float16", (3, 4), -3, 3))
    hc = g.input(g.uniform("float16", (3, 4), -3, 3))
    w = g.input(g.uniform("float64", (3, 4), -120, 120))  # in int8's range
    dcase(g, "muladd", ha, hb, hc, exact=True)   # the product rounded to float16 first
    g.case("muladd", ua, ub, uc)
    g.case("muladd", ia, ia, ua)                 # int16
    g.case("add_floor_divide", ua, ub, uc)       # the sum wraps before the division
    g.case("add_lt", ua, ub, uc)
    g.case("add_lt", ia, ia, ua)
    g.case("sum_of_add", ua, ub)                 # uint8 sums, then uint64
    g.case("sum_of_add", ha, hb)
    for src, dst, dst2 in ((w, "float16", "float64"), (w, "float32", "float64"),
                           (w, "int8", "int32"), (ia, "uint8", "int32"), (ua, "int8", "int64"),
                           (ha, "int8", "float16"), (ua, "float16", "uint8"),
                           (ia, "bool", "int8")):
        g.case("astype_twice", src, dtype=dst, dtype2=dst2, exact=True)  # no shortcut
    g.case("neg_astype", ua, dtype="int16")      # 256 - x, then widened
    g.case("neg_astype", ia, dtype="int64")      # -(-128) = -128


def _dtypes_host():
    """Host reads of the new element types: to_vector<int8_t> ... and
    float16's bits."""
    g = Group("dtypes", "dt_host")
    refs = {dt: g.input(g.grid(dt, (2, 3), 0, 100)) for dt in NEW_DTYPES}
    for dt, x in refs.items():
        g.case("to_vector", x, host=dt)
    g.case("to_vector", refs["float16"], host="float32")
    g.case("to_vector", refs["float16"], host="float64")
    g.case("to_vector", refs["uint8"], host="int8")
    g.case("to_vector", refs["int16"], host="float16")
    g.case("to_vector", refs["uint64"], host="uint16")
    g = Group("dtypes", "dt_item")
    h0 = g.input(np.asarray(np.float16(-2.5)))
    b1 = g.input(np.array([2**64 - 1], "uint64"))
    i0 = g.input(np.asarray(np.int8(-7)))
    g.case("item", h0, host="float16")
    g.case("item", h0, host="float64")
    g.case("item", b1, host="uint64")
    g.case("item", i0, host="int16")
    g.case("item", i0, host="float16")


def dtypes_suite():
    _dtypes_binary()
    _dtypes_promotion()
    _dtypes_mixed()
    _dtypes_unary()
    _dtypes_astype()
    _dtypes_reductions()
    _dtypes_where_clip()
    _dtypes_matmul()
    _dtypes_sort()
    _dtypes_wraparound()
    _dtypes_fused()
    _dtypes_host()


SUITES = {
    "elementwise": elementwise_suite, "broadcast": broadcast_suite,
    "scalars": scalars_suite, "unary": unary_suite, "reductions": reductions_suite,
    "scans": scans_suite, "gather": gather_suite, "scatter": scatter_suite,
    "search": search_suite, "sort": sort_suite,
    "nonzero": nonzero_suite,
    "linalg": linalg_suite, "shape": shape_suite, "indexing": indexing_suite,
    "creation": creation_suite, "functions": functions_suite, "host": host_suite,
    "dtypes": dtypes_suite,
}


def main(argv):
    if len(argv) == 2 and argv[1] == "--suites":
        print(";".join(SUITES))
        return 0
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    for build in SUITES.values():
        build()
    write(argv[1])
    cases = sum(len(g.cases) for g in GROUPS)
    raises = sum(1 for g in GROUPS for c in g.cases if c[3] is None)
    print(f"oracle: NumPy {np.__version__}: {len(GROUPS)} groups, {cases} cases "
          f"({raises} that NumPy rejects) in {argv[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
