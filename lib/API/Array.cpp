//===- Array.cpp - the Array handle, views and host reads -------------------===//
#include "API/Engine.h"
#include "API/HostElements.h"
#include "API/Ops.h"
#include "API/Promotion.h"

#include <cstring>

namespace legato {
using namespace detail;

std::string dtype_name(DType t) {
  switch (t) {
  case DType::bool_: return "bool";
  case DType::i8: return "int8";
  case DType::i16: return "int16";
  case DType::i32: return "int32";
  case DType::i64: return "int64";
  case DType::u8: return "uint8";
  case DType::u16: return "uint16";
  case DType::u32: return "uint32";
  case DType::u64: return "uint64";
  case DType::f16: return "float16";
  case DType::f32: return "float32";
  case DType::f64: return "float64";
  case DType::c64: return "complex64";
  case DType::c128: return "complex128";
  }
  return "?";
}

int64_t dtype_size(DType t) {
  switch (t) {
  case DType::bool_:
  case DType::i8:
  case DType::u8: return 1;
  case DType::i16:
  case DType::u16:
  case DType::f16: return 2;
  case DType::i32:
  case DType::u32:
  case DType::f32: return 4;
  case DType::i64:
  case DType::u64:
  case DType::f64:
  case DType::c64: return 8;
  case DType::c128: return 16;
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
  convertElements(src, n->dtype, dst, as, count);
}

void Array::throw_item_error() const {
  throw Error("legato.item: can only convert an array of size 1 to a scalar, not shape " +
              shapeString(shape()) + "; index or reduce it first");
}

} // namespace legato
