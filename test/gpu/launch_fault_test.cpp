//===- launch_fault_test.cpp - a failing kernel launch is a named error ----===//
//
// Run by test/gpu/run.sh on the GPU machine (CUDA backend). The driver's
// cuLaunchKernel is replaced, through the backend's own table, by one that
// fails as a real launch can (too many resources asked); the program must
// end in a legato::Error naming the kernel and the driver's error, and the
// Runtime must carry on once launches work again. Device out-of-memory is
// Memory.AnAllocationLargerThanMemoryIsAnError (lifetime_test), also run on
// the GPU by run.sh.
//
//===----------------------------------------------------------------------===//
#include "Codegen/CUDA/CudaApi.h"

#include <legato/legato.h>

#include <gtest/gtest.h>

#include <string>

namespace {

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

} // namespace
