//===- SplitForOverlap.cpp - segments in pieces of rows, to overlap exchanges ===//
//
// With Options::overlap_exchanges, a segment that reads the results of row
// (halo) exchanges runs as three pieces of its output rows: the interior
// reads only this rank's own rows of the exchanged arrays, so it runs while
// the exchanges are in flight; the first and last rows run after them
// (docs/DISTRIBUTED.md, "Overlapping exchanges with the interior"). This
// pass builds the pieces as functions beside the segment and names them on
// its call (legato.overlap); DistributedProgram compiles and runs them.
//
//===----------------------------------------------------------------------===//
#include "Dialect/Legato/IR/LegatoDialect.h"
#include "Dialect/Legato/IR/Markers.h"
#include "Dialect/Legato/Transforms/Partition.h"
#include "Dialect/Legato/Transforms/Passes.h"
#include "Dialect/Legato/Transforms/ShardingRules.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/SetVector.h"

#include <algorithm>
#include <limits>

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOSPLITFOROVERLAPPASS
#include "Dialect/Legato/Transforms/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;
using namespace mlir::legato;

namespace {

/// An input of a segment that a row exchange of the level before produces:
/// this rank's own rows of it are [first, first + rows).
struct ExchangedRows {
  unsigned input;
  int64_t first, rows;
};

/// The inputs of `call` (of level `level`) that the collectives just before
/// it make: results of row exchanges, with this rank's own rows of each;
/// none when another collective's result is among them.
SmallVector<ExchangedRows> exchangedRowsOf(func::CallOp call, int64_t level, int64_t me,
                                           int64_t ranks) {
  SmallVector<ExchangedRows> rows;
  for (auto [i, v] : llvm::enumerate(call.getOperands())) {
    Operation *def = v.getDefiningOp();
    auto defLevel = def ? def->getAttrOfType<IntegerAttr>(kSegmentAttr) : IntegerAttr();
    if (!def || !isCollective(def) || !defLevel || defLevel.getInt() != level - 1)
      continue;
    auto exchange = dyn_cast<ExchangeOp>(def);
    int64_t rank = exchange ? int64_t(exchange.getGlobalShape().size()) : 0;
    if (rank == 0)
      return {};
    ::legato::support::Sharding have{exchange.getGlobalShape().vec(),
                                     *decodeBoxes(exchange.getHave(), rank, ranks)};
    Boxes need = *decodeBoxes(exchange.getNeed(), rank, ranks);
    Box own = need[size_t(me)].intersect(have.boxes[size_t(me)]);
    if (!::legato::support::isRowExchange(have, need) || own.empty())
      return {};
    rows.push_back({unsigned(i), own.lo[0] - need[size_t(me)].lo[0], own.hi[0] - own.lo[0]});
  }
  return rows;
}

/// Rows [lo, hi) of `shape` (the whole of a 0-d one).
Box rowsOf(ArrayRef<int64_t> shape, int64_t lo, int64_t hi) {
  Box box = Box::full(Shape(shape.begin(), shape.end()));
  if (!shape.empty()) {
    box.lo[0] = lo;
    box.hi[0] = hi;
  }
  return box;
}

/// Makes each 0-d result of `piece` (a copy of a segment) that reduces an
/// array over all its axes reduce only the array's rows of the piece
/// instead: [0, top) for `which` = 0, [top, rows - bottom) for 1,
/// [rows - bottom, rows) for 2. Returns each such result's combiner: the
/// three pieces' partials combine into the whole.
DenseMap<unsigned, ReduceKind> reducePieceRows(func::FuncOp piece, int which, int64_t top,
                                               int64_t bottom) {
  Operation *ret = piece.getBody().front().getTerminator();
  DenseMap<unsigned, ReduceKind> partials;
  llvm::SetVector<Operation *> replaced;
  for (OpOperand &result : ret->getOpOperands()) {
    auto reduce = result.get().getDefiningOp<ReduceOp>();
    auto input = reduce ? cast<RankedTensorType>(reduce.getInput().getType())
                        : RankedTensorType();
    if (!reduce || cast<RankedTensorType>(reduce.getType()).getRank() != 0 ||
        input.getRank() == 0 || int64_t(reduce.getAxes().size()) != input.getRank())
      continue;
    int64_t rows = input.getDimSize(0);
    int64_t lo = which == 0 ? 0 : which == 1 ? top : rows - bottom;
    int64_t hi = which == 0 ? top : which == 1 ? rows - bottom : rows;
    OpBuilder b(ret);
    SmallVector<int64_t> offsets(size_t(input.getRank()), 0), strides(offsets.size(), 1),
        shape(input.getShape());
    offsets[0] = lo;
    shape[0] = hi - lo;
    Value band = SliceOp::create(b, reduce.getLoc(),
                                 RankedTensorType::get(shape, input.getElementType()),
                                 reduce.getInput(), offsets, strides);
    Value partial = ReduceOp::create(b, reduce.getLoc(), reduce.getType(), reduce.getKind(),
                                     band, reduce.getAxes());
    result.set(partial);
    partials[result.getOperandNumber()] = reduce.getKind();
    replaced.insert(reduce);
  }
  for (Operation *op : replaced)
    if (op->use_empty())
      op->erase();
  return partials;
}

/// Whether the interior piece `piece` reads the `exchanged` inputs only
/// through slices of their own rows.
bool readsOwnRowsOnly(func::FuncOp piece, ArrayRef<ExchangedRows> exchanged) {
  Block &body = piece.getBody().front();
  for (const ExchangedRows &e : exchanged)
    for (Operation *user : body.getArgument(e.input).getUsers()) {
      auto slice = dyn_cast<SliceOp>(user);
      if (!slice)
        return false;
      int64_t first = slice.getOffsets()[0], stride = slice.getStrides()[0];
      int64_t last = first + (cast<RankedTensorType>(slice.getType()).getDimSize(0) - 1) * stride;
      if (std::min(first, last) < e.first || std::max(first, last) >= e.first + e.rows)
        return false;
    }
  return true;
}

bool communicates(func::FuncOp f) {
  return f.walk([](Operation *op) {
            return isCollective(op) ? WalkResult::interrupt() : WalkResult::advance();
          }).wasInterrupted();
}

struct LegatoSplitForOverlapPass
    : mlir::legato::impl::LegatoSplitForOverlapPassBase<LegatoSplitForOverlapPass> {
  using LegatoSplitForOverlapPassBase::LegatoSplitForOverlapPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto main = module.lookupSymbol<func::FuncOp>("main");
    if (!main || main.isExternal())
      return;
    if (rank < 0 || rank >= ranks) {
      main.emitError() << "legato-split-for-overlap: rank " << rank << " of " << ranks;
      return signalPassFailure();
    }
    SymbolTable symbols(module);
    for (auto call : llvm::to_vector(main.getBody().front().getOps<func::CallOp>())) {
      auto level = call->getAttrOfType<IntegerAttr>(kSegmentAttr);
      if (!level || level.getInt() == 0)
        continue;
      SmallVector<ExchangedRows> exchanged = exchangedRowsOf(call, level.getInt(), rank, ranks);
      if (exchanged.empty())
        continue;
      auto segment = symbols.lookup<func::FuncOp>(call.getCallee());
      FailureOr<ArrayAttr> pieces = split(segment, exchanged, symbols);
      if (failed(pieces))
        return signalPassFailure();
      if (*pieces)
        call->setAttr(kOverlapAttr, *pieces);
    }
  }

