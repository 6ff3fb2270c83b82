//===- KernelStats.h - what a bufferized program launches ------*- C++ -*-===//
#ifndef LEGATO_ANALYSIS_KERNELSTATS_H
#define LEGATO_ANALYSIS_KERNELSTATS_H

#include "mlir/IR/BuiltinOps.h"

#include <cstdint>

namespace legato::codegen {

/// Launch counts of one program run, read off its buffer-level IR: every
/// linalg op and memref copy is one kernel, every BLAS call one library call;
/// a fill that sets a reduction's accumulators, and its epilogue, are part of
/// that reduction.
struct KernelStats {
  int64_t kernels = 0;
  /// Bytes every kernel reads and writes: per buffer its operands view, the
  /// bytes of those views, at most the buffer's (the shifted views of a
  /// stencil read their array about once: neighbours come from cache).
  int64_t bytesMoved = 0;
  /// The most bytes of temporaries (memref.alloc) live at once, in program
  /// order: what a launch needs beyond its inputs and outputs.
  int64_t temporaryBytes = 0;
};

KernelStats countKernels(mlir::ModuleOp module);

} // namespace legato::codegen

#endif // LEGATO_ANALYSIS_KERNELSTATS_H
