//===- Allocator.h - tracked host allocations -------------------*- C++ -*-===//
//
// Every host byte legato allocates, for arrays and for the temporaries inside
// generated kernels, goes through here, so peak memory is measured exactly
// (bytes held by arrays and temporaries; the pool's free blocks do not count).
// LEGATO_POOL_BYTES bounds the free blocks kept for reuse (default 4 GiB).
// An optional limit (Options::memory_limit, LEGATO_MEMORY_LIMIT) caps the
// bytes held: past it an allocation is a legato::Error, as if memory had run
// out, so a job sized for a smaller machine fails the same way everywhere.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_RUNTIME_ALLOCATOR_H
#define LEGATO_RUNTIME_ALLOCATOR_H

#include <cstdint>
#include <memory>
#include <string>

namespace legato::runtime {

/// 64-byte aligned allocation; throws legato::Error naming `what` and the
/// byte count when memory is exhausted or the limit would be passed.
/// `checkLimit` false is for memory the caller checked in advance
/// (checkMemoryLimit), such as a kernel's temporaries.
void *allocate(int64_t bytes, const char *what, bool checkLimit = true);
void deallocate(void *ptr);

/// The most bytes legato may hold at once (0: no limit).
void setMemoryLimit(int64_t bytes);
/// Throws the limit's legato::Error when `bytes` more would pass it.
void checkMemoryLimit(int64_t bytes, const char *what);
/// The message of an allocation over a limit, for every kind of memory.
std::string memoryLimitMessage(int64_t bytes, const char *what, int64_t limit, int64_t inUse,
                               const char *memory);

int64_t currentBytes();
int64_t peakBytes();
/// Restarts peak tracking from the current usage.
void resetPeak();

/// The contiguous, row-major data of an array, owned by a shared_ptr: host
/// memory here; a backend's subclass holds device memory, and only `read`
/// and `write` touch the bytes from the host.
struct Buffer {
  explicit Buffer(int64_t bytes) : bytes(bytes), data(allocate(bytes, "array")) {}
  virtual ~Buffer() {
    if (ownsHostMemory)
      deallocate(data);
  }
  Buffer(const Buffer &) = delete;
  Buffer &operator=(const Buffer &) = delete;
  /// Copies `count` bytes at byte `offset` to host memory at `dst` (waiting
  /// for pending work that writes them).
  virtual void readRange(int64_t offset, int64_t count, void *dst) const;
  /// Replaces `count` bytes at byte `offset` by host memory at `src`.
  virtual void writeRange(int64_t offset, int64_t count, const void *src);
  /// Copies `count` bytes at `srcOffset` of `src` (a buffer of the same
  /// kind of memory) to byte `offset` of this one.
  virtual void copyRange(const Buffer &src, int64_t srcOffset, int64_t offset, int64_t count);
  /// The whole buffer to or from host memory.
  void read(void *dst) const { readRange(0, bytes, dst); }
  void write(const void *src) { writeRange(0, bytes, src); }
  /// Whether `data` is host memory the caller may read directly.
  bool onHost() const { return inHostMemory; }

  int64_t bytes;
  void *data;

protected:
  /// A buffer whose memory a subclass allocated and frees (or borrows), in
  /// host memory or not.
  Buffer(int64_t bytes, void *data, bool hostMemory = false)
      : bytes(bytes), data(data), inHostMemory(hostMemory), ownsHostMemory(false) {}

private:
  bool inHostMemory = true, ownsHostMemory = true;
};

/// Bytes [offset, offset + bytes) of another buffer, which it keeps alive:
/// a block written inside a larger allocation, so that a halo exchange can
/// put ghost rows around it in place instead of copying it.
struct BufferView final : Buffer {
  BufferView(std::shared_ptr<Buffer> parent, int64_t offset, int64_t bytes)
      : Buffer(bytes, static_cast<char *>(parent->data) + offset, parent->onHost()),
        parent(std::move(parent)), offset(offset) {}
  void readRange(int64_t at, int64_t count, void *dst) const override {
    parent->readRange(offset + at, count, dst);
  }
  void writeRange(int64_t at, int64_t count, const void *src) override {
    parent->writeRange(offset + at, count, src);
  }
  void copyRange(const Buffer &src, int64_t srcOffset, int64_t at, int64_t count) override {
    parent->copyRange(src, srcOffset, offset + at, count);
  }

  const std::shared_ptr<Buffer> parent;
  const int64_t offset;
};

} // namespace legato::runtime

#endif // LEGATO_RUNTIME_ALLOCATOR_H
