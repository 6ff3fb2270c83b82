//===- LinalgToGPU.cpp - buffer-level linalg ops to GPU launches ----------===//
//
// Upstream's path (linalg → scf.parallel → gpu-map-parallel-loops) maps loop
// dimensions straight onto grid dimensions, one thread per block unless the
// loops are tiled first, and leaves full reductions as sequential host loops.
// Here every linalg op becomes one launch with a launch shape chosen for the
// GPU: a grid-stride loop over the flattened parallel space, or block-wide
// reductions when an op reduces to few values.
//
//===----------------------------------------------------------------------===//
#include "Conversion/LinalgToGPU/KernelBuilder.h"
#include "Conversion/LinalgToGPU/KernelFusion.h"
#include "Conversion/LinalgToGPU/PerElementKernel.h"
#include "Conversion/Passes.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "Dialect/Legato/IR/Markers.h"
#include "Analysis/BufferRoots.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOCONVERTLINALGTOGPUPASS
#include "Conversion/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;
using namespace mlir::legato::gpu_kernels;

namespace {

// Blocks a split reduction aims for (several waves on ~132 SMs).
constexpr int64_t kTargetBlocks = 1024;
// Elements each thread should at least accumulate in a split reduction.
constexpr int64_t kMinPerThread = 8;

/// Whether the buffer `out` of `producer` is a temporary that nothing but
/// `reduction` reads (through views; deallocations aside): a value the
/// fused reduction takes from registers need not be stored.
bool onlyReducedBy(Value out, linalg::GenericOp producer, linalg::GenericOp reduction) {
  Value root = legato::rootOf(out);
  return root.getDefiningOp<memref::AllocOp>() &&
         llvm::all_of(legato::usesThroughViews(root), [&](OpOperand *use) {
           Operation *user = use->getOwner();
           bool written = user == producer && use->get() == out && producer.isDpsInit(use) &&
                          !producer.payloadUsesValueFromOperand(use);
           bool reduced = user == reduction && use->get() == out && reduction.isDpsInput(use);
           return written || reduced || isa<memref::DeallocOp>(user);
         });
}

/// Moves what defines `v` (views, allocations and constants after `point`
/// in its block) in front of `point`, so that a kernel there can use it;
/// false when `v` is made by anything else after `point`. (Upstream's
/// moveValueDefinitions refuses any op with effects, allocations too.)
bool hoistDefinition(Value v, Operation *point) {
  Operation *def = v.getDefiningOp();
  if (!def)
    return true; // a function argument
  Operation *anchor = def->getBlock()->findAncestorOpInBlock(*point);
  if (!anchor || anchor == def)
    return false;
  if (def->isBeforeInBlock(anchor))
    return true;
  if (anchor != point) // after a region that holds `point`
    return false;
  if (!isa<memref::AllocOp, memref::SubViewOp, arith::ConstantOp>(def))
    return false;
  for (Value operand : def->getOperands())
    if (!hoistDefinition(operand, point))
      return false;
  def->moveBefore(point);
  return true;
}

// Reduced elements whose operands a thread loads before folding them
// (accumulateStrided), in a reduction with one block per output (a matrix
// times a vector, a sum along rows). Measured on an H200
// (bench/results/2026-11-30/gpu/ab51): dense Jacobi 1.45 -> 1.23 ms with 8 (2: 1.34,
// 4: 1.52). Reductions split over many blocks per output keep 1: with 2, 4
// and 8, CG took 0.4%, 3% and 8% longer (BiCGSTAB 2% less with 2, 1% and 8%
// more with 4 and 8).
constexpr int64_t kRowReductionLoadsInFlight = 8;

/// A thread's share of output `ivs` of reduction `op`: the reduced elements
/// first, first + stride, ... folded in that order. Groups of `loadsInFlight`
/// elements load all their operands before folding them, so a thread has
/// several loads in flight instead of waiting out each one in turn; the
/// elements past the last whole group follow one by one. The order of the
/// fold, and so the result, is that of one at a time.
Value accumulateStrided(OpBuilder &b, Location loc, linalg::GenericOp op,
                        const IterationSpace &space, const Combiner &combiner, ValueRange ivs,
                        Value first, int64_t stride, int64_t loadsInFlight) {
  Value neutral = arith::ConstantOp::create(b, loc, combiner.neutral);
  Value acc = neutral, next = first;
  int64_t group = loadsInFlight * stride;
  if (loadsInFlight > 1 && space.reducedSize >= group) {
    // Every element of a group that starts below this bound is in range.
    Value bound = index(b, loc, space.reducedSize - (loadsInFlight - 1) * stride);
    auto loop = scf::ForOp::create(b, loc, first, bound, index(b, loc, group),
                                   ValueRange{neutral, first});
    OpBuilder::InsertionGuard loopGuard(b);
    b.setInsertionPointToStart(loop.getBody());
    SmallVector<SmallVector<Value>> elementIvs(loadsInFlight, SmallVector<Value>(ivs));
    SmallVector<IRMapping> operands(loadsInFlight);
    for (int64_t j = 0; j < loadsInFlight; ++j) {
      Value element =
          arith::AddIOp::create(b, loc, loop.getInductionVar(), index(b, loc, j * stride));
      delinearize(b, loc, element, space.reduced, space.ranges, elementIvs[j]);
      mapOperands(b, loc, op, elementIvs[j], /*outs=*/{}, operands[j]);
    }
    Value folded = loop.getRegionIterArgs()[0];
    BlockArgument accumulator = op.getRegion().front().getArgument(op.getNumDpsInputs());
    for (int64_t j = 0; j < loadsInFlight; ++j) {
      operands[j].map(accumulator, folded);
      folded = computePayload(b, loc, op, elementIvs[j], operands[j]).front();
    }
    Value after = arith::AddIOp::create(b, loc, loop.getInductionVar(), index(b, loc, group));
    scf::YieldOp::create(b, loc, ValueRange{folded, after});
    acc = loop.getResult(0);
    next = loop.getResult(1);
  }
  auto rest = scf::ForOp::create(b, loc, next, index(b, loc, space.reducedSize),
                                 index(b, loc, stride), ValueRange{acc});
  OpBuilder::InsertionGuard loopGuard(b);
  b.setInsertionPointToStart(rest.getBody());
  SmallVector<Value> all(ivs);
  delinearize(b, loc, rest.getInductionVar(), space.reduced, space.ranges, all);
  scf::YieldOp::create(b, loc, emitPayload(b, loc, op, all, rest.getRegionIterArgs()));
  return rest.getResult(0); // the guard puts the builder back after `rest`
}

/// Each thread of block (g, j) accumulates every (G * blockSize)-th reduced
/// element of output j; the block combines its threads with gpu.all_reduce.
/// With one block per output (G = 1) thread 0 folds the result into the
/// output; otherwise the block writes a partial and the last of the G blocks
/// of output j combines them (combineInLastBlock).
void lowerBlockReduction(OpBuilder &b, linalg::GenericOp op, const IterationSpace &space,
                         const Combiner &combiner, int64_t blockSize, Value initial,
                         linalg::GenericOp epilogue) {
  Location loc = op.getLoc();
  OpBuilder::InsertionGuard guard(b);
  int64_t outputs = space.parallelSize;
  int64_t blocksPerOutput = std::clamp<int64_t>(
      std::min((kTargetBlocks + outputs - 1) / outputs,
               space.reducedSize / (blockSize * kMinPerThread)),
      1, kTargetBlocks);
  Type elem = getElementTypeOrSelf(op.getDpsInits()[0].getType());
  OpOperand &out = op.getDpsInitsMutable()[0];

  auto foldIntoOutput = [&](OpBuilder &fb, ValueRange ivs, Value total) {
    Value current = initial ? initial : load(fb, loc, op, out, ivs);
    store(fb, loc, op, 0, combiner.build(fb, current, total), ivs);
    if (epilogue)
      emitEpilogue(fb, loc, epilogue, ivs.take_front(epilogue.getNumLoops()));
  };

  Value partials;
  if (blocksPerOutput > 1)
    partials = memref::AllocOp::create(
        b, loc, MemRefType::get({outputs * blocksPerOutput}, elem), /*alignment=*/
        b.getI64IntegerAttr(64));

  {
    OpBuilder::InsertionGuard launchGuard(b);
    gpu::LaunchOp launch = createLaunch(b, loc, blocksPerOutput, outputs, blockSize);
    Value output = launch.getBlockIds().y, block = launch.getBlockIds().x;
    SmallVector<Value> ivs(space.ranges.size());
    delinearize(b, loc, output, space.parallel, space.ranges, ivs);
    Value first = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, block, index(b, loc, blockSize)),
        launch.getThreadIds().x);
    Value total = accumulateStrided(b, loc, op, space, combiner, ivs, first,
                                    blocksPerOutput * blockSize,
                                    blocksPerOutput == 1 ? kRowReductionLoadsInFlight : 1);
    if (!partials) {
      blockCombine(b, loc, launch, combiner, total,
                   [&](OpBuilder &fb, Value total) { foldIntoOutput(fb, ivs, total); });
    } else {
      FlatSymbolRefAttr tickets = createTickets(op->getParentOfType<ModuleOp>(), loc, outputs);
      combineInLastBlock(b, loc, launch, combiner, blockReduce(b, loc, combiner, total),
                         partials, output, block, blocksPerOutput, tickets, outputs,
                         [&](OpBuilder &fb, Value total) { foldIntoOutput(fb, ivs, total); });
    }
  }
  if (partials)
    memref::DeallocOp::create(b, loc, partials);
}

