//===- Indexing.cpp - NumPy's take and take_along_axis --------------------===//
//
// Both become one `legato.gather` (take along an axis), whose indices the
// API first brings into [0, n) as NumPy's mode says: the gather then fuses
// with whatever computes its indices and whatever uses its result.
// take_along_axis is a gather from the flattened array, at the position
// each index and its coordinates name.
//
//===----------------------------------------------------------------------===//
#include "API/Engine.h"
#include "API/IndexArrays.h"
#include "API/Ops.h"

#include <string>

namespace legato {
using namespace detail;

std::string detail::axisOf(const Array &a, int64_t axis) {
  return "axis " + std::to_string(axis) + " of an array of shape " + shapeString(a.shape());
}

void detail::refuseFloatIndices(const char *op, const Array &indices) {
  if (indices.dtype() != DType::f32 && indices.dtype() != DType::f64)
    return;
  std::string message = std::string("legato.") + op + ": indices must be integers or bools, not " +
                        dtype_name(indices.dtype()) + " (indices of shape " +
                        shapeString(indices.shape()) + "); convert them with astype(legato::i64)";
  // NumPy: np.take and np.put cast their argument (TypeError); a subscript,
  // take_along_axis, put_along_axis and add.at refuse it as an index.
  std::string name = op;
  if (name == "take" || name == "put")
    throw TypeError(message);
  throw IndexError(message);
}

Array detail::integerIndices(const char *op, const Array &indices) {
  refuseFloatIndices(op, indices);
  return indices.astype(DType::i64);
}

namespace {
/// NumPy's mode='raise': every index in [-n, n), else an error naming the
/// first bound crossed. The check reads the indices' extremes on the host
/// (in lazy mode, a flush); a traced function computes them as extra
/// results, which each call of the jit function checks (Jit.cpp).
void checkBounds(const char *op, const Array &a, const Array &indices, int64_t axis) {
  Array low = min(indices), high = max(indices);
  IndexCheck check{valueOf(low), valueOf(high), a.shape()[size_t(axis)], op, axisOf(a, axis)};
  if (Trace *trace = engine().tracing)
    trace->indexChecks.push_back(std::move(check));
  else
    enforce(check, low.item<int64_t>(), high.item<int64_t>());
}

} // namespace

Array detail::inRange(const char *op, const Array &a, Array indices, int64_t axis, IndexMode mode) {
  int64_t n = a.shape()[size_t(axis)];
  switch (mode) {
  case IndexMode::raise:
    checkBounds(op, a, indices, axis);
    return where(indices < 0, indices + n, indices);
  case IndexMode::wrap:
    return mod(indices, n);
  case IndexMode::clip:
    return clip(indices, 0, n - 1);
  }
  return indices;
}

namespace {
/// One legato.gather: `a` with `axis` replaced by the indices (in range).
Array gather(const Array &a, const Array &indices, int64_t axis) {
  Shape shape(a.shape().begin(), a.shape().begin() + axis);
  shape.insert(shape.end(), indices.shape().begin(), indices.shape().end());
  shape.insert(shape.end(), a.shape().begin() + axis + 1, a.shape().end());
  return wrap(makeNode(OpKind::Gather, a.dtype(), shape, {valueOf(a), valueOf(indices)}, {axis}));
}
} // namespace

void detail::refuseEmptyAxis(const char *op, const Array &a, const Array &indices, int64_t axis) {
  if (a.shape()[size_t(axis)] == 0 && indices.size() != 0)
    throw IndexError(std::string("legato.") + op + ": " + std::to_string(indices.size()) +
                     " indices (shape " + shapeString(indices.shape()) + ") point into the empty " +
                     axisOf(a, axis));
}

void detail::requireNone(const Array &violations, std::string failure) {
  IndexCheck check{valueOf(violations), valueOf(violations), 1, "", "", std::move(failure)};
  if (Trace *trace = engine().tracing)
    trace->indexChecks.push_back(std::move(check));
  else
    enforce(check, 0, violations.item<int64_t>());
}

void detail::enforce(const IndexCheck &check, int64_t low, int64_t high) {
  int64_t n = check.extent;
  if (!check.failure.empty()) {
    if (high >= n || low < -n)
      throw Error(check.failure);
    return;
  }
  // (take and put have modes that bring any index into range.)
  bool modes = check.op == "take" || check.op == "put";
  if (high >= n || low < -n)
    throw IndexError("legato." + check.op + ": index " + std::to_string(high >= n ? high : low) +
                     " is out of bounds for " + check.where + "; indices must lie in [" +
                     std::to_string(-n) + ", " + std::to_string(n) + ")" +
                     (modes ? " (or pass legato::IndexMode::clip or wrap)" : ""));
}

Array take(const Array &a, const Array &indices, std::optional<int64_t> axis, IndexMode mode) {
  Array from = axis ? a : a.reshape({a.size()});
  int64_t d = normalizeAxis("take", axis.value_or(0), from.shape(), from.ndim());
  Array i = integerIndices("take", indices);
  refuseEmptyAxis("take", from, i, d);
  if (i.size() == 0 || from.size() == 0)
    return gather(from, i, d); // empty: nothing to check or compute
  return gather(from, inRange("take", from, i, d, mode), d);
}

Array take(const Array &a, int64_t index, std::optional<int64_t> axis, IndexMode mode) {
  return take(a, full({}, double(index), DType::i64), axis, mode);
}

Array take_along_axis(const Array &a, const Array &indices, std::optional<int64_t> axis) {
  refuseFloatIndices("take_along_axis", indices); // (NumPy's IndexError, not take's TypeError)
  if (!axis) {
    if (indices.ndim() != 1)
      throw Error("legato.take_along_axis: with no axis the array is flattened, so the indices "
                  "must be 1-D, not of shape " +
                  shapeString(indices.shape()));
    return take(a, indices, std::nullopt);
  }
  int64_t d = normalizeAxis("take_along_axis", *axis, a.shape(), a.ndim());
  Array i = integerIndices("take_along_axis", indices);
  Shape out = alongAxisShape("take_along_axis", a, i, d);
  refuseEmptyAxis("take_along_axis", a, i, d);
  if (i.size() == 0 || a.size() == 0)
    return zeros(out, a.dtype()); // empty (broadcast against an empty axis)
  i = inRange("take_along_axis", a, i, d, IndexMode::raise);
  return gather(a.reshape({a.size()}), alongAxisPositions(a, i, d, out), 0);
}

Shape detail::alongAxisShape(const char *op, const Array &a, const Array &indices, int64_t axis) {
  if (indices.ndim() != a.ndim())
    throw Error(std::string("legato.") + op + ": the indices (shape " +
                shapeString(indices.shape()) + ") and the array (shape " + shapeString(a.shape()) +
                ") must have the same number of dimensions; add axes with reshape");
  Shape out = a.shape();
  for (int64_t k = 0; k < a.ndim(); ++k) {
    int64_t x = a.shape()[size_t(k)], y = indices.shape()[size_t(k)];
    if (k == axis)
      out[size_t(k)] = y;
    else if (x != y && x != 1 && y != 1)
      throw IndexError(std::string("legato.") + op + ": the array (shape " +
                       shapeString(a.shape()) + ") and the indices (shape " +
                       shapeString(indices.shape()) + ") do not broadcast together in axis " +
                       std::to_string(k) + " (sizes " + std::to_string(x) + " and " +
                       std::to_string(y) + "); away from the axis, each size must match or be 1");
    else
      out[size_t(k)] = x == 1 ? y : x;
  }
  return out;
}

Array detail::alongAxisPositions(const Array &a, const Array &indices, int64_t axis,
                                 const Shape &shape) {
  Array i = broadcast_to(indices, shape);
  if (a.ndim() == 1)
    return i;
  // The position in the flattened array: the index along the axis and the
  // element's own coordinates elsewhere (0 where the array broadcasts).
  Array position = zeros(shape, DType::i64);
  int64_t stride = 1;
  for (int64_t k = a.ndim() - 1; k >= 0; --k) {
    int64_t size = a.shape()[size_t(k)];
    if (k == axis)
      position = position + i * stride;
    else if (size != 1)
      position = position + indexAlong(shape, k) * stride;
    stride *= size;
  }
  return position;
}

} // namespace legato
