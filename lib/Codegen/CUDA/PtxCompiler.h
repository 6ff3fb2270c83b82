//===- PtxCompiler.h - fused kernels to PTX ---------------------*- C++ -*-===//
#ifndef LEGATO_CODEGEN_CUDA_PTXCOMPILER_H
#define LEGATO_CODEGEN_CUDA_PTXCOMPILER_H

#include "Codegen/KernelStats.h"
#include "Transforms/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <functional>
#include <string>

namespace legato::codegen {

/// Compiles `module` (legato dialect, in a context with the GPU dialects:
/// registerLegatoGPUCompilerDialects) in place for options.gpuChip: the
/// kernels become PTX, returned, and @main the host's launch sequence.
/// `stats` gets the buffer-level counts. Returns "" when the program launches
/// no generated kernel (only BLAS calls). Uses LLVM's NVPTX backend only: no
/// CUDA toolkit needed. Throws legato::Error.
std::string compileForGpu(mlir::ModuleOp module, const mlir::legato::PipelineOptions &options,
                          KernelStats *stats = nullptr);

using ModuleBuilder =
    std::function<mlir::OwningOpRef<mlir::ModuleOp>(mlir::MLIRContext &)>;

/// The PTX of the module `build` creates, in a context of its own (for
/// jit(f).ptx() on any backend). Throws when there are no kernels.
std::string generatePtx(const ModuleBuilder &build,
                        const mlir::legato::PipelineOptions &options);

} // namespace legato::codegen

#endif // LEGATO_CODEGEN_CUDA_PTXCOMPILER_H
