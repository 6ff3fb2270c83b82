//===- ArrayImpl.h - what an Array refers to --------------------*- C++ -*-===//
#ifndef LEGATO_API_ARRAYIMPL_H
#define LEGATO_API_ARRAYIMPL_H

#include "API/Node.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>

namespace legato::detail {

/// A strided window of an array: per dimension an offset, a stride and a
/// size; `dropped` marks dimensions selected by an integer index.
struct Window {
  // (Inline for the usual ranks: indexing allocates nothing here.)
  llvm::SmallVector<int64_t, 4> offsets, strides, sizes;
  llvm::SmallVector<bool, 4> dropped;
  /// The shape of the selected values, integer-indexed dims removed.
  Shape resultShape() const;
  /// Whether integer indices remove some dims, or all of them.
  bool dropsAny() const { return std::find(dropped.begin(), dropped.end(), true) != dropped.end(); }
  bool dropsAll() const { return std::find(dropped.begin(), dropped.end(), false) == dropped.end(); }
  /// Resolves NumPy basic indexing against `shape` (throws legato::Error).
  static Window resolve(llvm::ArrayRef<Index> index, const Shape &shape);
};

/// The storage an Array names. Values are immutable nodes; an in-place write
/// replaces the current node by a functional update, so every Array sharing
/// this impl sees it. A view (`a[{...}]`) re-derives its value from its base
/// when the base changed and forwards writes to the base.
struct ArrayImpl {
  explicit ArrayImpl(NodePtr n) : shape_(n->shape) { setNode(std::move(n)); }
  ArrayImpl(std::shared_ptr<ArrayImpl> base, Window window)
      : base(std::move(base)), window(std::move(window)), shape_(this->window.resultShape()) {}
  ~ArrayImpl() { setNode(nullptr); }

  /// The current value (re-sliced from the base for a view).
  const NodePtr &value();
  DType dtype();
  /// The same for the array's lifetime: a view's node, which a write to
  /// its base replaces, may be gone before a reference to it is used
  /// (`const Shape &s = v.shape(); argmin(v)` once read freed memory).
  const Shape &shape() const { return shape_; }
  /// Writes `v` (already of the window's result shape and our dtype) into
  /// `w`, which is relative to this array.
  void write(const Window &w, NodePtr v);

  void setNode(NodePtr n);

  NodePtr node;
  std::shared_ptr<ArrayImpl> base;
  Window window;
  uint64_t version = 0;     ///< bumped on every change of `node`
  uint64_t baseVersion = 0; ///< base->version when `node` was derived
  /// An all-integer index (x[1, 2]): NumPy gives a scalar, a copy taken when
  /// indexed. Writes through the ArrayView still reach the base; later writes
  /// to the base or to this array do not cross.
  bool snapshot = false;

private:
  Shape shape_;
};

} // namespace legato::detail

#endif // LEGATO_API_ARRAYIMPL_H
