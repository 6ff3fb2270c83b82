//===- ShardingRules.cpp - boxes, and contractions of split axes -----------===//
#include "Dialect/Legato/Transforms/ShardingRules.h"

#include "Dialect/Legato/IR/LegatoDialect.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::legato;

SmallVector<int64_t> mlir::legato::encodeBoxes(const Boxes &boxes) {
  SmallVector<int64_t> flat;
  for (const Box &b : boxes) {
    flat.append(b.lo.begin(), b.lo.end());
    flat.append(b.hi.begin(), b.hi.end());
  }
  return flat;
}

std::optional<Boxes> mlir::legato::decodeBoxes(ArrayRef<int64_t> flat, int64_t rank, int64_t ranks) {
  if (int64_t(flat.size()) != 2 * rank * ranks)
    return std::nullopt;
  Boxes boxes;
  for (int64_t r = 0; r < ranks; ++r) {
    ArrayRef<int64_t> box = flat.slice(2 * rank * r, 2 * rank);
    boxes.push_back({box.take_front(rank).vec(), box.drop_front(rank).vec()});
  }
  return boxes;
}

Box mlir::legato::emptyBox(int64_t rank) {
  return {std::vector<int64_t>(rank, 0), std::vector<int64_t>(rank, 0)};
}

Box mlir::legato::hull(const Box &a, const Box &b) {
  if (a.empty())
    return b;
  if (b.empty())
    return a;
  Box h = a;
  for (size_t d = 0; d < a.lo.size(); ++d) {
    h.lo[d] = std::min(a.lo[d], b.lo[d]);
    h.hi[d] = std::max(a.hi[d], b.hi[d]);
  }
  return h;
}

ArrayRef<int64_t> mlir::legato::shapeOf(Value v) { return cast<RankedTensorType>(v.getType()).getShape(); }

Box mlir::legato::fullBox(Value v) { return Box::full(shapeOf(v).vec()); }

bool mlir::legato::isSplit(const Boxes &boxes, ArrayRef<int64_t> global) {
  Box full = Box::full(global.vec());
  return llvm::any_of(boxes, [&](const Box &b) { return b != full; });
}

static int64_t floorDiv(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }
static int64_t ceilDiv(int64_t a, int64_t b) { return -floorDiv(-a, b); }

std::pair<int64_t, int64_t> mlir::legato::indicesLandingIn(int64_t offset, int64_t stride, int64_t len,
                                                     int64_t lo, int64_t hi) {
  int64_t first, last; // inclusive
  if (stride > 0) {
    first = ceilDiv(lo - offset, stride);
    last = floorDiv(hi - 1 - offset, stride);
  } else {
    first = ceilDiv(offset - (hi - 1), -stride);
    last = floorDiv(offset - lo, -stride);
  }
  first = std::max<int64_t>(first, 0);
  last = std::min<int64_t>(last, len - 1);
  return {first, std::max(first, last + 1)};
}

namespace {
/// Input and result axes of a reshape whose extents multiply to the same
/// size: the shortest such runs, from the left, axes of extent 1 between
/// runs aside (those hold index 0 only, on both sides).
struct ReshapeRun {
  SmallVector<int64_t> from, to;
};

std::optional<SmallVector<ReshapeRun>> reshapeRuns(ArrayRef<int64_t> from, ArrayRef<int64_t> to) {
  SmallVector<ReshapeRun> runs;
  size_t i = 0, j = 0;
  while (true) {
    while (i < from.size() && from[i] == 1)
      ++i;
    while (j < to.size() && to[j] == 1)
      ++j;
    if (i == from.size() || j == to.size())
      return i == from.size() && j == to.size() ? std::optional(runs) : std::nullopt;
    ReshapeRun run;
    int64_t fromSize = from[i], toSize = to[j];
    run.from.push_back(int64_t(i++));
    run.to.push_back(int64_t(j++));
    while (fromSize != toSize) {
      if (fromSize < toSize && i < from.size()) {
        fromSize *= from[i];
        run.from.push_back(int64_t(i++));
      } else if (toSize < fromSize && j < to.size()) {
        toSize *= to[j];
        run.to.push_back(int64_t(j++));
      } else {
        return std::nullopt; // sizes that never meet (empty arrays)
      }
    }
    if (fromSize == 0)
      return std::nullopt; // an empty run: no rank holds a part of it
    runs.push_back(std::move(run));
  }
}

/// The product of the extents of `axes` of `shape` after the first.
int64_t innerSize(ArrayRef<int64_t> axes, ArrayRef<int64_t> shape) {
  int64_t inner = 1;
  for (int64_t d : axes.drop_front())
    inner *= shape[size_t(d)];
  return inner;
}
} // namespace

