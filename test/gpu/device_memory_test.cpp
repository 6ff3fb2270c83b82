//===- device_memory_test.cpp - a Runtime's GPU memory goes back when it ends -===//
//
// Run by test/gpu/run.sh on the GPU machine (CUDA backend). The driver's
// free-memory count is the oracle: a process that creates Runtimes one after
// another must not keep the memory of those that ended (each used to keep
// its own cache of freed blocks until the process exited), and an array
// that outlives its Runtime gives its block back when it is freed.
//
//===----------------------------------------------------------------------===//
#include "Codegen/CUDA/CudaApi.h"

#include <legato/legato.h>

#include <gtest/gtest.h>

#include <optional>

namespace {

constexpr int64_t kElements = int64_t(1) << 30; // 8 GiB of f64 per array
constexpr int64_t kArrayBytes = kElements * 8;
// Compiled modules stay loaded (ExecutableCache.h); they are far smaller.
constexpr int64_t kSlack = int64_t(256) << 20;

legato::Options onTheGpu() {
  legato::Options options;
  options.backend = legato::Backend::cuda;
  return options;
}

/// The driver's free bytes on the GPU whose context the Runtimes made
/// current on this thread.
int64_t freeGpuBytes() {
  size_t available = 0, total = 0;
  legato::cuda::check(legato::cuda::api().cuMemGetInfo(&available, &total), "cuMemGetInfo");
  return int64_t(available);
}

/// Free bytes once a Runtime has run something and ended.
int64_t freeBytesAtRest() {
  {
    legato::Runtime rt(onTheGpu());
    EXPECT_EQ(legato::sum(legato::ones({1000})).item<double>(), 1000.0);
  }
  return freeGpuBytes();
}

TEST(GpuMemory, ARuntimeGivesItsMemoryBackWhenItEnds) {
  const int64_t atRest = freeBytesAtRest();
  for (int round = 0; round < 4; ++round) {
    {
      legato::Runtime rt(onTheGpu());
      legato::Array a = legato::full({kElements}, 0.5);
      legato::Array b = a * 2.0 + 1.0;
      legato::flush(); // (both live: both in device memory, also in lazy mode)
      EXPECT_LE(freeGpuBytes(), atRest - 2 * kArrayBytes) << "round " << round;
      EXPECT_EQ(legato::sum(b).item<double>(), 2.0 * double(kElements)) << "round " << round;
    }
    EXPECT_GE(freeGpuBytes(), atRest - kSlack) << "after the Runtime of round " << round;
  }
}

TEST(GpuMemory, AnArrayThatOutlivesItsRuntimeFreesItsBlockWhenItGoes) {
  const int64_t atRest = freeBytesAtRest();
  std::optional<legato::Array> kept;
  {
    legato::Runtime rt(onTheGpu());
    kept = legato::full({kElements}, 3.0) * 2.0;
    legato::flush();
  }
  EXPECT_LE(freeGpuBytes(), atRest - kArrayBytes); // still held
  kept.reset();
  EXPECT_GE(freeGpuBytes(), atRest - kSlack);
}

} // namespace
