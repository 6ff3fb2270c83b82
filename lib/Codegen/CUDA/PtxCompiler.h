//===- PtxCompiler.h - fused kernels to PTX ---------------------*- C++ -*-===//
#ifndef LEGATO_CODEGEN_CUDA_PTXCOMPILER_H
#define LEGATO_CODEGEN_CUDA_PTXCOMPILER_H

#include "Transforms/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <functional>
#include <string>

namespace legato::codegen {

using ModuleBuilder =
    std::function<mlir::OwningOpRef<mlir::ModuleOp>(mlir::MLIRContext &)>;

/// Optimises and bufferises the module `build` creates, maps its parallel
/// loops onto GPU blocks and threads, and returns the PTX (sm_90) of the
/// outlined kernels. Uses LLVM's NVPTX backend only: no CUDA toolkit needed.
std::string generatePtx(const ModuleBuilder &build,
                        const mlir::legato::PipelineOptions &options);

} // namespace legato::codegen

#endif // LEGATO_CODEGEN_CUDA_PTXCOMPILER_H