/// The load of `store`'s position that `store` adds to (load, add, store:
/// an accumulation), and the add; null when `store` only stores.
std::pair<memref::LoadOp, Operation *> accumulationOf(memref::StoreOp store) {
  Operation *sum = store.getValue().getDefiningOp();
  if (!isa_and_nonnull<arith::AddFOp, arith::AddIOp>(sum))
    return {};
  for (unsigned k = 0; k < 2; ++k) {
    auto old = sum->getOperand(k).getDefiningOp<memref::LoadOp>();
    if (old && old.getMemref() == store.getMemref() && old.getIndices() == store.getIndices())
      return {old, sum};
  }
  return {};
}

/// A launch of `grid` blocks whose threads stride over [0, count); leaves
/// `b` inside the loop's body.
scf::ForOp gridStrideLoop(OpBuilder &b, Location loc, int64_t count, int64_t grid,
                          int64_t blockSize) {
  gpu::LaunchOp launch = createLaunch(b, loc, grid, 1, blockSize);
  Value first = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, launch.getBlockIds().x, index(b, loc, blockSize)),
      launch.getThreadIds().x);
  auto strided =
      scf::ForOp::create(b, loc, first, index(b, loc, count), index(b, loc, grid * blockSize));
  b.setInsertionPoint(strided.getBody()->getTerminator());
  return strided;
}

