//===- SweepTiles.cpp - two stencil sweeps, tile by tile of rows ----------===//
#include "Analysis/SweepTiles.h"
#include "Analysis/BufferFootprint.h"
#include "Dialect/Legato/IR/Markers.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace {

/// Scratch bytes at most per tile: it lives on the stack of the thread
/// that runs the tile (OpenMP workers have a few MiB), and stays in its L2.
constexpr int64_t kMaxScratchBytes = 256 * 1024;

/// Rows at least per tile: a tile computes haloBefore + haloAfter rows of
/// the first sweep a second time, a small share of this many.
constexpr int64_t kMinTileRows = 8;

/// Tiles per thread, so that uneven tiles (edge rows, walls) balance out.
constexpr int64_t kTilesPerThread = 4;

/// Static row and column counts of an all-parallel 2-D kernel on buffers.
std::optional<std::pair<int64_t, int64_t>> rowsAndCols(linalg::GenericOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumLoops() != 2 || op.getNumReductionLoops() != 0)
    return std::nullopt;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (llvm::any_of(ranges, [](int64_t r) { return ShapedType::isDynamic(r) || r <= 0; }))
    return std::nullopt;
  return std::make_pair(ranges[0], ranges[1]);
}

/// `v` clamped to [lo, hi].
Value clamp(OpBuilder &b, Location loc, Value v, Value lo, Value hi) {
  return arith::MinSIOp::create(b, loc, arith::MaxSIOp::create(b, loc, v, lo), hi);
}

/// The first row of `view`, a view of whole rows of a buffer of `cols`
/// columns with unit strides; nullopt for other views.
std::optional<int64_t> firstRowOfRows(memref::SubViewOp view, int64_t cols) {
  ArrayRef<int64_t> offsets = view.getStaticOffsets(), sizes = view.getStaticSizes(),
                    strides = view.getStaticStrides();
  if (offsets.size() != 2 || ShapedType::isDynamic(offsets[0]) || offsets[1] != 0 ||
      sizes[1] != cols || strides[0] != 1 || strides[1] != 1)
    return std::nullopt;
  return offsets[0];
}

/// `op`'s loops at the insertion point, its rows cut to [first, end), with
/// every access to row r of a view of the temporary made to row
/// `r + view's first row - base` of `scratch`.
void lowerRows(RewriterBase &rewriter, linalg::GenericOp op, Value first, Value end,
               const legato::SweepTiles &pair, Value scratch, Value base) {
  auto copy = cast<linalg::GenericOp>(rewriter.clone(*op));
  FailureOr<linalg::LinalgLoops> loops = linalg::linalgOpToLoops(rewriter, copy);
  assert(succeeded(loops) && "a 2-D all-parallel generic on buffers lowers to loops");
  rewriter.eraseOp(copy);
  auto rows = cast<scf::ForOp>(loops->front());
  rows.setLowerBound(first);
  rows.setUpperBound(end);
  auto rebase = [&](Operation *access, ValueRange indices, int64_t firstRow) {
    rewriter.setInsertionPoint(access);
    Location loc = access->getLoc();
    SmallVector<Value> moved(indices);
    Value shift = arith::SubIOp::create(
        rewriter, loc, base, arith::ConstantIndexOp::create(rewriter, loc, firstRow));
    moved[0] = arith::SubIOp::create(rewriter, loc, moved[0], shift);
    return moved;
  };
  rows.walk([&](Operation *access) {
    if (auto load = dyn_cast<memref::LoadOp>(access)) {
      if (std::optional<int64_t> firstRow = pair.firstRowOf(load.getMemRef()))
        rewriter.replaceOpWithNewOp<memref::LoadOp>(load, scratch,
                                                    rebase(load, load.getIndices(), *firstRow));
    } else if (auto store = dyn_cast<memref::StoreOp>(access)) {
      if (std::optional<int64_t> firstRow = pair.firstRowOf(store.getMemRef()))
        rewriter.replaceOpWithNewOp<memref::StoreOp>(
            store, store.getValueToStore(), scratch, rebase(store, store.getIndices(), *firstRow));
    }
  });
  rewriter.setInsertionPointAfter(rows);
}

} // namespace

