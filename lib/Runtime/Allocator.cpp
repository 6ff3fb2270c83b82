//===- Allocator.cpp - tracked host allocations -----------------------------===//
//
// Blocks from 128 KiB up are pooled. glibc serves such blocks with fresh
// mmaps, or from the top of its heap, which it gives back to the system once
// more than a few such blocks are free there; either way every array a kernel
// writes would first take a page fault per 4 KiB (a 32 MiB result: ~8k
// faults, as long as the kernel itself; CFD at 256², whose arrays are 512 KiB,
// took ten times the faults of its jit in lazy mode and ran 2x slower:
// bench/results/2026-12-03/cpu-pool). Freed blocks are kept by size class and handed
// out again, as CuPy's and PyTorch's pools do; the pool is bounded, and
// emptied before an allocation is reported as failing.
//
//===----------------------------------------------------------------------===//
#include "Runtime/Allocator.h"

#include "legato/legato.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <new>
#include <mutex>
#include <string>

// Under AddressSanitizer a pooled block is poisoned while it waits in the
// pool: the pool never hands it back to ASan's allocator, so a read or write
// through a dangling pointer would otherwise go unseen.
#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#define LEGATO_POISON(block, bytes) ASAN_POISON_MEMORY_REGION(block, bytes)
#define LEGATO_UNPOISON(block, bytes) ASAN_UNPOISON_MEMORY_REGION(block, bytes)
#else
#define LEGATO_POISON(block, bytes) ((void)(block), (void)(bytes))
#define LEGATO_UNPOISON(block, bytes) ((void)(block), (void)(bytes))
#endif

namespace legato::runtime {
namespace {
constexpr int64_t kAlign = 64;
// Each block starts with a header that records its size class and the bytes
// asked for, so frees from generated code (which pass only the pointer) keep
// the count right and find the block's pool.
struct Header {
  int64_t capacity; // total bytes of the block, header included
  int64_t bytes;    // bytes asked for
};
constexpr int64_t kHeader = kAlign;
static_assert(sizeof(Header) <= kHeader);

// Blocks below this go straight to malloc, which recycles them well (glibc's
// default mmap threshold).
constexpr int64_t kPoolMinimum = int64_t(1) << 17;

std::atomic<int64_t> current{0}, peak{0}, limit{0};

void account(int64_t delta) {
  int64_t now = current.fetch_add(delta) + delta;
  int64_t seen = peak.load();
  while (now > seen && !peak.compare_exchange_weak(seen, now)) {
  }
}

/// Rounds a large request up to one of four classes per power of two (at most
/// 25% slack), so blocks of nearly equal size are interchangeable.
int64_t sizeClass(int64_t total) {
  if (total < kPoolMinimum)
    return (total + kAlign - 1) / kAlign * kAlign;
  int shift = 63 - __builtin_clzll(uint64_t(total)) - 2;
  int64_t step = int64_t(1) << shift;
  return (total + step - 1) / step * step;
}

int64_t poolLimit() {
  if (const char *v = std::getenv("LEGATO_POOL_BYTES"))
    return std::atoll(v);
  return int64_t(4) << 30;
}

struct Pool {
  std::mutex mutex;
  std::multimap<int64_t, void *> free; // capacity -> block
  int64_t freeBytes = 0;
  const int64_t limit = poolLimit();

  void *take(int64_t capacity) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = free.find(capacity);
    if (it == free.end())
      return nullptr;
    void *block = it->second;
    free.erase(it);
    freeBytes -= capacity;
    LEGATO_UNPOISON(block, capacity);
    return block;
  }
  /// False when the pool is full: the caller frees the block.
  bool give(int64_t capacity, void *block) {
    std::lock_guard<std::mutex> lock(mutex);
    if (freeBytes + capacity > limit)
      return false;
    free.emplace(capacity, block);
    freeBytes += capacity;
    LEGATO_POISON(block, capacity);
    return true;
  }
  void release() {
    std::lock_guard<std::mutex> lock(mutex);
    for (auto &[capacity, block] : free) {
      LEGATO_UNPOISON(block, capacity);
      std::free(block);
    }
    free.clear();
    freeBytes = 0;
  }
};

/// Never destroyed: blocks may be freed during static destruction.
Pool &pool() {
  static Pool *instance = new Pool;
  return *instance;
}

} // namespace

