//===- FuseSweeps.cpp - two stencil sweeps in one kernel ---------------------===//
//
// A Jacobi-style loop (CFD's pressure sweeps) updates the rows between two
// walls from shifted slices of the previous iterate, then sets the wall rows
// from the rows next to them. Fused, each sweep is one kernel, and every
// sweep reads and writes the whole array. Here the second of two
// consecutive sweeps recomputes the values of the first that it needs from
// the first one's inputs, so two sweeps make one pass over memory
// (temporal fusion, as in stencil compilers; the cost is arithmetic: the
// second sweep recomputes a value of the first per neighbour it reads).
//
// The first sweep's result reaches the second as a tensor assembled from
// whole rows (insert_slice of the sweep's kernel; of slices of itself for
// the walls), so one row may come from another row of the kernel than its
// neighbours do (wall row 0 is a copy of row 1). The second sweep's rows are
// split into runs in which every read of that tensor comes from the kernel
// at one constant row offset. Each run is a generic of its own, reading the
// kernel's result through affine maps, and upstream elementwise fusion
// inlines the kernel into it. Sweeps are fused in pairs: a fused run is not
// fused again, so the recomputation stays one level deep.
//
// On the CPU (recompute=false) the runs read the kernel's result instead,
// and the kernel and its runs are marked as one tiled pair: the loops that
// compute them tile by tile keep the first sweep's rows in a scratch buffer
// per tile (SweepTiles.h), which costs a recomputed row per tile edge, not a
// recomputed value per neighbour.
//
//===----------------------------------------------------------------------===//
#include "Transforms/Passes.h"
#include "Transforms/SweepTiles.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/SetVector.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOFUSESWEEPSPASS
#include "Transforms/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;
using mlir::legato::rowShift;

namespace {

/// Body ops at most of a sweep kernel that another sweep may recompute.
constexpr size_t kMaxRecomputedOps = 16;

/// The body ops that result `result` of `op` needs.
llvm::SetVector<Operation *> opsOfResult(linalg::GenericOp op, unsigned result) {
  llvm::SetVector<Operation *> needed;
  SmallVector<Value> work = {op.getBody()->getTerminator()->getOperand(result)};
  while (!work.empty()) {
    Operation *def = work.pop_back_val().getDefiningOp();
    if (!def || def->getBlock() != op.getBody() || !needed.insert(def))
      continue;
    llvm::append_range(work, def->getOperands());
  }
  return needed;
}

/// Whether result `result` of `op` is a value that a consumer can recompute
/// wherever it reads it: `op` all-parallel, on tensors, 2-D with an
/// identity output, no accumulator, and the result a few arith ops of its
/// inputs.
bool isRecomputableSweep(linalg::GenericOp op, unsigned result) {
  if (!op.hasPureTensorSemantics() || op.getNumReductionLoops() != 0 ||
      op.getNumLoops() != 2)
    return false;
  for (OpOperand &init : op.getDpsInitsMutable())
    if (op.payloadUsesValueFromOperand(&init) || !op.getMatchingIndexingMap(&init).isIdentity())
      return false;
  llvm::SetVector<Operation *> needed = opsOfResult(op, result);
  return needed.size() <= kMaxRecomputedOps && llvm::all_of(needed, [](Operation *inner) {
           return isa<arith::ArithDialect>(inner->getDialect());
         });
}

/// Static offsets and sizes of a unit-stride slice of a rank-2 tensor that
/// spans whole rows of `full`; nullopt otherwise.
template <class SliceOp>
std::optional<std::pair<int64_t, int64_t>> wholeRows(SliceOp slice, RankedTensorType full) {
  if (full.getRank() != 2 || !full.hasStaticShape() || slice.getType().getRank() != 2)
    return std::nullopt;
  ArrayRef<int64_t> offsets = slice.getStaticOffsets(), sizes = slice.getStaticSizes(),
                    strides = slice.getStaticStrides();
  if (llvm::any_of(offsets, ShapedType::isDynamic) ||
      llvm::any_of(sizes, ShapedType::isDynamic) ||
      llvm::any_of(strides, [](int64_t s) { return s != 1; }) || offsets[1] != 0 ||
      sizes[1] != full.getDimSize(1))
    return std::nullopt;
  return std::make_pair(offsets[0], sizes[0]);
}

/// Where row `row` of a tensor comes from: row `row` of the result `kernel`.
struct RowSource {
  Value kernel;
  int64_t row;
};

/// Follows row `row` of `t` through insertions and extractions of whole
/// rows to the generic result that computed it, noting the ops passed in
/// `path`; nullopt when it leads elsewhere (an argument, an empty tensor).
std::optional<RowSource> resolveRow(Value t, int64_t row,
                                    llvm::SmallPtrSetImpl<Operation *> &path) {
  while (true) {
    if (auto insert = t.getDefiningOp<tensor::InsertSliceOp>()) {
      auto rows = wholeRows(insert, insert.getDestType());
      if (!rows)
        return std::nullopt;
      path.insert(insert);
      if (row >= rows->first && row < rows->first + rows->second) {
        t = insert.getSource();
        row -= rows->first;
      } else {
        t = insert.getDest();
      }
    } else if (auto extract = t.getDefiningOp<tensor::ExtractSliceOp>()) {
      auto rows = wholeRows(extract, extract.getSourceType());
      if (!rows)
        return std::nullopt;
      path.insert(extract);
      t = extract.getSource();
      row += rows->first;
    } else if (t.getDefiningOp<linalg::GenericOp>()) {
      return RowSource{t, row};
    } else {
      return std::nullopt;
    }
  }
}

/// Whether every operand of `op` is indexed by d0 only as a row `d0 + c`
/// of a rank-2 tensor, or not by d0 at all: such an operand can be cut to
/// a band of rows (rowBand).
bool readsRowBands(linalg::GenericOp op) {
  return llvm::all_of(op->getOpOperands(), [&](OpOperand &operand) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!map.isFunctionOfDim(0))
      return true;
    return map.getNumResults() == 2 && rowShift(map.getResult(0)) &&
           !map.getResult(1).isFunctionOfDim(0);
  });
}

