//===- GrowReductions.cpp - a reduction of part of a kernel's result ------===//
//
// On an MPI rank, a value is often computed over more rows than the rank
// holds: the partitioner extends its box by the rows that later stencil
// reads need (DistributedProgram, legato-partition). A full reduction of the
// held rows (CG's `sum(p * ap)`) then reads a slice of the kernel that
// computes the whole box, and the two cannot share a loop nest: the
// reduction reads again what the kernel has just written.
//
// Here such a reduction is rewritten over the kernel's iteration space, its
// inputs read through slices that cover that space, and the points outside
// its old box contribute the combiner's neutral element. The two kernels
// then have one iteration space, and legato-fuse-reductions (CPU) or
// legato-convert-linalg-to-gpu (GPU) computes the reduction inside the producer's
// loop nest. Only done where every input of the reduction can be read over
// the larger space: slices of arrays that hold those points.
//
//===----------------------------------------------------------------------===//
#include "Transforms/Passes.h"
#include "Transforms/Fusion/MergeGenerics.h"
#include "Analysis/ReductionChunks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOGROWREDUCTIONSPASS
#include "Transforms/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;

namespace {

/// Static offsets of `slice` when it is a unit-stride window of the same
/// rank as its source; nullopt otherwise.
std::optional<SmallVector<int64_t>> unitStrideOffsets(tensor::ExtractSliceOp slice) {
  if (!slice.getSourceType().hasStaticShape() ||
      slice.getSourceType().getRank() != slice.getType().getRank() ||
      !llvm::all_of(slice.getStaticStrides(), [](int64_t s) { return s == 1; }) ||
      ShapedType::isDynamicShape(slice.getStaticOffsets()))
    return std::nullopt;
  return llvm::to_vector(slice.getStaticOffsets());
}

/// An all-parallel kernel on tensors whose outputs are written elementwise
/// over its whole static iteration space.
bool isElementwiseKernel(linalg::GenericOp op) {
  return op && op.hasPureTensorSemantics() && legato::isMergeable(op);
}

struct GrowReductionToProducer : OpRewritePattern<linalg::GenericOp> {
  GrowReductionToProducer(MLIRContext *context, bool requireChunks)
      : OpRewritePattern(context), requireChunks(requireChunks) {}
  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    // A full reduction to one value of inputs read elementwise.
    if (!op.hasPureTensorSemantics() || op.getNumLoops() == 0 ||
        op.getNumReductionLoops() != op.getNumLoops() || op.getNumDpsInits() != 1 ||
        op.getNumDpsInputs() == 0 || cast<ShapedType>(op.getResultTypes()[0]).getRank() != 0 ||
        llvm::any_of(op.getStaticLoopRanges(), ShapedType::isDynamic) ||
        llvm::any_of(op.getDpsInputOperands(), [&](OpOperand *in) {
          return !op.getMatchingIndexingMap(in).isIdentity();
        }))
      return rewriter.notifyMatchFailure(op, "not a full reduction of elementwise reads");
    Operation *combiner = legato::singleCombiner(op);
    if (!combiner)
      return rewriter.notifyMatchFailure(op, "no combiner with a neutral element");
    SmallVector<int64_t> box = op.getStaticLoopRanges();

    // The producer: a kernel that writes the whole larger space, of which
    // the reduction reads a slice at `origin`.
    SmallVector<int64_t> space, origin;
    linalg::GenericOp producer;
    for (Value in : op.getDpsInputs()) {
      auto slice = in.getDefiningOp<tensor::ExtractSliceOp>();
      producer = slice ? slice.getSource().getDefiningOp<linalg::GenericOp>() : nullptr;
      if (!isElementwiseKernel(producer) || producer->getBlock() != op->getBlock())
        continue;
      if (std::optional<SmallVector<int64_t>> offsets = unitStrideOffsets(slice)) {
        space = llvm::to_vector(slice.getSourceType().getShape());
        origin = *offsets;
        break;
      }
    }
    if (space.empty() || space == box)
      return rewriter.notifyMatchFailure(op, "reads no part of an elementwise kernel");
    if (requireChunks && legato::fullReductionChunks(space) <= 1)
      return rewriter.notifyMatchFailure(op, "the grown reduction could not be split");
    // Points outside the box are computed too, from whatever the inputs hold
    // there: nothing in the body may trap (an integer division by zero), and
    // no loop index may be read (its meaning would shift).
    if (!llvm::all_of(op.getBody()->without_terminator(), [](Operation &inner) {
          return isPure(&inner) && !isa<linalg::IndexOp>(inner);
        }))
      return rewriter.notifyMatchFailure(op, "a body op that may trap or reads an index");

