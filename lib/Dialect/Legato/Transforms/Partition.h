//===- Partition.h - one rank's local program from a global function -*- C++ -*-===//
//
// The rewrite legato-partition applies to each function, for passes that
// partition functions they build themselves (legato-split-for-overlap
// builds each piece of a segment as the program of one of three "ranks").
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_DIALECT_LEGATO_TRANSFORMS_PARTITION_H
#define LEGATO_DIALECT_LEGATO_TRANSFORMS_PARTITION_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Support/LLVM.h"

namespace mlir::legato {

/// Replaces `func` (in a block: its replacement takes its place and name)
/// by the program of rank `rank` of `ranks`, with the collectives that
/// program needs; `meshRows` as legato-partition's option. Arguments and
/// results carry their boxes (`legato.boxes`); an argument without them is
/// held whole by every rank, a result without them lies where its value
/// does. Returns the new function, or failure after an error on `func`.
FailureOr<func::FuncOp> partitionFunction(func::FuncOp func, int64_t ranks, int64_t rank,
                                          int64_t meshRows);

} // namespace mlir::legato

#endif // LEGATO_DIALECT_LEGATO_TRANSFORMS_PARTITION_H
