//===- ForwardCopies.cpp - copies through a temporary become one copy -------===//
//
// Bufferization copies a value read from a buffer into a temporary when the
// same buffer is written before the read is used: `p[0] = p[1]` reads row 1
// of p and writes row 0, and one-shot analysis does not know that the rows
// are disjoint. The result is two copy kernels, src → tmp → dst. When src
// and dst provably do not overlap and nothing writes memory in between, one
// copy src → dst does the same. A copy out of an allocation that nothing
// writes moves undefined values and goes.
//
//===----------------------------------------------------------------------===//
#include "Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOFORWARDCOPIESPASS
#include "Transforms/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;

namespace {

/// The buffer `view` is a subview chain of, and the range of linear element
/// positions it can touch in that buffer; nullopt when not static.
struct Footprint {
  Value root;
  int64_t first = 0, last = 0;
};
std::optional<Footprint> footprint(Value view) {
  Value root = view;
  while (auto subview = root.getDefiningOp<memref::SubViewOp>())
    root = subview.getSource();
  auto type = cast<MemRefType>(view.getType());
  auto rootType = cast<MemRefType>(root.getType());
  if (!rootType.getLayout().isIdentity() || !type.hasStaticShape())
    return std::nullopt;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) || ShapedType::isDynamic(offset) ||
      llvm::any_of(strides, ShapedType::isDynamic))
    return std::nullopt;
  Footprint f{root, offset, offset};
  for (auto [size, stride] : llvm::zip(type.getShape(), strides)) {
    if (size == 0)
      return std::nullopt;
    (stride < 0 ? f.first : f.last) += (size - 1) * stride;
  }
  return f;
}

/// Whether `a` and `b` cannot share an element: disjoint ranges of one
/// buffer, or views of an allocation of this function and of another
/// allocation or an argument. (Roots reached through other views, such as
/// expand_shape, may alias anything.)
bool disjoint(Value a, Value b) {
  std::optional<Footprint> fa = footprint(a), fb = footprint(b);
  if (!fa || !fb)
    return false;
  if (fa->root == fb->root)
    return fa->last < fb->first || fb->last < fa->first;
  auto fresh = [](Value v) { return v.getDefiningOp<memref::AllocOp>() != nullptr; };
  auto distinct = [&](Value v) { return fresh(v) || isa<BlockArgument>(v); };
  return (fresh(fa->root) && distinct(fb->root)) || (fresh(fb->root) && distinct(fa->root));
}

/// Erases `copy` when it reads (a view of) an allocation that nothing else
/// uses (a tensor.empty inserted somewhere): copying undefined values is a
/// no-op.
LogicalResult eraseUndefinedCopy(memref::CopyOp copy) {
  SmallVector<Operation *> views;
  Value root = copy.getSource();
  while (auto subview = root.getDefiningOp<memref::SubViewOp>()) {
    if (!subview->hasOneUse())
      return failure();
    views.push_back(subview);
    root = subview.getSource();
  }
  auto alloc = root.getDefiningOp<memref::AllocOp>();
  Operation *viewOrCopy = views.empty() ? copy.getOperation() : views.back();
  if (!alloc || !llvm::all_of(alloc->getUsers(), [&](Operation *user) {
        return user == viewOrCopy || isa<memref::DeallocOp>(user);
      }))
    return failure();
  copy->erase();
  for (Operation *view : views)
    view->erase();
  for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
    user->erase();
  alloc->erase();
  return success();
}

/// Forwards `second` (tmp → dst) to read `first`'s source (src → tmp).
LogicalResult forward(memref::CopyOp second) {
  auto alloc = second.getSource().getDefiningOp<memref::AllocOp>();
  if (!alloc)
    return failure();
  memref::CopyOp first;
  memref::DeallocOp dealloc;
  for (Operation *user : alloc->getUsers()) {
    if (auto copy = dyn_cast<memref::CopyOp>(user); copy && copy.getTarget() == alloc) {
      if (first)
        return failure();
      first = copy;
    } else if (auto d = dyn_cast<memref::DeallocOp>(user))
      dealloc = d;
    else if (user != second)
      return failure();
  }
  if (!first || first->getBlock() != second->getBlock() || !first->isBeforeInBlock(second) ||
      !disjoint(first.getSource(), second.getTarget()))
    return failure();
  // Nothing in between may write memory (src must still hold what was copied).
  for (Operation *op = first->getNextNode(); op != second; op = op->getNextNode()) {
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects || effects.hasEffect<MemoryEffects::Write>())
      return failure();
  }
  OpBuilder b(second);
  memref::CopyOp::create(b, second.getLoc(), first.getSource(), second.getTarget());
  second->erase();
  first->erase();
  if (dealloc)
    dealloc->erase();
  alloc->erase();
  return success();
}

struct LegatoForwardCopiesPass
    : legato::impl::LegatoForwardCopiesPassBase<LegatoForwardCopiesPass> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation().walk([&](memref::CopyOp op) { copies.push_back(op); });
    for (memref::CopyOp copy : copies)
      if (failed(eraseUndefinedCopy(copy)))
        (void)forward(copy);
  }
};

} // namespace
