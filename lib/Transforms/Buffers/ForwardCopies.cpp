//===- ForwardCopies.cpp - copies through a temporary become one copy -----===//
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
// kept it apart) writes into that view instead, and its readers (other
// copies of it too) read it there, when nothing touches the view between
// the kernel and the copy and nothing writes it while the temporary would
// still be read.
//
// A copy of a sliver of an elementwise kernel's output (CFD's wall rows,
// `p[0] = p[1]` after a pressure sweep) is computed again from the
// kernel's inputs instead, and two such slivers of one kernel share a
// kernel: the walls then no longer wait for the sweep.
//
// A library call (an FFT or LAPACK step of the runtime) that fills a new
// buffer which is then copied whole into a destination (a program's output)
// writes the destination instead.
//
// An allocation that nothing reads goes, with the kernels that only write
// it; a kernel that also writes elsewhere loses that output (a generator's
// values that only the reduction fused into its kernel consumed).
//
//===----------------------------------------------------------------------===//
#include "Transforms/Passes.h"
#include "Analysis/BufferFootprint.h"
#include "Transforms/Fusion/MergeGenerics.h"
#include "Dialect/Legato/IR/Markers.h"
#include "Analysis/BufferRoots.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallBitVector.h"

#include <functional>

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOFORWARDCOPIESPASS
#include "Transforms/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;
using mlir::legato::disjoint;
using mlir::legato::footprint;
using mlir::legato::Footprint;

namespace {

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
    return reads && llvm::any_of(legato::readInBody(op), overlaps);
  }
  if (auto copy = dyn_cast<memref::CopyOp>(op))
    return overlaps(copy.getTarget()) || (reads && overlaps(copy.getSource()));
  return true; // unknown effects
}

/// How writeIntoDestination forwards a copy: the temporary (`alloc`, read
/// through `collapse` when set) and its deallocation, the static views of it
/// that readers read, the first op that writes it (the writer, or a
/// reduction's initial fill), its last reader, and the root buffer of the
/// copy's destination.
struct ForwardedCopy {
  memref::CollapseShapeOp collapse;
  memref::AllocOp alloc;
  memref::DeallocOp dealloc;
  SmallVector<Operation *> views;
  Operation *firstWrite = nullptr, *lastRead = nullptr;
  Value root;
};

