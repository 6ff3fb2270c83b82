//===- Backend.h - what compiles and runs programs on a device ---*- C++ -*-===//
//
// The engine (lib/API) records, cuts and caches programs; a Backend turns a
// legato-dialect program into something it can launch, owns the memory of
// array data and runs programs. The CPU backend is the first; the CUDA
// backend (issue #5) implements the same interface with PTX kernels and
// cuBLAS. Collectives among ranks are the engine's (runtime::Communicator);
// a backend with device memory may offer them on its own buffers
// (DeviceCollectives), which the engine then prefers.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_CODEGEN_BACKEND_H
#define LEGATO_CODEGEN_BACKEND_H

#include "Codegen/DeviceCollectives.h"
#include "Analysis/KernelStats.h"
#include "Runtime/Allocator.h"
#include "Runtime/DiskCache.h"
#include "Pipelines/Pipelines.h"
#include "Support/Target.h"
#include "legato/legato.h"

#include "mlir/IR/BuiltinOps.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace legato::codegen {

/// A program compiled by a backend, ready to launch.
struct CompiledProgram {
  virtual ~CompiledProgram() = default;
  mlir::legato::KernelStats stats; ///< what one launch runs
};

/// An array argument of a launch: contiguous row-major data in the backend's
/// memory.
struct ArrayArg {
  void *data;
  const Shape *shape;
};

class Backend {
public:
  virtual ~Backend() = default;
  virtual const char *name() const = 0;
  /// The primitives this backend implements.
  virtual const mlir::legato::Target &target() const = 0;
  /// Compiles `module` (legato dialect, entry @main); throws legato::Error.
  virtual std::unique_ptr<CompiledProgram>
  compile(mlir::ModuleOp module, const mlir::legato::PipelineOptions &options) = 0;
  /// Whole compiled programs in the compile cache (docs/RELIABILITY.md,
  /// "Whole programs"). What a saved program needs of the target besides
  /// the library build (the CPU and its features; the GPU architecture and
  /// driver), part of the cache's format; "" when this backend saves none.
  virtual std::string programFormat() const { return ""; }
  /// `program` as an image that loadProgram turns back into it in another
  /// process; "" when it cannot be saved (it was compiled without the
  /// backend's cache, which is when backends keep their code's bytes). The
  /// program then drops its copy of those bytes: the image has them.
  virtual std::string saveProgram([[maybe_unused]] CompiledProgram &program) { return ""; }
  /// The program saved as `image`, or null when it cannot be loaded (a
  /// damaged image, code the target refuses): the caller then compiles it.
  virtual std::unique_ptr<CompiledProgram> loadProgram([[maybe_unused]] std::string_view image) {
    return nullptr;
  }
  /// Memory for `bytes` bytes of array data.
  virtual std::shared_ptr<runtime::Buffer> allocate(int64_t bytes) = 0;
  /// Runs `program`: reads `inputs`, writes `outputs` (in @main's order).
  virtual void launch(CompiledProgram &program, const std::vector<ArrayArg> &inputs,
                      const std::vector<ArrayArg> &outputs) = 0;
  /// Peak bytes of array data and temporaries held in this backend's memory.
  virtual int64_t peakBytes() const { return runtime::peakBytes(); }
  virtual void resetPeak() { runtime::resetPeak(); }
  /// Caps the bytes of array data and temporaries held in this backend's
  /// memory (0: no limit); past it allocations throw legato::Error.
  virtual void setMemoryLimit(int64_t bytes) { runtime::setMemoryLimit(bytes); }
  /// Waits until every launch queued so far has finished (for timing).
  virtual void synchronize() {}
  /// Collectives on this backend's buffers among the ranks of `hostComm`, or
  /// null where buffers go through the host (the default; the CUDA backend
  /// without NCCL, or with LEGATO_NCCL=0). The first call on a run of
  /// several ranks is collective: it may bootstrap over `hostComm`.
  virtual DeviceCollectives *deviceCollectives([[maybe_unused]] runtime::Communicator &hostComm) {
    return nullptr;
  }
};

/// The host CPU: generated loops JIT-compiled with LLVM (`threads` OpenMP
/// workers), GEMM through OpenBLAS, one process. `cache` (may be null, must
/// outlive the backend) keeps compiled code across processes.
std::unique_ptr<Backend> createCpuBackend(int threads, runtime::DiskCache *cache = nullptr);

/// GPU `ordinal` through the CUDA driver: PTX kernels, cuBLAS, device memory.
/// Throws legato::Error when there is no usable GPU. Only in builds with the
/// CUDA toolkit (LEGATO_HAS_CUDA).
std::unique_ptr<Backend> createCudaBackend(int ordinal, runtime::DiskCache *cache = nullptr);

} // namespace legato::codegen

#endif // LEGATO_CODEGEN_BACKEND_H
