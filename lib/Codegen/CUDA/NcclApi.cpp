//===- NcclApi.cpp - NCCL, loaded at run time -----------------------------===//
#include "Codegen/CUDA/NcclApi.h"

#include "legato/legato.h"

#include <dlfcn.h>

namespace legato::nccl {

namespace {

struct Loaded {
  Api api;
  std::string error; // why NCCL is unusable, or empty

  Loaded() {
    // NCCL 2's ABI, from LD_LIBRARY_PATH or the loader's cache (docs/GPU.md).
    void *library = dlopen("libnccl.so.2", RTLD_NOW | RTLD_GLOBAL);
    if (!library) {
      const char *reason = dlerror();
      error = "could not open libnccl.so.2";
      if (reason)
        error += std::string(": ") + reason;
      return;
    }
#define LEGATO_NCCL_FN(name)                                                               \
  api.name = reinterpret_cast<decltype(api.name)>(dlsym(library, #name));                  \
  if (!api.name) {                                                                         \
    error = "libnccl.so.2 has no entry point " #name " (NCCL 2.13 or later is needed)";   \
    return;                                                                                \
  }
    LEGATO_NCCL_FUNCTIONS(LEGATO_NCCL_FN)
#undef LEGATO_NCCL_FN
  }
};

} // namespace

const Api *api(std::string *whyNot) {
  static Loaded loaded;
  if (!loaded.error.empty()) {
    if (whyNot)
      *whyNot = loaded.error;
    return nullptr;
  }
  return &loaded.api;
}

void check(ncclResult_t result, const std::string &what, ncclComm_t comm) {
  if (result == ncclSuccess)
    return;
  const Api *nccl = api();
  std::string text = nccl ? nccl->ncclGetErrorString(result) : "error";
  const char *last = nccl ? nccl->ncclGetLastError(comm) : nullptr;
  if (last && *last)
    text += std::string(" (") + last + ")";
  throw Error("legato(nccl): " + what + ": " + text + " [ncclResult_t " +
              std::to_string(int(result)) + "]");
}

} // namespace legato::nccl
