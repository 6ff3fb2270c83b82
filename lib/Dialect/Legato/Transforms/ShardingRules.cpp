//===- ShardingRules.cpp - how each legato op maps boxes of its values ----===//
#include "Dialect/Legato/Transforms/ShardingRules.h"

#include "Dialect/Legato/IR/LegatoDialect.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

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

/// Ops computing element i of the result from element i of every operand.
static bool isElementwise(Operation *op) {
  return op->hasTrait<OpTrait::SameOperandsAndResultType>() || isa<SelectOp, CompareOp, ConvertOp>(op);
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

/// The input indices a strided window reads for its result indices [lo, hi).
static std::pair<int64_t, int64_t> windowReads(int64_t offset, int64_t stride, int64_t lo,
                                               int64_t hi) {
  if (stride > 0)
    return {offset + stride * lo, offset + stride * (hi - 1) + 1};
  return {offset + stride * (hi - 1), offset + stride * lo + 1};
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

/// The box `resultBox` of a reduction's result, on the reduced operand.
static Box reduceOperandBox(ReduceOp op, const Box &resultBox) {
  Box in = fullBox(op.getInput());
  int64_t r = 0;
  for (int64_t d = 0; d < in.rank(); ++d)
    if (!llvm::is_contained(op.getAxes(), d)) {
      in.lo[d] = resultBox.lo[r];
      in.hi[d] = resultBox.hi[r];
      ++r;
    }
  return in;
}

Box mlir::legato::operandBox(Operation *op, unsigned i, const Box &y) {
  Value operand = op->getOperand(i);
  Box in = fullBox(operand);
  if (isElementwise(op))
    return y;
  return llvm::TypeSwitch<Operation *, Box>(op)
      .Case([&](BroadcastOp b) {
        ArrayRef<int64_t> out = shapeOf(b.getResult());
        int64_t lead = int64_t(out.size()) - in.rank();
        for (int64_t d = 0; d < in.rank(); ++d)
          if (in.hi[d] == out[lead + d]) {
            in.lo[d] = y.lo[lead + d];
            in.hi[d] = y.hi[lead + d];
          }
        return in;
      })
      .Case([&](TransposeOp t) {
        for (auto [d, p] : llvm::enumerate(t.getPermutation())) {
          in.lo[p] = y.lo[d];
          in.hi[p] = y.hi[d];
        }
        return in;
      })
      .Case([&](ReshapeOp) {
        // The matching piece of the input, else the rows holding the
        // range of the result around the part.
        ArrayRef<int64_t> out = shapeOf(op->getResult(0));
        if (std::optional<Box> piece = reshapeBox(out, in.hi, y))
          return *piece;
        return reshapeHull(out, in.hi, y);
      })
      .Case([&](SliceOp s) {
        for (int64_t d = 0; d < in.rank(); ++d)
          std::tie(in.lo[d], in.hi[d]) =
              windowReads(s.getOffsets()[d], s.getStrides()[d], y.lo[d], y.hi[d]);
        return in;
      })
      .Case([&](InsertSliceOp s) {
        if (i == 1) // the destination
          return y;
        for (int64_t d = 0; d < in.rank(); ++d) {
          std::tie(in.lo[d], in.hi[d]) = indicesLandingIn(s.getOffsets()[d], s.getStrides()[d],
                                                          in.hi[d], y.lo[d], y.hi[d]);
          if (in.lo[d] == in.hi[d])
            return emptyBox(in.rank());
        }
        return in;
      })
      .Case([&](ConcatenateOp c) {
        int64_t dim = c.getDimension(), start = 0;
        for (unsigned j = 0; j < i; ++j)
          start += shapeOf(c.getInputs()[j])[dim];
        Box b = y;
        b.lo[dim] = std::clamp(y.lo[dim] - start, int64_t(0), in.hi[dim]);
        b.hi[dim] = std::clamp(y.hi[dim] - start, int64_t(0), in.hi[dim]);
        return b.lo[dim] < b.hi[dim] ? b : emptyBox(in.rank());
      })
      .Case([&](PadOp p) {
        Box b = y;
        for (int64_t d = 0; d < in.rank(); ++d) {
          b.lo[d] = std::clamp(y.lo[d] - p.getLow()[d], int64_t(0), in.hi[d]);
          b.hi[d] = std::clamp(y.hi[d] - p.getLow()[d], int64_t(0), in.hi[d]);
          if (b.lo[d] >= b.hi[d])
            return emptyBox(in.rank());
        }
        return b;
      })
      .Case([&](GatherOp g) {
        // The indices under the result's dims that replace the axis; the
        // input's whole axis beside the result's other dims.
        int64_t axis = g.getAxis(), k = int64_t(shapeOf(g.getIndices()).size());
        for (int64_t d = 0; d < in.rank(); ++d) {
          int64_t r = i == 1 ? axis + d : d < axis ? d : d + k - 1;
          if (i == 0 && d == axis)
            continue;
          in.lo[d] = y.lo[r];
          in.hi[d] = y.hi[r];
        }
        return in;
      })
      .Case([&](ScatterOp s) {
        // The destination's box across the whole axis (any index may land
        // anywhere along it), every index, and the values of the box's
        // other dims.
        int64_t axis = s.getAxis(), k = int64_t(shapeOf(s.getIndices()).size());
        if (i == 1)
          return in;
        for (int64_t d = 0; d < y.rank(); ++d) {
          if (d == axis)
            continue;
          int64_t r = i == 0 || d < axis ? d : d + k - 1;
          in.lo[r] = y.lo[d];
          in.hi[r] = y.hi[d];
        }
        return in;
      })
      .Case([&](ReduceOp r) { return reduceOperandBox(r, y); })
      .Case([&](ScanOp s) {
        // Every element before the box along the axis.
        Box b = y;
        b.lo[s.getAxis()] = 0;
        return b;
      })
      .Case([&](MatmulOp m) {
        // lhs [m, k] or [k], rhs [k, n] or [k]: the result's dims are m, n.
        bool lhs2 = shapeOf(m.getLhs()).size() == 2;
        if (i == 0 && lhs2) {
          in.lo[0] = y.lo[0];
          in.hi[0] = y.hi[0];
        }
        if (i == 1 && in.rank() == 2) {
          in.lo[1] = y.lo[lhs2 ? 1 : 0];
          in.hi[1] = y.hi[lhs2 ? 1 : 0];
        }
        return in;
      })
      .Case([&](BatchMatmulOp) {
        in.lo[0] = y.lo[0];
        in.hi[0] = y.hi[0];
        int64_t d = i == 0 ? 1 : 2; // rows of lhs, columns of rhs
        in.lo[d] = y.lo[d];
        in.hi[d] = y.hi[d];
        return in;
      })
      .Default([&](Operation *) { return in; });
}

namespace {
/// The axes along which some rank's box is not the whole extent.
SmallVector<int64_t> splitAxes(const Boxes &boxes, ArrayRef<int64_t> global) {
  SmallVector<int64_t> axes;
  for (int64_t d = 0; d < int64_t(global.size()); ++d)
    if (llvm::any_of(boxes, [&](const Box &b) { return b.lo[d] != 0 || b.hi[d] != global[d]; }))
      axes.push_back(d);
  return axes;
}

/// Whether every element of a 2-D array of shape `shape` lies in some box:
/// each cell of the grid that all boxes' edges cut the array into is
/// checked at its low corner.
bool coversAll2D(const Boxes &boxes, ArrayRef<int64_t> shape) {
  SmallVector<int64_t> cuts[2];
  for (int d = 0; d < 2; ++d) {
    cuts[d] = {0, shape[d]};
    for (const Box &b : boxes)
      if (!b.empty())
        cuts[d].append({b.lo[d], b.hi[d]});
    llvm::sort(cuts[d]);
    cuts[d].erase(std::unique(cuts[d].begin(), cuts[d].end()), cuts[d].end());
  }
  for (size_t i = 0; i + 1 < cuts[0].size(); ++i)
    for (size_t j = 0; j + 1 < cuts[1].size(); ++j) {
      Box cell{{cuts[0][i], cuts[1][j]}, {cuts[0][i] + 1, cuts[1][j] + 1}};
      if (!llvm::any_of(boxes, [&](const Box &b) { return b.contains(cell); }))
        return false;
    }
  return true;
}

/// Maps every box through `f` (which gets and returns one box).
template <class F> Boxes mapBoxes(const Boxes &boxes, F f) {
  Boxes out;
  for (const Box &b : boxes)
    out.push_back(f(b));
  return out;
}
} // namespace

/// Where a gather's result lives: beside the input's blocks where those do
/// not cut the axis (rows of a matrix, taking columns), else under the
/// indices' blocks (each rank reads the whole input).
static std::optional<Boxes> gatherHome(GatherOp op, ArrayRef<std::optional<Boxes>> homes) {
  ArrayRef<int64_t> out = shapeOf(op.getResult()), inShape = shapeOf(op.getInput());
  int64_t axis = op.getAxis(), k = int64_t(shapeOf(op.getIndices()).size());
  auto wholeAxis = [&](const Box &b) {
    return b.empty() || (b.lo[axis] == 0 && b.hi[axis] == inShape[axis]);
  };
  if (homes[0] && isSplit(*homes[0], inShape) && llvm::all_of(*homes[0], wholeAxis))
    return mapBoxes(*homes[0], [&](const Box &b) {
      if (b.empty())
        return emptyBox(int64_t(out.size()));
      Box r = Box::full(out.vec());
      for (int64_t d = 0; d < b.rank(); ++d)
        if (d != axis) {
          r.lo[d < axis ? d : d + k - 1] = b.lo[d];
          r.hi[d < axis ? d : d + k - 1] = b.hi[d];
        }
      return r;
    });
  if (homes[1])
    return mapBoxes(*homes[1], [&](const Box &b) {
      if (b.empty())
        return emptyBox(int64_t(out.size()));
      Box r = Box::full(out.vec());
      for (int64_t j = 0; j < k; ++j) {
        r.lo[axis + j] = b.lo[j];
        r.hi[axis + j] = b.hi[j];
      }
      return r;
    });
  return std::nullopt;
}

/// Box `b` without the axes `contracted`: where a reduction puts it.
static Box keptBox(const Box &b, ArrayRef<int64_t> contracted) {
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

/// Whether `op` is a matrix-vector product (2-D lhs, 1-D rhs).
static bool isMatrixVectorProduct(Operation *op) {
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

/// Where the result of an op with groups lives: each group's range cut
/// along its first axis among the group's ranks, so that the home holds
/// every element once (a reduction of it, or a product contracting it,
/// combines each rank's home box) though every rank of the group holds
/// the whole range.
static Boxes groupedHome(Operation *op, ArrayRef<std::optional<Boxes>> homes,
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

/// Where a concatenation lives. Pieces of one array put back in its shape
/// (np.roll: `{u[-s:], u[:-s]}`): that array's blocks. Along an axis no
/// input splits: the inputs' blocks (which agree on the other axes), whole
/// along that axis. Inputs split along that axis only: even blocks of it, as
/// a new array's. Otherwise none (each rank computes what its consumers
/// read).
static std::optional<Boxes> concatenateHome(ConcatenateOp op, ArrayRef<std::optional<Boxes>> homes,
                                            HomeOf homeOf) {
  int64_t dim = int64_t(op.getDimension());
  ArrayRef<int64_t> out = shapeOf(op.getResult());
  Value source;
  for (Value input : op.getInputs()) {
    auto slice = input.getDefiningOp<SliceOp>();
    source = slice && (!source || slice.getInput() == source) ? slice.getInput() : Value();
    if (!source)
      break;
  }
  if (source && shapeOf(source) == out)
    if (std::optional<Boxes> home = homeOf(source))
      return home;
  std::optional<Boxes> home;
  bool alongDim = false, besideDim = false, disagree = false;
  for (auto [input, inputHome] : llvm::zip(op.getInputs(), homes)) {
    if (!inputHome)
      continue;
    for (int64_t d : splitAxes(*inputHome, shapeOf(input)))
      (d == dim ? alongDim : besideDim) = true;
    Boxes whole = mapBoxes(*inputHome, [&](const Box &b) {
      if (b.empty())
        return b;
      Box r = b;
      r.lo[size_t(dim)] = 0;
      r.hi[size_t(dim)] = out[size_t(dim)];
      return r;
    });
    disagree |= home && *home != whole;
    home = whole;
  }
  if (!home || disagree || (alongDim && besideDim))
    return std::nullopt;
  if (!alongDim)
    return home;
  return ::legato::support::Sharding::split(out.vec(), dim, int(home->size())).boxes;
}

std::optional<Boxes> mlir::legato::resultHome(Operation *op, ArrayRef<std::optional<Boxes>> homes,
                                        bool partial, HomeOf homeOf) {
  if (partial || op->getNumResults() != 1)
    return std::nullopt;
  Value result = op->getResult(0);
  ArrayRef<int64_t> out = shapeOf(result);
  auto firstSplit = [&]() -> std::optional<Boxes> {
    for (auto [operand, home] : llvm::zip(op->getOperands(), homes))
      if (home && shapeOf(operand) == out)
        return home;
    return std::nullopt;
  };
  if (isElementwise(op))
    return firstSplit();
  if (isa<InsertSliceOp>(op)) // the destination's layout
    return homes[1];
  if (auto concatenate = dyn_cast<ConcatenateOp>(op))
    return concatenateHome(concatenate, homes, homeOf);
  if (auto gather = dyn_cast<GatherOp>(op)) {
    std::optional<Boxes> home = gatherHome(gather, homes);
    return home && isSplit(*home, out) ? home : std::nullopt;
  }
  if (homes.empty() || !homes[0])
    return std::nullopt;
  const Boxes &in = *homes[0];
  ArrayRef<int64_t> inShape = shapeOf(op->getOperand(0));
  std::optional<Boxes> home =
      llvm::TypeSwitch<Operation *, std::optional<Boxes>>(op)
          .Case([&](BroadcastOp) -> std::optional<Boxes> {
            int64_t lead = int64_t(out.size() - inShape.size());
            return mapBoxes(in, [&](const Box &b) {
              Box r = Box::full(out.vec());
              for (size_t d = 0; d < inShape.size(); ++d)
                if (inShape[d] == out[lead + d]) {
                  r.lo[lead + d] = b.lo[d];
                  r.hi[lead + d] = b.hi[d];
                }
              return r;
            });
          })
          .Case([&](TransposeOp t) -> std::optional<Boxes> {
            return mapBoxes(in, [&](const Box &b) {
              Box r = b;
              for (auto [d, p] : llvm::enumerate(t.getPermutation())) {
                r.lo[d] = b.lo[p];
                r.hi[d] = b.hi[p];
              }
              return r;
            });
          })
          .Case([&](ReshapeOp) -> std::optional<Boxes> {
            // Each rank's block, reshaped where it is one box of the
            // result (a rank without a block holds nothing after).
            Boxes result;
            for (const Box &b : in) {
              std::optional<Box> r =
                  b.empty() ? emptyBox(int64_t(out.size())) : reshapeBox(inShape, out, b);
              if (!r)
                return std::nullopt;
              result.push_back(*r);
            }
            return result;
          })
          .Case([&](SliceOp s) -> std::optional<Boxes> {
            return mapBoxes(in, [&](const Box &b) {
              Box r = Box::full(out.vec());
              for (size_t d = 0; d < out.size(); ++d)
                std::tie(r.lo[d], r.hi[d]) = indicesLandingIn(
                    s.getOffsets()[d], s.getStrides()[d], out[d], b.lo[d], b.hi[d]);
              return r;
            });
          })
          .Case([&](PadOp p) -> std::optional<Boxes> {
            if (llvm::any_of(in, [](const Box &b) { return b.empty(); }))
              return std::nullopt;
            return mapBoxes(in, [&](const Box &b) {
              Box r = b;
              for (size_t d = 0; d < out.size(); ++d) {
                r.lo[d] = b.lo[d] == 0 ? 0 : b.lo[d] + p.getLow()[d];
                r.hi[d] = b.hi[d] == inShape[d] ? out[d] : b.hi[d] + p.getLow()[d];
              }
              return r;
            });
          })
          .Case([&](ScanOp) -> std::optional<Boxes> { return in; })
          .Case([&](ScatterOp) -> std::optional<Boxes> { return in; })
          .Case([&](ReduceOp r) -> std::optional<Boxes> {
            // Blocks reduced along no split axis keep their place; along
            // some, their groups' partial results combine (partialGroups).
            bool contracts = llvm::any_of(splitAxes(in, inShape), [&](int64_t d) {
              return llvm::is_contained(r.getAxes(), d);
            });
            if (!contracts)
              return mapBoxes(in, [&](const Box &b) { return keptBox(b, r.getAxes()); });
            std::optional<SmallVector<int64_t>> groups = partialGroups(op, homes);
            if (!groups || groups->empty())
              return std::nullopt;
            return groupedHome(op, homes, *groups);
          })
          .Case<MatmulOp, BatchMatmulOp>([&](Operation *) -> std::optional<Boxes> {
            // A matrix-vector product of blocks split along the columns:
            // each group's rows (partialGroups).
            if (isMatrixVectorProduct(op))
              if (std::optional<SmallVector<int64_t>> groups = partialGroups(op, homes))
                return groups->empty() ? std::nullopt
                                       : std::optional<Boxes>(groupedHome(op, homes, *groups));
            // Blocks of a 2-D mesh (SUMMA-style): rank r computes the rows
            // of its lhs block times the columns of its rhs block, reading
            // the whole row panel of the lhs and column panel of the rhs.
            if (isa<MatmulOp>(op) && inShape.size() == 2 && out.size() == 2 &&
                splitAxes(in, inShape) != SmallVector<int64_t>{0}) {
              Boxes panels;
              for (size_t r = 0; r < in.size(); ++r) {
                Box c = Box::full(out.vec());
                c.lo[0] = in[r].lo[0];
                c.hi[0] = in[r].hi[0];
                if (homes[1]) {
                  c.lo[1] = (*homes[1])[r].lo[1];
                  c.hi[1] = (*homes[1])[r].hi[1];
                }
                panels.push_back(in[r].empty() ? emptyBox(2) : c);
              }
              if (!coversAll2D(panels, out))
                return std::nullopt;
              // Ranks whose blocks meet the same rows and columns (an rhs
              // too narrow to split among the mesh's columns is whole on
              // each of them) compute the same block: it lives on the first,
              // so that each element has one home and a reduction of the
              // product counts it once (it counted it twice until session 36).
              for (size_t r = 0; r < panels.size(); ++r)
                for (size_t q = 0; q < r; ++q) {
                  if (panels[r].empty() || panels[r].intersect(panels[q]).empty())
                    continue;
                  if (panels[r] != panels[q])
                    return std::nullopt; // partly shared: no home
                  panels[r] = emptyBox(2);
                  break;
                }
              return panels;
            }
            // Row blocks of a 2-D lhs (batch blocks of a 3-D one) give those
            // of the result.
            if ((isa<MatmulOp>(op) && inShape.size() != 2) ||
                splitAxes(in, inShape) != SmallVector<int64_t>{0})
              return std::nullopt;
            return mapBoxes(in, [&](const Box &b) {
              Box r = Box::full(out.vec());
              r.lo[0] = b.lo[0];
              r.hi[0] = b.hi[0];
              return r;
            });
          })
          .Default([](Operation *) { return std::nullopt; });
  if (home && !isSplit(*home, out))
    return std::nullopt;
  return home;
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