std::string memoryLimitMessage(int64_t bytes, const char *what, int64_t limit, int64_t inUse,
                               const char *memory) {
  return std::string("legato: out of ") + memory + " allocating " + std::to_string(bytes) +
         " bytes for " + what + ": the memory limit (Options::memory_limit, " +
         "LEGATO_MEMORY_LIMIT) is " + std::to_string(limit) + " bytes and " +
         std::to_string(inUse) + " are in use; raise the limit, use smaller arrays or more ranks";
}

void setMemoryLimit(int64_t bytes) { limit.store(std::max<int64_t>(bytes, 0)); }

void checkMemoryLimit(int64_t bytes, const char *what) {
  int64_t cap = limit.load(), inUse = current.load();
  if (cap > 0 && inUse + bytes > cap)
    throw Error(memoryLimitMessage(bytes, what, cap, inUse, "host memory"));
}

void *allocate(int64_t bytes, const char *what, bool checkLimit) {
  if (bytes < 0)
    throw Error(std::string("legato: negative allocation for ") + what);
  if (checkLimit)
    checkMemoryLimit(bytes, what);
  auto outOfMemory = [&] {
    return Error(std::string("legato: out of host memory allocating ") + std::to_string(bytes) +
                 " bytes for " + what + "; use smaller arrays or more ranks");
  };
  // (Past this no size class exists: its rounding would overflow.)
  if (bytes > std::numeric_limits<int64_t>::max() / 2)
    throw outOfMemory();
  int64_t capacity = sizeClass(bytes + kHeader);
  void *base = capacity >= kPoolMinimum ? pool().take(capacity) : nullptr;
  if (!base)
    base = std::aligned_alloc(kAlign, size_t(capacity));
  if (!base && capacity >= kPoolMinimum) {
    pool().release(); // cached blocks of other sizes may make room
    base = std::aligned_alloc(kAlign, size_t(capacity));
  }
  if (!base)
    throw outOfMemory();
  *static_cast<Header *>(base) = Header{capacity, bytes};
  account(bytes);
  return static_cast<char *>(base) + kHeader;
}

void deallocate(void *ptr) {
  if (!ptr)
    return;
  char *base = static_cast<char *>(ptr) - kHeader;
  Header header = *reinterpret_cast<Header *>(base);
  account(-header.bytes);
  bool pooled = false;
  if (header.capacity >= kPoolMinimum) {
    try {
      pooled = pool().give(header.capacity, base);
    } catch (const std::bad_alloc &) { // (no memory for the pool's entry: free it)
    }
  }
  if (!pooled)
    std::free(base);
}

void Buffer::readRange(int64_t offset, int64_t count, void *dst) const {
  if (count)
    std::memcpy(dst, static_cast<const char *>(data) + offset, size_t(count));
}
void Buffer::writeRange(int64_t offset, int64_t count, const void *src) {
  if (count)
    std::memcpy(static_cast<char *>(data) + offset, src, size_t(count));
}
void Buffer::copyRange(const Buffer &src, int64_t srcOffset, int64_t offset, int64_t count) {
  if (count)
    std::memcpy(static_cast<char *>(data) + offset,
                static_cast<const char *>(src.data) + srcOffset, size_t(count));
}

int64_t currentBytes() { return current.load(); }
int64_t peakBytes() { return peak.load(); }
void resetPeak() { peak.store(current.load()); }

} // namespace legato::runtime

// The entry points that `finalize-memref-to-llvm{use-generic-functions}`
// calls for the temporaries of generated kernels.
// The backend checked a kernel's temporaries against the memory limit before
// launching it. Kernels cannot unwind, and null would be written through, so
// memory running out here ends the process with the reason.
extern "C" void *legato_kernel_alloc(uint64_t bytes) {
  try {
    return legato::runtime::allocate(int64_t(bytes), "a kernel temporary", /*checkLimit=*/false);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "%s\n", e.what());
    std::abort();
  }
}
extern "C" void *legato_kernel_aligned_alloc(uint64_t alignment, uint64_t bytes) {
  (void)alignment; // every block is 64-byte aligned, the most MLIR asks for
  return legato_kernel_alloc(bytes);
}
extern "C" void legato_kernel_free(void *ptr) { legato::runtime::deallocate(ptr); }