std::optional<Box> mlir::legato::reshapeBox(ArrayRef<int64_t> from, ArrayRef<int64_t> to,
                                            const Box &box) {
  std::optional<SmallVector<ReshapeRun>> runs = reshapeRuns(from, to);
  if (!runs)
    return std::nullopt;
  Box mapped = Box::full(to.vec());
  for (const ReshapeRun &run : *runs) {
    // The box covers one range of the run's row-major order when only the
    // run's first axis is partial; that range is a box on the other side
    // when it starts and ends on whole rows of the first axis there.
    for (int64_t d : ArrayRef(run.from).drop_front())
      if (box.lo[size_t(d)] != 0 || box.hi[size_t(d)] != from[size_t(d)])
        return std::nullopt;
    int64_t fromInner = innerSize(run.from, from), toInner = innerSize(run.to, to);
    int64_t lo = box.lo[size_t(run.from[0])] * fromInner;
    int64_t hi = box.hi[size_t(run.from[0])] * fromInner;
    if (lo % toInner != 0 || hi % toInner != 0)
      return std::nullopt;
    mapped.lo[size_t(run.to[0])] = lo / toInner;
    mapped.hi[size_t(run.to[0])] = hi / toInner;
  }
  return mapped;
}

Box mlir::legato::reshapeHull(ArrayRef<int64_t> from, ArrayRef<int64_t> to, const Box &box) {
  Shape fromShape = from.vec(), toShape = to.vec();
  Box range = box.rangeIn(fromShape);
  int64_t lo = range.offsetIn(fromShape), last = lo + range.size() - 1;
  // From the indices of its first to those of its last element in `to`,
  // as a range: the axes where they agree at one index, the first where
  // they differ, every index after it.
  Box corners = Box::full(toShape);
  for (size_t d = to.size(); d-- > 0;) {
    corners.lo[d] = lo % to[d];
    corners.hi[d] = last % to[d] + 1;
    lo /= to[d];
    last /= to[d];
  }
  return corners.rangeIn(toShape);
}

SmallVector<int64_t> mlir::legato::splitAxes(const Boxes &boxes, ArrayRef<int64_t> global) {
  SmallVector<int64_t> axes;
  for (int64_t d = 0; d < int64_t(global.size()); ++d)
    if (llvm::any_of(boxes, [&](const Box &b) { return b.lo[d] != 0 || b.hi[d] != global[d]; }))
      axes.push_back(d);
  return axes;
}

Box mlir::legato::keptBox(const Box &b, ArrayRef<int64_t> contracted) {
  Box kept = emptyBox(b.rank() - int64_t(contracted.size()));
  int64_t k = 0;
  for (int64_t d = 0; d < b.rank(); ++d)
    if (!llvm::is_contained(contracted, d)) {
      kept.lo[k] = b.lo[d];
      kept.hi[k] = b.hi[d];
      ++k;
    }
  return kept;
}

