//===- NcclApi.h - NCCL, loaded at run time ---------------------*- C++ -*-===//
//
// libnccl.so.2 is opened with dlopen on the first collective of a run on
// several GPUs, as the driver and cuBLAS are (CudaApi.h): machines without
// NCCL still run the CUDA backend, with collectives staged through the host.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_CODEGEN_CUDA_NCCLAPI_H
#define LEGATO_CODEGEN_CUDA_NCCLAPI_H

#include <nccl.h>

#include <string>

namespace legato::nccl {

/// The entry points legato uses, as X(name) for each.
#define LEGATO_NCCL_FUNCTIONS(X)                                                          \
  X(ncclGetVersion)                                                                       \
  X(ncclGetErrorString)                                                                   \
  X(ncclGetLastError)                                                                     \
  X(ncclGetUniqueId)                                                                      \
  X(ncclCommInitRank)                                                                     \
  X(ncclCommDestroy)                                                                      \
  X(ncclGroupStart)                                                                       \
  X(ncclGroupEnd)                                                                         \
  X(ncclSend)                                                                             \
  X(ncclRecv)                                                                             \
  X(ncclAllReduce)

/// Those entry points, resolved once per process.
struct Api {
#define LEGATO_NCCL_FN(name) decltype(&::name) name = nullptr;
  LEGATO_NCCL_FUNCTIONS(LEGATO_NCCL_FN)
#undef LEGATO_NCCL_FN
};

/// The loaded API, or null when NCCL cannot be loaded; then `whyNot` says
/// why (the library or an entry point is missing).
const Api *api(std::string *whyNot = nullptr);

/// Throws legato::Error "legato(nccl): <what>: <ncclGetErrorString>
/// (<ncclGetLastError>)" unless `result` is ncclSuccess. `comm` (may be
/// null) gives NCCL's last message.
void check(ncclResult_t result, const std::string &what, ncclComm_t comm = nullptr);

} // namespace legato::nccl

#endif // LEGATO_CODEGEN_CUDA_NCCLAPI_H
