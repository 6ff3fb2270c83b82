//===- KernelFusion.cpp - which GPU kernels can absorb others -------------===//
#include "Conversion/LinalgToGPU/KernelFusion.h"
#include "Analysis/BufferFootprint.h"
#include "Conversion/LinalgToGPU/KernelBuilder.h"
#include "Dialect/Legato/IR/Markers.h"
#include "Analysis/BufferRoots.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::legato::gpu_kernels {

namespace {

/// The closest linalg op before `op` in its block when only views,
/// constants, allocations and deallocations lie between; null otherwise.
/// (A buffer freed in between is used by neither op after it: the producer
/// has read it, and `op` cannot.)
linalg::GenericOp previousKernel(Operation *op) {
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    if (auto kernel = dyn_cast<linalg::GenericOp>(prev))
      return kernel;
    if (!isMemoryEffectFree(prev) && !isa<memref::AllocOp, memref::DeallocOp>(prev))
      return {};
  }
  return {};
}

/// An op that only writes constants (a reduction's initial fill).
bool isFill(linalg::GenericOp op) {
  return llvm::none_of(op->getOperands().take_front(op.getNumDpsInputs()),
                       [](Value v) { return isa<MemRefType>(v.getType()); }) &&
         op.getNumReductionLoops() == 0 && readInBody(op).empty();
}

} // namespace

/// The fill that sets `reduction`'s output just before it (only views,
/// constants and allocations in between), when it writes a scalar defined
/// before it.
linalg::GenericOp initialFill(linalg::GenericOp reduction) {
  Value out = reduction.getDpsInits()[0];
  for (linalg::GenericOp fill = previousKernel(reduction); fill; fill = previousKernel(fill)) {
    Block &body = fill.getRegion().front();
    bool yieldsInput = fill.getNumDpsInputs() == 1 && fill.getNumDpsInits() == 1 &&
                       !isa<MemRefType>(fill->getOperand(0).getType()) &&
                       body.getTerminator()->getOperand(0) == body.getArgument(0);
    if (isFill(fill) && yieldsInput && fill.getDpsInits()[0] == out)
      return fill;
    // A fill of another buffer the reduction does not touch may lie between.
    if (isFill(fill) && fill.getNumDpsInits() == 1 &&
        llvm::none_of(reduction->getOperands(), [&](Value v) {
          return isa<MemRefType>(v.getType()) && rootOf(v) == rootOf(fill.getDpsInits()[0]);
        }))
      continue;
    return {};
  }
  return {};
}

/// The elementwise op whose kernel can also compute the full reduction
/// `reduction`: the closest earlier op of the block, over the same iteration
/// space, writing at least one operand of the reduction through an identity
/// map, when nothing the reduction reads is written in between (initial
/// fills of other buffers may lie between) or by another output of the op.
linalg::GenericOp fusableProducer(linalg::GenericOp reduction) {
  IterationSpace rspace(reduction);
  // A gather in the reduction could read the producer's output anywhere.
  if (rspace.parallelSize != 1 || !readInBody(reduction).empty())
    return {};
  SmallVector<Value> readRoots;
  for (OpOperand *in : reduction.getDpsInputOperands()) {
    if (!isa<MemRefType>(in->get().getType()) ||
        !reduction.getMatchingIndexingMap(in).isIdentity())
      return {};
    readRoots.push_back(rootOf(in->get()));
  }
  Value outRoot = rootOf(reduction.getDpsInits()[0]);
  for (linalg::GenericOp producer = previousKernel(reduction); producer;
       producer = previousKernel(producer)) {
    if (isFill(producer) && producer.getNumDpsInits() == 1 &&
        !llvm::is_contained(readRoots, rootOf(producer.getDpsInits()[0])))
      continue;
    if (producer.getNumReductionLoops() != 0 || producer->hasAttr(kEpilogueAttr) ||
        producer.getStaticLoopRanges() != reduction.getStaticLoopRanges())
      return {};
    bool readsAResult = false;
    for (OpOperand *in : reduction.getDpsInputOperands()) {
      bool isResult = false;
      for (OpOperand &out : producer.getDpsInitsMutable())
        if (out.get() == in->get() && producer.getMatchingIndexingMap(&out).isIdentity())
          isResult = true;
      if (!isResult)
        for (Value out : producer.getDpsInits())
          if (rootOf(out) == rootOf(in->get()))
            return {}; // written through another view while being read
      readsAResult |= isResult;
    }
    for (Value operand : llvm::concat<Value>(producer->getOperands(), readInBody(producer)))
      if (isa<MemRefType>(operand.getType()) && rootOf(operand) == outRoot)
        return {};
    return readsAResult ? producer : linalg::GenericOp();
  }
  return {};
}

} // namespace mlir::legato::gpu_kernels
