//===- ArrayImpl.cpp - Array storage, views and basic indexing --------------===//
#include "API/ArrayImpl.h"

#include "API/Engine.h"
#include "API/Ops.h"

#include <cstring>

namespace legato::detail {

Shape Window::resultShape() const {
  Shape s;
  s.reserve(sizes.size());
  for (size_t d = 0; d < sizes.size(); ++d)
    if (!dropped[d])
      s.push_back(sizes[d]);
  return s;
}

Window Window::resolve(llvm::ArrayRef<Index> index, const Shape &shape) {
  int64_t rank = int64_t(shape.size());
  if (int64_t(index.size()) > rank)
    throw IndexError("legato.getitem: too many indices (" + std::to_string(index.size()) +
                     ") for an array of shape " + shapeString(shape) +
                     "; use at most one index per axis");
  Window w;
  w.offsets.reserve(size_t(rank));
  w.strides.reserve(size_t(rank));
  w.sizes.reserve(size_t(rank));
  w.dropped.reserve(size_t(rank));
  for (int64_t d = 0; d < rank; ++d) {
    int64_t n = shape[d];
    Slice s = all;
    if (d < int64_t(index.size())) {
      if (auto *i = std::get_if<int64_t>(&index[d].value)) {
        int64_t k = *i < 0 ? *i + n : *i;
        if (k < 0 || k >= n)
          throw IndexError("legato.getitem: index " + std::to_string(*i) +
                           " is out of bounds for axis " + std::to_string(d) + " with size " +
                           std::to_string(n) + " of an array of shape " + shapeString(shape));
        w.offsets.push_back(k);
        w.strides.push_back(1);
        w.sizes.push_back(1);
        w.dropped.push_back(true);
        continue;
      }
      s = std::get<Slice>(index[d].value);
    }
    if (s.step == 0)
      throw Error("legato.getitem: slice step cannot be zero (axis " + std::to_string(d) +
                  " of an array of shape " + shapeString(shape) + ")");
    // Python's slice.indices().
    int64_t start, stop, size;
    auto wrap = [n](int64_t v) { return v < 0 ? v + n : v; };
    if (s.step > 0) {
      start = s.start ? std::clamp<int64_t>(wrap(*s.start), 0, n) : 0;
      stop = s.stop ? std::clamp<int64_t>(wrap(*s.stop), 0, n) : n;
      size = stop > start ? (stop - start + s.step - 1) / s.step : 0;
    } else {
      start = s.start ? std::clamp<int64_t>(wrap(*s.start), -1, n - 1) : n - 1;
      stop = s.stop ? std::clamp<int64_t>(wrap(*s.stop), -1, n - 1) : -1;
      size = start > stop ? (start - stop - s.step - 1) / -s.step : 0;
    }
    w.offsets.push_back(size > 0 ? start : 0);
    w.strides.push_back(s.step);
    w.sizes.push_back(size);
    w.dropped.push_back(false);
  }
  return w;
}

void ArrayImpl::setNode(NodePtr n) {
  // The engine counts the recent values that Arrays hold (for the loop
  // detector): it hears of the first hold and of the last.
  Engine *e = engineOrNull();
  if (n && n->handles++ == 0 && e)
    e->heldChanged(*n, true);
  if (node && --node->handles == 0 && e)
    e->heldChanged(*node, false);
  node = std::move(n);
  ++version;
}

static std::vector<int64_t> concat(llvm::ArrayRef<int64_t> a, llvm::ArrayRef<int64_t> b) {
  std::vector<int64_t> r;
  r.reserve(a.size() + b.size());
  r.insert(r.end(), a.begin(), a.end());
  r.insert(r.end(), b.begin(), b.end());
  return r;
}

const NodePtr &ArrayImpl::value() {
  if (base && !(snapshot && node)) {
    const NodePtr &source = base->value();
    if (!node || baseVersion != base->version) {
      NodePtr sliced = makeNode(OpKind::Slice, source->dtype,
                                Shape(window.sizes.begin(), window.sizes.end()), {source},
                                concat(window.offsets, window.strides));
      baseVersion = base->version;
      setNode(window.dropsAny() ? reshapeNode(sliced, window.resultShape()) : sliced);
    }
  }
  return node;
}

DType ArrayImpl::dtype() { return base ? base->dtype() : node->dtype; }

void ArrayImpl::write(const Window &w, NodePtr v) {
  for (int64_t size : w.sizes)
    if (size == 0)
      return; // an empty window: nothing changes (NumPy checks shapes only)
  const NodePtr &current = value();
  NodePtr shaped = reshapeNode(std::move(v), Shape(w.sizes.begin(), w.sizes.end()));
  NodePtr updated = makeNode(OpKind::InsertSlice, current->dtype, current->shape,
                             {shaped, current}, concat(w.offsets, w.strides));
  if (base && !snapshot) {
    base->write(window, updated);
    baseVersion = base->version;
  }
  setNode(updated);
}

} // namespace legato::detail
