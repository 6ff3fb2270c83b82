//===- allocator_test.cpp - the tracked host allocator ----------------------===//
//
// Accounting, alignment, the limit's error, and the pool: a freed block of a
// pooled size (128 KiB and up) is handed out again for any request of its
// size class instead of coming fresh from the system (page faults on first
// touch, bench/results/2026-12-03/cpu-pool).
//
//===----------------------------------------------------------------------===//
#include "Runtime/Allocator.h"

#include "legato/legato.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

using namespace legato::runtime;

namespace {

TEST(Allocator, CountsTheBytesHeldAndTheirPeak) {
  int64_t before = currentBytes();
  resetPeak();
  void *a = allocate(1000, "a test block");
  void *b = allocate(300000, "a test block");
  EXPECT_EQ(currentBytes(), before + 301000);
  deallocate(a);
  EXPECT_EQ(currentBytes(), before + 300000);
  deallocate(b);
  EXPECT_EQ(currentBytes(), before);
  EXPECT_EQ(peakBytes(), before + 301000);
  deallocate(nullptr); // as free(nullptr)
  EXPECT_EQ(currentBytes(), before);
}

TEST(Allocator, BlocksAre64ByteAligned) {
  std::vector<void *> blocks;
  for (int64_t bytes : {1, 63, 64, 1000, 131000, 131072, 300000, 5000000})
    blocks.push_back(allocate(bytes, "a test block"));
  for (void *p : blocks) {
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u);
    deallocate(p);
  }
}

TEST(Allocator, HandsAFreedPooledBlockOutAgainForItsSizeClass) {
  // 300,000 and 290,000 bytes share the class of 320 KiB (four classes per
  // power of two), 128 KiB blocks and 5 MB ones are pooled too.
  for (auto [first, second] : {std::pair<int64_t, int64_t>{300000, 300000},
                               {300000, 290000},
                               {131072, 131072},
                               {5000000, 4900000}}) {
    void *a = allocate(first, "a test block");
    deallocate(a);
    void *b = allocate(second, "a test block");
    EXPECT_EQ(a, b) << first << " then " << second << " bytes";
    deallocate(b);
  }
}

TEST(Allocator, BlocksOfDifferentClassesAreNotShared) {
  void *small = allocate(300000, "a test block");
  deallocate(small);
  // 600,000 bytes is in the class of 640 KiB: the 320 KiB block is too small.
  void *large = allocate(600000, "a test block");
  EXPECT_NE(small, large);
  static_cast<char *>(large)[599999] = 1; // the whole block is writable
  deallocate(large);
}

TEST(Allocator, ALimitMakesAnAllocationPastItAnError) {
  int64_t held = currentBytes();
  setMemoryLimit(held + 4096);
  try {
    allocate(8192, "a test block");
    setMemoryLimit(0);
    FAIL() << "an allocation past the limit succeeded";
  } catch (const legato::Error &e) {
    setMemoryLimit(0);
    std::string message = e.what();
    EXPECT_NE(message.find("8192 bytes for a test block"), std::string::npos) << message;
    EXPECT_NE(message.find("LEGATO_MEMORY_LIMIT"), std::string::npos) << message;
  }
  EXPECT_EQ(currentBytes(), held);
  void *p = allocate(8192, "a test block"); // no limit again
  deallocate(p);
}

// Sizes the system cannot give (2^60 bytes is past any address space) and
// sizes past any size class (whose rounding would overflow int64) are the
// out-of-memory error naming the bytes, never std::bad_alloc or a crash,
// and hold nothing afterwards.
TEST(Allocator, SizesNoMachineHoldsAreAnError) {
  int64_t held = currentBytes();
  for (int64_t bytes : {int64_t(1) << 60, INT64_MAX - 8}) {
    try {
      allocate(bytes, "a test block");
      FAIL() << bytes << " bytes were allocated";
    } catch (const legato::Error &e) {
      std::string message = e.what();
      EXPECT_NE(message.find("out of host memory allocating " + std::to_string(bytes) +
                             " bytes for a test block"),
                std::string::npos)
          << message;
    }
  }
  EXPECT_EQ(currentBytes(), held);
}

#if defined(__SANITIZE_ADDRESS__)
// `make test-asan`: a block in the pool is poisoned, so a write through a
// dangling pointer is reported as it would be for a block given back to
// malloc; handed out again, the block is writable.
TEST(AllocatorDeathTest, AWriteToAPooledBlockIsReportedUnderASan) {
  void *block = allocate(300000, "a test block");
  deallocate(block);
  EXPECT_DEATH(static_cast<volatile char *>(block)[1000] = 1, "use-after-poison");
  void *again = allocate(300000, "a test block");
  ASSERT_EQ(again, block);
  static_cast<volatile char *>(again)[1000] = 1;
  deallocate(again);
}
#endif

TEST(Allocator, ANegativeSizeIsAnError) {
  EXPECT_THROW(allocate(-1, "a test block"), legato::Error);
}

} // namespace
