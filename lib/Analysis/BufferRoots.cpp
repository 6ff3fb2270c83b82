//===- BufferRoots.cpp - which buffer a view is of, and whether it is shared ===//
#include "Dialect/Legato/IR/Markers.h"
#include "Analysis/BufferRoots.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

Value legato::viewSourceOf(Operation *op) {
  if (op->getNumResults() != 1 || !isa<BaseMemRefType>(op->getResult(0).getType()))
    return nullptr;
  if (auto transpose = dyn_cast<memref::TransposeOp>(op))
    return transpose.getIn();
  if (auto view = dyn_cast<ViewLikeOpInterface>(op))
    return view.getViewSource();
  return nullptr;
}

Value legato::rootOf(Value memref) {
  while (Operation *def = memref.getDefiningOp()) {
    Value source = viewSourceOf(def);
    if (!source)
      break;
    memref = source;
  }
  return memref;
}

SmallVector<OpOperand *> legato::usesThroughViews(Value buffer,
                                                  SmallVectorImpl<Operation *> *views) {
  SmallVector<OpOperand *> uses;
  SmallVector<Value> work{buffer};
  while (!work.empty()) {
    for (OpOperand &use : work.pop_back_val().getUses()) {
      Operation *user = use.getOwner();
      if (viewSourceOf(user) == use.get()) {
        if (views)
          views->push_back(user);
        work.push_back(user->getResult(0));
        continue;
      }
      uses.push_back(&use);
    }
  }
  return uses;
}

bool legato::isFreshBuffer(Value root) {
  if (root.getDefiningOp<memref::AllocOp>())
    return true;
  auto arg = dyn_cast<BlockArgument>(root);
  auto func = arg ? dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp()) : nullptr;
  return func && arg.getOwner()->isEntryBlock() &&
         func.getArgAttr(arg.getArgNumber(), legato::kOutputArgAttr);
}
