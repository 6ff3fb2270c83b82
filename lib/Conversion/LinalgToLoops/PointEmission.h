//===- PointEmission.h - one point of a linalg op's loop nest -*- C++ -*-===//
#ifndef LEGATO_CONVERSION_LINALGTOLOOPS_POINTEMISSION_H
#define LEGATO_CONVERSION_LINALGTOLOOPS_POINTEMISSION_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"

namespace mlir::legato {

/// The indices `map` selects at the loop point `ivs`.
SmallVector<Value> indicesAt(OpBuilder &b, Location loc, AffineMap map, ValueRange ivs);

/// `op` at its loop point `ivs`: loads of what the payload reads (outputs
/// it reads too), the payload, stores of every output.
void emitPoint(OpBuilder &b, Location loc, linalg::GenericOp op, ValueRange ivs);

} // namespace mlir::legato

#endif // LEGATO_CONVERSION_LINALGTOLOOPS_POINTEMISSION_H