/// Whether the one kernel that writes `copy`'s source, a fresh allocation
/// (or its collapse_shape: a scan's chunks of 8, flat), may write the copy's
/// destination instead, and how (see writeIntoDestination).
std::optional<ForwardedCopy> planWriteIntoDestination(memref::CopyOp copy) {
  auto collapse = copy.getSource().getDefiningOp<memref::CollapseShapeOp>();
  if (collapse && !collapse->hasOneUse())
    return std::nullopt;
  auto alloc = (collapse ? collapse.getSrc() : copy.getSource()).getDefiningOp<memref::AllocOp>();
  Value target = copy.getTarget();
  std::optional<Footprint> footprintOfTarget = footprint(target);
  if (!alloc || !footprintOfTarget)
    return std::nullopt;
  if (collapse && failed(memref::ExpandShapeOp::computeExpandedType(
                      cast<MemRefType>(target.getType()), alloc.getType().getShape(),
                      collapse.getReassociationIndices())))
    return std::nullopt; // the destination's layout cannot take the shape
  Block *block = copy->getBlock();
  linalg::LinalgOp writer;
  linalg::FillOp initialFill; // a reduction's, before the writer
  memref::DeallocOp dealloc;
  SmallVector<Operation *> views; // of the temporary, static, read only
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
  // Reads of the temporary or of static views of it: kernel inputs, and
  // copies elsewhere (CG's p into the segment's output as well as into the
  // pad), which then read the destination.
  std::function<bool(Value)> onlyRead = [&](Value v) {
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      auto linalgOp = dyn_cast<linalg::LinalgOp>(user);
      if (user == copy || user == collapse || isa<memref::DeallocOp>(user) ||
          (v == alloc.getResult() && linalgOp && linalgOp.isDpsInit(&use)))
        continue; // the writer, checked below
      auto otherCopy = dyn_cast<memref::CopyOp>(user);
      if (isLinalgInput(use) || (otherCopy && otherCopy.getSource() == v)) {
        if (!noteRead(user))
          return false;
      } else if (isa<memref::SubViewOp, memref::ExpandShapeOp>(user) &&
                 user->getNumOperands() == 1 && user->getBlock() == block) {
        views.push_back(user);
        if (!onlyRead(user->getResult(0)))
          return false;
      } else {
        return false;
      }
    }
    return true;
  };
  SmallVector<linalg::LinalgOp, 2> writers;
  for (OpOperand &use : alloc->getUses()) {
    Operation *user = use.getOwner();
    if (auto d = dyn_cast<memref::DeallocOp>(user))
      dealloc = d;
    else if (auto linalgOp = dyn_cast<linalg::LinalgOp>(user); linalgOp && linalgOp.isDpsInit(&use))
      writers.push_back(linalgOp);
  }
  if (writers.size() == 2 && writers[0]->getBlock() == writers[1]->getBlock() &&
      writers[1]->isBeforeInBlock(writers[0]))
    std::swap(writers[0], writers[1]);
  if (writers.size() == 2 && isa<linalg::FillOp>(writers[0]))
    initialFill = cast<linalg::FillOp>(writers[0]);
  if (writers.size() > (initialFill ? 2u : 1u))
    return std::nullopt;
  if (!writers.empty())
    writer = writers.back();
  if (!onlyRead(alloc.getResult()))
    return std::nullopt;
  if (!writer || writer->getBlock() != block || !writer->isBeforeInBlock(copy) ||
      llvm::is_contained(writer.getDpsInputs(), alloc.getResult()))
    return std::nullopt;
  Operation *firstWrite = writer;
  if (initialFill) {
    if (initialFill->getBlock() != block || !initialFill->isBeforeInBlock(writer))
      return std::nullopt;
    firstWrite = initialFill;
  }
  // The writer must not otherwise touch the destination: reading it, it
  // would see its own writes; writing it through another output, the
  // destination's elements would no longer be written after those (a
  // sibling's earlier update of an overlapping slice). Nothing between it
  // and the copy may touch the destination, and nothing may write it while
  // the temporary is still read.
  for (Value operand : llvm::concat<Value>(writer->getOperands(), legato::readInBody(writer)))
    if (operand != alloc.getResult() && isa<MemRefType>(operand.getType()) &&
        !disjoint(operand, target))
      return std::nullopt;
  for (Operation *op = firstWrite->getNextNode(); op != copy; op = op->getNextNode())
    if (op != writer && mayTouch(op, target, /*reads=*/true))
      return std::nullopt;
  for (Operation *op = copy->getNextNode(); op && op != lastRead->getNextNode();
       op = op->getNextNode())
    if (mayTouch(op, target, /*reads=*/false))
      return std::nullopt;
  Value root = footprintOfTarget->root;
  if (Operation *def = root.getDefiningOp();
      def && (def->getBlock() != block || !def->isBeforeInBlock(firstWrite)))
    return std::nullopt;
  return ForwardedCopy{collapse, alloc, dealloc, std::move(views), firstWrite, lastRead, root};
}

