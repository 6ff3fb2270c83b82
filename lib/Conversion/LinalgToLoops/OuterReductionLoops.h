//===- OuterReductionLoops.h - reductions over outer dims, row by row -*- C++ -*-===//
#ifndef LEGATO_CONVERSION_LINALGTOLOOPS_OUTERREDUCTIONLOOPS_H
#define LEGATO_CONVERSION_LINALGTOLOOPS_OUTERREDUCTIONLOOPS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::legato {

/// Lowers an op on buffers whose loops are parallel dims, then reduced
/// dims, then parallel dims again, the last of them parallel (a sum over
/// axis 0: the reduced dim is an outer one, the contiguous one parallel),
/// as NumPy runs it: row after row of the reduced dims, each updating a
/// block of the innermost parallel dim's outputs in memory. The innermost
/// loop walks contiguous outputs and inputs, which LLVM vectorises; each
/// output is combined in the order of the reduced points, so the result
/// depends on the shape alone (and is NumPy's for a sum over axis 0). The
/// outer parallel dims and the blocks (about two per of the `threads`
/// threads, of 64 to 512 outputs) become an scf.parallel when `parallel`,
/// else scf.for loops. Fails, changing nothing, on any other op.
LogicalResult lowerOuterReductionToLoops(RewriterBase &rewriter, linalg::LinalgOp op,
                                         bool parallel, int64_t threads);

} // namespace mlir::legato

#endif // LEGATO_CONVERSION_LINALGTOLOOPS_OUTERREDUCTIONLOOPS_H