/// The group of each rank when blocks `home` of an array of shape `shape`
/// are contracted along the axes `contracted`: ranks holding the same
/// range of the kept axes, numbered from 0; empty when that is all ranks.
/// nullopt where the blocks do not tile each group's range exactly (some
/// empty, overlapping, or ranges of groups overlapping).
static std::optional<SmallVector<int64_t>>
contractionGroups(const Boxes &home, ArrayRef<int64_t> shape, ArrayRef<int64_t> contracted) {
  if (llvm::any_of(home, [](const Box &b) { return b.empty(); }))
    return std::nullopt;
  SmallVector<int64_t> groups(home.size());
  Boxes ranges; // each group's
  for (auto [r, block] : llvm::enumerate(home)) {
    Box kept = keptBox(block, contracted);
    auto same = llvm::find(ranges, kept);
    if (same == ranges.end() &&
        llvm::any_of(ranges, [&](const Box &k) { return !k.intersect(kept).empty(); }))
      return std::nullopt;
    groups[r] = same - ranges.begin();
    if (same == ranges.end())
      ranges.push_back(kept);
  }
  // A group's blocks must hold each element of its range once: disjoint,
  // and as many elements as the range times the contracted extents.
  int64_t contractedSize = 1;
  for (int64_t d : contracted)
    contractedSize *= shape[d];
  for (auto [g, range] : llvm::enumerate(ranges)) {
    int64_t held = 0;
    for (size_t r = 0; r < home.size(); ++r) {
      if (groups[r] != int64_t(g))
        continue;
      held += home[r].size();
      for (size_t s = 0; s < r; ++s)
        if (groups[s] == int64_t(g) && !home[s].intersect(home[r]).empty())
          return std::nullopt;
    }
    if (held != range.size() * contractedSize)
      return std::nullopt;
  }
  if (ranges.size() == 1)
    groups.clear();
  return groups;
}

bool mlir::legato::isMatrixVectorProduct(Operation *op) {
  auto matmul = dyn_cast<MatmulOp>(op);
  return matmul && shapeOf(matmul.getLhs()).size() == 2 && shapeOf(matmul.getRhs()).size() == 1;
}

std::optional<SmallVector<int64_t>>
mlir::legato::partialGroups(Operation *op, ArrayRef<std::optional<Boxes>> homes) {
  if (homes.empty() || !homes[0])
    return std::nullopt;
  ArrayRef<int64_t> shape = shapeOf(op->getOperand(0));
  SmallVector<int64_t> split = splitAxes(*homes[0], shape);
  if (auto reduce = dyn_cast<ReduceOp>(op)) {
    auto reduced = [&](int64_t d) { return llvm::is_contained(reduce.getAxes(), d); };
    if (!llvm::any_of(split, reduced) || llvm::all_of(split, reduced))
      return std::nullopt; // local, or contractsSplitAxes
    return contractionGroups(*homes[0], shape, reduce.getAxes());
  }
  if (isMatrixVectorProduct(op) && llvm::is_contained(split, 1))
    return contractionGroups(*homes[0], shape, {1});
  return std::nullopt;
}

Boxes mlir::legato::groupRanges(Operation *op, ArrayRef<std::optional<Boxes>> homes) {
  if (auto reduce = dyn_cast<ReduceOp>(op))
    return mapBoxes(*homes[0], [&](const Box &b) { return keptBox(b, reduce.getAxes()); });
  return mapBoxes(*homes[0], [](const Box &b) { return keptBox(b, {1}); }); // a matvec's rows
}

Boxes mlir::legato::groupedHome(Operation *op, ArrayRef<std::optional<Boxes>> homes,
                                ArrayRef<int64_t> groups) {
  Boxes ranges = groupRanges(op, homes), home = ranges;
  for (size_t r = 0; r < ranges.size(); ++r) {
    int64_t members = llvm::count(groups, groups[r]);
    int64_t index = llvm::count(ArrayRef<int64_t>(groups).take_front(r), groups[r]);
    int64_t lo = ranges[r].lo[0], length = ranges[r].hi[0] - lo;
    home[r].lo[0] = lo + length * index / members;
    home[r].hi[0] = lo + length * (index + 1) / members;
  }
  return home;
}

