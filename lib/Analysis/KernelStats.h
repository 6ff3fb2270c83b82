//===- KernelStats.h - what a bufferized program launches ------*- C++ -*-===//
#ifndef LEGATO_ANALYSIS_KERNELSTATS_H
#define LEGATO_ANALYSIS_KERNELSTATS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <cstdint>
#include <memory>

namespace mlir::legato {

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

KernelStats countKernels(ModuleOp module);

/// `legato-count-kernels`: countKernels of the module where it runs in a
/// pipeline (after the buffer passes), into `out`; the IR is left as it is.
/// A backend's one pipeline counts its kernels between its stages so.
std::unique_ptr<Pass> createCountKernelsPass(KernelStats &out);
/// The same, printing the counts instead (legato-opt's, for lit tests).
std::unique_ptr<Pass> createPrintKernelStatsPass();

} // namespace mlir::legato

#endif // LEGATO_ANALYSIS_KERNELSTATS_H