/// A read of the first sweep's result by the second: operand `operand`
/// reads row `d0 + shift` at every point.
struct SweepRead {
  OpOperand *operand;
  int64_t shift;
};

/// A run of the second sweep's rows [begin, end) in which read k comes from
/// row `i + offsets[k]` of `kernel` at row i.
struct Run {
  int64_t begin, end;
  SmallVector<int64_t> offsets;
};

/// `op`'s reads of one recomputable kernel result through whole-row slices,
/// and the runs of its rows; failure when `op` is not a second sweep.
struct SecondSweep {
  Value kernel;
  SmallVector<SweepRead> reads;
  SmallVector<Run> runs;
  llvm::SmallPtrSet<Operation *, 8> path; // the insertions and extractions
};

FailureOr<SecondSweep> matchSecondSweep(linalg::GenericOp op,
                                        const llvm::DenseSet<Operation *> &fused,
                                        bool recompute) {
  if (!op.hasPureTensorSemantics() || op.getNumReductionLoops() != 0 || op.getNumLoops() != 2 ||
      op.hasIndexSemantics() || !readsRowBands(op))
    return failure();
  for (OpOperand &init : op.getDpsInitsMutable())
    if (op.payloadUsesValueFromOperand(&init) || !op.getMatchingIndexingMap(&init).isIdentity())
      return failure();
  SecondSweep s;
  int64_t rows = op.getStaticLoopRanges()[0];
  // A read qualifies when every row it reads leads to the same kernel.
  for (OpOperand *in : op.getDpsInputOperands()) {
    auto type = dyn_cast<RankedTensorType>(in->get().getType());
    AffineMap map = op.getMatchingIndexingMap(in);
    if (!type || type.getRank() != 2 || map.getNumResults() != 2 ||
        map.getResult(1).isFunctionOfDim(0))
      continue;
    std::optional<int64_t> shift = rowShift(map.getResult(0));
    if (!shift)
      continue;
    llvm::SmallPtrSet<Operation *, 8> path;
    std::optional<RowSource> first = resolveRow(in->get(), *shift, path);
    if (!first || first->kernel == in->get() || fused.contains(first->kernel.getDefiningOp()) ||
        (s.kernel && s.kernel != first->kernel) ||
        !isRecomputableSweep(cast<linalg::GenericOp>(first->kernel.getDefiningOp()),
                             cast<OpResult>(first->kernel).getResultNumber()))
      continue;
    s.kernel = first->kernel;
    s.reads.push_back({in, *shift});
    s.path.insert(path.begin(), path.end());
  }
  if (s.reads.empty() || !readsRowBands(cast<linalg::GenericOp>(s.kernel.getDefiningOp())))
    return failure();
  // A tiled pair keeps only the first sweep's rows of a tile: its kernel
  // may compute nothing else. (Computing them in a kernel of their own,
  // beside the kernel's other values, costs CFD more launches than it saves.)
  if (!recompute && s.kernel.getDefiningOp()->getNumResults() != 1)
    return failure();
  // Rows of op, each read's source row there, cut into runs of equal offsets.
  for (int64_t i = 0; i < rows; ++i) {
    SmallVector<int64_t> offsets;
    for (SweepRead &read : s.reads) {
      std::optional<RowSource> source = resolveRow(read.operand->get(), i + read.shift, s.path);
      if (!source || source->kernel != s.kernel)
        return failure();
      offsets.push_back(source->row - i);
    }
    if (!s.runs.empty() && s.runs.back().offsets == offsets)
      s.runs.back().end = i + 1;
    else
      s.runs.push_back({i, i + 1, offsets});
  }
  // Worth it only if the first sweep's result is then needed nowhere else.
  for (Operation *step : s.path)
    for (Operation *user : step->getUsers())
      if (user != op && !s.path.contains(user))
        return failure();
  for (Operation *user : s.kernel.getUsers())
    if (!s.path.contains(user) && user != op)
      return failure();
  return s;
}

