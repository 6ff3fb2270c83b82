//===- Scatter.cpp - writing through index arrays: put, add_at, bincount ----===//
//
// Each write is one `legato.scatter` into the array's current value, which
// then replaces it (as a[{...}] = v does): put and a[indices] = v store,
// add_at and bincount add. Indices are brought into range as take's.
//
//===----------------------------------------------------------------------===//
#include "API/Engine.h"
#include "API/IndexArrays.h"
#include "API/Ops.h"
#include "API/Promotion.h"

#include <string>

namespace legato {
using namespace detail;

Array detail::scatter(const Array &dest, const Array &indices, const Array &values, int64_t axis,
                      bool add) {
  return wrap(makeNode(OpKind::Scatter, dest.dtype(), dest.shape(),
                       {valueOf(dest), valueOf(indices), valueOf(values)}, {axis}, 0,
                       uint8_t(add)));
}

namespace {

/// `values` broadcast to `shape` and cast to `t`, as NumPy's assignment
/// (extra leading axes of 1 dropped; errors name `op`).
Array storable(const char *op, const Array &values, const Shape &shape, DType t) {
  NodePtr v = withoutExtraLeadingOnes(valueOf(values), shape);
  checkBroadcastTo(op, v->shape, shape);
  return wrap(broadcastNode(convertNode(v, t), shape));
}

/// The shape that `indices` (along axis 0) select from `a`: theirs, then
/// a's rows.
Shape rowsAt(const Array &indices, const Array &a) {
  Shape shape = indices.shape();
  shape.insert(shape.end(), a.shape().begin() + 1, a.shape().end());
  return shape;
}

/// `dest` with `values` added at `indices` along axis 0 (booleans: or).
Array accumulate(const Array &dest, const Array &indices, const Array &values) {
  if (dest.dtype() != DType::bool_)
    return scatter(dest, indices, values, 0, true);
  Array hits = scatter(zeros(dest.shape(), DType::i32), indices, values, 0, true);
  return logical_or(dest, hits != 0);
}

} // namespace

void detail::storeAlongAxis0(const char *op, const Array &a, const Array &indices,
                             const Array &values) {
  if (a.ndim() == 0)
    throw IndexError(std::string("legato.") + op +
                     ": a 0-d array cannot be indexed by an array (indices of shape " +
                     shapeString(indices.shape()) + ")");
  Array i = integerIndices(op, indices);
  Array v = storable(op, values, rowsAt(i, a), a.dtype());
  refuseEmptyAxis(op, a, i, 0);
  if (i.size() == 0 || a.size() == 0)
    return;
  i = inRange(op, a, i, 0, IndexMode::raise);
  assignWhole(a.impl(), valueOf(scatter(a, i, v, 0, false)));
}

void put(const Array &a, const Array &indices, const Array &values, IndexMode mode) {
  Array i = integerIndices("put", indices);
  i = i.reshape({i.size()});
  Array v = values.astype(a.dtype());
  v = v.reshape({v.size()});
  // NumPy puts nothing without values, and refuses indices into nothing.
  if (i.size() == 0 || v.size() == 0)
    return;
  Array flat = a.reshape({a.size()});
  if (a.size() == 0)
    throw IndexError("legato.put: cannot put " + std::to_string(i.size()) +
                     " values into an empty array (shape " + shapeString(a.shape()) + ")");
  if (v.size() != i.size()) // repeated as often as needed
    v = take(v, arange(i.size()), std::nullopt, IndexMode::wrap);
  i = inRange("put", flat, i, 0, mode);
  assignWhole(a.impl(), valueOf(scatter(flat, i, v, 0, false).reshape(a.shape())));
}

void put_along_axis(const Array &a, const Array &indices, const Array &values,
                    std::optional<int64_t> axis) {
  Array i = integerIndices("put_along_axis", indices);
  if (!axis) {
    if (i.ndim() != 1)
      throw Error("legato.put_along_axis: with no axis the array is flattened, so the indices "
                  "must be 1-D, not of shape " +
                  shapeString(i.shape()));
    Array flat = a.reshape({a.size()});
    Array v = storable("put_along_axis", values, i.shape(), a.dtype());
    refuseEmptyAxis("put_along_axis", flat, i, 0);
    if (i.size() == 0)
      return;
    i = inRange("put_along_axis", flat, i, 0, IndexMode::raise);
    assignWhole(a.impl(), valueOf(scatter(flat, i, v, 0, false).reshape(a.shape())));
    return;
  }
  int64_t d = normalizeAxis("put_along_axis", *axis, a.shape(), a.ndim());
  Shape shape = alongAxisShape("put_along_axis", a, i, d);
  Array v = storable("put_along_axis", values, shape, a.dtype());
  refuseEmptyAxis("put_along_axis", a, i, d);
  if (i.size() == 0 || a.size() == 0)
    return;
  i = inRange("put_along_axis", a, i, d, IndexMode::raise);
  Array positions = alongAxisPositions(a, i, d, shape).reshape({v.size()});
  Array flat = a.reshape({a.size()});
  assignWhole(
      a.impl(),
      valueOf(scatter(flat, positions, v.reshape({v.size()}), 0, false).reshape(a.shape())));
}

void detail::writeThroughMask(const char *op, const Array &a, const Array &mask,
                              const Array &values, bool add) {
  checkMask(op, a, mask);
  DType t = a.dtype(), as = add && t == DType::bool_ ? DType::i32 : t;
  Shape rows = rowsUnderMask(a, mask);
  if (values.size() == 1 && values.ndim() <= int64_t(rows.size())) {
    // One value for every selected element: a select, no count needed.
    Shape maskShape = mask.shape();
    maskShape.resize(a.shape().size(), 1);
    Array v = values.reshape({}).astype(as);
    Array updated = !add ? v : t == DType::bool_ ? logical_or(a, v != 0) : a + v;
    assignWhole(a.impl(), valueOf(where(mask.reshape(maskShape), updated, a)));
    return;
  }
  Array positions = positionsOfNonzeros(op, mask);
  Shape target = rows;
  target[0] = positions.size();
  if (add) // (NumPy's add.at takes no extra axes of 1)
    checkBroadcastTo(op, values.shape(), target);
  Array v = storable(op, values, target, as);
  if (positions.size() == 0)
    return;
  Array flat = a.reshape(rows);
  Array written = add ? accumulate(flat, positions, v) : scatter(flat, positions, v, 0, false);
  assignWhole(a.impl(), valueOf(written.reshape(a.shape())));
}

void add_at(const Array &a, const Array &indices, const Array &values) {
  if (a.ndim() == 0)
    throw IndexError("legato.add_at: a 0-d array has no axis to add along (indices of shape " +
                     shapeString(indices.shape()) + "); reshape it to (1,)");
  // (values cast to a's dtype first, unsafely: NumPy's ufunc.at does)
  DType t = a.dtype();
  if (indices.dtype() == DType::bool_) {
    writeThroughMask("add_at", a, indices, values, /*add=*/true);
    return;
  }
  DType summed = t == DType::bool_ ? DType::i32 : t; // (booleans count their trues)
  Array i = integerIndices("add_at", indices);
  Shape target = rowsAt(i, a);
  checkBroadcastTo("add_at", values.shape(), target); // (no extra axes of 1 here)
  Array v = storable("add_at", values, target, summed);
  refuseEmptyAxis("add_at", a, i, 0);
  if (i.size() == 0 || a.size() == 0)
    return;
  i = inRange("add_at", a, i, 0, IndexMode::raise);
  assignWhole(a.impl(), valueOf(accumulate(a, i, v)));
}

Array bincount(const Array &x, const std::optional<Array> &weights, int64_t minlength) {
  if (x.ndim() != 1)
    throw Error("legato.bincount: x must be 1-D, not of shape " + shapeString(x.shape()));
  if (isInexact(x.dtype()))
    throw TypeError("legato.bincount: x must hold integers or bools, not " + dtype_name(x.dtype()) +
                    " (shape " + shapeString(x.shape()) + "); convert it with astype(legato::i64)");
  if (minlength < 0)
    throw Error("legato.bincount: minlength must not be negative (got " +
                std::to_string(minlength) + ")");
  if (weights && weights->shape() != x.shape())
    throw Error("legato.bincount: the weights (shape " + shapeString(weights->shape()) +
                ") and x (shape " + shapeString(x.shape()) + ") must have one shape");
  if (engine().tracing)
    throw Error("legato.bincount: the result's length is the largest value of x (shape " +
                shapeString(x.shape()) +
                ") plus one, which a traced (jit) function cannot read; call it outside the "
                "function, or use add_at into an array of a fixed length");
  DType t = weights ? DType::f64 : DType::i64;
  Array i = x.astype(DType::i64);
  int64_t length = minlength;
  if (x.size() > 0) {
    std::vector<int64_t> extremes = stack({min(i), max(i)}).to_vector<int64_t>();
    if (extremes[0] < 0)
      throw Error("legato.bincount: x must not hold negative values (found " +
                  std::to_string(extremes[0]) + " in an array of shape " + shapeString(x.shape()) +
                  ")");
    length = std::max(length, extremes[1] + 1);
  }
  Array counts = zeros({length}, t);
  if (x.size() == 0)
    return counts;
  Array v = weights ? weights->astype(t) : ones(x.shape(), t);
  return scatter(counts, i, v, 0, true);
}

} // namespace legato
