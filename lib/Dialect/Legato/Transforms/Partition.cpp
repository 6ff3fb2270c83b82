//===- Partition.cpp - one rank's local program from a global one ---------===//
//
// Three sweeps over @main (see LegatoPartitionPass in Passes.td):
//  1. forward: each value's home (how its elements are distributed), and
//     which reductions and products contract a split axis (partials);
//  2. backward from the results: the box of each value that each rank must
//     compute (the hull of what its consumers on that rank read); values
//     that enter the program (arguments) or are costly to recompute (GEMM
//     results) are computed on their home and exchanged where a rank needs
//     more;
//  3. forward again: the local program of this rank, every op on its box.
// Every rank runs the same analysis for all ranks, so all of them agree on
// the collectives without talking.
//
//===----------------------------------------------------------------------===//
#include "Dialect/Legato/Transforms/Partition.h"
#include "Dialect/Legato/Transforms/SimplifyPatterns.h"

#include "Dialect/Legato/IR/LegatoDialect.h"
#include "Dialect/Legato/Transforms/Passes.h"
#include "Dialect/Legato/Transforms/ScanDecomposition.h"
#include "Dialect/Legato/Transforms/ShardingRules.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cstdlib>

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOPARTITIONPASS
#include "Dialect/Legato/Transforms/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;
using namespace mlir::legato;

namespace {

/// The box of operand `i` of `op` that computing `y` (not empty) of its
/// result reads: the op's sharding rule.
Box operandBox(Operation *op, unsigned i, const Box &y) {
  return cast<ShardingOpInterface>(op).getOperandBox(i, y);
}

/// Where `op`'s result lives given where its operands live (nullopt: no
/// distribution): the op's sharding rule, except for a `partial` op, which
/// contracts a split axis into an all-reduced, replicated result.
std::optional<Boxes> resultHome(Operation *op, ArrayRef<std::optional<Boxes>> operandHomes,
                                bool partial, HomeOf homeOf) {
  if (partial || op->getNumResults() != 1)
    return std::nullopt;
  return cast<ShardingOpInterface>(op).getResultHome(operandHomes, homeOf);
}

struct Partitioner {
  Partitioner(func::FuncOp func, int64_t ranks, int64_t rank, int64_t meshRows)
      : func(func), ranks(ranks), rank(rank), meshRows(meshRows) {}

  func::FuncOp func;
  int64_t ranks, rank;
  int64_t meshRows; // 0, or the rows of a 2-D mesh (new arrays' default)

  llvm::DenseMap<Value, std::optional<Boxes>> home;
  llvm::DenseMap<Value, Boxes> demand;  // what each rank's consumers read
  llvm::DenseMap<Value, Boxes> compute; // what each rank computes or holds
  /// Ops that contract a split axis: each rank combines its block, then an
  /// all-reduce among all ranks (no groups) or among each rank's group
  /// (partialGroups).
  llvm::DenseMap<Operation *, SmallVector<int64_t>> partial;
  /// Scans of blocks that cut only the scanned axis: each rank's position
  /// among the ranks with a block (scanBlockOrder).
  llvm::DenseMap<Operation *, SmallVector<int64_t>> carried;
  llvm::DenseSet<Value> exchanged;      // computed on home, then exchanged
  SmallVector<Boxes> outputs;

  Boxes replicated(Value v) const { return Boxes(size_t(ranks), fullBox(v)); }
  Boxes nothing(Value v) const {
    return Boxes(size_t(ranks), emptyBox(int64_t(shapeOf(v).size())));
  }
  bool used(Value v) {
    return llvm::any_of(compute.lookup(v), [](const Box &b) { return !b.empty(); });
  }