/// Rows [first, first + size) of a rank-2 tensor of `width` columns, as
/// slice offsets, sizes and strides.
struct RowWindow {
  SmallVector<OpFoldResult> offsets, sizes, strides;
  RowWindow(Builder &b, int64_t first, int64_t size, int64_t width)
      : offsets{b.getIndexAttr(first), b.getIndexAttr(0)},
        sizes{b.getIndexAttr(size), b.getIndexAttr(width)}, strides(2, b.getIndexAttr(1)) {}
};

/// `map` (a row `d0 + c` and a column) with the row shift dropped: how an
/// op reads a band of rows cut to start at its own row.
AffineMap bandMap(AffineMap map) {
  return AffineMap::get(2, 0, {getAffineDimExpr(0, map.getContext()), map.getResult(1)},
                        map.getContext());
}

/// `v`, read through `map` by an op over rows [start, start + size) of a
/// larger space, as the band of rows that op reads, with the map it reads
/// the band through (row d0): every map indexing rows by d0 then describes
/// a tensor of `size` rows, as linalg requires.
std::pair<Value, AffineMap> rowBand(RewriterBase &rewriter, Location loc, Value v,
                                    AffineMap map, int64_t start, int64_t size) {
  if (!map.isFunctionOfDim(0))
    return {v, map};
  auto type = cast<RankedTensorType>(v.getType());
  RowWindow w(rewriter, start + *rowShift(map.getResult(0)), size, type.getDimSize(1));
  Value band = tensor::ExtractSliceOp::create(rewriter, loc, v, w.offsets, w.sizes, w.strides);
  return {band, bandMap(map)};
}

