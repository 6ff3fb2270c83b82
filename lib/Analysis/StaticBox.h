//===- StaticBox.h - static boxes of tensors and their slices --*- C++ -*-===//
//
// A unit-stride box of static offsets and sizes, one entry per dim: the
// window of a tensor.insert_slice or tensor.extract_slice, or a part of an
// iteration space. Passes that reason about which part of a tensor a slice
// reads or overwrites (SliceChains, FuseSweeps) share it.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_ANALYSIS_STATICBOX_H
#define LEGATO_ANALYSIS_STATICBOX_H

#include "mlir/Interfaces/ViewLikeInterface.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <optional>

namespace mlir::legato {

struct StaticBox {
  SmallVector<int64_t, 2> offsets, sizes;

  /// The whole of a static shape.
  static StaticBox of(ArrayRef<int64_t> shape) {
    return {SmallVector<int64_t, 2>(shape.size(), 0), SmallVector<int64_t, 2>(shape)};
  }
  size_t rank() const { return offsets.size(); }
  int64_t end(size_t d) const { return offsets[d] + sizes[d]; }
  /// The number of elements.
  int64_t volume() const {
    int64_t n = 1;
    for (int64_t s : sizes)
      n *= std::max<int64_t>(s, 0);
    return n;
  }
  bool empty() const {
    return llvm::any_of(sizes, [](int64_t s) { return s <= 0; });
  }
  bool contains(const StaticBox &o) const {
    for (size_t d = 0; d < rank(); ++d)
      if (o.offsets[d] < offsets[d] || o.end(d) > end(d))
        return false;
    return true;
  }
  bool disjoint(const StaticBox &o) const {
    for (size_t d = 0; d < rank(); ++d)
      if (o.offsets[d] >= end(d) || offsets[d] >= o.end(d))
        return true;
    return false;
  }
  /// The common part (empty() when there is none).
  StaticBox intersect(const StaticBox &o) const {
    StaticBox r = *this;
    for (size_t d = 0; d < rank(); ++d) {
      r.offsets[d] = std::max(offsets[d], o.offsets[d]);
      r.sizes[d] = std::min(end(d), o.end(d)) - r.offsets[d];
    }
    return r;
  }
  /// The box moved by `by` (one entry per dim).
  StaticBox shifted(ArrayRef<int64_t> by) const {
    StaticBox r = *this;
    for (size_t d = 0; d < rank(); ++d)
      r.offsets[d] += by[d];
    return r;
  }
  bool operator==(const StaticBox &o) const { return offsets == o.offsets && sizes == o.sizes; }
};

/// `box` without `o`, as at most two boxes per dim.
inline SmallVector<StaticBox> minus(const StaticBox &box, const StaticBox &o) {
  if (box.disjoint(o))
    return {box};
  SmallVector<StaticBox> parts;
  StaticBox rest = box;
  for (size_t d = 0; d < box.rank(); ++d) {
    if (rest.offsets[d] < o.offsets[d]) {
      StaticBox below = rest;
      below.sizes[d] = o.offsets[d] - rest.offsets[d];
      parts.push_back(below);
      rest.sizes[d] -= below.sizes[d];
      rest.offsets[d] = o.offsets[d];
    }
    if (rest.end(d) > o.end(d)) {
      StaticBox above = rest;
      above.offsets[d] = o.end(d);
      above.sizes[d] = rest.end(d) - o.end(d);
      parts.push_back(above);
      rest.sizes[d] -= above.sizes[d];
    }
  }
  return parts;
}

/// The box of a static, unit-stride slice op, in the coordinates of its
/// larger tensor (an extract_slice's source, an insert_slice's dest).
inline std::optional<StaticBox> boxOf(OffsetSizeAndStrideOpInterface op) {
  if (!op.getOffsets().empty() || !op.getSizes().empty() ||
      !llvm::all_of(op.getStaticStrides(), [](int64_t s) { return s == 1; }))
    return std::nullopt;
  return StaticBox{SmallVector<int64_t, 2>(op.getStaticOffsets()),
                   SmallVector<int64_t, 2>(op.getStaticSizes())};
}

} // namespace mlir::legato

#endif // LEGATO_ANALYSIS_STATICBOX_H