/// Makes the kernel that writes `copy`'s source write its destination
/// instead (expanded back to the allocation's shape), as `plan` says; the
/// source's readers read the destination.
LogicalResult writeIntoDestination(memref::CopyOp copy) {
  std::optional<ForwardedCopy> plan = planWriteIntoDestination(copy);
  if (!plan)
    return failure();
  auto [collapse, alloc, dealloc, views, firstWrite, lastRead, root] = *plan;
  Value target = copy.getTarget();
  Block *block = copy->getBlock();

  // The destination's view chain, rebuilt before the first write.
  SmallVector<memref::SubViewOp> chain;
  for (Value v = target; v != root; v = v.getDefiningOp<memref::SubViewOp>().getSource())
    chain.push_back(v.getDefiningOp<memref::SubViewOp>());
  OpBuilder b(firstWrite);
  Value destination = root;
  for (memref::SubViewOp subview : llvm::reverse(chain)) {
    IRMapping mapping;
    mapping.map(subview.getSource(), destination);
    destination = b.clone(*subview, mapping)->getResult(0);
  }
  if (collapse)
    destination = memref::ExpandShapeOp::create(b, collapse.getLoc(), alloc.getType().getShape(),
                                                destination, collapse.getReassociationIndices());
  // Views of the temporary become views of the destination (with its
  // strides: rebuilt, not cloned), parents first.
  IRMapping viewed;
  viewed.map(alloc.getResult(), destination);
  for (Operation *view : views) {
    Value source = viewed.lookup(view->getOperand(0));
    Value rebuilt;
    if (auto subview = dyn_cast<memref::SubViewOp>(view))
      rebuilt = memref::SubViewOp::create(b, view->getLoc(), source, subview.getMixedOffsets(),
                                          subview.getMixedSizes(), subview.getMixedStrides());
    else
      rebuilt = memref::ExpandShapeOp::create(
          b, view->getLoc(), cast<memref::ExpandShapeOp>(view).getResultType().getShape(), source,
          cast<memref::ExpandShapeOp>(view).getReassociationIndices());
    viewed.map(view->getResult(0), rebuilt);
  }
  for (Operation *view : llvm::reverse(views)) {
    view->getResult(0).replaceAllUsesWith(viewed.lookup(view->getResult(0)));
    view->erase();
  }
  // The destination's buffer now lives as long as the temporary's readers.
  for (Operation *user : root.getUsers())
    if (isa<memref::DeallocOp>(user) && user->getBlock() == block &&
        user->isBeforeInBlock(lastRead))
      user->moveAfter(lastRead);
  copy->erase();
  if (collapse)
    collapse->erase();
  for (memref::SubViewOp subview : chain) // the old views, now unused
    if (subview->use_empty())
      subview->erase();
  if (dealloc)
    dealloc->erase();
  alloc.getResult().replaceAllUsesWith(destination);
  alloc->erase();
  return success();
}

/// Makes the runtime's library call that fills `copy`'s source, a fresh
/// allocation, write the copy's destination instead: the call takes its
/// output as `memref.cast` of the allocation to an unranked memref, and
/// nothing else uses the allocation but the copy and its deallocation.
/// The destination must exist before the call, no op between the call and
/// the copy may touch it, and the call's operands may not overlap it. An
/// FFT or sort step writes any strides; a LAPACK step wants a contiguous result.
LogicalResult writeCallIntoDestination(memref::CopyOp copy) {
  auto alloc = copy.getSource().getDefiningOp<memref::AllocOp>();
  if (!alloc)
    return failure();
  memref::CastOp unranked;
  memref::DeallocOp dealloc;
  for (Operation *user : alloc->getUsers()) {
    if (auto c = dyn_cast<memref::CastOp>(user); c && !unranked)
      unranked = c;
    else if (auto d = dyn_cast<memref::DeallocOp>(user); d && !dealloc)
      dealloc = d;
    else if (user != copy)
      return failure();
  }
  if (!unranked || !unranked->hasOneUse())
    return failure();
  auto call = dyn_cast<func::CallOp>(*unranked->user_begin());
  if (!call || call->getBlock() != copy->getBlock() || !call->isBeforeInBlock(copy))
    return failure();
  StringRef callee = call.getCallee();
  bool anyStrides = llvm::any_of(
      ArrayRef<StringRef>{"legato_fft_", "legato_sort_", "legato_argsort_", "legato_partition_",
                          "legato_argpartition_"},
      [&](StringRef prefix) { return callee.starts_with(prefix); });
  if (!anyStrides && !callee.starts_with("legato_lapack_"))
    return failure();
  Value target = copy.getTarget();
  auto targetType = cast<MemRefType>(target.getType());
  if (!anyStrides && !targetType.getLayout().isIdentity())
    return failure();
  if (Operation *def = target.getDefiningOp();
      def && (def->getBlock() != call->getBlock() || !def->isBeforeInBlock(call)))
    return failure();
  for (Value operand : call.getOperands()) {
    auto source = operand.getDefiningOp<memref::CastOp>();
    if (source && source != unranked && !disjoint(source.getSource(), target))
      return failure();
  }
  for (Operation *op = call->getNextNode(); op != copy; op = op->getNextNode())
    if (mayTouch(op, target, /*reads=*/true))
      return failure();
  unranked->setOperand(0, target);
  copy->erase();
  if (dealloc)
    dealloc->erase();
  alloc->erase();
  return success();
}

