//===- Ops.h - node-level building blocks of the API ------------*- C++ -*-===//
#ifndef LEGATO_API_OPS_H
#define LEGATO_API_OPS_H

#include "API/ArrayImpl.h"

namespace legato::detail {

/// Refuses, naming `op`, an array of `shape` and `dtype` that cannot exist:
/// a negative dimension, more than 2^63 - 1 elements or bytes, or a share
/// per rank larger than the machine's memory. Every new node is checked
/// (makeNode, naming its kind); the API checks first where the user's op
/// has another name (tile, a broadcasting add).
void checkArraySize(const char *op, const Shape &shape, DType dtype);

/// a * b, the length of a new axis made from an array of shape `from`, or
/// an error naming `op` when it passes int64.
int64_t axisProduct(const char *op, int64_t a, int64_t b, const Shape &from);

/// Records a node in the live engine.
NodePtr makeNode(OpKind kind, DType dtype, Shape shape, Operands operands = {},
                 std::vector<int64_t> ints = {}, double scalar = 0, uint8_t sub = 0);
/// Wraps a node into a fresh Array (eager mode runs it here).
Array wrap(NodePtr node);
/// The current value of an Array.
NodePtr valueOf(const Array &a);

/// Writes `value` into the whole of `target` (an array or a view, whose
/// base then changes), NumPy-style: broadcast to its shape and cast to its
/// dtype. Errors name "setitem".
void assignWhole(const std::shared_ptr<ArrayImpl> &target, NodePtr value);

NodePtr convertNode(NodePtr n, DType to);
NodePtr broadcastNode(NodePtr n, const Shape &to);
NodePtr reshapeNode(NodePtr n, const Shape &to);
NodePtr constantNode(double value, DType dtype, const Shape &shape);
/// A constant of a C++ or Python number: an integer stays exact in an
/// integer dtype (a double holds 53 bits of an int64).
NodePtr constantNode(const Scalar &value, DType dtype, const Shape &shape);
/// `n` without the leading size-1 axes it has beyond the rank of `to`:
/// NumPy's assignment takes a value of shape (1, 3) into a selection of
/// shape (3,).
NodePtr withoutExtraLeadingOnes(NodePtr n, const Shape &to);
/// Each element's index along axis `d` of `shape` (int64).
Array indexAlong(const Shape &shape, int64_t d);
/// An axis in [0, rank) (rank: of `shape`, or one more where a new axis may
/// go), or an AxisError naming `op`.
int64_t normalizeAxis(const char *op, int64_t axis, const Shape &shape, int64_t rank);
/// Reduction axes in [0, rank), sorted ({} = every axis); throws naming `op`
/// an AxisError for an axis out of range, an Error for one repeated.
std::vector<int64_t> normalizeAxes(const char *op, std::vector<int64_t> axes,
                                   const Shape &shape);

/// np.cumsum (kind 0) or np.cumprod (kind 1) of `a`; errors name `op`.
Array scan(const char *op, int kind, const Array &a, std::optional<int64_t> axis);

/// matmul and dot of operands with more than two dimensions (Products.cpp).
Array matmulOfStacks(const Array &a, const Array &b);
Array dotOfStacks(const Array &a, const Array &b);

} // namespace legato::detail

#endif // LEGATO_API_OPS_H
