//===- KernelStats.cpp - what a bufferized program launches -----------------===//
#include "Codegen/KernelStats.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

namespace legato::codegen {

static int64_t bytesOf(Value v) {
  if (auto cast = v.getDefiningOp<memref::CastOp>()) // BLAS call arguments
    v = cast.getSource();
  auto t = dyn_cast<MemRefType>(v.getType());
  if (!t || !t.hasStaticShape())
    return 0;
  int64_t bits = t.getElementTypeBitWidth();
  return t.getNumElements() * (bits == 1 ? 1 : bits / 8);
}

/// Whether `fill` only sets the accumulators of the reduction that follows it
/// (the next user of its buffer reduces into it).
static bool initialisesReduction(linalg::FillOp fill) {
  Value buffer = fill.getDpsInits()[0];
  Operation *next = fill->getNextNode();
  // The split reduction's other operands (views of inputs) come in between.
  while (next && isa<memref::ExpandShapeOp, memref::CollapseShapeOp, memref::SubViewOp,
                     memref::AllocOp, linalg::FillOp>(next))
    next = next->getNextNode();
  auto reduction = dyn_cast_or_null<linalg::GenericOp>(next);
  return reduction && reduction.getNumReductionLoops() > 0 &&
         llvm::is_contained(reduction.getDpsInits(), buffer);
}

KernelStats countKernels(ModuleOp module) {
  KernelStats stats;
  auto count = [&](Operation *op) {
    ++stats.kernels;
    for (Value v : op->getOperands())
      stats.bytesMoved += bytesOf(v);
  };
  int64_t live = 0;
  module.walk([&](Operation *op) {
    if (isa<memref::AllocOp>(op)) {
      live += bytesOf(op->getResult(0));
      stats.temporaryBytes = std::max(stats.temporaryBytes, live);
    } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
      live -= bytesOf(dealloc.getMemref());
    }
    if (auto fill = dyn_cast<linalg::FillOp>(op); fill && initialisesReduction(fill))
      return; // the reduction's own first step (on a GPU: in-kernel)
    if (isa<linalg::LinalgOp, memref::CopyOp>(op))
      count(op);
    else if (auto call = dyn_cast<func::CallOp>(op))
      if (call.getCallee().starts_with("legato_"))
        count(op);
  });
  return stats;
}

} // namespace legato::codegen