  /// Sweeps 1 and 2 (see the top of this file).
  LogicalResult analyse();
  /// Each value's home, and the ops that contract split axes.
  LogicalResult assignHomes();
  /// The outputs' boxes, then backwards the box of every value each rank
  /// computes, and the values exchanged.
  LogicalResult assignDemands();
  SmallVector<std::optional<Boxes>> homesOf(Operation *op) {
    SmallVector<std::optional<Boxes>> homes;
    for (Value operand : op->getOperands())
      homes.push_back(home.lookup(operand));
    return homes;
  }
  std::optional<Boxes> reduceInBlocks(ReduceOp reduce);
  /// The local program, in `func`'s place.
  func::FuncOp rewrite();
  bool readsAwayFromItsBlock(Operation *slice, const Boxes &wanted);

  // Building the local program.
  OpBuilder *b = nullptr;
  llvm::DenseMap<Value, std::pair<Value, Box>> local; // value → (local value, its box)
  /// Exchanged arguments: the block as it came in, which serves every part
  /// inside the block without waiting for the exchange.
  llvm::DenseMap<Value, std::pair<Value, Box>> block;
  Value splat(Type element, const Box &box, double value);
  Value piece(Value global, const Box &box);
  Value exchange(Value localValue, Value global, const Boxes &have, const Boxes &need);
  Value localOp(Operation *op, const Box &y);
  Value carriedScan(ScanOp op, const Box &y, ArrayRef<int64_t> order);
};

RankedTensorType typeOf(Type element, const Box &box) {
  return RankedTensorType::get(box.shape(), element);
}
Type elementOf(Value v) { return cast<RankedTensorType>(v.getType()).getElementType(); }

/// The axis along which `op` computes whole lines (a transform, a sort).
std::optional<int64_t> wholeLinesAxis(Operation *op) {
  if (auto fft = dyn_cast<FftOp>(op))
    return fft.getAxis();
  if (auto sort = dyn_cast<SortOp>(op))
    return sort.getAxis();
  return std::nullopt;
}

LogicalResult Partitioner::analyse() {
  return failure(failed(assignHomes()) || failed(assignDemands()));
}

LogicalResult Partitioner::assignHomes() {
  Block &body = func.getBody().front();
  for (BlockArgument arg : body.getArguments()) {
    Boxes owned = replicated(arg);
    if (auto attr = func.getArgAttrOfType<DenseI64ArrayAttr>(arg.getArgNumber(), kBoxesAttr)) {
      std::optional<Boxes> boxes = decodeBoxes(attr.asArrayRef(), shapeOf(arg).size(), ranks);
      if (!boxes)
        return func.emitError() << "argument " << arg.getArgNumber() << ": " << kBoxesAttr
                                << " must hold " << ranks << " boxes of rank "
                                << shapeOf(arg).size();
      owned = *boxes;
    }
    compute[arg] = owned; // an argument holds its boxes
    home[arg] = isSplit(owned, shapeOf(arg)) ? std::optional<Boxes>(owned) : std::nullopt;
  }
  // Values computed from split data (a split argument, or a value that
  // reads one), home or not.
  llvm::DenseSet<Value> fromSplitData;
  for (BlockArgument arg : body.getArguments())
    if (home.lookup(arg))
      fromSplitData.insert(arg);
  for (Operation &op : body.without_terminator()) {
    if (isCollective(&op))
      return op.emitError() << "is already partitioned";
    SmallVector<std::optional<Boxes>> operandHomes;
    for (Value operand : op.getOperands())
      operandHomes.push_back(home.lookup(operand));
    if (llvm::any_of(op.getOperands(), [&](Value v) { return fromSplitData.contains(v); }))
      fromSplitData.insert(op.getResults().begin(), op.getResults().end());
    if (auto reduce = dyn_cast<ReduceOp>(op);
        reduce && !operandHomes[0] && fromSplitData.contains(reduce.getInput()))
      if (std::optional<Boxes> blocks = reduceInBlocks(reduce)) {
        home[reduce.getInput()] = blocks;
        operandHomes[0] = blocks;
      }
    if (auto scan = dyn_cast<ScanOp>(op))
      if (std::optional<SmallVector<int64_t>> order = scanBlockOrder(scan, operandHomes[0]))
        carried[&op] = *order;
    bool isPartial = contractsSplitAxes(&op, operandHomes);
    if (isPartial)
      partial[&op] = {};
    else if (std::optional<SmallVector<int64_t>> groups = partialGroups(&op, operandHomes))
      partial[&op] = *groups;
    for (Value result : op.getResults())
      home[result] = resultHome(&op, operandHomes, isPartial,
                                [&](Value v) { return home.lookup(v); });
  }

  return success();
}

LogicalResult Partitioner::assignDemands() {
  Block &body = func.getBody().front();
  // The results' boxes, then backwards what each rank's consumers read.
  auto ret = cast<func::ReturnOp>(body.getTerminator());
  for (auto [i, value] : llvm::enumerate(ret.getOperands())) {
    Boxes boxes;
    ArrayRef<int64_t> shape = shapeOf(value);
    if (auto attr = func.getResultAttrOfType<DenseI64ArrayAttr>(i, kBoxesAttr)) {
      std::optional<Boxes> requested = decodeBoxes(attr.asArrayRef(), shape.size(), ranks);
      if (!requested)
        return func.emitError() << "result " << i << ": " << kBoxesAttr << " must hold "
                                << ranks << " boxes of rank " << shape.size();
      boxes = *requested;
    } else if (std::optional<Boxes> h = home.lookup(value)) {
      boxes = *h;
    } else {
      boxes = ::legato::support::Sharding::byDefault(shape.vec(), int(ranks), int(meshRows)).boxes;
    }
    outputs.push_back(boxes);
    Boxes &d = demand.try_emplace(value, nothing(value)).first->second;
    for (int64_t r = 0; r < ranks; ++r)
      d[r] = hull(d[r], boxes[r]);
  }
  for (Operation &op : llvm::reverse(body.without_terminator())) {
    Value result = op.getResult(0);
    Boxes wanted = demand.lookup(result);
    if (wanted.empty() || llvm::all_of(wanted, [](const Box &b) { return b.empty(); })) {
      compute[result] = nothing(result); // dead here
      continue;
    }
    Boxes boxes = wanted;
    auto it = partial.find(&op);
    bool isPartial = it != partial.end();
    // A partial op reads its operands' homes (partialOperandBox).
    SmallVector<std::optional<Boxes>> operandHomes;
    if (isPartial)
      operandHomes = homesOf(&op);
    if (isPartial && it->second.empty()) {
      boxes = replicated(result); // every rank takes part in the all-reduce
    } else if (isPartial) {
      // Each group's range, on all its ranks; sent on where wanted.
      boxes = groupRanges(&op, operandHomes);
      for (int64_t r = 0; r < ranks; ++r)
        if (!boxes[r].contains(wanted[r]))
          exchanged.insert(result);
    } else if (auto lapack = dyn_cast<LapackOp>(op)) {
      // A routine computes whole matrices: each rank all of the result's
      // axes after the batch axes, for the batch range it wants.
      int64_t batch = int64_t(shapeOf(lapack.getOperands()[0]).size()) - 2;
      ArrayRef<int64_t> shape = shapeOf(result);
      for (Box &b : boxes)
        if (!b.empty())
          for (int64_t d = batch; d < int64_t(shape.size()); ++d) {
            b.lo[d] = 0;
            b.hi[d] = shape[d];
          }
    } else if (std::optional<int64_t> along = wholeLinesAxis(&op)) {
      // A transform or a sort computes whole lines along its axis.
      int64_t axis = *along, n = shapeOf(result)[axis];
      for (Box &b : boxes)
        if (!b.empty()) {
          b.lo[axis] = 0;
          b.hi[axis] = n;
        }
    } else if (std::optional<Boxes> h = home.lookup(result);
               h && isa<MatmulOp, BatchMatmulOp>(op)) {
      // A product is computed once, on its home, and sent where needed.
      bool needsMore = false;
      for (int64_t r = 0; r < ranks; ++r)
        needsMore |= !(*h)[r].contains(wanted[r]);
      if (needsMore) {
        exchanged.insert(result);
        boxes = *h;
      }
    } else if (h && carried.contains(&op)) {
      // A scan of blocks is computed on its home (each rank its own block
      // and the totals before it) and sent where more is needed.
      boxes = *h;
      for (int64_t r = 0; r < ranks; ++r)
        if (!boxes[r].contains(wanted[r]))
          exchanged.insert(result);
    } else if (h && isa<SliceOp>(op) && readsAwayFromItsBlock(&op, wanted)) {
      // A slice that some rank reads away from its own block (the far end
      // of a split axis: a periodic wrap, x[-1:]), or with a step past it
      // (a diagonal: the flat matrix[::n+1]), is sliced where its rows live
      // and sent as it is. Demanding those rows of the sliced array would
      // extend its box on that rank over everything in between.
      exchanged.insert(result);
      boxes = *h;
    }
    compute[result] = boxes;
    for (auto [i, operand] : llvm::enumerate(op.getOperands())) {
      Boxes &d = demand.try_emplace(operand, nothing(operand)).first->second;
      for (int64_t r = 0; r < ranks; ++r) {
        if (isPartial)
          d[r] = hull(d[r], partialOperandBox(&op, unsigned(i), operandHomes, r));
        else if (carried.contains(&op))
          d[r] = hull(d[r], boxes[r]);
        else if (!boxes[r].empty())
          d[r] = hull(d[r], operandBox(&op, unsigned(i), boxes[r]));
      }
    }
  }
  return success();
}

/// For a reduction of a value that has no home but is computed from split
/// data (an expression of pieces that no one layout joins: a concatenation
/// of arrays split along and beside its axis on a 2-D mesh): blocks of its
/// rows, when the reduction can combine them (contracting the rows, or
/// keeping them). Each rank then computes its rows of the value rather than
/// all of it from every rank's data. Rows, also on a 2-D mesh: they are
/// ranges of the row-major order, which a reshape reads from the rows
/// holding them (reshapeHull).
std::optional<Boxes> Partitioner::reduceInBlocks(ReduceOp reduce) {
  ArrayRef<int64_t> shape = shapeOf(reduce.getInput());
  Boxes blocks = ::legato::support::Sharding::byDefault(shape.vec(), int(ranks), 0).boxes;
  if (!isSplit(blocks, shape))
    return std::nullopt;
  std::optional<Boxes> homes[] = {blocks};
  if (contractsSplitAxes(reduce, homes) ||
      resultHome(reduce, homes, false, [&](Value v) { return home.lookup(v); }))
    return blocks;
  return std::nullopt;
}

/// Whether some rank needs, for its part `wanted` of `slice`'s result,
/// elements of the sliced array away from its own block of that array:
/// with a gap between them along some axis (their hull would span rows
/// that neither holds; a neighbour's rows next to the block are a halo,
/// part of the hull), or past the block along an axis the slice steps over
/// (|stride| > 1: the hull would hold |stride| - 1 elements it does not
/// read for each one it does).
bool Partitioner::readsAwayFromItsBlock(Operation *slice, const Boxes &wanted) {
  std::optional<Boxes> own = home.lookup(slice->getOperand(0));
  if (!own)
    return false;
  ArrayRef<int64_t> strides = cast<SliceOp>(slice).getStrides();
  for (int64_t r = 0; r < ranks; ++r) {
    const Box &mine = (*own)[r];
    if (wanted[r].empty() || mine.empty())
      continue;
    Box need = operandBox(slice, 0, wanted[r]);
    for (int64_t d = 0; d < need.rank(); ++d) {
      bool gap = need.hi[d] < mine.lo[d] || need.lo[d] > mine.hi[d];
      bool past = need.lo[d] < mine.lo[d] || need.hi[d] > mine.hi[d];
      if (gap || (past && std::abs(strides[d]) > 1))
        return true;
    }
  }
  return false;
}

Value Partitioner::splat(Type element, const Box &box, double value) {
  // (as NumPy casts a fill value: bool is "not zero", integers truncate)
  return makeSplat(*b, func.getLoc(), typeOf(element, box), value);
}

/// The part `box` of `global`'s local value (which covers it).
Value Partitioner::piece(Value global, const Box &box) {
  auto [value, held] = local.lookup(global);
  if (auto it = block.find(global); it != block.end() && it->second.second.contains(box))
    std::tie(value, held) = it->second;
  if (box.empty())
    return splat(elementOf(global), box, 0);
  if (box == held)
    return value;
  if (auto constant = value.getDefiningOp<ConstantOp>()) // a splat: a smaller splat
    return ConstantOp::create(
        *b, func.getLoc(),
        cast<ElementsAttr>(SplatElementsAttr::get(
            typeOf(elementOf(global), box),
            cast<SplatElementsAttr>(constant.getValue()).getSplatValue<Attribute>())));
  SmallVector<int64_t> offsets, strides;
  for (int64_t d = 0; d < box.rank(); ++d) {
    offsets.push_back(box.lo[d] - held.lo[d]);
    strides.push_back(1);
  }
  return SliceOp::create(*b, func.getLoc(), typeOf(elementOf(global), box), value, offsets,
                         strides);
}

Value Partitioner::exchange(Value localValue, Value global, const Boxes &have,
                            const Boxes &need) {
  return ExchangeOp::create(*b, func.getLoc(), typeOf(elementOf(global), need[rank]),
                            localValue, shapeOf(global), encodeBoxes(have), encodeBoxes(need),
                            rank);
}

/// `op` computed on box `y` (not empty) of its result, from its operands'
/// local values.
Value Partitioner::localOp(Operation *op, const Box &y) {
  Location loc = op->getLoc();
  Value result = op->getResult(0);
  Type element = elementOf(result);
  RankedTensorType type = typeOf(element, y);
  auto operand = [&](unsigned i) { return piece(op->getOperand(i), operandBox(op, i, y)); };
  return llvm::TypeSwitch<Operation *, Value>(op)
      .Case([&](ConstantOp c) {
        auto splat = cast<SplatElementsAttr>(c.getValue());
        return ConstantOp::create(*b, loc, cast<ElementsAttr>(SplatElementsAttr::get(
                                               type, splat.getSplatValue<Attribute>())));
      })
      .Case([&](IotaOp i) -> Value {
        Value iota = IotaOp::create(*b, loc, type, i.getDimension());
        int64_t offset = y.lo[i.getDimension()];
        if (!offset)
          return iota;
        Value shift = ConstantOp::create(
            *b, loc, cast<ElementsAttr>(SplatElementsAttr::get(type, b->getI64IntegerAttr(offset))));
        return AddOp::create(*b, loc, type, iota, shift);
      })
      .Case([&](RandomOp r) -> Value {
        SmallVector<int64_t> global(r.getGlobalShape().value_or(shapeOf(result)));
        SmallVector<int64_t> offsets(r.getOffsets().value_or(SmallVector<int64_t>(y.rank(), 0)));
        for (int64_t d = 0; d < y.rank(); ++d)
          offsets[d] += y.lo[d];
        return RandomOp::create(*b, loc, type, r.getSeedAttr(), b->getDenseI64ArrayAttr(global),
                                b->getDenseI64ArrayAttr(offsets));
      })
      .Case([&](SliceOp s) {
        Box in = operandBox(op, 0, y);
        SmallVector<int64_t> offsets;
        for (int64_t d = 0; d < y.rank(); ++d)
          offsets.push_back(s.getOffsets()[d] + s.getStrides()[d] * y.lo[d] - in.lo[d]);
        return SliceOp::create(*b, loc, type, piece(s.getInput(), in), offsets, s.getStrides());
      })
      .Case([&](InsertSliceOp s) -> Value {
        Value dest = operand(1);
        Box in = operandBox(op, 0, y);
        if (in.empty())
          return dest;
        SmallVector<int64_t> offsets;
        for (int64_t d = 0; d < y.rank(); ++d)
          offsets.push_back(s.getOffsets()[d] + s.getStrides()[d] * in.lo[d] - y.lo[d]);
        return InsertSliceOp::create(*b, loc, type, piece(s.getValue(), in), dest, offsets,
                                     s.getStrides());
      })
      .Case([&](ConcatenateOp c) -> Value {
        SmallVector<Value> pieces;
        for (unsigned i = 0; i < c.getInputs().size(); ++i)
          if (!operandBox(op, i, y).empty())
            pieces.push_back(operand(i));
        if (pieces.size() == 1)
          return pieces[0];
        return ConcatenateOp::create(*b, loc, type, pieces, c.getDimension());
      })
      .Case([&](PadOp p) -> Value {
        Box in = operandBox(op, 0, y);
        if (in.empty())
          return splat(element, y, p.getPadding().convertToDouble());
        SmallVector<int64_t> low, high;
        for (int64_t d = 0; d < y.rank(); ++d) {
          low.push_back(in.lo[d] + p.getLow()[d] - y.lo[d]);
          high.push_back(y.hi[d] - (in.hi[d] + p.getLow()[d]));
        }
        return PadOp::create(*b, loc, type, piece(p.getInput(), in), low, high, p.getPadding());
      })
      .Case([&](ScanOp s) -> Value {
        // The scan of everything before the part along the axis, then the part.
        Box in = operandBox(op, 0, y);
        Value scanned = ScanOp::create(*b, loc, typeOf(element, in), s.getKind(),
                                       piece(s.getInput(), in), s.getAxis());
        if (in == y)
          return scanned;
        SmallVector<int64_t> offsets(y.rank(), 0), strides(y.rank(), 1);
        offsets[s.getAxis()] = y.lo[s.getAxis()];
        return SliceOp::create(*b, loc, type, scanned, offsets, strides);
      })
      .Case([&](ScatterOp s) -> Value {
        // Scattered into the part across the whole axis, then cut to it.
        Box in = operandBox(op, 0, y);
        Value scattered = ScatterOp::create(*b, loc, typeOf(element, in), operand(0), operand(1),
                                            operand(2), s.getAxis(), s.getCombineAttr());
        if (in == y)
          return scattered;
        SmallVector<int64_t> offsets(y.rank(), 0), strides(y.rank(), 1);
        offsets[s.getAxis()] = y.lo[s.getAxis()];
        return SliceOp::create(*b, loc, type, scattered, offsets, strides);
      })
      .Case([&](ReshapeOp r) -> Value {
        ArrayRef<int64_t> in = shapeOf(r.getInput());
        if (reshapeBox(shapeOf(result), in, y))
          return ReshapeOp::create(*b, loc, type, operand(0));
        // The rows holding the range around this rank's part, flat; the
        // range, in its shape; the part.
        Shape out = shapeOf(result).vec();
        Box range = y.rangeIn(out), rows = reshapeHull(out, in, y);
        auto reshaped = [&](Value v, const Box &box) -> Value {
          RankedTensorType to = typeOf(element, box);
          return v.getType() == to ? v : ReshapeOp::create(*b, loc, to, v);
        };
        Value flat = reshaped(piece(r.getInput(), rows), Box::full({rows.size()}));
        int64_t start = range.offsetIn(out) - rows.offsetIn(in.vec());
        Value value = reshaped(SliceOp::create(*b, loc, typeOf(element, Box::full({range.size()})),
                                               flat, SmallVector<int64_t>{start},
                                               SmallVector<int64_t>{1}),
                               range);
        if (range == y)
          return value;
        SmallVector<int64_t> offsets, strides(y.rank(), 1);
        for (int64_t d = 0; d < y.rank(); ++d)
          offsets.push_back(y.lo[d] - range.lo[d]);
        return SliceOp::create(*b, loc, type, value, offsets, strides);
      })
      .Default([&](Operation *) -> Value {
        OperationState state(loc, op->getName());
        for (unsigned i = 0; i < op->getNumOperands(); ++i)
          state.addOperands(operand(i));
        state.addTypes(type);
        state.addAttributes(op->getAttrs());
        return b->create(state)->getResult(0);
      });
}

/// A scan of blocks in rank order (`order`: each rank's position among the
/// ranks with a block): this rank's block scanned, then combined with the
/// totals of the blocks before it. The ranks' totals form an array with one
/// entry per block along the axis, of which each rank receives the entries
/// before its own (an exchange, in which every rank takes part).
Value Partitioner::carriedScan(ScanOp op, const Box &y, ArrayRef<int64_t> order) {
  Location loc = op.getLoc();
  Type element = elementOf(op.getResult());
  int64_t axis = op.getAxis(), blocks = llvm::count_if(order, [](int64_t p) { return p >= 0; });
  Shape totalsShape = shapeOf(op.getInput()).vec();
  totalsShape[axis] = blocks;
  Boxes have, need;
  for (int64_t p : order) {
    Box mine = Box::full(totalsShape), before = Box::full(totalsShape);
    mine.lo[axis] = std::max<int64_t>(p, 0);
    mine.hi[axis] = p < 0 ? mine.lo[axis] : p + 1;
    before.hi[axis] = std::max<int64_t>(p, 0);
    have.push_back(mine);
    need.push_back(before);
  }
  Value scanned, total;
  if (y.empty()) {
    scanned = splat(element, y, 0);
    total = splat(element, have[rank], 0);
  } else {
    scanned =
        ScanOp::create(*b, loc, typeOf(element, y), op.getKind(), piece(op.getInput(), y), axis);
    SmallVector<int64_t> offsets(y.rank(), 0), strides(y.rank(), 1);
    offsets[axis] = y.hi[axis] - y.lo[axis] - 1;
    total = SliceOp::create(*b, loc, typeOf(element, have[rank]), scanned, offsets, strides);
  }
  Value before = ExchangeOp::create(*b, loc, typeOf(element, need[rank]), total, totalsShape,
                                    encodeBoxes(have), encodeBoxes(need), rank);
  if (y.empty() || need[rank].empty())
    return scanned;
  Shape kept = y.shape();
  kept.erase(kept.begin() + axis);
  Value carry = ReduceOp::create(*b, loc, RankedTensorType::get(kept, element), op.getKind(),
                                 before, ArrayRef<int64_t>{axis});
  Shape one = y.shape();
  one[axis] = 1;
  carry = ReshapeOp::create(*b, loc, RankedTensorType::get(one, element), carry);
  carry = BroadcastOp::create(*b, loc, typeOf(element, y), carry);
  return combineScanned(*b, loc, op.getKind(), carry, scanned);
}

func::FuncOp Partitioner::rewrite() {
  Block &body = func.getBody().front();
  auto ret = cast<func::ReturnOp>(body.getTerminator());
  OpBuilder builder(func);
  b = &builder;
  Location loc = func.getLoc();

  SmallVector<Type> argTypes, resultTypes;
  for (BlockArgument arg : body.getArguments())
    argTypes.push_back(typeOf(elementOf(arg), compute[arg][rank]));
  for (auto [value, boxes] : llvm::zip(ret.getOperands(), outputs))
    resultTypes.push_back(typeOf(elementOf(value), boxes[rank]));
  auto localFunc = func::FuncOp::create(builder, loc, func.getName(),
                                        builder.getFunctionType(argTypes, resultTypes));
  Block *entry = localFunc.addEntryBlock();
  builder.setInsertionPointToStart(entry);

  for (BlockArgument arg : body.getArguments()) {
    const Boxes &owned = compute[arg];
    if (auto attr = func.getArgAttr(arg.getArgNumber(), kBoxesAttr))
      localFunc.setArgAttr(arg.getArgNumber(), kBoxesAttr, attr);
    Value value = entry->getArgument(arg.getArgNumber());
    local[arg] = {value, owned[rank]};
    Boxes need = demand.lookup(arg);
    if (need.empty())
      continue;
    bool needsMore = false;
    for (int64_t r = 0; r < ranks; ++r)
      needsMore |= !owned[r].contains(need[r]);
    if (!needsMore)
      continue;
    block[arg] = {value, owned[rank]};
    local[arg] = {exchange(value, arg, owned, need), need[rank]};
  }

  for (Operation &op : body.without_terminator()) {
    Value result = op.getResult(0);
    const Boxes &boxes = compute[result];
    if (!used(result))
      continue;
    const Box &y = boxes[rank];
    Value value;
    if (partial.contains(&op)) {
      // This rank's block of the contracted axis, then the sum (or max, ...)
      // over the ranks or over this rank's group.
      SmallVector<Value> operands;
      bool empty = false;
      SmallVector<std::optional<Boxes>> operandHomes = homesOf(&op);
      auto reduce = dyn_cast<ReduceOp>(op);
      bool scatter = isa<ScatterOp>(op);
      for (unsigned i = 0; i < op.getNumOperands(); ++i) {
        Box box = partialOperandBox(&op, i, operandHomes, rank);
        if (scatter && i == 0 && box.empty()) { // (only rank 0 adds to the destination)
          operands.push_back(splat(elementOf(result), y, 0));
          continue;
        }
        operands.push_back(piece(op.getOperand(i), box));
        empty |= box.empty();
      }
      if (empty && scatter) { // no values here: the destination, or zeros
        value = operands[0];
      } else if (empty && !reduce) { // a product over no terms
        value = splat(elementOf(result), y, 0);
      } else {
        OperationState state(op.getLoc(), op.getName());
        state.addOperands(operands);
        state.addTypes(typeOf(elementOf(result), y));
        state.addAttributes(op.getAttrs());
        value = builder.create(state)->getResult(0);
      }
      ReduceKind kind = reduce ? reduce.getKind() : ReduceKind::sum;
      SmallVector<int64_t> groups = partial.lookup(&op);
      value = AllReduceOp::create(builder, op.getLoc(), value.getType(), kind, value,
                                  groups.empty() ? nullptr : builder.getDenseI64ArrayAttr(groups));
    } else if (auto it = carried.find(&op); it != carried.end()) {
      value = carriedScan(cast<ScanOp>(op), y, it->second); // (every rank: an exchange)
    } else if (y.empty()) {
      value = splat(elementOf(result), y, 0);
    } else {
      value = localOp(&op, y);
    }
    local[result] = {value, y};
    if (exchanged.contains(result))
      local[result] = {exchange(value, result, boxes, demand[result]), demand[result][rank]};
  }

  SmallVector<Value> results;
  for (auto [i, value] : llvm::enumerate(ret.getOperands())) {
    results.push_back(piece(value, outputs[i][rank]));
    localFunc.setResultAttr(i, kBoxesAttr, builder.getDenseI64ArrayAttr(encodeBoxes(outputs[i])));
  }
  func::ReturnOp::create(builder, loc, results);
  func.erase();
  return localFunc;
}

} // namespace

