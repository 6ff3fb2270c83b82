//===- Allocator.h - tracked host allocations -------------------*- C++ -*-===//
//
// Every host byte legato allocates, for arrays and for the temporaries inside
// generated kernels, goes through here, so peak memory is measured exactly
// (bytes held by arrays and temporaries; the pool's free blocks do not count).
// LEGATO_POOL_BYTES bounds the free blocks kept for reuse (default 4 GiB).
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_RUNTIME_ALLOCATOR_H
#define LEGATO_RUNTIME_ALLOCATOR_H

#include <cstdint>
#include <memory>

namespace legato::runtime {

/// 64-byte aligned allocation; throws legato::Error naming `what` and the
/// byte count when memory is exhausted.
void *allocate(int64_t bytes, const char *what);
void deallocate(void *ptr);

int64_t currentBytes();
int64_t peakBytes();
/// Restarts peak tracking from the current usage.
void resetPeak();

/// A contiguous, row-major host buffer owned by a shared_ptr.
struct Buffer {
  explicit Buffer(int64_t bytes) : bytes(bytes), data(allocate(bytes, "array")) {}
  ~Buffer() { deallocate(data); }
  Buffer(const Buffer &) = delete;
  Buffer &operator=(const Buffer &) = delete;
  int64_t bytes;
  void *data;
};

} // namespace legato::runtime

#endif // LEGATO_RUNTIME_ALLOCATOR_H
