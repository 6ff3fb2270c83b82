//===- Allocator.cpp - tracked host allocations -----------------------------===//
#include "Runtime/Allocator.h"

#include "legato/legato.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <string>

namespace legato::runtime {
namespace {
constexpr int64_t kAlign = 64;
// Each block starts with a header that records its size, so frees from
// generated code (which pass only the pointer) keep the count right.
constexpr int64_t kHeader = kAlign;
std::atomic<int64_t> current{0}, peak{0};

void account(int64_t delta) {
  int64_t now = current.fetch_add(delta) + delta;
  int64_t seen = peak.load();
  while (now > seen && !peak.compare_exchange_weak(seen, now)) {
  }
}
} // namespace

void *allocate(int64_t bytes, const char *what) {
  if (bytes < 0)
    throw Error(std::string("legato: negative allocation for ") + what);
  int64_t total = (bytes + kHeader + kAlign - 1) / kAlign * kAlign;
  void *base = std::aligned_alloc(kAlign, size_t(total));
  if (!base)
    throw Error(std::string("legato: out of host memory allocating ") +
                std::to_string(bytes) + " bytes for " + what +
                "; use smaller arrays or more ranks");
  *static_cast<int64_t *>(base) = bytes;
  account(bytes);
  return static_cast<char *>(base) + kHeader;
}

void deallocate(void *ptr) {
  if (!ptr)
    return;
  char *base = static_cast<char *>(ptr) - kHeader;
  account(-*reinterpret_cast<int64_t *>(base));
  std::free(base);
}

int64_t currentBytes() { return current.load(); }
int64_t peakBytes() { return peak.load(); }
void resetPeak() { peak.store(current.load()); }

} // namespace legato::runtime

// The entry points that `finalize-memref-to-llvm{use-generic-functions}`
// calls for the temporaries of generated kernels.
extern "C" void *legato_kernel_alloc(uint64_t bytes) {
  try {
    return legato::runtime::allocate(int64_t(bytes), "kernel temporary");
  } catch (...) {
    return nullptr; // kernels cannot unwind; the caller reports the failure
  }
}
extern "C" void *legato_kernel_aligned_alloc(uint64_t alignment, uint64_t bytes) {
  (void)alignment; // every block is 64-byte aligned, the most MLIR asks for
  return legato_kernel_alloc(bytes);
}
extern "C" void legato_kernel_free(void *ptr) { legato::runtime::deallocate(ptr); }