/// The window `view` selects of its buffer: `view` itself or one
/// rank-preserving unit-stride subview of it, with static offsets and sizes.
struct Window {
  Value root;
  SmallVector<int64_t> offsets, sizes;
};
std::optional<Window> windowOf(Value view) {
  auto type = cast<MemRefType>(view.getType());
  if (!type.hasStaticShape())
    return std::nullopt;
  auto subview = view.getDefiningOp<memref::SubViewOp>();
  if (!subview) {
    if (!type.getLayout().isIdentity())
      return std::nullopt;
    return Window{view, SmallVector<int64_t>(type.getRank(), 0), llvm::to_vector(type.getShape())};
  }
  auto rootType = cast<MemRefType>(subview.getSource().getType());
  if (subview.getSource().getDefiningOp<memref::SubViewOp>() ||
      !rootType.getLayout().isIdentity() || rootType.getRank() != type.getRank() ||
      llvm::any_of(subview.getStaticOffsets(), ShapedType::isDynamic) ||
      llvm::any_of(subview.getStaticStrides(), [](int64_t s) { return s != 1; }))
    return std::nullopt;
  return Window{subview.getSource(), llvm::to_vector(subview.getStaticOffsets()),
                llvm::to_vector(type.getShape())};
}

/// Copies of at most this fraction of an array are recomputed.
constexpr int64_t kMaxRecomputedFraction = 8;

/// A kernel input read through `map`, for the kernel's loops restricted to
/// the window at `shift` of size `sizes`: where a dimension is indexed by a
/// loop index plus a constant, a subview of the input starting there (linalg
/// wants such operands as large as the loops); elsewhere (a wrap-around
/// `mod`, a constant) the whole dimension, indexed through the shifted map.
std::pair<Value, AffineMap> restrictToWindow(OpBuilder &b, Value input, AffineMap map,
                                             ArrayRef<int64_t> shift, ArrayRef<int64_t> sizes) {
  MLIRContext *ctx = b.getContext();
  unsigned rank = shift.size();
  auto type = dyn_cast<MemRefType>(input.getType());
  if (!type)
    return {input, map}; // a scalar operand: AffineMap of no results
  SmallVector<AffineExpr> shifted;
  for (unsigned d = 0; d < rank; ++d)
    shifted.push_back(getAffineDimExpr(d, ctx) + shift[d]);
  AffineMap toKernel = AffineMap::get(rank, 0, shifted, ctx);
  SmallVector<int64_t> offsets, extents, strides;
  SmallVector<AffineExpr> exprs;
  for (auto [r, e] : llvm::enumerate(map.getResults())) {
    std::optional<unsigned> dim;
    int64_t constant = 0;
    if (auto d = dyn_cast<AffineDimExpr>(e)) {
      dim = d.getPosition();
    } else if (auto sum = dyn_cast<AffineBinaryOpExpr>(e);
               sum && sum.getKind() == AffineExprKind::Add) {
      auto d = dyn_cast<AffineDimExpr>(sum.getLHS());
      auto c = dyn_cast<AffineConstantExpr>(sum.getRHS());
      if (d && c) {
        dim = d.getPosition();
        constant = c.getValue();
      }
    }
    strides.push_back(1);
    if (dim) {
      offsets.push_back(shift[*dim] + constant);
      extents.push_back(sizes[*dim]);
      exprs.push_back(getAffineDimExpr(*dim, ctx));
    } else {
      offsets.push_back(0);
      extents.push_back(type.getDimSize(r));
      exprs.push_back(e.compose(toKernel));
    }
  }
  Value restricted = input;
  if (llvm::any_of(offsets, [](int64_t o) { return o != 0; }) ||
      ArrayRef(extents) != type.getShape())
    restricted = memref::SubViewOp::create(b, input.getLoc(), input, offsets, extents, strides);
  return {restricted, AffineMap::get(rank, 0, exprs, ctx)};
}