  /// `segment` as three pieces: the first `top` and last `bottom` rows of
  /// every output, and the rows between them, which must read only the own
  /// rows of the `exchanged` inputs. legato-partition builds each piece as
  /// the program of one of three ranks whose results are those rows (its
  /// inputs whole: each piece slices what it reads). The margins grow in
  /// steps of the ghost rows above and below (a window of k sweeps needs k
  /// steps, which its exchange of k rows each way gives at once) until the
  /// interior reads no ghost row, while they leave it half the rows; no
  /// pieces otherwise (a null attribute), nor where a piece would
  /// communicate. A margin of no rows (no ghost rows on that side: the
  /// first and last rank) has no piece. A 0-d output is computed by every
  /// piece: a reduction of a whole array as each piece's partial over its
  /// rows of that array (legato.partial); any other as the same value.
  FailureOr<ArrayAttr> split(func::FuncOp segment, ArrayRef<ExchangedRows> exchanged,
                             SymbolTable &symbols) {
    Block &body = segment.getBody().front();
    SmallVector<Value> results(body.getTerminator()->getOperands());
    int64_t fewestRows = std::numeric_limits<int64_t>::max(), above = 0, below = 0;
    for (Value v : results)
      if (ArrayRef<int64_t> shape = shapeOf(v); !shape.empty())
        fewestRows = std::min(fewestRows, shape[0]);
    for (const ExchangedRows &e : exchanged) {
      fewestRows = std::min(fewestRows, e.rows);
      above = std::max(above, e.first);
      below = std::max(below, shapeOf(body.getArgument(e.input))[0] - e.first - e.rows);
    }
    if (above + below == 0)
      return ArrayAttr();
    Builder b(&getContext());
    static constexpr const char *kPieceNames[] = {"first_rows", "interior", "last_rows"};
    for (int64_t top = above, bottom = below; 2 * (top + bottom) <= fewestRows;
         top += above, bottom += below) {
      SmallVector<func::FuncOp> built;
      SmallVector<Attribute> names;
      bool usable = true;
      for (int which = 0; which < 3 && usable; ++which) {
        if ((which == 0 && top == 0) || (which == 2 && bottom == 0)) {
          names.push_back(b.getUnitAttr()); // no rows: no program
          continue;
        }
        func::FuncOp piece = segment.clone();
        piece.setName((segment.getName() + "_" + kPieceNames[which]).str());
        symbols.insert(piece);
        DenseMap<unsigned, ReduceKind> partials = reducePieceRows(piece, which, top, bottom);
        for (auto [i, v] : llvm::enumerate(results)) {
          ArrayRef<int64_t> shape = shapeOf(v);
          int64_t h = shape.empty() ? 0 : shape[0];
          piece.setResultAttr(unsigned(i), kBoxesAttr,
                              b.getDenseI64ArrayAttr(encodeBoxes(
                                  {rowsOf(shape, 0, top), rowsOf(shape, top, h - bottom),
                                   rowsOf(shape, h - bottom, h)})));
        }
        StringAttr name = piece.getNameAttr();
        symbols.remove(piece); // (partitionFunction replaces it)
        FailureOr<func::FuncOp> local = partitionFunction(piece, 3, which, 0);
        if (failed(local))
          return failure();
        symbols.insert(*local);
        built.push_back(*local);
        for (auto [i, kind] : partials)
          local->setResultAttr(i, kPartialAttr, ReduceKindAttr::get(&getContext(), kind));
        local->setPrivate();
        names.push_back(FlatSymbolRefAttr::get(name));
        usable = !communicates(*local) && (which != 1 || readsOwnRowsOnly(*local, exchanged));
      }
      if (usable)
        return b.getArrayAttr(names);
      for (func::FuncOp piece : built)
        symbols.erase(piece);
    }
    return ArrayAttr();
  }
};

} // namespace
