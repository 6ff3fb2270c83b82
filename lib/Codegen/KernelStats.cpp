//===- KernelStats.cpp - what a bufferized program launches -----------------===//
#include "Codegen/KernelStats.h"
#include "Transforms/Passes.h"

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

/// Whether `fill` only sets the accumulators of a reduction: the next op
/// in its block that uses its buffer reduces into it.
static bool initialisesReduction(linalg::FillOp fill) {
  Value buffer = fill.getDpsInits()[0];
  for (Operation *next = fill->getNextNode(); next; next = next->getNextNode()) {
    if (!llvm::is_contained(next->getOperands(), buffer))
      continue;
    auto reduction = dyn_cast<linalg::GenericOp>(next);
    return reduction && reduction.getNumReductionLoops() > 0 &&
           llvm::is_contained(reduction.getDpsInits(), buffer);
  }
  return false;
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
    if (op->hasAttr(mlir::legato::kCombineAttr))
      return; // the reduction's own last step (see kCombineAttr)
    if (op->hasAttr(mlir::legato::kEpilogueAttr)) {
      // Part of the reduction before it, whose output it reads from cache.
      Value reduced = cast<linalg::LinalgOp>(op->getPrevNode()).getDpsInits()[0];
      for (Value v : op->getOperands())
        if (v != reduced)
          stats.bytesMoved += bytesOf(v);
      return;
    }
    if (isa<linalg::LinalgOp, memref::CopyOp>(op))
      count(op);
    else if (auto call = dyn_cast<func::CallOp>(op))
      if (call.getCallee().starts_with("legato_"))
        count(op);
  });
  return stats;
}

} // namespace legato::codegen
