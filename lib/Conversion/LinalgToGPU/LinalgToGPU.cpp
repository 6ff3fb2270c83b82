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

/// A full reduction computed inside the kernel of the elementwise op that
/// produces (some of) its operands, saving a pass over them.
struct FusedReduction {
  linalg::GenericOp op;
  Combiner combiner;
  Value initial; // the value of the removed initial fill, or null
  // Whether the producer's kernel combines its blocks' partials itself
  // (combineInLastBlock): when the reduction's output and initial value
  // exist before that kernel runs.
  bool combinedInKernel = false;
  // Set by the producer's lowering otherwise: one partial per block of its
  // kernel, combined where the reduction was (after its output's fill).
  Value partials;
  int64_t blocks = 0;
  // The producer's outputs that only the reduction reads: not stored.
  llvm::SmallBitVector unstored;
};

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

// Elements a thread handles per round of an elementwise kernel: their loads
// are all issued before any store (which might alias them), so more bytes
// are in flight per thread. Measured on an H200 (bench/results/2026-11-30/gpu/ab18):
// 2 per round with up to 65,536 blocks (the pass's default) made the stencil
// 7.5%, shallow water 6.5% and CG 5% faster than 4 with up to 8,192.
constexpr int64_t kUnroll = 2;
// Inputs beyond which an elementwise kernel handles one element per round:
// two elements' loads in flight then take more registers than they hide
// latency. The cells of a stencil's sweep pair read 25 windows at 64
// registers, half the warps of a sweep (bench/results/2026-11-30/gpu/prof53); one
// element per round for kernels of more than 8 inputs made, on an H200
// (ab53), the stencil 5.6%, CFD 14% and shallow water 6% faster, CG and
// BiCGSTAB as fast (with more than 16: CFD and the stencil alike, shallow
// water unchanged).
constexpr int64_t kMaxUnrolledInputs = 8;
// Vertically adjacent outputs a thread computes together when the windows
// an elementwise kernel reads overlap from one row to the next (a stencil):
// the outputs share most of their loads, and the values recomputed from
// them (a sweep pair's first sweep). Measured on an H200 against the
// lowering without (bench/results/2026-12-02/gpu/ab55): with 4, the stencil 18%, CFD 7.5%,
// BiCGSTAB 3.6% and shallow water 2.6% faster, CG and Jacobi unchanged;
// with 2, shallow water 3% slower; with 8, the stencil 23% faster but CFD
// 22% slower (188 registers in its pressure sweeps).
constexpr int64_t kRowsPerThread = 4;
// Blocks at most of an elementwise kernel that also reduces what it computes
// (FusedReduction), and elements per thread and round there: every block
// fences its partial and takes a ticket (combineInLastBlock), which holds
// the block ~2 us. Measured on an H200 (bench/results/2026-11-30/gpu/ab21-ab26):
// with 8192 blocks of 2, CG was 6% and BiCGSTAB 7% slower than with a
// second launch combining the partials; with 256 blocks of 4, CG was as
// fast and BiCGSTAB 1% faster, one launch less per reduction. (Warp 0 of
// the last block combines the 256 partials: 8 per lane, one round of
// loads.)
constexpr int64_t kMaxFusedReductionBlocks = 256;
constexpr int64_t kFusedReductionUnroll = 4;
// Blocks at most of a vectorised kernel: f32 Black-Scholes was 3% slower
// with 65,536 than with 8,192 (ab18).
constexpr int64_t kMaxVectorizedBlocks = 8192;
// Reduced elements whose operands a thread loads before folding them
// (accumulateStrided), in a reduction with one block per output (a matrix
// times a vector, a sum along rows). Measured on an H200
// (bench/results/2026-11-30/gpu/ab51): dense Jacobi 1.45 -> 1.23 ms with 8 (2: 1.34,
// 4: 1.52). Reductions split over many blocks per output keep 1: with 2, 4
// and 8, CG took 0.4%, 3% and 8% longer (BiCGSTAB 2% less with 2, 1% and 8%
// more with 4 and 8).
constexpr int64_t kRowReductionLoadsInFlight = 8;