/// Rows [start, start + size) of result `result` of `op`, computed by a
/// generic of their own (`op`'s body, yielding that result only).
Value kernelRows(RewriterBase &rewriter, linalg::GenericOp op, unsigned result, int64_t start,
                 int64_t size) {
  Location loc = op.getLoc();
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  for (OpOperand *in : op.getDpsInputOperands()) {
    auto [band, map] = rowBand(rewriter, loc, in->get(), op.getMatchingIndexingMap(in), start, size);
    inputs.push_back(band);
    maps.push_back(map);
  }
  auto type = cast<RankedTensorType>(op->getResult(result).getType());
  Value init = tensor::EmptyOp::create(rewriter, loc, ArrayRef<int64_t>{size, type.getDimSize(1)},
                                       type.getElementType());
  maps.push_back(rewriter.getMultiDimIdentityMap(2));
  Block *body = op.getBody();
  llvm::SetVector<Operation *> needed = opsOfResult(op, result);
  auto rows = linalg::GenericOp::create(
      rewriter, loc, TypeRange{init.getType()}, inputs, ValueRange{init}, maps,
      op.getIteratorTypesArray(), [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
        IRMapping map;
        for (unsigned i = 0; i < op.getNumDpsInputs(); ++i)
          map.map(body->getArgument(i), args[i]);
        for (Operation &inner : body->without_terminator())
          if (needed.contains(&inner))
            b.clone(inner, map);
        Value yielded = body->getTerminator()->getOperand(result);
        linalg::YieldOp::create(b, bodyLoc, map.lookupOrDefault(yielded));
      });
  return rows->getResult(0);
}

