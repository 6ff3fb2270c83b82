//===- ReductionLoops.cpp - reductions as loops with register accumulators ===//
#include "Conversion/LinalgToLoops/ReductionLoops.h"
#include "Conversion/LinalgToLoops/LoopUnrolling.h"
#include "Conversion/LinalgToLoops/PointEmission.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;

namespace {

/// How the loops write one output of the op.
struct Output {
  OpOperand *init;
  AffineMap map;
  Operation *combiner = nullptr; // accumulated in a register; else stored
};

/// Trip counts of a lanes loop up to which LLVM unrolls it in full (its
/// default threshold, for the bodies these loops have).
constexpr int64_t kMaxTripsUnrolledInFull = 16;

/// Accumulators per reduced output: one 512-bit vector of them, so that a
/// float sum runs as independent vector lanes. The number depends on the
/// element type alone, so the summation order never depends on the CPU, the
/// thread count or what else the kernel computes: a sum fused into its
/// producer gives the bits of the same sum run alone. An integer combiner
/// (add, min, max, and, or) gives the same result in any order, so it keeps
/// one accumulator and LLVM vectorises the loop itself; given lanes, LLVM
/// vectorised each lane's chain apart, reading the row with a stride of 8
/// (int64 sums along rows 10x slower than float64 ones).
int64_t lanesFor(Type element) {
  if (!isa<FloatType>(element)) // (complex numbers too: their sums keep one chain)
    return 1;
  unsigned bits = element.getIntOrFloatBitWidth();
  return std::clamp<int64_t>(512 / std::max(bits, 8u), 1, 16);
}

/// The outputs of `op`, or none when `op` is not a reduction these loops
/// lower: parallel dims first, every output either reduced over all reduced
/// dims by one combiner or written (not read) at each point.
std::optional<SmallVector<Output>> classifyOutputs(linalg::LinalgOp op, unsigned parallelDims) {
  SmallVector<Output> outputs;
  for (OpOperand &init : op.getDpsInitsMutable()) {
    AffineMap map = op.getMatchingIndexingMap(&init);
    bool onlyParallelDims = llvm::all_of(map.getResults(), [&](AffineExpr e) {
      auto dim = dyn_cast<AffineDimExpr>(e);
      return dim && dim.getPosition() < parallelDims;
    });
    if (onlyParallelDims) {
      SmallVector<Operation *> combiners;
      if (!matchReduction(op.getRegionOutputArgs(),
                          init.getOperandNumber() - op.getNumDpsInputs(), combiners) ||
          combiners.size() != 1)
        return std::nullopt;
      // The running value must feed nothing but the next step: with lanes,
      // a kernel that also used it (a scan) would see other partial values.
      Operation *combiner = combiners.front();
      if (!combiner->getResult(0).hasOneUse() || !op.getMatchingBlockArgument(&init).hasOneUse())
        return std::nullopt;
      outputs.push_back({&init, map, combiner});
    } else if (!op.payloadUsesValueFromOperand(&init)) {
      // Written once per point: the map distinguishes the reduced points.
      outputs.push_back({&init, map, nullptr});
    } else {
      return std::nullopt;
    }
  }
  return outputs;
}

/// What the loops of a reduction will be: its parallel dims (first), how
/// each output is written, its combiners and the lanes of the innermost
/// reduced loop (lanes k holds the points whose index is k modulo `lanes`;
/// the tail that does not fill the lanes, from `vectorEnd`, goes to lane 0).
struct ReductionLoopPlan {
  unsigned parallelDims;
  SmallVector<Output> outputs;
  SmallVector<Operation *> combiners;
  int64_t lanes, vectorEnd;
};

/// The plan for `op`, or none when `op` is not a reduction these loops
/// lower (see lowerReductionToLoops).
std::optional<ReductionLoopPlan> planReductionLoops(linalg::LinalgOp op) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  auto firstReduction = llvm::find(iterators, utils::IteratorType::reduction);
  if (!op.hasPureBufferSemantics() || firstReduction == iterators.end() ||
      std::find(firstReduction, iterators.end(), utils::IteratorType::parallel) !=
          iterators.end() ||
      llvm::any_of(op.getStaticLoopRanges(), ShapedType::isDynamic))
    return std::nullopt;
  ReductionLoopPlan plan;
  plan.parallelDims = firstReduction - iterators.begin();
  std::optional<SmallVector<Output>> outputs = classifyOutputs(op, plan.parallelDims);
  if (!outputs)
    return std::nullopt;
  plan.outputs = std::move(*outputs);
  for (const Output &out : plan.outputs)
    if (out.combiner)
      plan.combiners.push_back(out.combiner);
  int64_t innermost = op.getStaticLoopRanges().back();
  plan.lanes = 1;
  for (Operation *combiner : plan.combiners)
    plan.lanes = std::max(plan.lanes, lanesFor(combiner->getResult(0).getType()));
  if (innermost < 2 * plan.lanes || llvm::any_of(plan.combiners, [](Operation *c) {
        return !arith::getNeutralElement(c);
      }))
    plan.lanes = 1;
  plan.vectorEnd = innermost - innermost % plan.lanes;
  return plan;
}

} // namespace

