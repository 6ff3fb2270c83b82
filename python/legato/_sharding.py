"""Where an array's elements live over the ranks of an mpirun job
(docs/DISTRIBUTED.md)."""
import operator

from . import _core


class Sharding:
    """Blocks along one axis over all ranks (``Sharding.split(axis)``),
    along two axes over a 2-D mesh of the ranks (``Sharding.grid(r, c)``),
    or a whole copy on every rank (``Sharding.replicated()``)."""

    __slots__ = ("axis", "axis2")

    def __init__(self, axis=0, axis2=-1):
        self.axis = operator.index(axis)
        self.axis2 = operator.index(axis2)

    @classmethod
    def split(cls, axis=0):
        return cls(axis, -1)

    @classmethod
    def replicated(cls):
        return cls(-1, -1)

    @classmethod
    def grid(cls, rows_axis=0, cols_axis=1):
        return cls(rows_axis, cols_axis)

    def __repr__(self):
        if self.axis < 0:
            return "Sharding.replicated()"
        if self.axis2 < 0:
            return f"Sharding.split({self.axis})"
        return f"Sharding.grid({self.axis}, {self.axis2})"

    def __eq__(self, other):
        return isinstance(other, Sharding) and (self.axis, self.axis2) == (other.axis, other.axis2)

    def __hash__(self):
        return hash((self.axis, self.axis2))


def shard(a, axis=0, sharding=None):
    """The same values stored in blocks along ``axis`` over the ranks (like
    JAX's device_put): a new array; the data moves at most once.
    ``axis`` may be a pair (rows axis, columns axis) for the 2-D mesh, or
    ``sharding`` a Sharding."""
    from .numpy import asarray
    a = asarray(a)
    if sharding is not None:
        if sharding.axis < 0:
            return _core.replicate(a)
        if sharding.axis2 >= 0:
            return _core.shard_grid(a, sharding.axis, sharding.axis2)
        return _core.shard(a, sharding.axis)
    if isinstance(axis, (tuple, list)):
        rows, cols = axis
        return _core.shard_grid(a, operator.index(rows), operator.index(cols))
    return _core.shard(a, operator.index(axis))


def replicate(a):
    """The same values, a whole copy on every rank."""
    from .numpy import asarray
    return _core.replicate(asarray(a))
