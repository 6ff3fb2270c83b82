//===- HostView.h - a strided array in host memory -------------*- C++ -*-===//
//
// What the runtime's library steps (Lapack.h, Fft.h) take: generated CPU
// code passes memref descriptors, which `DescriptorView` reads; other
// backends stage their buffers through the host and describe them so.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_RUNTIME_HOSTVIEW_H
#define LEGATO_RUNTIME_HOSTVIEW_H

#include <cstdint>

namespace legato::runtime {

/// A strided array in host memory; strides in elements.
struct HostView {
  void *data;
  int64_t rank;
  const int64_t *sizes;
  const int64_t *strides;
};

/// An unranked memref argument of generated code: the rank and a pointer to
/// the ranked descriptor (allocated, aligned, offset, sizes, strides).
struct Unranked {
  int64_t rank;
  void *descriptor;
};

/// The view of elements of type T an unranked memref describes.
template <class T> HostView viewOf(const Unranked *m) {
  auto *fields = static_cast<char *>(m->descriptor);
  T *aligned = *reinterpret_cast<T **>(fields + sizeof(void *));
  auto *ints = reinterpret_cast<const int64_t *>(fields + 2 * sizeof(void *));
  return {aligned + ints[0], m->rank, ints + 1, ints + 1 + m->rank};
}

} // namespace legato::runtime

#endif // LEGATO_RUNTIME_HOSTVIEW_H
