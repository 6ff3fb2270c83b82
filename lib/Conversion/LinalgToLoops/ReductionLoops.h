//===- ReductionLoops.h - reductions as loops with register accumulators ===//
#ifndef LEGATO_CONVERSION_LINALGTOLOOPS_REDUCTIONLOOPS_H
#define LEGATO_CONVERSION_LINALGTOLOOPS_REDUCTIONLOOPS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::legato {

/// Lowers a reduction on buffers whose parallel dimensions all come before
/// its reduced ones to loops that carry each accumulator in registers
/// (loop-carried values, stored once per parallel point) instead of
/// reloading it from memory at every step, also when the kernel writes
/// elementwise values too (a reduction fused into its producer). The
/// innermost reduced loop keeps one vector's worth of independent
/// accumulators (lanes), combined in a fixed order at the end: LLVM
/// vectorises the accumulation without reassociating anything, and the
/// result depends only on the element type and the shape. The parallel
/// dimensions become an scf.parallel when `parallel`, else scf.for loops.
/// An `epilogue` (kEpilogueAttr) runs at each parallel point after the
/// stores, and is erased with `op`. Fails, changing nothing, on any other
/// kind of op.
LogicalResult lowerReductionToLoops(RewriterBase &rewriter, linalg::LinalgOp op,
                                    bool parallel, linalg::GenericOp epilogue = {});

} // namespace mlir::legato

#endif // LEGATO_CONVERSION_LINALGTOLOOPS_REDUCTIONLOOPS_H
