//===- FuseEpilogues.cpp - elementwise consumers run inside reductions ----===//
//
// A reduction to many values (a matrix times a vector, a row sum) is
// usually followed by elementwise work on each value (Jacobi's
// `x = (b - R @ x) / d`). Fusion on tensors cannot put both in one
// linalg.generic: the consumer needs the reduction's final value. But the
// loop nest of the reduction has it, output point by output point, right
// after the reduced loops; the consumer runs there, and the pair is one
// kernel. Here, on buffers, the consumer is checked and marked
// (kEpilogueAttr) and placed right after its reduction; the lowerings to
// loops and to GPU kernels emit it.
//
//===----------------------------------------------------------------------===//
#include "Transforms/Passes.h"
#include "Analysis/BufferFootprint.h"
#include "Dialect/Legato/IR/Markers.h"
#include "Analysis/BufferRoots.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOFUSEEPILOGUESPASS
#include "Transforms/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;
using mlir::legato::rootOf;

namespace {

bool isStaticOnBuffers(linalg::GenericOp op) {
  return op.hasPureBufferSemantics() &&
         llvm::none_of(op.getStaticLoopRanges(), ShapedType::isDynamic);
}

/// The number of parallel dims of a reduction that can host an epilogue:
/// all its parallel dims come first, at least two output points, one
/// output written at the point its parallel dims name; 0 otherwise.
unsigned hostParallelDims(linalg::GenericOp op) {
  if (!isStaticOnBuffers(op) || op.getNumDpsInits() != 1 || op.getNumReductionLoops() == 0)
    return 0;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  unsigned parallel = llvm::find(iterators, utils::IteratorType::reduction) - iterators.begin();
  if (llvm::count(iterators, utils::IteratorType::parallel) != parallel)
    return 0;
  AffineMap out = op.getIndexingMapsArray().back();
  if (out.getNumResults() != parallel)
    return 0;
  for (auto [k, expr] : llvm::enumerate(out.getResults()))
    if (expr != getAffineDimExpr(k, op.getContext()))
      return 0;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t points = 1;
  for (int64_t extent : ArrayRef(ranges).take_front(parallel))
    points *= extent;
  return points >= 2 ? parallel : 0;
}

/// Ops that may lie between a reduction and its epilogue: they write no
/// memory the two use (allocations, views, constants, deallocations, which
/// cannot free what the epilogue still reads).
bool isBookkeeping(Operation *op) {
  return isa<memref::AllocOp, memref::DeallocOp, arith::ConstantOp>(op) ||
         (isa<ViewLikeOpInterface>(op) && isMemoryEffectFree(op));
}

/// Whether `consumer` can run as `reduction`'s epilogue: over exactly the
/// reduction's output points, reading the reduction's output only at the
/// point it computes, writing only fresh buffers that the reduction does
/// not touch (so no output point's epilogue changes what another point
/// reduces over).
bool canBeEpilogue(linalg::GenericOp consumer, linalg::GenericOp reduction, unsigned parallel) {
  SmallVector<int64_t> reductionRanges = reduction.getStaticLoopRanges();
  if (!isStaticOnBuffers(consumer) || consumer.getNumReductionLoops() != 0 ||
      consumer.getNumLoops() != parallel ||
      ArrayRef(consumer.getStaticLoopRanges()) != ArrayRef(reductionRanges).take_front(parallel))
    return false;
  Value result = reduction.getDpsInits()[0];
  bool readsResult = false;
  for (OpOperand *in : consumer.getDpsInputOperands()) {
    if (!isa<MemRefType>(in->get().getType()) || rootOf(in->get()) != rootOf(result))
      continue;
    if (in->get() != result || !consumer.getMatchingIndexingMap(in).isIdentity())
      return false;
    readsResult = true;
  }
  if (!readsResult)
    return false;
  // A gather of the result would read points not yet reduced.
  for (Value v : legato::readInBody(consumer))
    if (isa<MemRefType>(v.getType()) && rootOf(v) == rootOf(result))
      return false;
  for (Value out : consumer.getDpsInits()) {
    Value root = rootOf(out);
    if (!legato::isFreshBuffer(root))
      return false;
    for (Value operand :
         llvm::concat<Value>(reduction->getOperands(), legato::readInBody(reduction)))
      if (isa<MemRefType>(operand.getType()) && rootOf(operand) == root)
        return false;
  }
  return true;
}

struct LegatoFuseEpiloguesPass
    : legato::impl::LegatoFuseEpiloguesPassBase<LegatoFuseEpiloguesPass> {
  void runOnOperation() override {
    SmallVector<std::pair<linalg::GenericOp, unsigned>> reductions;
    getOperation().walk([&](linalg::GenericOp op) {
      if (unsigned parallel = hostParallelDims(op))
        reductions.push_back({op, parallel});
    });
    for (auto [reduction, parallel] : reductions) {
      SmallVector<Operation *> between;
      Operation *next = reduction->getNextNode();
      for (; next && isBookkeeping(next); next = next->getNextNode())
        between.push_back(next);
      auto consumer = dyn_cast_or_null<linalg::GenericOp>(next);
      if (!consumer || consumer->hasAttr(legato::kEpilogueAttr) ||
          !canBeEpilogue(consumer, reduction, parallel))
        continue;
      // What the epilogue's operands need is defined before the reduction;
      // the deallocations stay where they are, after the pair.
      for (Operation *op : between)
        if (!isa<memref::DeallocOp>(op))
          op->moveBefore(reduction);
      consumer->moveAfter(reduction);
      consumer->setAttr(legato::kEpilogueAttr, UnitAttr::get(&getContext()));
    }
  }
};

} // namespace