/// Replaces `copy` by the computation of what it copies, when that is a
/// window of an elementwise kernel's output: the kernel's payload over the
/// window, reading the kernel's inputs (which nothing may have written
/// since) and writing the copy's destination. CFD's wall rows, `p[0] =
/// p[1]` after a sweep, stop depending on the sweep's kernel: on a GPU the
/// two then share a launch. Returns the writer and the new kernel.
FailureOr<std::pair<linalg::GenericOp, linalg::GenericOp>>
recomputeFromWriter(memref::CopyOp copy) {
  Value source = copy.getSource();
  std::optional<Window> window = windowOf(source);
  if (!window || !cast<MemRefType>(copy.getTarget().getType()).hasStaticShape())
    return failure();
  // The last op before the copy that writes its source.
  Operation *writerOp = copy->getPrevNode();
  while (writerOp && !mayTouch(writerOp, source, /*reads=*/false))
    writerOp = writerOp->getPrevNode();
  auto writer = dyn_cast_or_null<linalg::GenericOp>(writerOp);
  if (!writer || writer.getNumReductionLoops() != 0 || writer.getNumDpsInits() == 0 ||
      llvm::any_of(writer.getStaticLoopRanges(), ShapedType::isDynamic))
    return failure();
  // The output whose window contains the copied one.
  std::optional<unsigned> result;
  SmallVector<int64_t> shift;
  for (OpOperand &out : writer.getDpsInitsMutable()) {
    std::optional<Window> written = windowOf(out.get());
    if (!written || written->root != window->root ||
        !writer.getMatchingIndexingMap(&out).isIdentity() ||
        writer.payloadUsesValueFromOperand(&out))
      continue;
    shift.clear();
    for (auto [o, s, wo, ws] :
         llvm::zip(window->offsets, window->sizes, written->offsets, written->sizes))
      if (o >= wo && o + s <= wo + ws)
        shift.push_back(o - wo);
    if (shift.size() == window->offsets.size()) {
      result = out.getOperandNumber() - writer.getNumDpsInputs();
      break;
    }
  }
  // Recomputing costs a pass over the kernel's inputs where the copy made
  // one over its output: only for a sliver of the array. (Of the array, not
  // of the kernel: the edge row of a pair of fused sweeps is a kernel of
  // its own, legato-fuse-sweeps.)
  int64_t arraySize = 1, windowSize = 1;
  for (int64_t d : cast<MemRefType>(window->root.getType()).getShape())
    arraySize *= d;
  for (int64_t s : window->sizes)
    windowSize *= s;
  if (!result || windowSize * kMaxRecomputedFraction > arraySize)
    return failure();
  // The inputs must still hold what the kernel read: it does not write them
  // itself, nothing writes them before the copy, and the copy's destination
  // is not among them.
  SmallVector<Value> reads(writer.getDpsInputs());
  llvm::append_range(reads, legato::readInBody(writer));
  for (Value in : reads) {
    if (!isa<MemRefType>(in.getType()))
      continue;
    if (!disjoint(in, copy.getTarget()))
      return failure();
    for (Value out : writer.getDpsInits())
      if (!disjoint(in, out))
        return failure();
    for (Operation *op = writer->getNextNode(); op != copy; op = op->getNextNode())
      if (mayTouch(op, in, /*reads=*/false))
        return failure();
  }

  // The kernel's payload over the window, writing the copy's destination.
  OpBuilder b(copy);
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  for (OpOperand *in : writer.getDpsInputOperands()) {
    auto [input, map] = restrictToWindow(b, in->get(), writer.getMatchingIndexingMap(in), shift,
                                         window->sizes);
    inputs.push_back(input);
    maps.push_back(map);
  }
  maps.push_back(AffineMap::getMultiDimIdentityMap(shift.size(), b.getContext()));
  auto recomputed = linalg::GenericOp::create(b, copy.getLoc(), TypeRange(), inputs,
                                              ValueRange{copy.getTarget()}, maps,
                                              writer.getIteratorTypesArray());
  if (Attribute tile = writer->getAttr(legato::kSweepTileAttr)) // one more row of the pair
    recomputed->setAttr(legato::kSweepTileAttr, tile);
  IRMapping mapping;
  writer.getRegion().cloneInto(&recomputed.getRegion(), mapping);
  Block &body = recomputed.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  Value kept = yield.getOperand(*result);
  b.setInsertionPoint(yield);
  linalg::YieldOp::create(b, yield.getLoc(), kept);
  yield->erase();
  for (unsigned i = writer.getNumDpsInits(); i-- > 0;)
    if (i != *result)
      body.eraseArgument(writer.getNumDpsInputs() + i);
  // linalg.index counts from the window's corner now.
  for (auto index : llvm::to_vector(body.getOps<linalg::IndexOp>())) {
    b.setInsertionPointAfter(index);
    Value corner = arith::ConstantIndexOp::create(b, index.getLoc(), shift[index.getDim()]);
    auto moved = arith::AddIOp::create(b, index.getLoc(), index, corner);
    index.getResult().replaceAllUsesExcept(moved, moved);
  }
  // Inputs freed between the kernel and the copy live until the new kernel.
  for (Operation *op = writer->getNextNode(); op != copy;) {
    Operation *next = op->getNextNode();
    if (auto dealloc = dyn_cast<memref::DeallocOp>(op))
      if (llvm::any_of(reads, [&](Value in) { return !disjoint(in, dealloc.getMemref()); }))
        dealloc->moveAfter(recomputed);
    op = next;
  }
  copy->erase();
  return std::make_pair(writer, recomputed);
}

