//===- Selection.cpp - a[indices] and a[mask], read and assigned ------------===//
//
// A Selection remembers the array, its value when indexed and the index.
// Reading it takes from that value (a copy, as NumPy's advanced indexing);
// assigning to it scatters into the array's current value. A mask selects
// whole subarrays of the leading axes it covers: they are read at the
// positions of its true elements (one host read: their count), and written
// as Scatter.cpp's writeThroughMask says.
//
//===----------------------------------------------------------------------===//
#include "API/Engine.h"
#include "API/IndexArrays.h"
#include "API/Ops.h"

#include <string>

namespace legato {
using namespace detail;

Selection Array::operator[](const Array &indices) const { return Selection(*this, indices); }

Selection::Selection(const Array &base, const Array &indices)
    : base_(base), snapshot_(base.copy()), indices_(indices) {
  if (indices.dtype() == DType::bool_)
    checkMask("getitem", base, indices);
  else if (base.ndim() == 0)
    throw IndexError("legato.getitem: a 0-d array cannot be indexed by an array (indices of shape " +
                     shapeString(indices.shape()) + ")");
  else
    refuseFloatIndices("getitem", indices); // (before take, whose error is a TypeError)
}

const Array &Selection::selected() const {
  if (!selected_) {
    Array read;
    if (indices_.dtype() != DType::bool_)
      read = take(snapshot_, indices_, 0);
    else
      read = take(snapshot_.reshape(rowsUnderMask(snapshot_, indices_)),
                  positionsOfNonzeros("getitem", indices_), 0, IndexMode::clip); // in range
    selected_ = std::make_shared<Array>(std::move(read));
  }
  return *selected_;
}

Selection::operator Array() const { return selected(); }

Selection Selection::operator[](const Array &indices) const { return selected()[indices]; }

Selection &Selection::operator=(const Array &value) {
  if (indices_.dtype() == DType::bool_)
    writeThroughMask("setitem", base_, indices_, value, /*add=*/false);
  else
    storeAlongAxis0("setitem", base_, indices_, value);
  return *this;
}

Selection &Selection::operator=(const Selection &value) { return *this = Array(value); }

Selection &Selection::operator=(Scalar value) {
  return *this = wrap(constantNode(value, base_.dtype(), {}));
}

} // namespace legato
