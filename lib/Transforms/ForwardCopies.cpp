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
// A kernel that fills a temporary only to have it copied into a view of
// another buffer (CG's new `p` into the interior of the zero-bordered
// buffer of `pad(p)`, when `p` is also read elsewhere and bufferization
// kept it apart) writes into that view instead, and its readers read it
// there, when nothing touches the view between the kernel and the copy
// and nothing writes it while the temporary would still be read.
//
//===----------------------------------------------------------------------===//
#include "Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
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

/// Whether `op` may touch memory overlapping `view` (reading it, when
/// `reads`, or writing it).
bool mayTouch(Operation *op, Value view, bool reads) {
  if (isMemoryEffectFree(op) || isa<memref::AllocOp, memref::DeallocOp>(op))
    return false;
  auto overlaps = [&](Value v) { return isa<MemRefType>(v.getType()) && !disjoint(v, view); };
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
    for (OpOperand &operand : op->getOpOperands())
      if ((reads || linalgOp.isDpsInit(&operand)) && overlaps(operand.get()))
        return true;
    return false;
  }
  if (auto copy = dyn_cast<memref::CopyOp>(op))
    return overlaps(copy.getTarget()) || (reads && overlaps(copy.getSource()));
  return true; // unknown effects
}

/// Makes the one kernel that writes `copy`'s source, a fresh allocation,
/// write the copy's destination instead; the source's readers read the
/// destination.
LogicalResult writeIntoDestination(memref::CopyOp copy) {
  auto alloc = copy.getSource().getDefiningOp<memref::AllocOp>();
  Value target = copy.getTarget();
  std::optional<Footprint> footprintOfTarget = footprint(target);
  if (!alloc || !footprintOfTarget)
    return failure();
  Block *block = copy->getBlock();
  linalg::LinalgOp writer;
  memref::DeallocOp dealloc;
  SmallVector<memref::ExpandShapeOp> views;
  Operation *lastRead = copy;
  auto noteRead = [&](Operation *reader) {
    if (reader->getBlock() != block)
      return false;
    if (lastRead->isBeforeInBlock(reader))
      lastRead = reader;
    return true;
  };
  auto isLinalgInput = [](OpOperand &use) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(use.getOwner());
    return linalgOp && linalgOp.isDpsInput(&use);
  };
  for (OpOperand &use : alloc->getUses()) {
    Operation *user = use.getOwner();
    if (user == copy)
      continue;
    if (auto d = dyn_cast<memref::DeallocOp>(user)) {
      dealloc = d;
    } else if (auto linalgOp = dyn_cast<linalg::LinalgOp>(user);
               linalgOp && linalgOp.isDpsInit(&use)) {
      if (writer)
        return failure();
      writer = linalgOp;
    } else if (isLinalgInput(use)) {
      if (!noteRead(user))
        return failure();
    } else if (auto view = dyn_cast<memref::ExpandShapeOp>(user)) {
      for (OpOperand &viewUse : view->getUses())
        if (!isLinalgInput(viewUse) || !noteRead(viewUse.getOwner()))
          return failure();
      views.push_back(view);
    } else {
      return failure();
    }
  }
  if (!writer || writer->getBlock() != block || !writer->isBeforeInBlock(copy) ||
      llvm::is_contained(writer.getDpsInputs(), alloc.getResult()))
    return failure();
  // The writer must not read the destination (it would see its own
  // writes), nothing between it and the copy may touch the destination,
  // and nothing may write it while the temporary is still read.
  for (Value in : writer.getDpsInputs())
    if (isa<MemRefType>(in.getType()) && !disjoint(in, target))
      return failure();
  for (Operation *op = writer->getNextNode(); op != copy; op = op->getNextNode())
    if (mayTouch(op, target, /*reads=*/true))
      return failure();
  for (Operation *op = copy->getNextNode(); op && op != lastRead->getNextNode();
       op = op->getNextNode())
    if (mayTouch(op, target, /*reads=*/false))
      return failure();
  Value root = footprintOfTarget->root;
  if (Operation *def = root.getDefiningOp();
      def && (def->getBlock() != block || !def->isBeforeInBlock(writer)))
    return failure();

  // The destination's view chain, rebuilt before the writer.
  SmallVector<memref::SubViewOp> chain;
  for (Value v = target; v != root; v = v.getDefiningOp<memref::SubViewOp>().getSource())
    chain.push_back(v.getDefiningOp<memref::SubViewOp>());
  OpBuilder b(writer);
  Value destination = root;
  for (memref::SubViewOp subview : llvm::reverse(chain)) {
    IRMapping mapping;
    mapping.map(subview.getSource(), destination);
    destination = b.clone(*subview, mapping)->getResult(0);
  }
  for (memref::ExpandShapeOp view : views) {
    Value expanded = memref::ExpandShapeOp::create(b, view.getLoc(), view.getType().getShape(),
                                                   destination, view.getReassociationIndices());
    view.getResult().replaceAllUsesWith(expanded);
    view->erase();
  }
  // The destination's buffer now lives as long as the temporary's readers.
  for (Operation *user : root.getUsers())
    if (isa<memref::DeallocOp>(user) && user->getBlock() == block &&
        user->isBeforeInBlock(lastRead))
      user->moveAfter(lastRead);
  copy->erase();
  for (memref::SubViewOp subview : chain) // the old views, now unused
    if (subview->use_empty())
      subview->erase();
  if (dealloc)
    dealloc->erase();
  alloc.getResult().replaceAllUsesWith(destination);
  alloc->erase();
  return success();
}

struct LegatoForwardCopiesPass
    : legato::impl::LegatoForwardCopiesPassBase<LegatoForwardCopiesPass> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation().walk([&](memref::CopyOp op) { copies.push_back(op); });
    for (memref::CopyOp copy : copies)
      if (failed(eraseUndefinedCopy(copy)) && failed(forward(copy)))
        (void)writeIntoDestination(copy);
  }
};

} // namespace
