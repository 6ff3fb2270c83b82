//===- ShardingOpInterface.h - how an op maps boxes of its values -*- C++ -*-===//
#ifndef LEGATO_DIALECT_LEGATO_IR_SHARDINGOPINTERFACE_H
#define LEGATO_DIALECT_LEGATO_IR_SHARDINGOPINTERFACE_H

#include "Support/Sharding.h"

#include "mlir/IR/OpDefinition.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <vector>

namespace mlir::legato {

using ::legato::support::Box;
using ::legato::support::Shape;
/// One box per rank.
using Boxes = std::vector<Box>;
/// Where a value of the program lives, as decided so far.
using HomeOf = llvm::function_ref<std::optional<Boxes>(Value)>;

} // namespace mlir::legato

#include "Dialect/Legato/IR/ShardingOpInterface.h.inc"

#endif // LEGATO_DIALECT_LEGATO_IR_SHARDINGOPINTERFACE_H
