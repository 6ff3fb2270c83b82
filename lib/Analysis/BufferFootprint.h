//===- BufferFootprint.h - which elements of a buffer a view touches ===//
//
// Kernels on buffers may be moved, merged or forwarded into one another only
// where they touch disjoint memory. A view here is a chain of subviews of an
// identity-layout buffer; its footprint is the range of linear positions it
// can reach in that buffer.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_ANALYSIS_BUFFERFOOTPRINT_H
#define LEGATO_ANALYSIS_BUFFERFOOTPRINT_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Value.h"

#include <optional>

namespace mlir::legato {

/// The buffer a view is a subview chain of, and the range of linear element
/// positions it can touch in that buffer.
struct Footprint {
  Value root;
  int64_t first = 0, last = 0;
};

/// The footprint of `view`; nullopt when not static.
std::optional<Footprint> footprint(Value view);

/// Whether `a` and `b` cannot share an element: disjoint ranges of one
/// buffer (through static subviews), or views of any kind of two buffers
/// one of which is fresh (an allocation of this function or a result
/// argument).
bool disjoint(Value a, Value b);

/// The tensors or buffers that `op`'s body reads without an operand, defined
/// above it: a gather's input, which it reads at data-dependent positions.
/// Whoever asks what a kernel reads must ask this too.
SmallVector<Value> readInBody(Operation *op);

/// Whether neither kernel (on buffers) touches what the other writes (its
/// operands, or what its body reads: readInBody).
bool independent(linalg::LinalgOp a, linalg::LinalgOp b);

} // namespace mlir::legato

#endif // LEGATO_ANALYSIS_BUFFERFOOTPRINT_H
