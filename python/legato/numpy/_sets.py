"""NumPy's set routines (isin, in1d, intersect1d, setdiff1d, union1d,
setxor1d) as compositions of sorts, binary searches and masks, with NumPy's
signatures and results (sorted unique values; NaN equal to nothing, as
NumPy's ==). Those whose length depends on the values (all but isin and
in1d) read it on the host, as np.unique does: not inside legato.jit."""
from .. import _core
from . import _creation, _reductions, _shape
from ._utils import asarray


def _check_kind(name, kind):
    if kind not in (None, "sort", "table"):
        raise _core.ValueError(f"legato.{name}: kind must be None, 'sort' or 'table', "
                               f"not {kind!r}")


def isin(element, test_elements, assume_unique=False, invert=False, *, kind=None):
    """Each element of `element` found among `test_elements`: a binary
    search in their sorted values."""
    _check_kind("isin", kind)
    element = asarray(element)
    tests = _shape.ravel(asarray(test_elements))
    if tests.size == 0:
        return _creation.full(element.shape, bool(invert), dtype=bool)
    s = _core.sort(tests, 0)
    at = _core.minimum(_core.searchsorted(s, element, False), tests.size - 1)
    found = _core.take(s, at, None, _core.IndexMode.raise_) == element
    return ~found if invert else found


def in1d(ar1, ar2, assume_unique=False, invert=False, *, kind=None):
    _check_kind("in1d", kind)
    return isin(_shape.ravel(asarray(ar1)), ar2, assume_unique, invert)


def _distinct(ar, assume_unique):
    ar = _shape.ravel(asarray(ar))
    return ar if assume_unique else _reductions.unique(ar)


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    if not return_indices:
        a = _distinct(ar1, assume_unique)
        common = a[isin(a, _distinct(ar2, assume_unique))]
        return common if not assume_unique else _core.sort(common, 0)
    # The first position of each common value in each flattened array.
    def sorted_with_first_positions(ar):
        ar = _shape.ravel(asarray(ar))
        if assume_unique:
            return _core.sort(ar, 0), _core.argsort(ar, 0)
        values, first, _, _ = _core.unique_all(ar, True)
        return values, first
    u1, i1 = sorted_with_first_positions(ar1)
    u2, i2 = sorted_with_first_positions(ar2)
    mask = isin(u1, u2)
    common = u1[mask]
    at2 = _core.searchsorted(u2, common, False)
    return common, i1[mask], _core.take(i2, at2, None, _core.IndexMode.raise_)


def setdiff1d(ar1, ar2, assume_unique=False):
    a = _distinct(ar1, assume_unique)
    return a[isin(a, ar2, invert=True)]


def union1d(ar1, ar2):
    return _reductions.unique(_shape.concatenate([_shape.ravel(asarray(ar1)),
                                                  _shape.ravel(asarray(ar2))]))


def setxor1d(ar1, ar2, assume_unique=False):
    """The values in exactly one of the arrays: after sorting both's
    distinct values together, those equal to neither neighbour."""
    both = _shape.concatenate([_distinct(ar1, assume_unique), _distinct(ar2, assume_unique)])
    if both.size == 0:
        return both
    s = _core.sort(both, 0)
    edge = _creation.full((1,), True, dtype=bool)
    differs = _shape.concatenate([edge, s[1:] != s[:-1], edge])
    return s[differs[1:] & differs[:-1]]