namespace mlir::legato {

std::optional<std::pair<unsigned, int64_t>> dimShift(AffineExpr e) {
  if (auto dim = dyn_cast<AffineDimExpr>(e))
    return std::make_pair(dim.getPosition(), int64_t(0));
  auto sum = dyn_cast<AffineBinaryOpExpr>(e);
  if (!sum || sum.getKind() != AffineExprKind::Add)
    return std::nullopt;
  auto dim = dyn_cast<AffineDimExpr>(sum.getLHS());
  auto c = dyn_cast<AffineConstantExpr>(sum.getRHS());
  if (!dim || !c)
    return std::nullopt;
  return std::make_pair(dim.getPosition(), c.getValue());
}

std::optional<int64_t> rowShift(AffineExpr e) {
  std::optional<std::pair<unsigned, int64_t>> shift = dimShift(e);
  if (!shift || shift->first != 0)
    return std::nullopt;
  return shift->second;
}

int64_t SweepTiles::tileRows(int threads) const {
  int64_t fits = kMaxScratchBytes / rowBytes - haloBefore - haloAfter;
  if (fits < kMinTileRows)
    return 0;
  int64_t tiles = kTilesPerThread * std::max(threads, 1);
  int64_t even = (rows + tiles - 1) / tiles;
  return std::min({std::max(even, kMinTileRows), fits, rows});
}

std::optional<int64_t> SweepTiles::firstRowOf(Value view) const {
  for (auto [candidate, firstRow] : views)
    if (candidate == view)
      return firstRow;
  return std::nullopt;
}

bool isSweepTileTemporary(Value v) {
  auto member = [](Operation *user) { return user->hasAttr(kSweepTileAttr); };
  return v.getDefiningOp<memref::AllocOp>() && !v.use_empty() &&
         llvm::all_of(v.getUsers(), [&](Operation *user) {
           auto view = dyn_cast<memref::SubViewOp>(user);
           return isa<memref::DeallocOp>(user) || member(user) ||
                  (view && llvm::all_of(view->getUsers(), member));
         });
}

std::optional<SweepTiles> matchSweepTiles(ArrayRef<linalg::GenericOp> members) {
  if (members.size() < 2)
    return std::nullopt;
  SweepTiles pair;
  pair.producer = members.front();
  linalg::GenericOp producer = pair.producer;
  auto shape = rowsAndCols(producer);
  if (!shape || producer.getNumDpsInits() != 1)
    return std::nullopt;
  std::tie(pair.rows, pair.cols) = *shape;
  OpOperand *init = producer.getDpsInitOperand(0);
  pair.temporary = init->get();
  auto type = cast<MemRefType>(pair.temporary.getType()); // (a kernel on buffers)
  if (!isSweepTileTemporary(pair.temporary) || !type.getLayout().isIdentity() ||
      type.getShape() != ArrayRef<int64_t>{pair.rows, pair.cols} ||
      !producer.getMatchingIndexingMap(init).isIdentity() ||
      producer.payloadUsesValueFromOperand(init) || !type.getElementType().isIntOrFloat())
    return std::nullopt;
  pair.rowBytes = pair.cols * std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
  pair.views.push_back({pair.temporary, 0});
  for (Operation *user : pair.temporary.getUsers())
    if (auto view = dyn_cast<memref::SubViewOp>(user)) {
      std::optional<int64_t> firstRow = firstRowOfRows(view, pair.cols);
      if (!firstRow)
        return std::nullopt;
      pair.views.push_back({view.getResult(), *firstRow});
    }
  // Each kernel of the second sweep reads the temporary at row shifts only;
  // its row i joins the tile of producer row i + owner.
  for (linalg::GenericOp consumer : members.drop_front()) {
    auto size = rowsAndCols(consumer);
    if (!size || consumer->getBlock() != producer->getBlock() ||
        llvm::any_of(consumer.getDpsInits(), [&](Value v) { return pair.firstRowOf(v); }))
      return std::nullopt;
    int64_t lowest = INT64_MAX, highest = INT64_MIN;
    for (OpOperand *in : consumer.getDpsInputOperands()) {
      std::optional<int64_t> firstRow = pair.firstRowOf(in->get());
      if (!firstRow)
        continue;
      AffineMap map = consumer.getMatchingIndexingMap(in);
      std::optional<int64_t> shift = rowShift(map.getResult(0));
      if (!shift || map.getResult(1).isFunctionOfDim(0))
        return std::nullopt;
      lowest = std::min(lowest, *firstRow + *shift);
      highest = std::max(highest, *firstRow + *shift);
    }
    if (lowest == INT64_MAX || size->first > pair.rows)
      return std::nullopt;
    int64_t owner = std::clamp<int64_t>(lowest, 0, pair.rows - size->first);
    pair.consumers.push_back(consumer);
    pair.owner.push_back(owner);
    pair.haloBefore = std::max(pair.haloBefore, owner - lowest);
    pair.haloAfter = std::max(pair.haloAfter, highest - owner);
  }
  // The pair runs where its last kernel is: between the first and the last,
  // nothing else may touch memory, other than to allocate a buffer or to
  // free one (which then waits until after the pair).
  for (Operation *op = producer->getNextNode(); op != members.back(); op = op->getNextNode())
    if (!op || (!llvm::is_contained(members, op) && !isMemoryEffectFree(op) &&
                !isa<memref::AllocOp, memref::DeallocOp>(op)))
      return std::nullopt;
  // Tiles interleave the kernels: what one of the second sweep writes, no
  // other member may read or write. A gather may read anywhere: no tiles.
  if (llvm::any_of(members, [](linalg::GenericOp m) { return !readInBody(m).empty(); }))
    return std::nullopt;
  for (linalg::GenericOp writer : pair.consumers)
    for (Value out : writer.getDpsInits())
      for (linalg::GenericOp other : members) {
        if (other == writer)
          continue;
        for (Value v : other->getOperands())
          if (!pair.firstRowOf(v) && !disjoint(out, v))
            return std::nullopt;
      }
  if (pair.tileRows(1) == 0)
    return std::nullopt;
  return pair;
}

void lowerSweepTiles(RewriterBase &rewriter, const SweepTiles &pair, int threads,
                     bool parallel) {
  int64_t tileRows = pair.tileRows(threads);
  assert(tileRows > 0 && "matchSweepTiles checks that a tile fits");
  linalg::GenericOp last = pair.consumers.back();
  linalg::GenericOp producer = pair.producer;
  Location loc = producer.getLoc();
  // Buffers freed after the first kernel read them are freed after the pair.
  for (Operation *op = producer->getNextNode(); op != last;) {
    Operation *next = op->getNextNode();
    if (isa<memref::DeallocOp>(op))
      rewriter.moveOpAfter(op, last);
    op = next;
  }
  rewriter.setInsertionPoint(last);
  auto index = [&](int64_t v) { return arith::ConstantIndexOp::create(rewriter, loc, v); };
  Value zero = index(0), one = index(1), tiles = index((pair.rows + tileRows - 1) / tileRows);
  // The scratch lives on the stack of the thread that runs a tile, for as
  // long as an alloca_scope: each tile's (parallel), or the loop's (one
  // scratch for all tiles). An alloca_scope becomes several blocks, which an
  // scf.for body may not hold.
  auto type = cast<MemRefType>(pair.temporary.getType());
  auto scratchType = MemRefType::get(
      {tileRows + pair.haloBefore + pair.haloAfter, pair.cols}, type.getElementType());
  auto openScope = [&] {
    auto scope = memref::AllocaScopeOp::create(rewriter, loc, TypeRange{});
    rewriter.createBlock(&scope.getBodyRegion());
    memref::AllocaScopeReturnOp::create(rewriter, loc);
    rewriter.setInsertionPointToStart(&scope.getBodyRegion().front());
    return memref::AllocaOp::create(rewriter, loc, scratchType, ValueRange{},
                                    rewriter.getI64IntegerAttr(64));
  };
  Value tile, scratch;
  if (parallel) {
    auto loop = scf::ParallelOp::create(rewriter, loc, ValueRange{zero}, ValueRange{tiles},
                                        ValueRange{one},
                                        [&](OpBuilder &, Location, ValueRange ivs) {
                                          tile = ivs[0];
                                        });
    rewriter.setInsertionPoint(loop.getBody()->getTerminator());
    scratch = openScope();
  } else {
    scratch = openScope();
    auto loop = scf::ForOp::create(rewriter, loc, zero, tiles, one);
    tile = loop.getInductionVar();
    rewriter.setInsertionPoint(loop.getBody()->getTerminator());
  }
  // Tile t owns producer rows [begin, end) and computes rows [begin -
  // haloBefore, end + haloAfter) of them, row r into scratch row r - base.
  Value begin = arith::MulIOp::create(rewriter, loc, tile, index(tileRows));
  Value rows = index(pair.rows);
  Value end = arith::MinSIOp::create(rewriter, loc,
                                     arith::AddIOp::create(rewriter, loc, begin, index(tileRows)),
                                     rows);
  Value base = arith::SubIOp::create(rewriter, loc, begin, index(pair.haloBefore));
  Value first = clamp(rewriter, loc, base, zero, rows);
  Value stop = clamp(rewriter, loc, arith::AddIOp::create(rewriter, loc, end, index(pair.haloAfter)),
                     zero, rows);
  lowerRows(rewriter, producer, first, stop, pair, scratch, base);
  for (auto [consumer, owner] : llvm::zip(pair.consumers, pair.owner)) {
    linalg::GenericOp kernel = consumer;
    Value size = index(kernel.getStaticLoopRanges()[0]);
    Value from = clamp(rewriter, loc, arith::SubIOp::create(rewriter, loc, begin, index(owner)),
                       zero, size);
    Value to = clamp(rewriter, loc, arith::SubIOp::create(rewriter, loc, end, index(owner)),
                     zero, size);
    lowerRows(rewriter, kernel, from, to, pair, scratch, base);
  }
  rewriter.eraseOp(producer);
  for (linalg::GenericOp consumer : pair.consumers)
    rewriter.eraseOp(consumer);
  for (Operation *user : llvm::make_early_inc_range(pair.temporary.getUsers()))
    rewriter.eraseOp(user); // its views (read by the kernels only) and deallocs
  rewriter.eraseOp(pair.temporary.getDefiningOp());
}

} // namespace mlir::legato
