//===- EarlyDealloc.cpp - free each buffer right after its last use -------===//
//
// The ownership-based deallocation pipeline frees a block's buffers at the end
// of the block. A fused program is one long block, so every temporary would
// stay alive until the program ends (ten stencil sweeps: eleven grids). This
// pass moves each `memref.dealloc` up to just after the last operation that
// uses the buffer or a view of it.
//
//===----------------------------------------------------------------------===//

#include "Analysis/BufferRoots.h"
#include "Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOEARLYDEALLOCPASS
#include "Transforms/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;

namespace {

/// The last operation of `block` that uses `buffer` or a view of it, or null
/// when a use leaves the block's straight-line code (then nothing moves).
Operation *lastUseInBlock(Value buffer, Block *block, Operation *dealloc) {
  Operation *last = nullptr;
  SmallVector<Value> worklist{buffer};
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    for (Operation *user : v.getUsers()) {
      if (user == dealloc)
        continue;
      Operation *inBlock = block->findAncestorOpInBlock(*user);
      if (!inBlock)
        return nullptr;
      // (through every view: a transpose read by a GEMM call keeps its
      // buffer alive, it was freed before the call)
      if (legato::viewSourceOf(user) == v)
        llvm::append_range(worklist, user->getResults());
      if (!last || last->isBeforeInBlock(inBlock))
        last = inBlock;
    }
  }
  return last;
}

struct LegatoEarlyDeallocPass
    : legato::impl::LegatoEarlyDeallocPassBase<LegatoEarlyDeallocPass> {
  void runOnOperation() override {
    SmallVector<memref::DeallocOp> deallocs;
    getOperation().walk([&](memref::DeallocOp op) { deallocs.push_back(op); });
    for (memref::DeallocOp dealloc : deallocs) {
      Value buffer = dealloc.getMemref();
      Block *block = dealloc->getBlock();
      // Only buffers allocated in this block: their every use is visible.
      auto alloc = buffer.getDefiningOp<memref::AllocOp>();
      if (!alloc || alloc->getBlock() != block)
        continue;
      Operation *last = lastUseInBlock(buffer, block, dealloc);
      if (last && last->isBeforeInBlock(dealloc))
        dealloc->moveAfter(last);
    }
  }
};

} // namespace
