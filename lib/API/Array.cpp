//===- Array.cpp - the Array handle, views and host reads -------------------===//
#include "API/Engine.h"
#include "API/Ops.h"
#include "API/Promotion.h"

#include <cstring>

namespace legato {
using namespace detail;

std::string dtype_name(DType t) {
  switch (t) {
  case DType::bool_: return "bool";
  case DType::i32: return "int32";
  case DType::i64: return "int64";
  case DType::f32: return "float32";
  case DType::f64: return "float64";
  }
  return "?";
}

int64_t dtype_size(DType t) {
  switch (t) {
  case DType::bool_: return 1;
  case DType::i32:
  case DType::f32: return 4;
  case DType::i64:
  case DType::f64: return 8;
  }
  return 0;
}

Array::Array() : Array(zeros({}, f64)) {}
Array::Array(std::shared_ptr<detail::ArrayImpl> impl) : impl_(std::move(impl)) {}
Array::~Array() = default;
Array::Array(const Array &) = default;
Array::Array(Array &&) noexcept = default;
Array &Array::operator=(const Array &) = default;
Array &Array::operator=(Array &&) noexcept = default;

const Shape &Array::shape() const { return impl_->shape(); }
DType Array::dtype() const { return impl_->dtype(); }
int64_t Array::ndim() const { return int64_t(shape().size()); }
int64_t Array::size() const {
  int64_t n = 1;
  for (int64_t d : shape())
    n *= d;
  return n;
}

Array Array::astype(DType t) const { return legato::astype(*this, t); }
Array Array::reshape(Shape s) const { return legato::reshape(*this, std::move(s)); }
Array Array::T() const { return legato::transpose(*this); }
// Values are immutable nodes, so a copy is a new name for the current value;
// later writes to either array replace only that array's node.
Array Array::copy() const { return wrap(valueOf(*this)); }

namespace {
ArrayView viewOf(const Array &a, llvm::ArrayRef<Index> index) {
  Window w = Window::resolve(index, a.shape());
  auto view = std::make_shared<ArrayImpl>(a.impl(), std::move(w));
  if (view->window.dropsAll()) { // all-integer: NumPy's scalar copy
    view->snapshot = true;
    view->value();
  }
  return ArrayView(Array(std::move(view)));
}
} // namespace

ArrayView Array::operator[](std::initializer_list<Index> index) const {
  return viewOf(*this, index);
}

ArrayView Array::operator[](const std::vector<Index> &index) const { return viewOf(*this, index); }

void detail::assignWhole(const std::shared_ptr<ArrayImpl> &target, NodePtr value) {
  const Shape &shape = target->shape();
  DType t = target->dtype();
  value = withoutExtraLeadingOnes(std::move(value), shape);
  checkBroadcastTo("setitem", value->shape, shape);
  NodePtr v = broadcastNode(convertNode(std::move(value), t), shape);
  if (target->base) {
    target->base->write(target->window, v);
    target->baseVersion = target->base->version;
    target->setNode(v);
  } else {
    target->setNode(v);
  }
  engine().afterOp(target->node);
}

ArrayView &ArrayView::operator=(const Array &value) {
  assignWhole(impl_, valueOf(value));
  return *this;
}
ArrayView &ArrayView::operator=(const ArrayView &value) {
  return *this = static_cast<const Array &>(value);
}
ArrayView &ArrayView::operator=(Scalar value) {
  assignWhole(impl_, constantNode(value, impl_->dtype(), {}));
  return *this;
}

void Array::copy_to_host(void *dst, DType as) const {
  NodePtr n = valueOf(*this);
  if (n->kind == OpKind::Param)
    throw Error(tracedValueOutsideItsCall());
  if (n->pending()) // (computed values stay readable after the Runtime ends)
    engine().materialize(n);
  int64_t count = n->size();
  if (count == 0)
    return; // (memcpy of nothing from/to null is still undefined)
  // (a distributed array is gathered; only those need the Runtime)
  auto readWhole = [&](void *to) {
    n->sharding ? engine().readWhole(*n, to) : n->buffer->read(to);
  };
  if (as == n->dtype) {
    readWhole(dst);
    return;
  }
  std::vector<char> staged; // the whole array in host memory first
  const void *src = n->buffer->data;
  if (!n->buffer->onHost() || n->sharding) {
    staged.resize(size_t(count * dtype_size(n->dtype)));
    readWhole(staged.data());
    src = staged.data();
  }
  auto load = [&](int64_t i) -> double {
    switch (n->dtype) {
    case DType::bool_: return static_cast<const uint8_t *>(src)[i];
    case DType::i32: return static_cast<const int32_t *>(src)[i];
    case DType::i64: return double(static_cast<const int64_t *>(src)[i]);
    case DType::f32: return static_cast<const float *>(src)[i];
    case DType::f64: return static_cast<const double *>(src)[i];
    }
    return 0;
  };
  for (int64_t i = 0; i < count; ++i) {
    // Integers to int64 go directly, so values beyond 2^53 stay exact.
    if (as == DType::i64 && n->dtype == DType::i32) {
      static_cast<int64_t *>(dst)[i] = static_cast<const int32_t *>(src)[i];
      continue;
    }
    double v = load(i);
    switch (as) {
    case DType::bool_: static_cast<bool *>(dst)[i] = v != 0; break;
    case DType::i32: static_cast<int32_t *>(dst)[i] = int32_t(int64_t(v)); break;
    case DType::i64: static_cast<int64_t *>(dst)[i] = int64_t(v); break;
    case DType::f32: static_cast<float *>(dst)[i] = float(v); break;
    case DType::f64: static_cast<double *>(dst)[i] = v; break;
    }
  }
}

void Array::throw_item_error() const {
  throw Error("legato.item: can only convert an array of size 1 to a scalar, not shape " +
              shapeString(shape()) + "; index or reduce it first");
}

} // namespace legato
