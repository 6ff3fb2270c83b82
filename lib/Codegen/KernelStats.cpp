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

KernelStats countKernels(ModuleOp module) {
  KernelStats stats;
  auto count = [&](Operation *op) {
    ++stats.kernels;
    for (Value v : op->getOperands())
      stats.bytesMoved += bytesOf(v);
  };
  module.walk([&](Operation *op) {
    if (isa<linalg::LinalgOp, memref::CopyOp>(op))
      count(op);
    else if (auto call = dyn_cast<func::CallOp>(op))
      if (call.getCallee().starts_with("legato_"))
        count(op);
  });
  return stats;
}

} // namespace legato::codegen
