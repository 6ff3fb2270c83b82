//===- LoopUnrolling.h - where LLVM must not unroll the loops we make ----===//
#ifndef LEGATO_CONVERSION_LINALGTOLOOPS_LOOPUNROLLING_H
#define LEGATO_CONVERSION_LINALGTOLOOPS_LOOPUNROLLING_H

#include "mlir/IR/Operation.h"

namespace mlir::legato {

/// Turns LLVM's unrolling off in every scf.for of the nest `root` (`root`
/// included). The attribute is named after llvm.br's `loop_annotation`
/// property: convert-scf-to-cf copies an scf.for's LLVM attributes onto
/// its latch branch, and only the property reaches LLVM IR.
/// - An op too small for threads: such loops run for microseconds, but
///   unrolled (short inner loops in full, outer ones four times, each copy
///   with its vector body and remainder) they made most of shallow water's
///   20,000-instruction entry function at 512², whose code generation took
///   1.3 s (docs/PERFORMANCE.md, "Compile time: small loops not unrolled").
/// - The loop of a reduction's lanes over a short row (ReductionLoops.cpp):
///   rows of 16 to 128 doubles unrolled in full ran at 9 cycles an element,
///   0.1x NumPy's sum along rows; kept a loop, 2-4x NumPy. (Not a loop
///   without lanes: a scan's sums of 8 elements ran at half speed so.)
void disableUnrolling(Operation *root);

} // namespace mlir::legato

#endif // LEGATO_CONVERSION_LINALGTOLOOPS_LOOPUNROLLING_H