/// The lanes of a vectorised elementwise kernel for `op`: 16 bytes of its
/// widest element type (at most 4 bytes wide), when every memref operand is
/// a whole contiguous buffer (offset 0, so vector accesses are aligned)
/// indexed by the identity, and rows split into whole vectors; 0 otherwise.
int64_t vectorLanes(linalg::GenericOp op, const IterationSpace &space) {
  if (!space.reduced.empty() || space.ranges.empty())
    return 0;
  int64_t widest = 0;
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type)
      continue;
    if (!type.getLayout().isIdentity() || !op.getMatchingIndexingMap(&operand).isIdentity() ||
        type.getElementType().isInteger(1) || !type.getElementType().isIntOrFloat())
      return 0;
    widest = std::max<int64_t>(widest, type.getElementTypeBitWidth() / 8);
  }
  // Measured on an H200 (docs/PERFORMANCE.md, GPU run3): 4 lanes of f32
  // made Black-Scholes 7% faster, 2 lanes of f64 12% slower than four
  // scalar elements per thread (and 3% slower than two, ab18); so only
  // 4-byte (and narrower) types.
  if (widest == 0 || widest > 4 || space.ranges.back() % (16 / widest) != 0)
    return 0;
  return 16 / widest;
}

/// Whether outputs of `op` up to `rows` apart along loop dimension `rowDim`
/// read some of the same elements: two windows of one buffer, indexed
/// alike, whose offsets differ by a whole number of rows (fewer than
/// `rows`). A stencil's windows do; a kernel reading windows shifted along
/// its rows only, or other arrays, does not.
bool rowsShareLoads(linalg::GenericOp op, unsigned rowDim, int64_t rows) {
  struct Window {
    Value root;
    AffineMap map;
    SmallVector<int64_t> strides;
    int64_t offset;
  };
  SmallVector<Window> windows;
  for (OpOperand *in : op.getDpsInputOperands()) {
    auto type = dyn_cast<MemRefType>(in->get().getType());
    Window w;
    if (!type || failed(type.getStridesAndOffset(w.strides, w.offset)) ||
        ShapedType::isDynamic(w.offset) || llvm::any_of(w.strides, ShapedType::isDynamic))
      continue;
    w.root = legato::rootOf(in->get());
    w.map = op.getMatchingIndexingMap(in);
    windows.push_back(std::move(w));
  }
  AffineExpr row = getAffineDimExpr(rowDim, op.getContext());
  for (auto [i, a] : llvm::enumerate(windows)) {
    int64_t rowStep = 0; // elements between an output's element and the next row's
    for (auto [r, e] : llvm::enumerate(a.map.getResults()))
      if (e == row)
        rowStep += a.strides[r];
    if (rowStep == 0)
      continue;
    for (const Window &b : ArrayRef(windows).drop_front(i + 1)) {
      int64_t apart = b.offset - a.offset;
      if (b.root == a.root && b.map == a.map && b.strides == a.strides && apart != 0 &&
          apart % rowStep == 0 && std::abs(apart / rowStep) < rows)
        return true;
    }
  }
  return false;
}