/// A grid-stride launch (before `loop`) running `loop`'s body for each of
/// its `count` iterations; `map` maps the body's ops to their clones.
scf::ForOp stridedLaunch(OpBuilder &b, scf::ForOp loop, int64_t count, int64_t grid,
                         int64_t blockSize, IRMapping &map) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(loop);
  scf::ForOp strided = gridStrideLoop(b, loop.getLoc(), count, grid, blockSize);
  map.map(loop.getInductionVar(), strided.getInductionVar());
  for (Operation &op : loop.getBody()->without_terminator())
    b.clone(op, map);
  return strided;
}

/// A scatter loop (kScatterLoopAttr) as grid-stride launches over its
/// values, one thread per value.
/// - An accumulation (combine sum: load, add, store at one position)
///   becomes an atomic add, so that every value is added.
/// - A store keeps NumPy's order: where indices repeat, the last value
///   wins, as on the CPU. A first launch marks each position with the
///   last iteration that stores there (an atomic max of iteration + 1 on
///   a zeroed buffer of the destination's shape), a second stores each
///   value whose iteration holds the mark.
/// Fails on a loop that reads what it writes otherwise (threads would race).
LogicalResult lowerScatterLoop(OpBuilder &b, scf::ForOp loop, int64_t blockSize,
                               int64_t maxBlocks) {
  Location loc = loop.getLoc();
  std::optional<int64_t> count = getConstantIntValue(loop.getUpperBound());
  assert(count && "scatter loops have a static trip count");
  int64_t grid = std::clamp<int64_t>((*count + blockSize - 1) / blockSize, 1, maxBlocks);
  OpBuilder::InsertionGuard guard(b);
  SmallVector<memref::StoreOp> stores, accumulations;
  loop.walk([&](memref::StoreOp store) {
    (accumulationOf(store).first ? accumulations : stores).push_back(store);
  });

  // An iteration's mark: iteration + 1 (the marks start at 0).
  auto stampOf = [&](Value iteration) -> Value {
    return arith::AddIOp::create(b, loc,
                                 arith::IndexCastOp::create(b, loc, b.getI64Type(), iteration),
                                 arith::ConstantIntOp::create(b, loc, 1, 64));
  };

  // The marks: for each store, a buffer of its destination's shape.
  llvm::DenseMap<Operation *, Value> marksOf;
  IRMapping marking;
  if (!stores.empty()) {
    for (memref::StoreOp store : stores) {
      auto type = cast<MemRefType>(store.getMemref().getType());
      b.setInsertionPoint(loop);
      auto marks = memref::AllocOp::create(b, loc, MemRefType::get(type.getShape(), b.getI64Type()),
                                           b.getI64IntegerAttr(64));
      marksOf[store] = marks;
      int64_t size = type.getNumElements();
      int64_t fillGrid = std::clamp<int64_t>((size + blockSize - 1) / blockSize, 1, maxBlocks);
      scf::ForOp each = gridStrideLoop(b, loc, size, fillGrid, blockSize);
      SmallVector<unsigned> dims;
      for (unsigned d = 0; d < type.getRank(); ++d)
        dims.push_back(d);
      SmallVector<Value> ivs(type.getRank());
      delinearize(b, loc, each.getInductionVar(), dims, type.getShape(), ivs);
      memref::StoreOp::create(b, loc, arith::ConstantIntOp::create(b, loc, 0, 64), marks, ivs);
    }
    scf::ForOp strided = stridedLaunch(b, loop, *count, grid, blockSize, marking);
    for (memref::StoreOp store : stores) {
      auto clone = cast<memref::StoreOp>(marking.lookup(store.getOperation()));
      b.setInsertionPoint(clone);
      memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::maxs,
                                  stampOf(strided.getInductionVar()), marksOf[store],
                                  clone.getIndices());
      clone.erase();
    }
    for (memref::StoreOp store : accumulations) // (they add in the second launch)
      marking.lookup(store.getOperation())->erase();
  }

  IRMapping map;
  scf::ForOp strided = stridedLaunch(b, loop, *count, grid, blockSize, map);
  for (memref::StoreOp store : stores) {
    auto clone = cast<memref::StoreOp>(map.lookup(store.getOperation()));
    b.setInsertionPoint(clone);
    Value mark = memref::LoadOp::create(b, loc, marksOf[store], clone.getIndices());
    Value last = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, mark,
                                       stampOf(strided.getInductionVar()));
    auto ifLast = scf::IfOp::create(b, loc, last, /*withElseRegion=*/false);
    clone->moveBefore(ifLast.thenBlock()->getTerminator());
  }
  for (memref::StoreOp store : accumulations) {
    auto clone = cast<memref::StoreOp>(map.lookup(store.getOperation()));
    auto [old, sum] = accumulationOf(clone);
    Value addend = sum->getOperand(0) == old.getResult() ? sum->getOperand(1) : sum->getOperand(0);
    b.setInsertionPoint(clone);
    memref::AtomicRMWOp::create(
        b, loc, isa<arith::AddFOp>(sum) ? arith::AtomicRMWKind::addf : arith::AtomicRMWKind::addi,
        addend, clone.getMemref(), clone.getIndices());
    clone.erase();
    if (sum->use_empty())
      sum->erase();
    if (old->use_empty())
      old.erase();
  }
  b.setInsertionPoint(loop);
  for (auto &[store, marks] : marksOf)
    memref::DeallocOp::create(b, loc, marks);
  loop.erase();

  llvm::SmallPtrSet<Value, 4> written;
  strided.walk([&](memref::StoreOp store) { written.insert(store.getMemref()); });
  WalkResult reads = strided.walk([&](memref::LoadOp load) {
    return written.contains(load.getMemref()) ? WalkResult::interrupt() : WalkResult::advance();
  });
  if (reads.wasInterrupted())
    return strided->emitOpError(
        "legato-convert-linalg-to-gpu: a scatter loop reads what it writes, other than to add to it");
  return success();
}

