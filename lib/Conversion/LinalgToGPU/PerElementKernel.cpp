//===- PerElementKernel.cpp - elementwise kernels, a thread per output ----===//
#include "Conversion/LinalgToGPU/PerElementKernel.h"

#include "Analysis/BufferRoots.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::legato::gpu_kernels;

namespace {

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

/// How lowerPerElement lays an op's outputs over threads, decided before
/// any IR is built.
struct PerElementLayout {
  /// Outputs a thread handles per round: their loads are all issued before
  /// any store.
  int64_t unroll = kUnroll;
  /// With `rowsPerThread` > 1, each thread computes that many outputs of
  /// consecutive indices along loop dimension `rowDim` (a stencil's rows
  /// share their loads); `blocked` is the space with that dimension divided
  /// by it, of `blockedSize` points.
  unsigned rowDim = 0;
  int64_t rowsPerThread = 1;
  SmallVector<int64_t> blocked;
  int64_t blockedSize = 0;
  /// Blocks of the launch, and the threads of all of them (the stride of
  /// the grid-stride loop).
  int64_t grid = 1, stride = 1;
};

PerElementLayout planPerElement(linalg::GenericOp op, const IterationSpace &space,
                                int64_t blockSize, int64_t maxBlocks, bool fused) {
  PerElementLayout layout;
  if (!space.reduced.empty())
    layout.unroll = 1; // reductions loop inside each element: no unrolling there
  else if (fused)
    layout.unroll = kFusedReductionUnroll;
  else if (int64_t(op.getNumDpsInputs()) > kMaxUnrolledInputs)
    layout.unroll = 1;
  if (fused)
    maxBlocks = std::min(maxBlocks, kMaxFusedReductionBlocks);
  layout.rowDim =
      space.parallel.size() >= 2 ? space.parallel[space.parallel.size() - 2] : 0;
  if (space.reduced.empty() && !fused && space.parallel.size() >= 2 &&
      space.ranges[layout.rowDim] >= kRowsPerThread &&
      rowsShareLoads(op, layout.rowDim, kRowsPerThread)) {
    layout.rowsPerThread = kRowsPerThread;
    layout.unroll = 1;
  }
  layout.blocked.assign(space.ranges.begin(), space.ranges.end());
  layout.blockedSize = space.parallelSize;
  if (layout.rowsPerThread > 1) {
    layout.blocked[layout.rowDim] /= layout.rowsPerThread;
    layout.blockedSize =
        layout.blockedSize / space.ranges[layout.rowDim] * layout.blocked[layout.rowDim];
  }
  int64_t perBlock = blockSize * layout.unroll;
  layout.grid = std::clamp<int64_t>((layout.blockedSize + perBlock - 1) / perBlock, 1, maxBlocks);
  layout.stride = layout.grid * blockSize;
  return layout;
}

/// Emits the body of a per-element launch: rounds of outputs, each loading
/// all its operands before computing and storing them, in grid-stride
/// loops that carry the fused reduction's accumulator.
class PerElementEmitter {
public:
  PerElementEmitter(OpBuilder &b, linalg::GenericOp op, const IterationSpace &space,
                    Value initial, FusedReduction *fused, linalg::GenericOp epilogue)
      : b(b), loc(op.getLoc()), op(op), space(space), initial(initial), fused(fused),
        epilogue(epilogue), reduction(fused ? fused->op : linalg::GenericOp()),
        callsMathLibrary(payloadCallsMathLibrary(op)) {}

  /// The loop indices of the element at `linear` in the space of `ranges`.
  SmallVector<Value> elementAt(Value linear, ArrayRef<int64_t> ranges) {
    SmallVector<Value> ivs(space.ranges.size(), Value());
    delinearize(b, loc, linear, space.parallel, ranges, ivs);
    return ivs;
  }

  /// Loads the elements at `ivsOf` (all before any store), computes and
  /// stores them; returns the fused reduction's accumulator `carried` with
  /// them added.
  Value emitRound(ArrayRef<SmallVector<Value>> ivsOf, Value carried) {
    SmallVector<Element> elements(ivsOf.size());
    for (auto [ivs, e] : llvm::zip(ivsOf, elements))
      loadElement(ivs, e);
    // Only where libdevice's branches follow the loads (issueLoadsHere):
    // elsewhere the barrier changed how LLVM laid out the stencils' and
    // CFD's loops, for nothing.
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
  }

  /// for (iv = lb; iv < ub; iv += step) `body`, carrying `acc`, the fused
  /// reduction's accumulator (none without one).
  void emitLoop(Value lb, int64_t ub, int64_t step,
                function_ref<Value(Value iv, Value carried)> body) {
    auto loop = scf::ForOp::create(b, loc, lb, index(b, loc, ub), index(b, loc, step), acc);
    OpBuilder::InsertionGuard loopGuard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value carried = body(loop.getInductionVar(), fused ? loop.getRegionIterArgs()[0] : Value());
    if (fused)
      scf::YieldOp::create(b, loc, carried);
    acc.assign(loop.getResults().begin(), loop.getResults().end());
  }

  SmallVector<Value> acc;

private:
  struct Element {
    SmallVector<Value> ivs, outs;
    IRMapping map;
  };

  /// Loads the operands of the element at loop indices `ivs`.
  void loadElement(ArrayRef<Value> ivs, Element &e) {
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
  }

  /// Computes and stores the element; returns the fused reduction's
  /// accumulator `acc` with the element added.
  Value finishElement(Element &e, Value acc) {
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
  }

