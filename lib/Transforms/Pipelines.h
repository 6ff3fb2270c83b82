//===- Pipelines.h - the legato compile pipelines ---------------*- C++ -*-===//
//
// The API and legato-opt both build their pass pipelines here; nothing else
// assembles passes.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_TRANSFORMS_PIPELINES_H
#define LEGATO_TRANSFORMS_PIPELINES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::legato {

struct PipelineOptions {
  /// Algebraic simplification (canonicalisation + CSE at the legato level).
  bool simplify = true;
  /// CPU worker threads: > 1 lowers parallel loops to OpenMP.
  int threads = 1;
};

/// legato dialect → simplified, fused linalg on tensors.
void buildLegatoOptimizePipeline(OpPassManager &pm, const PipelineOptions &options);
/// Fused tensors → destination-passing buffers with BLAS calls (kernels are
/// countable here: each remaining linalg op, copy and BLAS call is one).
void buildLegatoCPUBufferPipeline(OpPassManager &pm, const PipelineOptions &options);
/// Buffers → LLVM dialect, ready for the ExecutionEngine.
void buildLegatoCPULLVMPipeline(OpPassManager &pm, const PipelineOptions &options);
/// All three in order.
void buildLegatoCPUPipeline(OpPassManager &pm, const PipelineOptions &options);

/// `module` as text, for diagnostics and debugging dumps.
std::string printModule(ModuleOp module);

/// The dialects and interface implementations every pipeline needs.
void registerLegatoCompilerDialects(DialectRegistry &registry);
/// legato's passes and pipelines, for legato-opt.
void registerLegatoPassesAndPipelines();

} // namespace mlir::legato

#endif // LEGATO_TRANSFORMS_PIPELINES_H
