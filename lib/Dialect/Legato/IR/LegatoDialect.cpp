//===- LegatoDialect.cpp - dialect registration ---------------------------===//
#include "Dialect/Legato/IR/LegatoDialect.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::legato;

#include "Dialect/Legato/IR/LegatoOpsDialect.cpp.inc"
#include "Dialect/Legato/IR/LegatoOpsEnums.cpp.inc"

void LegatoDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "Dialect/Legato/IR/LegatoOps.cpp.inc"
      >();
}

Operation *LegatoDialect::materializeConstant(OpBuilder &builder,
                                              Attribute value, Type type,
                                              Location loc) {
  auto splat = dyn_cast<SplatElementsAttr>(value);
  if (!splat || splat.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, cast<ElementsAttr>(splat));
}
