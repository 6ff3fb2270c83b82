//===- SortOrder.h - NumPy's sort order as array expressions ----*- C++ -*-===//
//
// The order np.sort and np.searchsorted share: numbers ascending, NaN after
// every number. Shared by the binary searches (Search.cpp) and the sorting
// network (Sorting.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_API_SORTORDER_H
#define LEGATO_API_SORTORDER_H

#include "API/Promotion.h"

namespace legato::detail {

/// x < y in NumPy's sort order, where NaN comes after every number.
inline Array sortsBefore(const Array &x, const Array &y) {
  Array less = x < y;
  if (isInexact(x.dtype()) || isInexact(y.dtype()))
    less = logical_or(less, logical_and(isnan(y), logical_not(isnan(x))));
  return less;
}

/// x and y equal in NumPy's sort order (NaN equals NaN).
inline Array sortsEqual(const Array &x, const Array &y) {
  Array same = x == y;
  if (isInexact(x.dtype()) || isInexact(y.dtype()))
    same = logical_or(same, logical_and(isnan(x), isnan(y)));
  return same;
}

} // namespace legato::detail

#endif // LEGATO_API_SORTORDER_H
