//===- Markers.cpp - attributes legato passes leave on other dialects' ops ===//
#include "Dialect/Legato/IR/Markers.h"

using namespace mlir;

linalg::GenericOp legato::epilogueOf(Operation *reduction) {
  auto next = dyn_cast_or_null<linalg::GenericOp>(reduction->getNextNode());
  return next && next->hasAttr(kEpilogueAttr) ? next : linalg::GenericOp();
}
