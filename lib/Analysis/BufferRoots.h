//===- BufferRoots.h - the buffers that views are views of -----*- C++ -*-===//
#ifndef LEGATO_ANALYSIS_BUFFERROOTS_H
#define LEGATO_ANALYSIS_BUFFERROOTS_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::legato {

/// The memref `op` views, or null when `op` is no view: view-like ops, and
/// memref.transpose, which is a view without the interface.
Value viewSourceOf(Operation *op);

/// The buffer `memref` is a view of (through every view).
Value rootOf(Value memref);

/// The uses of `buffer` and of the views of it, through every view-like op
/// (which are not among them); `views`, when given, receives those views,
/// each after the one it views.
SmallVector<OpOperand *> usesThroughViews(Value buffer,
                                          SmallVectorImpl<Operation *> *views = nullptr);

/// Whether `root` (a buffer, not a view) shares no element with any other
/// buffer of its function: an allocation of the function, or a result
/// argument (kOutputArgAttr).
bool isFreshBuffer(Value root);

} // namespace mlir::legato

#endif // LEGATO_ANALYSIS_BUFFERROOTS_H