LogicalResult legato::lowerReductionToLoops(RewriterBase &rewriter, linalg::LinalgOp op,
                                            bool parallel, linalg::GenericOp epilogue) {
  std::optional<ReductionLoopPlan> plan = planReductionLoops(op);
  if (!plan)
    return failure();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  unsigned parallelDims = plan->parallelDims;
  const SmallVector<Output> *outputs = &plan->outputs;
  ArrayRef<Operation *> combiners = plan->combiners;
  int64_t lanes = plan->lanes, vectorEnd = plan->vectorEnd;

  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  SmallVector<Value> ubs;
  for (int64_t extent : op.getStaticLoopRanges())
    ubs.push_back(arith::ConstantIndexOp::create(rewriter, loc, extent));
  auto lbsOf = [&](size_t n) { return SmallVector<Value>(n, zero); };
  auto stepsOf = [&](size_t n) { return SmallVector<Value>(n, one); };
  ValueRange parallelUbs = ValueRange(ubs).take_front(parallelDims);
  ValueRange reducedUbs = ValueRange(ubs).drop_front(parallelDims);
  Block *body = op.getBlock();

  // One point of the iteration space: reads, the payload, elementwise stores;
  // returns the new accumulator values.
  auto point = [&](OpBuilder &b, Location l, ValueRange ivs,
                   ValueRange accumulators) -> SmallVector<Value> {
    IRMapping mapping;
    for (OpOperand *in : op.getDpsInputOperands()) {
      Value element = in->get();
      if (isa<MemRefType>(element.getType()))
        element = memref::LoadOp::create(
            b, l, element, indicesAt(b, l, op.getMatchingIndexingMap(in), ivs));
      mapping.map(body->getArgument(in->getOperandNumber()), element);
    }
    unsigned next = 0;
    for (const Output &out : *outputs)
      if (out.combiner)
        mapping.map(body->getArgument(out.init->getOperandNumber()), accumulators[next++]);
    for (Operation &inner : body->without_terminator()) {
      if (auto index = dyn_cast<linalg::IndexOp>(inner)) {
        mapping.map(index.getResult(), ivs[index.getDim()]);
        continue;
      }
      b.clone(inner, mapping);
    }
    SmallVector<Value> updated;
    for (auto [out, yielded] : llvm::zip(*outputs, body->getTerminator()->getOperands())) {
      Value value = mapping.lookupOrDefault(yielded);
      if (out.combiner)
        updated.push_back(value);
      else
        memref::StoreOp::create(b, l, value, out.init->get(), indicesAt(b, l, out.map, ivs));
    }
    return updated;
  };

  // The innermost reduced loop keeps `lanes` accumulators per output,
  // combined in order at the end.
  int64_t innermost = op.getStaticLoopRanges().back();
  size_t accumulators = combiners.size();

  // The innermost reduced loop at the outer loop point `outerIvs`: all
  // lanes in, all lanes out.
  auto innermostLoop = [&](OpBuilder &b, Location l, ValueRange outerIvs,
                           ValueRange laneValues) -> SmallVector<Value> {
    auto at = [&](Value inner) {
      SmallVector<Value> ivs(outerIvs);
      ivs.push_back(inner);
      return ivs;
    };
    Value step = arith::ConstantIndexOp::create(b, l, lanes);
    Value end = arith::ConstantIndexOp::create(b, l, vectorEnd);
    auto main = scf::ForOp::create(
        b, l, zero, end, step, laneValues,
        [&](OpBuilder &lb, Location ll, Value first, ValueRange values) {
          SmallVector<Value> next;
          for (int64_t k = 0; k < lanes; ++k) {
            Value inner = k == 0 ? first
                                 : Value(arith::AddIOp::create(
                                       lb, ll, first, arith::ConstantIndexOp::create(lb, ll, k)));
            llvm::append_range(
                next, point(lb, ll, at(inner), values.slice(k * accumulators, accumulators)));
          }
          scf::YieldOp::create(lb, ll, next);
        });
    // A short row's loop of lanes, which LLVM would unroll in full, lost
    // its vectors so (LoopUnrolling.h); a long one, or one without lanes (a
    // scan's sums of 8), runs faster unrolled.
    if (lanes > 1 && vectorEnd / lanes <= kMaxTripsUnrolledInFull)
      legato::disableUnrolling(main);
    SmallVector<Value> results(main.getResults());
    if (vectorEnd == innermost)
      return results;
    auto tail = scf::ForOp::create(
        b, l, end, ubs.back(), one, ValueRange(results).take_front(accumulators),
        [&](OpBuilder &lb, Location ll, Value inner, ValueRange values) {
          scf::YieldOp::create(lb, ll, point(lb, ll, at(inner), values));
        });
    llvm::copy(tail.getResults(), results.begin());
    return results;
  };

  // Per parallel point: load the accumulators, run the reduced loops with
  // them in registers, combine the lanes, store them once.
  auto parallelPoint = [&](OpBuilder &b, Location l, ValueRange parallelIvs) {
    SmallVector<Value> pointIvs(parallelIvs);
    pointIvs.append(iterators.size() - parallelDims, zero); // unused by the maps
    // With lanes, all of them start from the neutral element, so that they
    // are alike and LLVM packs them into vectors; the stored value joins
    // the combined lanes at the end.
    SmallVector<Value> stored, initial;
    for (const Output &out : *outputs)
      if (out.combiner)
        stored.push_back(memref::LoadOp::create(b, l, out.init->get(),
                                                indicesAt(b, l, out.map, pointIvs)));
    if (lanes == 1)
      initial = stored;
    else
      for (int64_t k = 0; k < lanes; ++k)
        for (Operation *combiner : combiners)
          initial.push_back(
              arith::ConstantOp::create(b, l, *arith::getNeutralElement(combiner)));
    ValueRange outerUbs = reducedUbs.drop_back();
    scf::LoopNest nest = scf::buildLoopNest(
        b, l, lbsOf(outerUbs.size()), outerUbs, stepsOf(outerUbs.size()), initial,
        [&](OpBuilder &ib, Location il, ValueRange outerIvs, ValueRange laneValues) {
          SmallVector<Value> ivs(parallelIvs);
          llvm::append_range(ivs, outerIvs);
          return innermostLoop(ib, il, ivs, laneValues);
        });
    for (auto [i, out] : llvm::enumerate(combiners)) {
      auto combine = [&, out = out](Value x, Value y) {
        IRMapping mapping;
        mapping.map(out->getOperand(0), x);
        mapping.map(out->getOperand(1), y);
        return b.clone(*out, mapping)->getResult(0);
      };
      Value total = nest.results[i];
      for (int64_t k = 1; k < lanes; ++k)
        total = combine(total, nest.results[k * accumulators + i]);
      if (lanes > 1)
        total = combine(stored[i], total);
      const Output &output = *llvm::find_if(*outputs, [&](const Output &o) {
        return o.combiner == out;
      });
      memref::StoreOp::create(b, l, total, output.init->get(),
                              indicesAt(b, l, output.map, pointIvs));
    }
    if (epilogue)
      emitPoint(b, l, epilogue, parallelIvs);
  };

  if (parallelDims == 0)
    parallelPoint(rewriter, loc, {});
  else if (parallel)
    scf::ParallelOp::create(rewriter, loc, lbsOf(parallelDims), parallelUbs,
                            stepsOf(parallelDims), parallelPoint);
  else
    scf::buildLoopNest(rewriter, loc, lbsOf(parallelDims), parallelUbs, stepsOf(parallelDims),
                       parallelPoint);
  rewriter.eraseOp(op);
  if (epilogue)
    rewriter.eraseOp(epilogue);
  return success();
}