/// Folds each reduction's initial fill into the reduction's final write
/// (one launch less per reduction): erases the fills (from `ops` too) and
/// returns, per reduction, the value its fill wrote.
llvm::DenseMap<Operation *, Value> foldInitialFills(SmallVectorImpl<linalg::GenericOp> &ops) {
  llvm::DenseMap<Operation *, Value> initialOf;
  llvm::SmallPtrSet<Operation *, 8> folded;
  for (linalg::GenericOp op : ops)
    if (op.getNumReductionLoops() > 0 && op.getNumDpsInits() == 1 &&
        IterationSpace(op).reducedSize > 0) // (else the fill is the result)
      if (linalg::GenericOp fill = initialFill(op)) {
        initialOf[op] = fill->getOperand(0);
        folded.insert(fill);
      }
  llvm::erase_if(ops, [&](linalg::GenericOp op) { return folded.contains(op); });
  for (Operation *fill : folded)
    fill->erase();
  return initialOf;
}

/// The full reductions (of at least `minBlockReduction` elements) that the
/// kernel of their operands' producer computes, by producer; the views
/// and allocations they read move up to the producer.
llvm::DenseMap<Operation *, FusedReduction>
fuseReductionsIntoProducers(ArrayRef<linalg::GenericOp> ops,
                            const llvm::DenseMap<Operation *, Value> &initialOf,
                            int64_t minBlockReduction) {
  llvm::DenseMap<Operation *, FusedReduction> fusedInto; // producer -> reduction
  llvm::DenseSet<Operation *> fusedAway; // reductions with a producer
  for (linalg::GenericOp op : ops) {
    IterationSpace space(op);
    if (space.reduced.empty() || space.parallelSize != 1 ||
        space.reducedSize < minBlockReduction)
      continue;
    std::optional<Combiner> combiner = matchCombiner(op);
    linalg::GenericOp producer = combiner ? fusableProducer(op) : linalg::GenericOp();
    // The producer's kernel reads the reduction's operands: they must
    // exist there (views made after it move up).
    if (producer && llvm::any_of(op.getDpsInputs(), [&](Value in) {
          return !hoistDefinition(in, producer);
        }))
      producer = {};
    if (producer && !fusedInto.count(producer) && !fusedAway.count(producer)) {
      FusedReduction fused{op, *combiner, initialOf.lookup(op)};
      fused.combinedInKernel = fused.initial && hoistDefinition(fused.initial, producer) &&
                               hoistDefinition(op.getDpsInits()[0], producer);
      fused.unstored.resize(producer.getNumDpsInits());
      for (auto [i, out] : llvm::enumerate(producer.getDpsInits()))
        if (onlyReducedBy(out, producer, op))
          fused.unstored.set(i);
      fusedInto[producer] = fused;
      fusedAway.insert(op);
    }
  }
  return fusedInto;
}

