//===- LegatoDialect.h - the legato dialect and its ops --------*- C++ -*-===//
#ifndef LEGATO_DIALECT_LEGATO_IR_LEGATODIALECT_H
#define LEGATO_DIALECT_LEGATO_IR_LEGATODIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "Dialect/Legato/IR/LegatoOpsDialect.h.inc"
#include "Dialect/Legato/IR/LegatoOpsEnums.h.inc"

#define GET_OP_CLASSES
#include "Dialect/Legato/IR/LegatoOps.h.inc"

namespace mlir::legato {
/// Whether `op` communicates between ranks (legato-partition makes them).
inline bool isCollective(Operation *op) { return isa<ExchangeOp, AllReduceOp>(op); }
} // namespace mlir::legato

#endif // LEGATO_DIALECT_LEGATO_IR_LEGATODIALECT_H
