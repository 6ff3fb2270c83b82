//===- Pipelines.h - the legato compile pipelines --------------*- C++ -*-===//
//
// The API and legato-opt both build their pass pipelines here; nothing else
// assembles passes.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_PIPELINES_PIPELINES_H
#define LEGATO_PIPELINES_PIPELINES_H

#include "Analysis/KernelStats.h"
#include "Support/Target.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"

#include <string>

namespace mlir::legato {

struct PipelineOptions {
  /// Algebraic simplification (canonicalisation + CSE at the legato level).
  bool simplify = true;
  /// CPU worker threads: > 1 lowers parallel loops to OpenMP.
  int threads = 1;
  /// Value-changing identities (float x*0 → 0, x-x → 0); see legato-simplify.
  bool assumeFinite = false;
  /// The primitives the program is legalized to (legato-legalize).
  Target target = Target::cpu();
  /// The NVIDIA GPU generated kernels are compiled for.
  std::string gpuChip = "sm_90";
  std::string gpuFeatures = "+ptx80";
  /// GPU kernels may fuse a * b + c into one FMA (legato-gpu-contract).
  bool gpuContract = false;
  /// GPU kernels compute f32 division, square roots and math functions with
  /// approximate instructions (legato-gpu-fast-math; Options::fast_math).
  bool gpuFastMath = false;
  /// Every GPU kernel in one gpu.module, one PTX module (jit(f).ptx());
  /// else a module per kernel, each lowered, serialised and compiled to a
  /// cubin in parallel with the others.
  bool gpuOneModule = false;
  /// Pairs of stencil sweeps share a kernel (legato-fuse-sweeps;
  /// Options::fuse_sweeps).
  bool fuseSweeps = false;
  /// The second sweep of a pair recomputes the values of the first that it
  /// reads (the GPU's); else the pair is computed tile by tile of rows, the
  /// first sweep's rows in a scratch buffer per tile (the CPU's).
  bool recomputeSweeps = true;
  /// Where the whole pipelines (buildLegatoCPUPipeline, buildLegatoGPUPipeline)
  /// leave the buffer-level program's kernel counts (legato-count-kernels,
  /// between the buffer and the code-generating stages); null: not counted.
  KernelStats *kernelStats = nullptr;
  /// Print the buffer-level program there too (LEGATO_DUMP_IR).
  bool printBufferIR = false;
};

/// legato dialect → simplified, fused linalg on tensors.
void buildLegatoOptimizePipeline(OpPassManager &pm, const PipelineOptions &options);
/// Fused tensors → destination-passing buffers with BLAS calls (kernels are
/// countable here: each remaining linalg op, copy and BLAS call is one).
void buildLegatoBufferPipeline(OpPassManager &pm, const PipelineOptions &options);
/// The CPU's: reductions fused into their producers' kernels and, when they
/// reduce to few values, split into parallel chunks first.
void buildLegatoCPUBufferPipeline(OpPassManager &pm, const PipelineOptions &options);
/// Buffers → LLVM dialect, ready for the CPU JIT (Codegen/CPU/CpuCompiler).
void buildLegatoCPULLVMPipeline(OpPassManager &pm, const PipelineOptions &options);
/// All three in order (and the kernel count between the last two): the CPU
/// backend's one pipeline.
void buildLegatoCPUPipeline(OpPassManager &pm, const PipelineOptions &options);

/// A global program → one rank's program with collectives (legato-partition),
/// simplified first when `simplify`: fewer ops to place, fewer to exchange;
/// then outlined (legato-outline-segments): @main calls a function per
/// segment between its collectives, the schedule DistributedProgram runs;
/// with `overlap`, the segments that read row exchanges also get pieces of
/// rows (legato-split-for-overlap).
struct PartitionOptions {
  bool simplify = true;
  int64_t ranks = 1;
  int64_t rank = 0;
  /// Rows of a 2-D mesh of the ranks (0: a 1-D mesh).
  int64_t meshRows = 0;
  bool overlap = false;
};
void buildLegatoPartitionPipeline(OpPassManager &pm, const PartitionOptions &options);

/// The GPU's buffer-level program (Pipelines/GPUPipelines.cpp).
void buildLegatoGPUBufferPipeline(OpPassManager &pm, const PipelineOptions &options);
/// Buffers → one gpu.module of kernels serialised to PTX (a gpu.binary) and a
/// host function of allocations, views, gpu.launch_func ops and BLAS calls.
void buildLegatoGPUKernelPipeline(OpPassManager &pm, const PipelineOptions &options);
/// Optimize, GPU buffers (the kernel count) and kernels: the CUDA backend's one
/// pipeline.
void buildLegatoGPUPipeline(OpPassManager &pm, const PipelineOptions &options);
/// The kernel count and the IR dump that the whole pipelines place between
/// their buffer and code-generating stages, as `options` asks.
void addBufferLevelObservers(OpPassManager &pm, const PipelineOptions &options);

/// `module` as text, for diagnostics and debugging dumps.
std::string printModule(ModuleOp module);

/// The dialects and interface implementations every pipeline needs.
void registerLegatoCompilerDialects(DialectRegistry &registry);
/// Those and the gpu and NVVM dialects with their translations.
void registerLegatoGPUCompilerDialects(DialectRegistry &registry);
/// legato's passes and pipelines, for legato-opt.
void registerLegatoPassesAndPipelines();
void registerLegatoGPUPassesAndPipelines();

} // namespace mlir::legato

#endif // LEGATO_PIPELINES_PIPELINES_H