struct LegatoConvertLinalgToGPUPass
    : legato::impl::LegatoConvertLinalgToGPUPassBase<LegatoConvertLinalgToGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    {
      RewritePatternSet patterns(&getContext());
      linalg::populateLinalgNamedOpsGeneralizationPatterns(patterns);
      if (failed(applyPatternsGreedily(module, std::move(patterns))))
        return signalPassFailure();
    }
    // Epilogues are lowered inside their reductions' kernels.
    SmallVector<linalg::GenericOp> ops;
    module.walk([&](linalg::GenericOp op) {
      if (!op->getParentOfType<gpu::LaunchOp>() && !op->hasAttr(legato::kEpilogueAttr))
        ops.push_back(op);
    });
    llvm::DenseMap<Operation *, Value> initialOf = foldInitialFills(ops);
    llvm::DenseMap<Operation *, FusedReduction> fusedInto =
        fuseReductionsIntoProducers(ops, initialOf, minBlockReduction);

    OpBuilder b(&getContext());
    llvm::DenseMap<Operation *, FusedReduction *> producerOf; // reduction -> its entry
    for (auto &[producer, fused] : fusedInto)
      producerOf[fused.op] = &fused;
    for (linalg::GenericOp op : ops) {
      if (FusedReduction *fused = producerOf.lookup(op)) {
        if (fused->combinedInKernel) {
          op.erase();
          continue;
        }
        b.setInsertionPoint(op);
        combinePartials(b, op.getLoc(), op, IterationSpace(op), fused->combiner,
                        fused->partials, fused->blocks, blockSize, fused->initial);
        op.erase();
        continue;
      }
      if (!op.hasPureBufferSemantics() ||
          llvm::any_of(op.getStaticLoopRanges(), ShapedType::isDynamic)) {
        op.emitOpError("legato-convert-linalg-to-gpu: expected a static op on buffers");
        return signalPassFailure();
      }
      IterationSpace space(op);
      // A reduction's outputs hold one value per point of its parallel dims
      // (legato-fuse-kernels keeps it so: `@reduction_of_a_generator`).
      for (OpOperand &out : op.getDpsInitsMutable())
        if (llvm::any_of(space.reduced, [&](unsigned d) {
              return op.getMatchingIndexingMap(&out).isFunctionOfDim(d);
            })) {
          op.emitOpError("legato-convert-linalg-to-gpu: expected outputs indexed by parallel dims only");
          return signalPassFailure();
        }
      b.setInsertionPoint(op);
      // Nothing to compute: an empty output, or a reduction over nothing
      // (the output keeps its initial value).
      if (space.parallelSize == 0 || space.reducedSize == 0) {
        op.erase();
        continue;
      }
      std::optional<Combiner> combiner;
      if (!space.reduced.empty() && space.parallelSize < threadPerOutput &&
          space.reducedSize >= minBlockReduction)
        combiner = matchCombiner(op);
      linalg::GenericOp epilogue = legato::epilogueOf(op);
      if (combiner)
        lowerBlockReduction(b, op, space, *combiner, blockSize, initialOf.lookup(op), epilogue);
      else
        lowerPerElement(b, op, space, blockSize, maxBlocks, initialOf.lookup(op),
                        fusedInto.count(op) ? &fusedInto[op] : nullptr, epilogue);
      op.erase();
      if (epilogue)
        epilogue.erase();
    }
    SmallVector<scf::ForOp> scatters;
    module.walk([&](scf::ForOp loop) {
      if (loop->hasAttr(legato::kScatterLoopAttr) && !loop->getParentOfType<gpu::LaunchOp>())
        scatters.push_back(loop);
    });
    for (scf::ForOp loop : scatters)
      if (failed(lowerScatterLoop(b, loop, blockSize, maxBlocks)))
        return signalPassFailure();
  }
};

} // namespace