/// Replaces `op` by one generic per run, each with the first sweep's rows
/// that it reads computed inside it, or, when `tile` is set, reading them
/// from the first sweep's kernel, marked as one tiled pair with it.
void fuseRuns(RewriterBase &rewriter, linalg::GenericOp op, const SecondSweep &s,
              llvm::DenseSet<Operation *> &fused, std::optional<IntegerAttr> tile) {
  Location loc = op.getLoc();
  auto producer = cast<linalg::GenericOp>(s.kernel.getDefiningOp());
  unsigned result = cast<OpResult>(s.kernel).getResultNumber();
  if (tile)
    producer->setAttr(legato::kSweepTileAttr, *tile);
  // The results are assembled from the runs' rows where they went: when
  // each one's only use inserts its whole rows into an array, the runs'
  // rows go straight there (so bufferization still writes them in place),
  // else into the results' inits.
  SmallVector<Value> results(op.getDpsInits());
  SmallVector<int64_t> firstRow(op.getNumResults(), 0);
  SmallVector<tensor::InsertSliceOp> placed;
  Operation *last = op;
  for (OpResult result : op->getResults()) {
    auto insert = result.hasOneUse()
                      ? dyn_cast<tensor::InsertSliceOp>(*result.getUsers().begin())
                      : tensor::InsertSliceOp();
    auto rows = insert && insert.getSource() == result && insert->getBlock() == op->getBlock()
                    ? wholeRows(insert, insert.getDestType())
                    : std::nullopt;
    if (!rows)
      break;
    placed.push_back(insert);
    if (last->isBeforeInBlock(insert))
      last = insert;
  }
  if (placed.size() == op->getNumResults())
    for (auto [k, insert] : llvm::enumerate(placed)) {
      results[k] = insert.getDest();
      firstRow[k] = wholeRows(insert, insert.getDestType())->first;
    }
  else
    placed.clear(), last = op;
  rewriter.setInsertionPoint(last);
  for (const Run &run : s.runs) {
    int64_t size = run.end - run.begin;
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    llvm::SmallPtrSet<Operation *, 8> bands; // the first kernel's rows, to inline
    for (OpOperand *in : op.getDpsInputOperands()) {
      AffineMap map = op.getMatchingIndexingMap(in);
      // The first sweep's rows that the run reads, and its kernel's other
      // values it reads (CFD's c * b, which both sweeps use): recomputed, so
      // that the run needs nothing of that kernel.
      std::optional<std::pair<unsigned, int64_t>> rows; // (result, first row)
      auto read = llvm::find_if(s.reads, [&](const SweepRead &r) { return r.operand == in; });
      auto other = dyn_cast<OpResult>(in->get());
      bool fromProducer = other && other.getOwner() == producer && map.isFunctionOfDim(0);
      if (tile && (read != s.reads.end() || fromProducer)) { // (its one result)
        // Row i of the run reads row i + first of the kernel's result.
        int64_t first = run.begin + (read != s.reads.end() ? run.offsets[read - s.reads.begin()]
                                                           : *rowShift(map.getResult(0)));
        RowWindow w(rewriter, first, size, cast<RankedTensorType>(s.kernel.getType()).getDimSize(1));
        inputs.push_back(
            tensor::ExtractSliceOp::create(rewriter, loc, s.kernel, w.offsets, w.sizes, w.strides));
        maps.push_back(bandMap(map));
        continue;
      }
      if (read != s.reads.end())
        rows = {result, run.begin + run.offsets[read - s.reads.begin()]};
      else if (fromProducer && isRecomputableSweep(producer, other.getResultNumber()))
        rows = {other.getResultNumber(), run.begin + *rowShift(map.getResult(0))};
      if (rows) {
        Value band = kernelRows(rewriter, producer, rows->first, rows->second, size);
        bands.insert(band.getDefiningOp());
        inputs.push_back(band);
        maps.push_back(bandMap(map));
        continue;
      }
      auto [band, banded] = rowBand(rewriter, loc, in->get(), map, run.begin, size);
      inputs.push_back(band);
      maps.push_back(banded);
    }
    SmallVector<Value> inits; // (the payload does not read them)
    for (Value init : op.getDpsInits()) {
      auto type = cast<RankedTensorType>(init.getType());
      inits.push_back(tensor::EmptyOp::create(rewriter, loc,
                                              ArrayRef<int64_t>{size, type.getDimSize(1)},
                                              type.getElementType()));
      maps.push_back(rewriter.getMultiDimIdentityMap(2));
    }
    auto part = linalg::GenericOp::create(rewriter, loc, ValueRange(inits).getTypes(), inputs,
                                          inits, maps, op.getIteratorTypesArray());
    rewriter.cloneRegionBefore(op.getRegion(), part.getRegion(), part.getRegion().begin());
    // Inline each band of the first sweep into the run that reads it.
    for (unsigned i = 0; i < part.getNumDpsInputs(); ++i) {
      OpOperand *in = part.getDpsInputOperand(i);
      auto rows = in->get().getDefiningOp<linalg::GenericOp>();
      if (!rows || !bands.contains(rows))
        continue;
      FailureOr<linalg::ElementwiseOpFusionResult> fusion = linalg::fuseElementwiseOps(rewriter, in);
      if (failed(fusion))
        continue; // (not expected: the band's maps compose with the run's)
      auto next = cast<linalg::GenericOp>(fusion->fusedOp);
      SmallVector<Value> moved;
      for (Value partResult : part->getResults())
        moved.push_back(fusion->replacements.lookup(partResult));
      rewriter.replaceOp(part, moved);
      rewriter.eraseOp(rows);
      part = next;
      i = -1; // the operands were renumbered: start over
    }
    fused.insert(part);
    if (tile)
      part->setAttr(legato::kSweepTileAttr, *tile);
    for (auto [i, value] : llvm::enumerate(results)) {
      auto type = cast<RankedTensorType>(value.getType());
      RowWindow w(rewriter, firstRow[i] + run.begin, size, type.getDimSize(1));
      value = tensor::InsertSliceOp::create(rewriter, loc, part->getResult(i), value, w.offsets,
                                            w.sizes, w.strides);
    }
  }
  for (auto [k, insert] : llvm::enumerate(placed))
    rewriter.replaceOp(insert, results[k]);
  if (placed.empty())
    rewriter.replaceOp(op, results);
  else
    rewriter.eraseOp(op);
}

struct LegatoFuseSweepsPass : legato::impl::LegatoFuseSweepsPassBase<LegatoFuseSweepsPass> {
  using LegatoFuseSweepsPassBase::LegatoFuseSweepsPassBase;
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    int64_t pairs = 0;
    llvm::DenseSet<Operation *> fused; // runs made here, and the sweeps they read
    SmallVector<linalg::GenericOp> candidates;
    getOperation().walk([&](linalg::GenericOp op) { candidates.push_back(op); });
    for (linalg::GenericOp op : candidates) {
      if (fused.contains(op))
        continue;
      FailureOr<SecondSweep> sweep = matchSecondSweep(op, fused, recompute);
      if (failed(sweep))
        continue;
      fused.insert(sweep->kernel.getDefiningOp());
      std::optional<IntegerAttr> tile;
      if (!recompute)
        tile = rewriter.getI64IntegerAttr(pairs++);
      fuseRuns(rewriter, op, *sweep, fused, tile);
    }
  }
};

} // namespace
