//===- ReductionChunks.cpp - a reduction's combiner and its chunks --------===//
#include "Analysis/ReductionChunks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Analysis/SliceAnalysis.h"

using namespace mlir;

namespace {

// Enough independent chunks for any core count we target, each long enough
// to amortise its loop setup.
constexpr int64_t kMaxChunks = 64;
constexpr int64_t kMinChunkElements = 4096;
// Parallel iterations beyond which a reduction already has parallelism.
constexpr int64_t kEnoughParallelism = 64;

/// The largest divisor of `extent` that is at most `bound`.
int64_t largestDivisorAtMost(int64_t extent, int64_t bound) {
  for (int64_t d = std::min(extent, bound); d > 1; --d)
    if (extent % d == 0)
      return d;
  return 1;
}

/// The chunks that `reduced` iterations ask for: as many as keep each at
/// least kMinChunkElements long, at most kMaxChunks, at least 1.
int64_t chunksAskedFor(int64_t reduced) {
  return std::max<int64_t>(1, std::min(kMaxChunks, reduced / kMinChunkElements));
}

/// The product of `op`'s parallel and of its reduced loop extents.
std::pair<int64_t, int64_t> parallelAndReducedIterations(linalg::GenericOp op) {
  SmallVector<unsigned> reductionDims;
  op.getReductionDims(reductionDims);
  int64_t parallel = 1, reduced = 1;
  for (auto [dim, extent] : llvm::enumerate(op.getStaticLoopRanges()))
    (llvm::is_contained(reductionDims, unsigned(dim)) ? reduced : parallel) *= extent;
  return {parallel, reduced};
}
} // namespace

bool mlir::legato::hasEnoughParallelism(linalg::GenericOp op) {
  return parallelAndReducedIterations(op).first >= kEnoughParallelism;
}

int64_t mlir::legato::fullReductionChunks(ArrayRef<int64_t> ranges) {
  if (ranges.empty() || llvm::any_of(ranges, ShapedType::isDynamic))
    return 1;
  int64_t reduced = 1;
  for (int64_t extent : ranges)
    reduced *= extent;
  return largestDivisorAtMost(ranges.front(), chunksAskedFor(reduced));
}

int64_t mlir::legato::reductionChunks(linalg::GenericOp op) {
  int64_t wanted = wantedReductionChunks(op);
  if (wanted <= 1)
    return 1;
  SmallVector<unsigned> reductionDims;
  op.getReductionDims(reductionDims);
  return largestDivisorAtMost(op.getStaticLoopRanges()[reductionDims.front()], wanted);
}

Operation *mlir::legato::singleCombiner(linalg::GenericOp op, unsigned output) {
  SmallVector<Operation *> combiners;
  if (!matchReduction(op.getRegionOutputArgs(), output, combiners) || combiners.size() != 1 ||
      combiners.front()->getNumOperands() != 2 || !arith::getNeutralElement(combiners.front()))
    return nullptr;
  return combiners.front();
}

int64_t mlir::legato::wantedReductionChunks(linalg::GenericOp op) {
  if (op.getNumReductionLoops() == 0 || !op.hasPureTensorSemantics() ||
      llvm::any_of(op.getStaticLoopRanges(), ShapedType::isDynamic) ||
      legato::hasEnoughParallelism(op))
    return 1;
  return chunksAskedFor(parallelAndReducedIterations(op).second);
}
