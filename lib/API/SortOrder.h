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
/// Complex numbers order by their real parts, then their imaginary parts,
/// NaNs last in each: R + Rj, R + nanj, nan + Rj, nan + nanj (NumPy's).
inline Array sortsBefore(const Array &x, const Array &y) {
  if (isComplex(x.dtype()) || isComplex(y.dtype())) {
    Array xr = real(x), yr = real(y), xi = imag(x), yi = imag(y);
    Array realBefore = sortsBefore(xr, yr), realAfter = sortsBefore(yr, xr);
    Array imagBefore = sortsBefore(xi, yi);
    // A NaN imaginary part puts a number after every one without.
    Array imagNanOnlyInY = logical_and(isnan(yi), logical_not(isnan(xi)));
    Array imagNanInX = logical_and(isnan(xi), logical_not(isnan(yi)));
    Array bothNumbersReal = logical_and(logical_not(isnan(xr)), logical_not(isnan(yr)));
    return where(logical_and(realBefore, bothNumbersReal), logical_not(imagNanInX),
                 where(logical_and(realAfter, bothNumbersReal), imagNanOnlyInY,
                       where(logical_or(realBefore, realAfter), realBefore, imagBefore)));
  }
  Array less = x < y;
  if (isInexact(x.dtype()) || isInexact(y.dtype()))
    less = logical_or(less, logical_and(isnan(y), logical_not(isnan(x))));
  return less;
}

/// x and y equal in NumPy's sort order (NaN equals NaN; complex numbers
/// part by part).
inline Array sortsEqual(const Array &x, const Array &y) {
  if (isComplex(x.dtype()) || isComplex(y.dtype()))
    return logical_and(sortsEqual(real(x), real(y)), sortsEqual(imag(x), imag(y)));
  Array same = x == y;
  if (isInexact(x.dtype()) || isInexact(y.dtype()))
    same = logical_or(same, logical_and(isnan(x), isnan(y)));
  return same;
}

} // namespace legato::detail

#endif // LEGATO_API_SORTORDER_H
