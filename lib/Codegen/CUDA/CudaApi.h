//===- CudaApi.h - the CUDA driver and cuBLAS, loaded at run time -*- C++ -*-===//
//
// libcuda and libcublas are opened with dlopen when a CUDA runtime is made,
// not linked: the library then loads (and the CPU backend works) on machines
// without an NVIDIA driver, and asking for the CUDA backend there gives a
// legato::Error instead of a loader failure.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_CODEGEN_CUDA_CUDAAPI_H
#define LEGATO_CODEGEN_CUDA_CUDAAPI_H

#include <cublas_v2.h>
#include <cuda.h>

#include <string>

namespace legato::cuda {

/// The entry points legato uses, resolved once per process.
struct Api {
#define LEGATO_CUDA_FN(name) decltype(&::name) name = nullptr;
  LEGATO_CUDA_FN(cuInit)
  LEGATO_CUDA_FN(cuGetErrorName)
  LEGATO_CUDA_FN(cuGetErrorString)
  LEGATO_CUDA_FN(cuDriverGetVersion)
  LEGATO_CUDA_FN(cuDeviceGetCount)
  LEGATO_CUDA_FN(cuDeviceGet)
  LEGATO_CUDA_FN(cuDeviceGetName)
  LEGATO_CUDA_FN(cuDeviceGetAttribute)
  LEGATO_CUDA_FN(cuDevicePrimaryCtxRetain)
  LEGATO_CUDA_FN(cuCtxSetCurrent)
  LEGATO_CUDA_FN(cuStreamCreate)
  LEGATO_CUDA_FN(cuStreamSynchronize)
  LEGATO_CUDA_FN(cuMemAlloc)
  LEGATO_CUDA_FN(cuMemFree)
  LEGATO_CUDA_FN(cuMemGetInfo)
  LEGATO_CUDA_FN(cuMemcpyHtoDAsync)
  LEGATO_CUDA_FN(cuMemcpyDtoHAsync)
  LEGATO_CUDA_FN(cuMemcpyDtoDAsync)
  LEGATO_CUDA_FN(cuModuleLoadDataEx)
  LEGATO_CUDA_FN(cuModuleGetFunction)
  LEGATO_CUDA_FN(cuLaunchKernel)
  LEGATO_CUDA_FN(cuLinkCreate)
  LEGATO_CUDA_FN(cuLinkAddData)
  LEGATO_CUDA_FN(cuLinkComplete)
  LEGATO_CUDA_FN(cuLinkDestroy)
  LEGATO_CUDA_FN(cublasCreate)
  LEGATO_CUDA_FN(cublasSetStream)
  LEGATO_CUDA_FN(cublasDgemm)
  LEGATO_CUDA_FN(cublasSgemm)
  LEGATO_CUDA_FN(cublasDgemv)
  LEGATO_CUDA_FN(cublasSgemv)
  LEGATO_CUDA_FN(cublasZgemm)
  LEGATO_CUDA_FN(cublasCgemm)
  LEGATO_CUDA_FN(cublasZgemv)
  LEGATO_CUDA_FN(cublasCgemv)
#undef LEGATO_CUDA_FN
};

/// The loaded API; throws legato::Error naming what is missing (no driver,
/// no cuBLAS) the first time and every time after.
const Api &api();
/// The same table, writable: for tests that make a driver call fail on the
/// GPU machine (test/gpu/launch_fault_test.cpp), nothing else.
Api &mutableApi();

/// Throws legato::Error "<what>: <CUDA error name>: <description>" unless
/// `result` is CUDA_SUCCESS.
void check(CUresult result, const std::string &what);
void check(cublasStatus_t status, const std::string &what);

} // namespace legato::cuda

#endif // LEGATO_CODEGEN_CUDA_CUDAAPI_H