/// `op` with `lanes` consecutive elements per thread and access: 128-bit
/// loads and stores of the widest type (LLVM's vectoriser cannot prove the
/// alignment of kernel pointers by itself), the payload once per lane.
void lowerVectorized(OpBuilder &b, linalg::GenericOp op, const IterationSpace &space,
                     int64_t lanes, int64_t blockSize, int64_t maxBlocks) {
  Location loc = op.getLoc();
  constexpr int64_t kVectorsPerRound = 2; // loads of both before any store
  int64_t vectors = space.parallelSize / lanes;
  int64_t perBlock = blockSize * kVectorsPerRound;
  int64_t grid = std::clamp<int64_t>((vectors + perBlock - 1) / perBlock, 1, maxBlocks);
  int64_t stride = grid * blockSize;
  OpBuilder::InsertionGuard guard(b);
  gpu::LaunchOp launch = createLaunch(b, loc, grid, 1, blockSize);
  Value first = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, launch.getBlockIds().x, index(b, loc, blockSize)),
      launch.getThreadIds().x);

  auto vectorType = [&](Value memref) {
    return VectorType::get({lanes}, cast<MemRefType>(memref.getType()).getElementType());
  };
  auto alignment = [&](Value memref) {
    return llvm::MaybeAlign(lanes * cast<MemRefType>(memref.getType()).getElementTypeBitWidth() /
                            8);
  };
  struct Vector {
    SmallVector<Value> ivs, loaded; // loaded: per operand, null if not read
  };
  // Loads the memrefs the payload reads at vector `q`.
  auto loadVector = [&](Value q, Vector &v) {
    v.ivs.assign(space.ranges.size(), Value());
    delinearize(b, loc, arith::MulIOp::create(b, loc, q, index(b, loc, lanes)), space.parallel,
                space.ranges, v.ivs);
    v.loaded.assign(op->getNumOperands(), Value());
    for (OpOperand &operand : op->getOpOperands()) {
      Value m = operand.get();
      bool isOutput = operand.getOperandNumber() >= op.getNumDpsInputs();
      if (isa<MemRefType>(m.getType()) &&
          (!isOutput || op.payloadUsesValueFromOperand(&operand)))
        v.loaded[operand.getOperandNumber()] = vector::LoadOp::create(
            b, loc, vectorType(m), m, v.ivs, /*nontemporal=*/false, alignment(m));
    }
  };
  // Runs the payload once per lane and stores the result vectors.
  auto finishVector = [&](Vector &v) {
    Block &body = op.getRegion().front();
    SmallVector<SmallVector<Value>> results(op.getNumDpsInits());
    for (int64_t lane = 0; lane < lanes; ++lane) {
      IRMapping map;
      for (OpOperand &operand : op->getOpOperands()) {
        unsigned n = operand.getOperandNumber();
        if (v.loaded[n])
          map.map(body.getArgument(n), vector::ExtractOp::create(b, loc, v.loaded[n], lane));
        else if (!isa<MemRefType>(operand.get().getType()))
          map.map(body.getArgument(n), operand.get());
      }
      SmallVector<Value> laneIvs(v.ivs);
      laneIvs.back() = arith::AddIOp::create(b, loc, v.ivs.back(), index(b, loc, lane));
      for (auto [i, r] : llvm::enumerate(computePayload(b, loc, op, laneIvs, map)))
        results[i].push_back(r);
    }
    for (auto [i, out] : llvm::enumerate(op.getDpsInits()))
      vector::StoreOp::create(b, loc,
                              vector::FromElementsOp::create(b, loc, vectorType(out), results[i]),
                              out, v.ivs, /*nontemporal=*/false, alignment(out));
  };

  int64_t rounds = vectors / (kVectorsPerRound * stride);
  if (rounds > 0) {
    auto loop = scf::ForOp::create(b, loc, index(b, loc, 0), index(b, loc, rounds),
                                   index(b, loc, 1));
    OpBuilder::InsertionGuard roundGuard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value base = arith::AddIOp::create(
        b, loc, first,
        arith::MulIOp::create(b, loc, loop.getInductionVar(),
                              index(b, loc, kVectorsPerRound * stride)));
    SmallVector<Vector> round(kVectorsPerRound);
    for (int64_t k = 0; k < kVectorsPerRound; ++k)
      loadVector(arith::AddIOp::create(b, loc, base, index(b, loc, k * stride)), round[k]);
    for (Vector &v : round)
      finishVector(v);
  }
  int64_t done = rounds * kVectorsPerRound * stride;
  if (done < vectors) {
    auto rest =
        scf::ForOp::create(b, loc, arith::AddIOp::create(b, loc, first, index(b, loc, done)),
                           index(b, loc, vectors), index(b, loc, stride));
    OpBuilder::InsertionGuard restGuard(b);
    b.setInsertionPointToStart(rest.getBody());
    Vector v;
    loadVector(rest.getInductionVar(), v);
    finishVector(v);
  }
}

/// `epilogue` (kEpilogueAttr) at the output point `ivs` of its reduction,
/// whose value there is stored.
void emitEpilogue(OpBuilder &b, Location loc, linalg::GenericOp epilogue, ValueRange ivs) {
  SmallVector<Value> outs;
  for (OpOperand &out : epilogue.getDpsInitsMutable())
    outs.push_back(epilogue.payloadUsesValueFromOperand(&out) ? load(b, loc, epilogue, out, ivs)
                                                              : Value());
  for (auto [i, v] : llvm::enumerate(emitPayload(b, loc, epilogue, ivs, outs)))
    store(b, loc, epilogue, i, v, ivs);
}

