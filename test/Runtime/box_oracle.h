//===- box_oracle.h - expected contents of boxes of a global array -*- C++ -*-===//
//
// The tests' oracle: element e of a global array holds valueAt(linear index
// of e), so the content of any box is known on every rank without messages.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_TEST_RUNTIME_BOX_ORACLE_H
#define LEGATO_TEST_RUNTIME_BOX_ORACLE_H

#include "Support/Sharding.h"

#include <cstdint>
#include <type_traits>
#include <vector>

namespace legato::test {

/// Calls f(index) for every index of `box`, row-major (once for a 0-d box).
template <typename F> void forEachIndex(const support::Box &box, F &&f) {
  if (box.empty())
    return;
  std::vector<int64_t> index = box.lo;
  while (true) {
    f(index);
    size_t d = index.size();
    while (d > 0) {
      --d;
      if (++index[d] < box.hi[d])
        break;
      index[d] = box.lo[d];
      if (d == 0)
        return;
    }
    if (index.empty())
      return;
  }
}

inline int64_t linearIndex(const Shape &global, const std::vector<int64_t> &index) {
  int64_t linear = 0;
  for (size_t d = 0; d < global.size(); ++d)
    linear = linear * global[d] + index[d];
  return linear;
}

inline bool holds(const support::Box &box, const std::vector<int64_t> &index) {
  for (size_t d = 0; d < index.size(); ++d)
    if (index[d] < box.lo[d] || index[d] >= box.hi[d])
      return false;
  return true;
}

/// An element value that differs between elements, in any element type.
template <typename T> T valueAt(int64_t linear) {
  if constexpr (std::is_arithmetic_v<T>)
    return T(linear * 7 + 3);
  else
    return T{linear * 7 + 3, -linear, linear ^ 0x55};
}

/// The row-major content of `box` of the global array.
template <typename T> std::vector<T> contentOf(const support::Box &box, const Shape &global) {
  std::vector<T> content;
  forEachIndex(box, [&](const std::vector<int64_t> &index) {
    content.push_back(valueAt<T>(linearIndex(global, index)));
  });
  return content;
}

} // namespace legato::test

#endif // LEGATO_TEST_RUNTIME_BOX_ORACLE_H