    // Every input over the larger space: a slice of the same source moved
    // back by `origin`, which must stay inside the source.
    SmallVector<std::pair<tensor::ExtractSliceOp, SmallVector<int64_t>>> moves;
    for (Value in : op.getDpsInputs()) {
      auto slice = in.getDefiningOp<tensor::ExtractSliceOp>();
      std::optional<SmallVector<int64_t>> offsets =
          slice ? unitStrideOffsets(slice) : std::nullopt;
      if (!offsets)
        return rewriter.notifyMatchFailure(op, "an input that is not a slice");
      SmallVector<int64_t> moved;
      ArrayRef<int64_t> sourceShape = slice.getSourceType().getShape();
      for (auto [d, offset] : llvm::enumerate(*offsets)) {
        moved.push_back(offset - origin[d]);
        if (moved.back() < 0 || moved.back() + space[d] > sourceShape[d])
          return rewriter.notifyMatchFailure(op, "an input that does not cover the space");
      }
      moves.push_back({slice, moved});
    }

    // The slices go before the producer where their sources exist there, so
    // that a backend that computes the reduction inside the producer's
    // kernel finds its operands defined.
    Location loc = op.getLoc();
    auto definedBeforeProducer = [&](Value v) {
      Operation *def = v.getDefiningOp();
      return !def || def->getBlock() != producer->getBlock() || def->isBeforeInBlock(producer);
    };
    SmallVector<Value> grown;
    for (auto &[slice, moved] : moves) {
      if (llvm::all_of(moved, [](int64_t o) { return o == 0; }) &&
          ArrayRef<int64_t>(space) == slice.getSourceType().getShape()) {
        grown.push_back(slice.getSource());
        continue;
      }
      OpBuilder::InsertionGuard guard(rewriter);
      if (definedBeforeProducer(slice.getSource()))
        rewriter.setInsertionPoint(producer);
      SmallVector<OpFoldResult> at = getAsIndexOpFoldResult(getContext(), moved),
                                sizes = getAsIndexOpFoldResult(getContext(), space),
                                strides(space.size(), rewriter.getIndexAttr(1));
      grown.push_back(
          tensor::ExtractSliceOp::create(rewriter, loc, slice.getSource(), at, sizes, strides));
    }

    // The same body, with the value combined replaced by the neutral element
    // outside the reduction's old box.
    SmallVector<AffineMap> maps(op.getIndexingMapsArray());
    for (size_t i = 0; i < grown.size(); ++i)
      maps[i] = rewriter.getMultiDimIdentityMap(unsigned(space.size()));
    maps.back() = AffineMap::get(unsigned(space.size()), 0, rewriter.getContext());
    auto result = linalg::GenericOp::create(rewriter, loc, op.getResultTypes(), grown,
                                            op.getDpsInits(), maps, op.getIteratorTypesArray());
    IRMapping mapping;
    rewriter.cloneRegionBefore(op.getRegion(), result.getRegion(), result.getRegion().begin(),
                               mapping);
    Block &body = result.getRegion().front();
    Operation *newCombiner = mapping.lookup(combiner);
    Value accumulator = body.getArguments().back();
    unsigned valueIndex = newCombiner->getOperand(0) == accumulator ? 1 : 0;
    Value value = newCombiner->getOperand(valueIndex);

    rewriter.setInsertionPoint(newCombiner);
    Value inside;
    auto require = [&](Value condition) {
      inside = inside ? arith::AndIOp::create(rewriter, loc, inside, condition) : condition;
    };
    for (auto [d, extent] : llvm::enumerate(box)) {
      if (extent == space[d])
        continue;
      Value index = linalg::IndexOp::create(rewriter, loc, d);
      if (origin[d] > 0)
        require(arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::uge, index,
                                      arith::ConstantIndexOp::create(rewriter, loc, origin[d])));
      if (origin[d] + extent < space[d])
        require(arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::ult, index,
            arith::ConstantIndexOp::create(rewriter, loc, origin[d] + extent)));
    }
    auto neutral = *arith::getNeutralElement(newCombiner);
    Value identity = arith::ConstantOp::create(rewriter, loc, neutral);
    Value masked = arith::SelectOp::create(rewriter, loc, inside, value, identity);
    rewriter.modifyOpInPlace(newCombiner, [&] { newCombiner->setOperand(valueIndex, masked); });
    rewriter.replaceOp(op, result.getResults());
    return success();
  }

private:
  bool requireChunks;
};

struct LegatoGrowReductionsPass
    : legato::impl::LegatoGrowReductionsPassBase<LegatoGrowReductionsPass> {
  using LegatoGrowReductionsPassBase::LegatoGrowReductionsPassBase;
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<GrowReductionToProducer>(&getContext(), requireChunks);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