/// Whether `op`'s payload has a math function that becomes a libdevice call
/// with branches (log, exp, pow, erf, sin, ...), not a single instruction.
bool payloadCallsMathLibrary(linalg::GenericOp op) {
  return op.getRegion()
      .walk([](Operation *o) {
        bool library = isa<math::MathDialect>(o->getDialect()) &&
                       !isa<math::SqrtOp, math::AbsFOp, math::AbsIOp, math::FmaOp, math::FloorOp,
                            math::CeilOp, math::TruncOp, math::RoundEvenOp, math::CopySignOp>(o);
        return library ? WalkResult::interrupt() : WalkResult::advance();
      })
      .wasInterrupted();
}

/// One output element per thread in a grid-stride loop; the reduced
/// dimensions (if any) looped over sequentially with the outputs in
/// registers. With `fused`, each thread also accumulates that reduction over
/// its elements (reading `op`'s results from registers), each block combines
/// its threads into a partial, and the last block to finish combines the
/// partials (or, when the reduction's output or initial value is made after
/// this kernel, a second launch where the reduction was).
void lowerPerElement(OpBuilder &b, linalg::GenericOp op, const IterationSpace &space,
                     int64_t blockSize, int64_t maxBlocks, Value initial,
                     FusedReduction *fused, linalg::GenericOp epilogue) {
  Location loc = op.getLoc();
  if (!fused && !initial)
    if (int64_t lanes = vectorLanes(op, space))
      return lowerVectorized(b, op, space, lanes, blockSize,
                             std::min(maxBlocks, kMaxVectorizedBlocks));
  int64_t unroll = kUnroll;
  if (!space.reduced.empty())
    unroll = 1; // reductions loop inside each element: no unrolling there
  else if (fused)
    unroll = kFusedReductionUnroll;
  else if (int64_t(op.getNumDpsInputs()) > kMaxUnrolledInputs)
    unroll = 1;
  if (fused)
    maxBlocks = std::min(maxBlocks, kMaxFusedReductionBlocks);
  // Rows of `rowsPerThread` outputs per thread: the grid strides over the
  // space with dimension `rowDim` divided by it (`blocked`).
  unsigned rowDim = space.parallel.size() >= 2 ? space.parallel[space.parallel.size() - 2] : 0;
  int64_t rowsPerThread = 1;
  if (space.reduced.empty() && !fused && space.parallel.size() >= 2 &&
      space.ranges[rowDim] >= kRowsPerThread && rowsShareLoads(op, rowDim, kRowsPerThread)) {
    rowsPerThread = kRowsPerThread;
    unroll = 1;
  }
  SmallVector<int64_t> blocked(space.ranges);
  int64_t blockedSize = space.parallelSize;
  if (rowsPerThread > 1) {
    blocked[rowDim] /= rowsPerThread;
    blockedSize = blockedSize / space.ranges[rowDim] * blocked[rowDim];
  }
  int64_t perBlock = blockSize * unroll;
  int64_t grid = std::clamp<int64_t>((blockedSize + perBlock - 1) / perBlock, 1, maxBlocks);
  int64_t stride = grid * blockSize;
  OpBuilder::InsertionGuard guard(b);
  linalg::GenericOp reduction = fused ? fused->op : linalg::GenericOp();
  Value partials;
  if (fused)
    partials = memref::AllocOp::create(
        b, loc,
        MemRefType::get({grid}, getElementTypeOrSelf(reduction.getDpsInits()[0].getType())),
        b.getI64IntegerAttr(64));
  gpu::LaunchOp launch = createLaunch(b, loc, grid, 1, blockSize);
  Value first = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, launch.getBlockIds().x, index(b, loc, blockSize)),
      launch.getThreadIds().x);

  struct Element {
    SmallVector<Value> ivs, outs;
    IRMapping map;
  };
  // The loop indices of the element at `linear` in the space of `ranges`.
  auto elementAt = [&](Value linear, ArrayRef<int64_t> ranges) {
    SmallVector<Value> ivs(space.ranges.size(), Value());
    delinearize(b, loc, linear, space.parallel, ranges, ivs);
    return ivs;
  };
  // Loads the operands of the element at loop indices `ivs`.
  auto loadElement = [&](ArrayRef<Value> ivs, Element &e) {
    e.ivs.assign(ivs.begin(), ivs.end());
    for (OpOperand &out : op.getDpsInitsMutable()) {
      // A reduction loop carries its outputs even where the payload ignores
      // them (max(true, acc) folded to true): any start value does.
      Type type = getElementTypeOrSelf(out.get().getType());
      if (op.payloadUsesValueFromOperand(&out))
        e.outs.push_back(initial ? initial : load(b, loc, op, out, e.ivs));
      else if (!space.reduced.empty())
        e.outs.push_back(arith::ConstantOp::create(b, loc, b.getZeroAttr(type)));
      else
        e.outs.push_back(Value());
    }
    if (space.reduced.empty())
      mapOperands(b, loc, op, e.ivs, e.outs, e.map);
  };
  // Computes and stores the element; returns the fused reduction's
  // accumulator `acc` with the element added.
  auto finishElement = [&](Element &e, Value acc) -> Value {
    SmallVector<Value> results;
    if (space.reduced.empty()) {
      results = computePayload(b, loc, op, e.ivs, e.map);
    } else {
      SmallVector<Value> lbs, ubs, steps;
      for (unsigned d : space.reduced) {
        lbs.push_back(index(b, loc, 0));
        ubs.push_back(index(b, loc, space.ranges[d]));
        steps.push_back(index(b, loc, 1));
      }
      scf::LoopNest nest = scf::buildLoopNest(
          b, loc, lbs, ubs, steps, e.outs,
          [&](OpBuilder &nb, Location nl, ValueRange reducedIvs, ValueRange accs) {
            SmallVector<Value> all(e.ivs);
            for (auto [d, iv] : llvm::zip(space.reduced, reducedIvs))
              all[d] = iv;
            return emitPayload(nb, nl, op, all, accs);
          });
      results = nest.results;
    }
    for (auto [i, v] : llvm::enumerate(results))
      if (!fused || !fused->unstored.test(i))
        store(b, loc, op, i, v, e.ivs);
    if (epilogue)
      emitEpilogue(b, loc, epilogue, ArrayRef(e.ivs).take_front(epilogue.getNumLoops()));
    if (!fused)
      return acc;
    // The reduction reads op's outputs from registers, the rest from memory.
    Block &body = reduction.getRegion().front();
    IRMapping map;
    for (OpOperand *in : reduction.getDpsInputOperands()) {
      Value v;
      for (auto [i, out] : llvm::enumerate(op.getDpsInits()))
        if (in->get() == out)
          v = results[i];
      map.map(body.getArgument(in->getOperandNumber()),
              v ? v : load(b, loc, reduction, *in, e.ivs));
    }
    map.map(body.getArgument(reduction.getNumDpsInputs()), acc);
    return computePayload(b, loc, reduction, e.ivs, map).front();
  };
  SmallVector<Value> acc;
  if (fused)
    acc.push_back(arith::ConstantOp::create(b, loc, fused->combiner.neutral));
  // Only where libdevice's branches follow the loads (issueLoadsHere):
  // elsewhere the barrier changed how LLVM laid out the stencils' and CFD's
  // loops, for nothing.
  bool callsMathLibrary = payloadCallsMathLibrary(op);
  // Loads the elements at `ivsOf` (all before any store), computes and
  // stores them.
  auto emitRound = [&](ArrayRef<SmallVector<Value>> ivsOf, Value carried) {
    SmallVector<Element> elements(ivsOf.size());
    for (auto [ivs, e] : llvm::zip(ivsOf, elements))
      loadElement(ivs, e);
    if (callsMathLibrary) {
      SmallVector<Value> loaded;
      for (Element &e : elements) {
        for (BlockArgument arg : op.getRegion().front().getArguments())
          loaded.push_back(e.map.lookupOrNull(arg));
        llvm::append_range(loaded, e.outs);
      }
      issueLoadsHere(b, loc, loaded);
    }
    for (Element &e : elements)
      carried = finishElement(e, carried);
    return carried;
  };
  // for (iv = lb; iv < ub; iv += step) `body`, carrying the fused
  // reduction's accumulator.
  auto emitLoop = [&](Value lb, int64_t ub, int64_t step,
                      function_ref<Value(Value iv, Value carried)> body) {
    auto loop = scf::ForOp::create(b, loc, lb, index(b, loc, ub), index(b, loc, step), acc);
    OpBuilder::InsertionGuard loopGuard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value carried = body(loop.getInductionVar(), fused ? loop.getRegionIterArgs()[0] : Value());
    if (fused)
      scf::YieldOp::create(b, loc, carried);
    acc.assign(loop.getResults().begin(), loop.getResults().end());
  };

  if (rowsPerThread > 1) {
    // Each thread's elements: rows r * rowsPerThread + k of one column,
    // then the rows past the last whole group one element at a time.
    emitLoop(first, blockedSize, stride, [&](Value q, Value carried) {
      SmallVector<Value> top = elementAt(q, blocked);
      Value firstRow = arith::MulIOp::create(b, loc, top[rowDim], index(b, loc, rowsPerThread));
      SmallVector<SmallVector<Value>> ivsOf(rowsPerThread, top);
      ivsOf[0][rowDim] = firstRow;
      for (int64_t k = 1; k < rowsPerThread; ++k)
        ivsOf[k][rowDim] = arith::AddIOp::create(b, loc, firstRow, index(b, loc, k));
      return emitRound(ivsOf, carried);
    });
    int64_t leftRows = space.ranges[rowDim] % rowsPerThread;
    if (leftRows > 0) {
      SmallVector<int64_t> left(space.ranges);
      left[rowDim] = leftRows;
      emitLoop(first, space.parallelSize / space.ranges[rowDim] * leftRows, stride,
               [&](Value linear, Value carried) {
                 SmallVector<Value> ivs = elementAt(linear, left);
                 ivs[rowDim] = arith::AddIOp::create(
                     b, loc, ivs[rowDim], index(b, loc, space.ranges[rowDim] - leftRows));
                 return emitRound({ivs}, carried);
               });
    }
  } else {
    // Full rounds, in which every thread's `unroll` elements exist, then
    // the rest one element at a time.
    int64_t rounds = space.parallelSize / (unroll * stride);
    if (rounds > 0)
      emitLoop(index(b, loc, 0), rounds, 1, [&](Value round, Value carried) {
        Value base = arith::AddIOp::create(
            b, loc, first, arith::MulIOp::create(b, loc, round, index(b, loc, unroll * stride)));
        SmallVector<SmallVector<Value>> ivsOf;
        for (int64_t k = 0; k < unroll; ++k)
          ivsOf.push_back(elementAt(
              arith::AddIOp::create(b, loc, base, index(b, loc, k * stride)), space.ranges));
        return emitRound(ivsOf, carried);
      });
    int64_t done = rounds * unroll * stride;
    if (done < space.parallelSize)
      emitLoop(arith::AddIOp::create(b, loc, first, index(b, loc, done)), space.parallelSize,
               stride, [&](Value linear, Value carried) {
                 return emitRound({elementAt(linear, space.ranges)}, carried);
               });
  }
  if (!fused)
    return;
  if (!fused->combinedInKernel) {
    blockCombine(b, loc, launch, fused->combiner, acc.front(), [&](OpBuilder &fb, Value total) {
      memref::StoreOp::create(fb, loc, total, partials, launch.getBlockIds().x);
    });
    fused->partials = partials;
    fused->blocks = grid;
    return;
  }
  FlatSymbolRefAttr tickets = createTickets(op->getParentOfType<ModuleOp>(), loc, 1);
  Value zero = index(b, loc, 0);
  combineInLastBlock(
      b, loc, launch, fused->combiner, blockReduce(b, loc, fused->combiner, acc.front()),
      partials, zero, launch.getBlockIds().x, grid, tickets, 1,
      [&](OpBuilder &fb, Value total) {
        SmallVector<Value> ivs(reduction.getNumLoops(), zero);
        store(fb, loc, reduction, 0, fused->combiner.build(fb, fused->initial, total), ivs);
      });
  b.setInsertionPointAfter(launch);
  memref::DeallocOp::create(b, loc, partials);
}

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
    // A reduction's initial fill is folded into the reduction's final write
    // (one launch less per reduction).
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

    // Full reductions computed in the kernel of their operands' producer.
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
