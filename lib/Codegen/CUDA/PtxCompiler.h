//===- PtxCompiler.h - fused kernels to PTX ---------------------*- C++ -*-===//
#ifndef LEGATO_CODEGEN_CUDA_PTXCOMPILER_H
#define LEGATO_CODEGEN_CUDA_PTXCOMPILER_H

#include "Analysis/KernelStats.h"
#include "Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <functional>
#include <string>
#include <vector>

namespace legato::codegen {

/// Compiles `module` (legato dialect, in a context with the GPU dialects:
/// registerLegatoGPUCompilerDialects) in place for options.gpuChip: the
/// kernels become PTX modules, returned in the order of the module's
/// gpu.binary ops (one per kernel, or one in all with options.gpuOneModule),
/// and @main the host's launch sequence. `stats` gets the buffer-level
/// counts. Returns none when the program launches no generated kernel (only
/// BLAS calls). Uses LLVM's NVPTX backend only: no CUDA toolkit needed.
/// Throws legato::Error.
std::vector<std::string> compileForGpu(mlir::ModuleOp module,
                                       const mlir::legato::PipelineOptions &options,
                                       mlir::legato::KernelStats *stats = nullptr);

using ModuleBuilder =
    std::function<mlir::OwningOpRef<mlir::ModuleOp>(mlir::MLIRContext &)>;

/// The PTX of the module `build` creates, every kernel in one PTX module, in
/// a context of its own (for jit(f).ptx() on any backend). Throws when there
/// are no kernels.
std::string generatePtx(const ModuleBuilder &build,
                        const mlir::legato::PipelineOptions &options);

} // namespace legato::codegen

#endif // LEGATO_CODEGEN_CUDA_PTXCOMPILER_H
