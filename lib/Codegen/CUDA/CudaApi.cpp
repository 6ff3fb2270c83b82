//===- CudaApi.cpp - the CUDA driver and cuBLAS, loaded at run time ---------===//
#include "Codegen/CUDA/CudaApi.h"

#include "legato/legato.h"

#include <dlfcn.h>

namespace legato::cuda {

namespace {

void *openFirst(std::initializer_list<const char *> names, std::string &tried) {
  for (const char *name : names) {
    if (void *handle = dlopen(name, RTLD_NOW | RTLD_GLOBAL))
      return handle;
    tried += std::string(tried.empty() ? "" : ", ") + name;
  }
  return nullptr;
}

// The driver's versioned names (cuMemAlloc is cuMemAlloc_v2): expand the
// cuda.h macro before turning the name into a string.
#define LEGATO_STR(x) #x
#define LEGATO_NAME(x) LEGATO_STR(x)

struct Loaded {
  Api api;
  std::string error; // why the API is unusable, or empty

  Loaded() {
    std::string tried;
    void *driver = openFirst({"libcuda.so.1", "libcuda.so"}, tried);
    if (!driver) {
      error = "no NVIDIA driver (could not open " + tried + ")";
      return;
    }
    tried.clear();
    void *blas = openFirst({"libcublas.so.13", "libcublas.so.12", "libcublas.so",
                            "/usr/local/cuda/lib64/libcublas.so"},
                           tried);
    if (!blas) {
      error = "cuBLAS not found (could not open " + tried +
              "; add the CUDA toolkit's lib64 to LD_LIBRARY_PATH)";
      return;
    }
#define LEGATO_CUDA_FN(name, lib)                                                        \
  api.name = reinterpret_cast<decltype(api.name)>(dlsym(lib, LEGATO_NAME(name)));        \
  if (!api.name) {                                                                       \
    error = std::string("missing CUDA entry point ") + LEGATO_NAME(name);                \
    return;                                                                              \
  }
    LEGATO_CUDA_FN(cuInit, driver)
    LEGATO_CUDA_FN(cuGetErrorName, driver)
    LEGATO_CUDA_FN(cuGetErrorString, driver)
    LEGATO_CUDA_FN(cuDriverGetVersion, driver)
    LEGATO_CUDA_FN(cuDeviceGetCount, driver)
    LEGATO_CUDA_FN(cuDeviceGet, driver)
    LEGATO_CUDA_FN(cuDeviceGetName, driver)
    LEGATO_CUDA_FN(cuDeviceGetAttribute, driver)
    LEGATO_CUDA_FN(cuDevicePrimaryCtxRetain, driver)
    LEGATO_CUDA_FN(cuCtxSetCurrent, driver)
    LEGATO_CUDA_FN(cuStreamCreate, driver)
    LEGATO_CUDA_FN(cuStreamSynchronize, driver)
    LEGATO_CUDA_FN(cuMemAlloc, driver)
    LEGATO_CUDA_FN(cuMemFree, driver)
    LEGATO_CUDA_FN(cuMemGetInfo, driver)
    LEGATO_CUDA_FN(cuMemcpyHtoDAsync, driver)
    LEGATO_CUDA_FN(cuMemcpyDtoHAsync, driver)
    LEGATO_CUDA_FN(cuMemcpyDtoDAsync, driver)
    LEGATO_CUDA_FN(cuModuleLoadDataEx, driver)
    LEGATO_CUDA_FN(cuModuleGetFunction, driver)
    LEGATO_CUDA_FN(cuLaunchKernel, driver)
    LEGATO_CUDA_FN(cuLinkCreate, driver)
    LEGATO_CUDA_FN(cuLinkAddData, driver)
    LEGATO_CUDA_FN(cuLinkComplete, driver)
    LEGATO_CUDA_FN(cuLinkDestroy, driver)
    LEGATO_CUDA_FN(cublasCreate, blas)
    LEGATO_CUDA_FN(cublasSetStream, blas)
    LEGATO_CUDA_FN(cublasDgemm, blas)
    LEGATO_CUDA_FN(cublasSgemm, blas)
    LEGATO_CUDA_FN(cublasDgemv, blas)
    LEGATO_CUDA_FN(cublasSgemv, blas)
    LEGATO_CUDA_FN(cublasZgemm, blas)
    LEGATO_CUDA_FN(cublasCgemm, blas)
    LEGATO_CUDA_FN(cublasZgemv, blas)
    LEGATO_CUDA_FN(cublasCgemv, blas)
#undef LEGATO_CUDA_FN
    CUresult init = api.cuInit(0);
    if (init != CUDA_SUCCESS) {
      const char *name = nullptr;
      api.cuGetErrorName(init, &name);
      error = std::string("cuInit failed: ") + (name ? name : "unknown error");
    }
  }
};

} // namespace

Api &mutableApi() {
  static Loaded loaded;
  if (!loaded.error.empty())
    throw Error("legato: the CUDA backend cannot start: " + loaded.error +
                "; use LEGATO_BACKEND=cpu on this machine");
  return loaded.api;
}

const Api &api() { return mutableApi(); }

namespace {
/// The faults after which CUDA answers every call of this process with the
/// same error (cuda.h: "the process must be terminated and relaunched").
bool losesTheContext(CUresult result) {
  switch (result) {
  case CUDA_ERROR_CONTAINED:
  case CUDA_ERROR_ILLEGAL_ADDRESS:
  case CUDA_ERROR_LAUNCH_TIMEOUT:
  case CUDA_ERROR_HARDWARE_STACK_ERROR:
  case CUDA_ERROR_ILLEGAL_INSTRUCTION:
  case CUDA_ERROR_MISALIGNED_ADDRESS:
  case CUDA_ERROR_INVALID_ADDRESS_SPACE:
  case CUDA_ERROR_INVALID_PC:
  case CUDA_ERROR_LAUNCH_FAILED:
    return true;
  default:
    return false;
  }
}
} // namespace

void check(CUresult result, const std::string &what) {
  if (result == CUDA_SUCCESS)
    return;
  const char *name = nullptr, *text = nullptr;
  api().cuGetErrorName(result, &name);
  api().cuGetErrorString(result, &text);
  // A kernel's fault surfaces at a later call, often a copy or a wait.
  std::string lost = losesTheContext(result)
                         ? "; a GPU kernel faulted, and CUDA refuses all further work in this "
                           "process: restart it (a legato bug or a fault of the GPU: please report it)"
                         : "";
  throw Error("legato(cuda): " + what + ": " + (name ? name : "error " + std::to_string(result)) +
              (text ? std::string(" (") + text + ")" : "") + lost);
}

void check(cublasStatus_t status, const std::string &what) {
  if (status != CUBLAS_STATUS_SUCCESS)
    throw Error("legato(cuda): " + what + ": cuBLAS status " + std::to_string(int(status)));
}

} // namespace legato::cuda