Box mlir::legato::partialOperandBox(Operation *op, unsigned i,
                                    ArrayRef<std::optional<Boxes>> homes, int64_t rank) {
  if (auto scatter = dyn_cast<ScatterOp>(op)) {
    // Rank 0 adds into the destination, the others into zeros (Partition);
    // each rank its block of the indices and the values at them.
    if (i == 0)
      return rank == 0 ? fullBox(scatter.getDest())
                       : emptyBox(int64_t(shapeOf(scatter.getDest()).size()));
    const Box &mine = (*homes[1])[size_t(rank)];
    if (i == 1 || mine.empty())
      return i == 1 ? mine : emptyBox(int64_t(shapeOf(scatter.getValues()).size()));
    Box values = fullBox(scatter.getValues());
    for (int64_t j = 0; j < mine.rank(); ++j) {
      values.lo[size_t(scatter.getAxis() + j)] = mine.lo[size_t(j)];
      values.hi[size_t(scatter.getAxis() + j)] = mine.hi[size_t(j)];
    }
    return values;
  }
  auto matmul = dyn_cast<MatmulOp>(op);
  if (!matmul || i == 0)
    return (*homes[i])[size_t(rank)];
  // The rows of the rhs that the lhs block's columns meet.
  const Box &lhs = (*homes[0])[size_t(rank)];
  int64_t k = lhs.rank() - 1;
  Box rows = fullBox(matmul.getRhs());
  rows.lo[0] = lhs.lo[size_t(k)];
  rows.hi[0] = lhs.hi[size_t(k)];
  return rows;
}

bool mlir::legato::contractsSplitAxes(Operation *op, ArrayRef<std::optional<Boxes>> homes) {
  if (auto scatter = dyn_cast<ScatterOp>(op))
    // Sums of split values into an array that is not split (bincount's
    // counts): each rank adds its own, and an all-reduce of the array sums
    // the ranks' instead of every rank receiving every value.
    return scatter.getCombine() && homes[1] && isSplit(*homes[1], shapeOf(scatter.getIndices())) &&
           (!homes[0] || scatter.getDest().getDefiningOp<ConstantOp>());
  if (auto reduce = dyn_cast<ReduceOp>(op)) {
    if (!homes[0])
      return false;
    SmallVector<int64_t> split = splitAxes(*homes[0], shapeOf(reduce.getInput()));
    return !split.empty() && llvm::all_of(split, [&](int64_t d) {
      return llvm::is_contained(reduce.getAxes(), d);
    });
  }
  auto matmul = dyn_cast<MatmulOp>(op);
  if (!matmul || !homes[0] || !homes[1])
    return false;
  ArrayRef<int64_t> lhs = shapeOf(matmul.getLhs()), rhs = shapeOf(matmul.getRhs());
  int64_t lk = int64_t(lhs.size()) - 1;
  if (splitAxes(*homes[0], lhs) != SmallVector<int64_t>{lk} ||
      splitAxes(*homes[1], rhs) != SmallVector<int64_t>{0})
    return false;
  for (auto [l, r] : llvm::zip(*homes[0], *homes[1]))
    if (l.lo[lk] != r.lo[0] || l.hi[lk] != r.hi[0])
      return false;
  return true;
}

std::optional<SmallVector<int64_t>> mlir::legato::scanBlockOrder(ScanOp op,
                                                                 const std::optional<Boxes> &home) {
  if (!home)
    return std::nullopt;
  ArrayRef<int64_t> shape = shapeOf(op.getInput());
  int64_t axis = op.getAxis(), next = 0, position = 0;
  SmallVector<int64_t> order;
  for (const Box &b : *home) {
    if (b.empty()) {
      order.push_back(-1);
      continue;
    }
    for (int64_t d = 0; d < b.rank(); ++d)
      if (d != axis && (b.lo[d] != 0 || b.hi[d] != shape[d]))
        return std::nullopt;
    if (b.lo[axis] != next)
      return std::nullopt;
    next = b.hi[axis];
    order.push_back(position++);
  }
  if (next != shape[axis])
    return std::nullopt;
  return order;
}
