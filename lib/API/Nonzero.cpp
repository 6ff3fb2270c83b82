//===- Nonzero.cpp - selections whose length the values decide -------------===//
//
// np.flatnonzero and everything built on it (nonzero, argwhere, compress,
// extract, a[mask]). The k-th nonzero element is where the running count
// of nonzero elements (a scan) first reaches k + 1: a binary search of that
// count (searchsorted, by gathers) for 1 .. count. Only the count itself is
// read on the host, as the result's length: in lazy mode a flush, and a jit
// function cannot call these (its shapes are fixed when it is traced).
//
//===----------------------------------------------------------------------===//
#include "API/Engine.h"
#include "API/IndexArrays.h"
#include "API/Ops.h"

#include <string>

namespace legato {
using namespace detail;

namespace {

void refuseTracing(const char *op, const Array &a) {
  if (engine().tracing)
    throw Error(std::string("legato.") + op +
                ": the result's length is the number of nonzero elements of an array of shape " +
                shapeString(a.shape()) +
                ", which a traced (jit) function cannot read; select with where(mask, x, y), "
                "or call it outside the function");
}

void refuse0d(const char *op, const Array &a) {
  if (a.ndim() == 0)
    throw Error(std::string("legato.") + op +
                ": a 0-d array has no positions to list (as in NumPy 2); reshape it to (1,) "
                "first");
}

} // namespace

Array detail::positionsOfNonzeros(const char *op, const Array &a) {
  refuseTracing(op, a);
  if (a.size() == 0)
    return zeros({0}, DType::i64);
  Array flat = a.reshape({a.size()});
  Array truth = flat.dtype() == DType::bool_ ? flat : flat != 0;
  Array counts = cumsum(truth);
  // The total as a reduction, not the scan's last element: over ranks an
  // all-reduce of one number.
  int64_t count = sum(truth).item<int64_t>();
  return searchsorted(counts, arange(count) + 1);
}

void detail::checkMask(const char *op, const Array &a, const Array &mask) {
  const Shape &m = mask.shape(), &shape = a.shape();
  if (m.empty() || m.size() > shape.size())
    throw IndexError(std::string("legato.") + op + ": a boolean index of shape " + shapeString(m) +
                     " for an array of shape " + shapeString(shape) + " must cover 1 to " +
                     std::to_string(a.ndim()) + " leading axes");
  for (size_t d = 0; d < m.size(); ++d)
    if (m[d] != shape[d])
      throw IndexError(std::string("legato.") + op + ": the boolean index (shape " +
                       shapeString(m) + ") does not match the array (shape " + shapeString(shape) +
                       ") along axis " + std::to_string(d) + ": " + std::to_string(m[d]) +
                       " against " + std::to_string(shape[d]));
}

Shape detail::rowsUnderMask(const Array &a, const Array &mask) {
  Shape rows{mask.size()};
  rows.insert(rows.end(), a.shape().begin() + mask.ndim(), a.shape().end());
  return rows;
}

Array flatnonzero(const Array &a) { return positionsOfNonzeros("flatnonzero", a); }

std::vector<Array> nonzero(const Array &a) {
  refuse0d("nonzero", a);
  Array flat = positionsOfNonzeros("nonzero", a);
  std::vector<Array> positions(size_t(a.ndim()));
  int64_t stride = 1;
  for (int64_t d = a.ndim() - 1; d >= 0; --d) {
    positions[size_t(d)] = floor_divide(flat, stride) % a.shape()[size_t(d)];
    stride *= a.shape()[size_t(d)];
  }
  return positions;
}

Array argwhere(const Array &a) {
  refuse0d("argwhere", a);
  return stack(nonzero(a), 1);
}

Array compress(const Array &condition, const Array &a, std::optional<int64_t> axis) {
  if (condition.ndim() != 1)
    throw Error("legato.compress: the condition must be 1-D, not of shape " +
                shapeString(condition.shape()));
  // A condition longer than the axis may select past it: NumPy's IndexError.
  return take(a, positionsOfNonzeros("compress", condition), axis);
}

Array extract(const Array &condition, const Array &a) {
  return take(a.reshape({a.size()}), positionsOfNonzeros("extract", condition));
}

} // namespace legato
