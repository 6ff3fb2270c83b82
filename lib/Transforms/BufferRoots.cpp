//===- BufferRoots.cpp - which buffer a view is of, and whether it is shared ===//
#include "Transforms/Passes.h"

#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

Value legato::rootOf(Value memref) {
  while (auto view = memref.getDefiningOp<ViewLikeOpInterface>())
    memref = view.getViewSource();
  return memref;
}

bool legato::isFreshBuffer(Value root) {
  if (root.getDefiningOp<memref::AllocOp>())
    return true;
  auto arg = dyn_cast<BlockArgument>(root);
  auto func = arg ? dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp()) : nullptr;
  return func && arg.getOwner()->isEntryBlock() &&
         func.getArgAttr(arg.getArgNumber(), legato::kOutputArgAttr);
}