  OpBuilder &b;
  Location loc;
  linalg::GenericOp op;
  const IterationSpace &space;
  Value initial;
  FusedReduction *fused;
  linalg::GenericOp epilogue, reduction;
  bool callsMathLibrary;
};

/// The grid-stride loops of `layout`: each thread's rows of one column
/// (then the rows past the last whole group one by one), or full rounds in
/// which every thread's `unroll` elements exist (then the rest one by one).
void emitGridStrideLoops(OpBuilder &b, Location loc, const IterationSpace &space,
                         const PerElementLayout &layout, Value first,
                         PerElementEmitter &emitter) {
  unsigned rowDim = layout.rowDim;
  int64_t stride = layout.stride;
  if (layout.rowsPerThread > 1) {
    emitter.emitLoop(first, layout.blockedSize, stride, [&](Value q, Value carried) {
      SmallVector<Value> top = emitter.elementAt(q, layout.blocked);
      Value firstRow =
          arith::MulIOp::create(b, loc, top[rowDim], index(b, loc, layout.rowsPerThread));
      SmallVector<SmallVector<Value>> ivsOf(layout.rowsPerThread, top);
      ivsOf[0][rowDim] = firstRow;
      for (int64_t k = 1; k < layout.rowsPerThread; ++k)
        ivsOf[k][rowDim] = arith::AddIOp::create(b, loc, firstRow, index(b, loc, k));
      return emitter.emitRound(ivsOf, carried);
    });
    int64_t leftRows = space.ranges[rowDim] % layout.rowsPerThread;
    if (leftRows > 0) {
      SmallVector<int64_t> left(space.ranges);
      left[rowDim] = leftRows;
      emitter.emitLoop(first, space.parallelSize / space.ranges[rowDim] * leftRows, stride,
                       [&](Value linear, Value carried) {
                         SmallVector<Value> ivs = emitter.elementAt(linear, left);
                         ivs[rowDim] = arith::AddIOp::create(
                             b, loc, ivs[rowDim],
                             index(b, loc, space.ranges[rowDim] - leftRows));
                         return emitter.emitRound({ivs}, carried);
                       });
    }
    return;
  }
  int64_t unroll = layout.unroll;
  int64_t rounds = space.parallelSize / (unroll * stride);
  if (rounds > 0)
    emitter.emitLoop(index(b, loc, 0), rounds, 1, [&](Value round, Value carried) {
      Value base = arith::AddIOp::create(
          b, loc, first, arith::MulIOp::create(b, loc, round, index(b, loc, unroll * stride)));
      SmallVector<SmallVector<Value>> ivsOf;
      for (int64_t k = 0; k < unroll; ++k)
        ivsOf.push_back(emitter.elementAt(
            arith::AddIOp::create(b, loc, base, index(b, loc, k * stride)), space.ranges));
      return emitter.emitRound(ivsOf, carried);
    });
  int64_t done = rounds * unroll * stride;
  if (done < space.parallelSize)
    emitter.emitLoop(arith::AddIOp::create(b, loc, first, index(b, loc, done)),
                     space.parallelSize, stride, [&](Value linear, Value carried) {
                       return emitter.emitRound({emitter.elementAt(linear, space.ranges)},
                                                carried);
                     });
}

} // namespace

void mlir::legato::gpu_kernels::lowerPerElement(OpBuilder &b, linalg::GenericOp op,
                                                const IterationSpace &space, int64_t blockSize,
                                                int64_t maxBlocks, Value initial,
                                                FusedReduction *fused,
                                                linalg::GenericOp epilogue) {
  Location loc = op.getLoc();
  if (!fused && !initial)
    if (int64_t lanes = vectorLanes(op, space))
      return lowerVectorized(b, op, space, lanes, blockSize,
                             std::min(maxBlocks, kMaxVectorizedBlocks));
  PerElementLayout layout = planPerElement(op, space, blockSize, maxBlocks, fused);
  OpBuilder::InsertionGuard guard(b);
  Value partials;
  if (fused)
    partials = memref::AllocOp::create(
        b, loc,
        MemRefType::get({layout.grid}, getElementTypeOrSelf(fused->op.getDpsInits()[0].getType())),
        b.getI64IntegerAttr(64));
  gpu::LaunchOp launch = createLaunch(b, loc, layout.grid, 1, blockSize);
  Value first = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, launch.getBlockIds().x, index(b, loc, blockSize)),
      launch.getThreadIds().x);
  PerElementEmitter emitter(b, op, space, initial, fused, epilogue);
  if (fused)
    emitter.acc.push_back(arith::ConstantOp::create(b, loc, fused->combiner.neutral));
  emitGridStrideLoops(b, loc, space, layout, first, emitter);
  if (!fused)
    return;
  Value acc = emitter.acc.front();
  if (!fused->combinedInKernel) {
    blockCombine(b, loc, launch, fused->combiner, acc, [&](OpBuilder &fb, Value total) {
      memref::StoreOp::create(fb, loc, total, partials, launch.getBlockIds().x);
    });
    fused->partials = partials;
    fused->blocks = layout.grid;
    return;
  }
  FlatSymbolRefAttr tickets = createTickets(op->getParentOfType<ModuleOp>(), loc, 1);
  Value zero = index(b, loc, 0);
  combineInLastBlock(b, loc, launch, fused->combiner, blockReduce(b, loc, fused->combiner, acc),
                     partials, zero, launch.getBlockIds().x, layout.grid, tickets, 1,
                     [&](OpBuilder &fb, Value total) {
                       SmallVector<Value> ivs(fused->op.getNumLoops(), zero);
                       store(fb, loc, fused->op, 0,
                             fused->combiner.build(fb, fused->initial, total), ivs);
                     });
  b.setInsertionPointAfter(launch);
  memref::DeallocOp::create(b, loc, partials);
}
