//===- OuterReductionLoops.cpp - reductions over outer dims, row by row ---===//
#include "Conversion/LinalgToLoops/OuterReductionLoops.h"
#include "Conversion/LinalgToLoops/PointEmission.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace {

/// The loop structure of an op lowerOuterReductionToLoops takes: dims
/// [0, firstReduced) parallel, [firstReduced, firstInner) reduced,
/// [firstInner, dims) parallel.
struct OuterReduction {
  unsigned firstReduced, firstInner, dims;
};

std::optional<OuterReduction> matchOuterReduction(linalg::LinalgOp op) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (!op.hasPureBufferSemantics() || !isa<linalg::GenericOp>(op) || iterators.empty() ||
      iterators.back() != utils::IteratorType::parallel ||
      llvm::any_of(op.getStaticLoopRanges(), ShapedType::isDynamic))
    return std::nullopt;
  auto isReduced = [](utils::IteratorType t) { return t == utils::IteratorType::reduction; };
  auto first = llvm::find_if(iterators, isReduced);
  if (first == iterators.end())
    return std::nullopt;
  auto inner = std::find_if_not(first, iterators.end(), isReduced);
  if (std::find_if(inner, iterators.end(), isReduced) != iterators.end())
    return std::nullopt; // reduced dims in two groups
  // Distinct parallel points write distinct elements of every output, so
  // that the blocks run on different threads.
  for (OpOperand &init : op.getDpsInitsMutable()) {
    AffineMap map = op.getMatchingIndexingMap(&init);
    for (auto [d, iterator] : llvm::enumerate(iterators))
      if (!isReduced(iterator) && !map.isFunctionOfDim(d))
        return std::nullopt;
  }
  return OuterReduction{unsigned(first - iterators.begin()), unsigned(inner - iterators.begin()),
                        unsigned(iterators.size())};
}

} // namespace

LogicalResult legato::lowerOuterReductionToLoops(RewriterBase &rewriter, linalg::LinalgOp op,
                                                 bool parallel, int64_t threads) {
  std::optional<OuterReduction> shape = matchOuterReduction(op);
  if (!shape)
    return failure();
  auto generic = cast<linalg::GenericOp>(op);
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  // The inner parallel dims are cut into blocks along the first of them
  // (`blocked`): blocks of whole vectors and loops long enough to pay for
  // their start, small enough for their outputs to stay in L1, about two
  // per thread.
  unsigned blocked = shape->firstInner;
  int64_t outputs = 1;
  for (unsigned d = blocked; d < shape->dims; ++d)
    outputs *= ranges[d];
  int64_t inner = outputs / std::max<int64_t>(ranges[blocked], 1); // per blocked index
  int64_t perBlock = std::clamp<int64_t>(
      llvm::divideCeil(outputs, 2 * std::max<int64_t>(threads, 1)), 64, 4096);
  int64_t block = std::clamp<int64_t>(perBlock / std::max<int64_t>(inner, 1), 1, ranges[blocked]);
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  auto index = [&](OpBuilder &b, int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); };
  auto loopsOver = [&](OpBuilder &b, ArrayRef<unsigned> dims, SmallVector<Value> &lbs,
                       SmallVector<Value> &ubs, SmallVector<Value> &steps) {
    for (unsigned d : dims) {
      lbs.push_back(index(b, 0));
      ubs.push_back(index(b, ranges[d]));
      steps.push_back(index(b, 1));
    }
  };

  // Outer loops: the parallel dims before the reduced ones, and the blocks
  // of the blocked dim; then the reduced dims in order; then a block's
  // points of the inner parallel dims.
  SmallVector<unsigned> outerDims, reducedDims, innerDims;
  for (unsigned d = 0; d < shape->dims; ++d)
    (d < shape->firstReduced ? outerDims : d < shape->firstInner ? reducedDims : innerDims)
        .push_back(d);
  SmallVector<Value> lbs, ubs, steps;
  loopsOver(rewriter, outerDims, lbs, ubs, steps);
  lbs.push_back(index(rewriter, 0));
  ubs.push_back(index(rewriter, ranges[blocked]));
  steps.push_back(index(rewriter, block));

  auto body = [&](OpBuilder &b, Location l, ValueRange outerIvs) {
    SmallVector<Value> reducedLbs, reducedUbs, reducedSteps;
    loopsOver(b, reducedDims, reducedLbs, reducedUbs, reducedSteps);
    SmallVector<Value> innerLbs, innerUbs, innerSteps;
    loopsOver(b, innerDims, innerLbs, innerUbs, innerSteps);
    innerLbs[0] = outerIvs.back();
    innerUbs[0] = arith::MinSIOp::create(
        b, l, arith::AddIOp::create(b, l, outerIvs.back(), index(b, block)),
        index(b, ranges[blocked]));
    scf::buildLoopNest(
        b, l, reducedLbs, reducedUbs, reducedSteps,
        [&](OpBuilder &rb, Location rl, ValueRange reducedIvs) {
          scf::buildLoopNest(
              rb, rl, innerLbs, innerUbs, innerSteps,
              [&](OpBuilder &ib, Location il, ValueRange innerIvs) {
                SmallVector<Value> ivs(shape->dims);
                for (auto [d, iv] : llvm::zip(outerDims, outerIvs))
                  ivs[d] = iv;
                for (auto [d, iv] : llvm::zip(reducedDims, reducedIvs))
                  ivs[d] = iv;
                for (auto [d, iv] : llvm::zip(innerDims, innerIvs))
                  ivs[d] = iv;
                emitPoint(ib, il, generic, ivs);
              });
        });
  };
  if (parallel && (ranges[blocked] > block || !outerDims.empty()))
    scf::ParallelOp::create(rewriter, loc, lbs, ubs, steps, body);
  else
    scf::buildLoopNest(rewriter, loc, lbs, ubs, steps, body);
  rewriter.eraseOp(op);
  return success();
}