FailureOr<func::FuncOp> mlir::legato::partitionFunction(func::FuncOp func, int64_t ranks,
                                                        int64_t rank, int64_t meshRows) {
  Partitioner partitioner(func, ranks, rank, meshRows);
  if (failed(partitioner.analyse()))
    return failure();
  return partitioner.rewrite();
}

namespace {

struct LegatoPartitionPass : mlir::legato::impl::LegatoPartitionPassBase<LegatoPartitionPass> {
  using LegatoPartitionPassBase::LegatoPartitionPassBase;
  void runOnOperation() override {
    if (ranks < 1 || rank < 0 || rank >= ranks) {
      getOperation().emitError() << "legato-partition: rank " << rank << " of " << ranks
                                 << " ranks is not a rank";
      return signalPassFailure();
    }
    if (!::legato::support::Sharding::isMeshRows(meshRows, ranks)) {
      getOperation().emitError() << "legato-partition: mesh-rows " << meshRows
                                 << " does not divide " << ranks << " ranks";
      return signalPassFailure();
    }
    for (auto func : llvm::make_early_inc_range(getOperation().getOps<func::FuncOp>())) {
      if (func.isExternal() || !llvm::hasSingleElement(func.getBody()))
        continue;
      if (failed(partitionFunction(func, ranks, rank, meshRows)))
        return signalPassFailure();
    }
  }
};

} // namespace
