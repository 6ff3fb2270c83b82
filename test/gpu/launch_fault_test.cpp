//===- launch_fault_test.cpp - a failing kernel launch is a named error ----===//
//
// Run by test/gpu/run.sh on the GPU machine (CUDA backend), alone and at 2
// ranks sharing the GPU. The driver's cuLaunchKernel is replaced, through
// the backend's own table, by one that fails as a real launch can (too many
// resources asked); the program must end in a legato::Error naming the
// kernel and the driver's error, and the Runtime must carry on once
// launches work again. Then the last rank's waits for the GPU fail as after
// a kernel's fault (which surfaces at the next wait, on that rank alone):
// every rank must throw that rank's error, none wait for it in a
// collective. Device out-of-memory is
// Memory.AnAllocationLargerThanMemoryIsAnError (lifetime_test), also run on
// the GPU by run.sh.
//
//===----------------------------------------------------------------------===//
#include "Codegen/CUDA/CudaApi.h"

#include <legato/legato.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <string>

namespace {

int envInt(const char *name, int otherwise) {
  const char *v = std::getenv(name);
  return v ? std::atoi(v) : otherwise;
}

CUresult failingLaunch(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                       unsigned, CUstream, void **, void **) {
  return CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES;
}

TEST(GpuFaults, AFailingLaunchNamesTheKernel) {
  legato::Options options;
  options.backend = legato::Backend::cuda;
  legato::Runtime rt(options);
  legato::Array a = legato::ones({1000});
  legato::flush();

  legato::cuda::Api &driver = legato::cuda::mutableApi();
  auto launch = driver.cuLaunchKernel;
  driver.cuLaunchKernel = failingLaunch;
  std::string message;
  try {
    legato::Array b = a * 2.0 + 1.0;
    double total = legato::sum(b).item<double>();
    ADD_FAILURE() << "no error; the sum was " << total;
  } catch (const legato::Error &e) {
    message = e.what();
  }
  driver.cuLaunchKernel = launch;
  EXPECT_NE(message.find("launching kernel main_kernel"), std::string::npos) << message;
  EXPECT_NE(message.find("CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES"), std::string::npos) << message;

  EXPECT_EQ(legato::sum(a * 2.0 + 1.0).item<double>(), 3000.0); // carries on
}

CUresult faultedWait(CUstream) { return CUDA_ERROR_MISALIGNED_ADDRESS; }

/// Runs `work` with the last rank's waits for the GPU failing; expects
/// that rank's error on every rank.
void expectFaultOfTheLastRank(const std::function<void()> &work) {
  const int rank = envInt("OMPI_COMM_WORLD_RANK", 0), ranks = envInt("OMPI_COMM_WORLD_SIZE", 1);
  legato::cuda::Api &driver = legato::cuda::mutableApi();
  auto wait = driver.cuStreamSynchronize;
  if (rank == ranks - 1)
    driver.cuStreamSynchronize = faultedWait;
  std::string message;
  try {
    work();
    ADD_FAILURE() << "no error";
  } catch (const legato::Error &e) {
    message = e.what();
  }
  driver.cuStreamSynchronize = wait;
  EXPECT_NE(message.find("CUDA_ERROR_MISALIGNED_ADDRESS"), std::string::npos) << message;
  EXPECT_NE(message.find("restart"), std::string::npos) << message; // what the user must do
  if (ranks > 1)
    EXPECT_EQ(message.rfind("rank " + std::to_string(ranks - 1) + ": ", 0), 0u) << message;
}

TEST(GpuFaults, AFaultSeenByOneRankIsItsErrorOnEveryRank) {
  legato::Options options;
  options.backend = legato::Backend::cuda;
  legato::Runtime rt(options);
  legato::Array a = legato::ones({4096, 64});
  legato::flush();
  // In a program: over ranks, the partial sums go through the host (with
  // LEGATO_NCCL=0, as run.sh runs it: NCCL's all-reduce would not wait).
  expectFaultOfTheLastRank([&] { (void)legato::sum(a * 2.0).item<double>(); });
  // At the gathering read of a value computed before (a replicated value
  // is read by each rank alone, perhaps on rank 0 only: no agreement).
  legato::Array b = a * 4.0;
  legato::flush();
  expectFaultOfTheLastRank([&] { (void)b.to_vector<double>(); });
  // The ranks are still in step (with a real fault the process could not
  // go on: CUDA refuses all further work).
  EXPECT_EQ(legato::sum(a * 2.0).item<double>(), 2.0 * 4096 * 64);
  EXPECT_EQ(b.to_vector<double>()[0], 4.0);
}

} // namespace