/// One kernel for two all-parallel kernels over the same loop ranges with
/// only effect-free ops and allocations between them, when neither reads or
/// writes what the other writes (both wall rows of a CFD sweep: one loop
/// nest on the CPU). mergeGenerics checks the loop nests; the merged kernel
/// takes `second`'s place.
LogicalResult mergeIndependent(linalg::GenericOp first, linalg::GenericOp second) {
  for (Operation *op = first->getNextNode(); op != second; op = op->getNextNode())
    if (!isMemoryEffectFree(op) && !isa<memref::AllocOp>(op))
      return failure();
  if (!legato::independent(first, second))
    return failure();
  IRRewriter rewriter(second);
  return legato::mergeGenerics(rewriter, first, second);
}

/// Whether every loop of `kernel` indexes some operand other than `skipped`
/// directly (linalg infers the loop ranges from those operands' shapes).
bool loopsSpannedWithout(linalg::GenericOp kernel, OpOperand &skipped) {
  llvm::SmallBitVector spanned(kernel.getNumLoops());
  for (OpOperand &operand : kernel->getOpOperands()) {
    if (&operand == &skipped || !isa<MemRefType>(operand.get().getType()))
      continue;
    for (AffineExpr e : kernel.getMatchingIndexingMap(&operand).getResults())
      if (auto d = dyn_cast<AffineDimExpr>(e))
        spanned.set(d.getPosition());
  }
  return spanned.all();
}

/// Replaces `kernel` by one without the output `dead`, which its payload
/// does not read and nothing reads after it: the operand goes, or, when it
/// alone spans some loop, becomes an input the payload ignores (read by
/// nothing once the loops are built; then true). The store of a generator's
/// values that only its fused reduction consumed goes this way.
bool dropOutput(linalg::GenericOp kernel, OpOperand &dead) {
  unsigned position = dead.getOperandNumber() - kernel.getNumDpsInputs();
  bool spansLoops = !loopsSpannedWithout(kernel, dead);
  SmallVector<Value> inputs = kernel.getDpsInputs(), inits;
  SmallVector<AffineMap> maps;
  for (OpOperand *in : kernel.getDpsInputOperands())
    maps.push_back(kernel.getMatchingIndexingMap(in));
  if (spansLoops) {
    inputs.push_back(dead.get());
    maps.push_back(kernel.getMatchingIndexingMap(&dead));
  }
  for (OpOperand &init : kernel.getDpsInitsMutable())
    if (&init != &dead) {
      inits.push_back(init.get());
      maps.push_back(kernel.getMatchingIndexingMap(&init));
    }
  OpBuilder b(kernel);
  auto replacement = linalg::GenericOp::create(b, kernel.getLoc(), TypeRange(), inputs, inits,
                                               maps, kernel.getIteratorTypesArray());
  replacement->setDiscardableAttrs(kernel->getDiscardableAttrDictionary());
  replacement.getRegion().takeBody(kernel.getRegion());
  Block &body = replacement.getRegion().front();
  BlockArgument deadArg = body.getArgument(dead.getOperandNumber());
  Type elementType = deadArg.getType();
  body.eraseArgument(deadArg.getArgNumber()); // unused: the payload does not read it
  if (spansLoops)
    body.insertArgument(kernel.getNumDpsInputs(), elementType, kernel.getLoc());
  Operation *yield = body.getTerminator();
  yield->eraseOperand(position);
  kernel->erase();
  return spansLoops;
}

/// Erases `alloc` with the kernels that only write it when nothing reads it
/// (a constant border of a pad whose interior and border a copy forwarded
/// elsewhere); a kernel that also writes other buffers loses that output
/// instead (dropOutput). Fails, changing nothing, when anything may read it.
LogicalResult eraseUnreadAllocation(memref::AllocOp alloc) {
  SmallVector<Operation *> views, deallocs;
  llvm::MapVector<Operation *, SmallVector<OpOperand *, 1>> writes; // kernel -> its outputs here
  for (OpOperand *use : legato::usesThroughViews(alloc.getResult(), &views)) {
    Operation *user = use->getOwner();
    if (isa<memref::DeallocOp>(user)) {
      deallocs.push_back(user);
      continue;
    }
    auto kernel = dyn_cast<linalg::LinalgOp>(user);
    if (!kernel || kernel->getNumResults() != 0 || !kernel.isDpsInit(use) ||
        kernel.payloadUsesValueFromOperand(use))
      return failure();
    writes[user].push_back(use);
  }
  // A kernel that writes only here goes; one that also writes other
  // buffers keeps them (a generic with this one output only).
  auto writesElsewhere = [&](Operation *kernel) {
    return llvm::any_of(cast<linalg::LinalgOp>(kernel).getDpsInits(),
                        [&](Value out) { return legato::rootOf(out) != alloc.getResult(); });
  };
  for (auto &[kernel, outputs] : writes)
    if (writesElsewhere(kernel) && (!isa<linalg::GenericOp>(kernel) || outputs.size() != 1))
      return failure();
  bool needed = false; // as an input that spans loops
  for (auto &[kernel, outputs] : writes) {
    if (!writesElsewhere(kernel)) {
      kernel->erase();
      continue;
    }
    needed |= dropOutput(cast<linalg::GenericOp>(kernel), *outputs.front());
  }
  for (Operation *view : llvm::reverse(views))
    if (view->use_empty())
      view->erase();
  if (needed)
    return success(); // the allocation stays, read by nothing
  for (Operation *dealloc : deallocs)
    dealloc->erase();
  alloc->erase();
  return success();
}

struct LegatoForwardCopiesPass
    : legato::impl::LegatoForwardCopiesPassBase<LegatoForwardCopiesPass> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation().walk([&](memref::CopyOp op) { copies.push_back(op); });
    // The kernel each writer's latest recomputed copy became.
    llvm::DenseMap<Operation *, linalg::GenericOp> recomputedFrom;
    for (memref::CopyOp copy : copies) {
      if (succeeded(eraseUndefinedCopy(copy)) || succeeded(forward(copy)) ||
          succeeded(writeIntoDestination(copy)) || succeeded(writeCallIntoDestination(copy)))
        continue;
      auto recomputed = recomputeFromWriter(copy);
      if (failed(recomputed))
        continue;
      auto [writer, kernel] = *recomputed;
      linalg::GenericOp previous = recomputedFrom.lookup(writer);
      recomputedFrom[writer] = kernel;
      if (previous && previous->getBlock() == kernel->getBlock() &&
          succeeded(mergeIndependent(previous, kernel)))
        recomputedFrom.erase(writer);
    }
    SmallVector<memref::AllocOp> allocs;
    getOperation().walk([&](memref::AllocOp op) { allocs.push_back(op); });
    for (memref::AllocOp alloc : allocs)
      (void)eraseUnreadAllocation(alloc);
  }
};

} // namespace
