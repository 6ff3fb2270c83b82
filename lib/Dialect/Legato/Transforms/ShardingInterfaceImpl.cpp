//===- ShardingInterfaceImpl.cpp - each legato op's sharding rule ---------===//
//
// The ShardingOpInterface of every legato op, as external models (upstream's
// model for its own sharding interfaces: the rules stay beside the
// partitioner that uses them, the dialect only promises them). Ops that
// compute element i of the result from element i of every operand share
// one rule; ops without a rule of their own read their whole operands and
// give no distribution.
//
//===----------------------------------------------------------------------===//
#include "Dialect/Legato/Transforms/ShardingInterfaceImpl.h"

#include "Dialect/Legato/IR/LegatoDialect.h"
#include "Dialect/Legato/IR/ShardingOpInterface.h"
#include "Dialect/Legato/Transforms/ShardingRules.h"

#include "mlir/IR/DialectRegistry.h"

#include <type_traits>

using namespace mlir;
using namespace mlir::legato;

namespace {

/// The input indices a strided window reads for its result indices [lo, hi).
std::pair<int64_t, int64_t> windowReads(int64_t offset, int64_t stride, int64_t lo, int64_t hi) {
  if (stride > 0)
    return {offset + stride * lo, offset + stride * (hi - 1) + 1};
  return {offset + stride * (hi - 1), offset + stride * lo + 1};
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

template <class Model, class Op>
using Sharding = ShardingOpInterface::ExternalModel<Model, Op>;

/// An op without a rule of its own: it reads its whole operands, and its
/// result has no distribution (constants, iota, random numbers, the
/// collectives, which the partitioner does not place).
template <class Op> struct WholeOperands : Sharding<WholeOperands<Op>, Op> {
  Box getOperandBox(Operation *op, unsigned i, const Box &) const {
    return fullBox(op->getOperand(i));
  }
  std::optional<Boxes> getResultHome(Operation *, ArrayRef<std::optional<Boxes>>, HomeOf) const {
    return std::nullopt;
  }
};

/// Element i of the result from element i of every operand: each box reads
/// the same box of the operands, and the result lives where the first
/// distributed operand of its shape does.
template <class Op> struct Elementwise : Sharding<Elementwise<Op>, Op> {
  Box getOperandBox(Operation *, unsigned, const Box &y) const { return y; }
  std::optional<Boxes> getResultHome(Operation *op, ArrayRef<std::optional<Boxes>> homes,
                                     HomeOf) const {
    ArrayRef<int64_t> out = shapeOf(op->getResult(0));
    for (auto [operand, home] : llvm::zip(op->getOperands(), homes))
      if (home && shapeOf(operand) == out)
        return home;
    return std::nullopt;
  }
};

/// An op whose result follows the blocks of its first operand (`follow`,
/// given those): none without them, none where the boxes it gives do not
/// distribute the result.
template <class Model, class Op> struct FollowsFirstOperand : Sharding<Model, Op> {
  std::optional<Boxes> getResultHome(Operation *op, ArrayRef<std::optional<Boxes>> homes,
                                     HomeOf) const {
    if (homes.empty() || !homes[0])
      return std::nullopt;
    std::optional<Boxes> home =
        static_cast<const Model *>(this)->follow(cast<Op>(op), *homes[0], homes);
    if (home && !isSplit(*home, shapeOf(op->getResult(0))))
      return std::nullopt;
    return home;
  }
};

struct BroadcastSharding : FollowsFirstOperand<BroadcastSharding, BroadcastOp> {
  Box getOperandBox(Operation *op, unsigned i, const Box &y) const {
    Box in = fullBox(op->getOperand(i));
    ArrayRef<int64_t> out = shapeOf(op->getResult(0));
    int64_t lead = int64_t(out.size()) - in.rank();
    for (int64_t d = 0; d < in.rank(); ++d)
      if (in.hi[d] == out[lead + d]) {
        in.lo[d] = y.lo[lead + d];
        in.hi[d] = y.hi[lead + d];
      }
    return in;
  }
  std::optional<Boxes> follow(BroadcastOp op, const Boxes &in,
                              ArrayRef<std::optional<Boxes>>) const {
    ArrayRef<int64_t> out = shapeOf(op.getResult()), inShape = shapeOf(op.getInput());
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
  }
};

struct TransposeSharding : FollowsFirstOperand<TransposeSharding, TransposeOp> {
  Box getOperandBox(Operation *op, unsigned i, const Box &y) const {
    Box in = fullBox(op->getOperand(i));
    for (auto [d, p] : llvm::enumerate(cast<TransposeOp>(op).getPermutation())) {
      in.lo[p] = y.lo[d];
      in.hi[p] = y.hi[d];
    }
    return in;
  }
  std::optional<Boxes> follow(TransposeOp op, const Boxes &in,
                              ArrayRef<std::optional<Boxes>>) const {
    return mapBoxes(in, [&](const Box &b) {
      Box r = b;
      for (auto [d, p] : llvm::enumerate(op.getPermutation())) {
        r.lo[d] = b.lo[p];
        r.hi[d] = b.hi[p];
      }
      return r;
    });
  }
};

struct ReshapeSharding : FollowsFirstOperand<ReshapeSharding, ReshapeOp> {
  /// The matching piece of the input, else the rows holding the range of
  /// the result around the part.
  Box getOperandBox(Operation *op, unsigned i, const Box &y) const {
    Box in = fullBox(op->getOperand(i));
    ArrayRef<int64_t> out = shapeOf(op->getResult(0));
    if (std::optional<Box> piece = reshapeBox(out, in.hi, y))
      return *piece;
    return reshapeHull(out, in.hi, y);
  }
  /// Each rank's block, reshaped where it is one box of the result (a rank
  /// without a block holds nothing after).
  std::optional<Boxes> follow(ReshapeOp op, const Boxes &in,
                              ArrayRef<std::optional<Boxes>>) const {
    ArrayRef<int64_t> out = shapeOf(op.getResult()), inShape = shapeOf(op.getInput());
    Boxes result;
    for (const Box &b : in) {
      std::optional<Box> r =
          b.empty() ? emptyBox(int64_t(out.size())) : reshapeBox(inShape, out, b);
      if (!r)
        return std::nullopt;
      result.push_back(*r);
    }
    return result;
  }
};

struct SliceSharding : FollowsFirstOperand<SliceSharding, SliceOp> {
  Box getOperandBox(Operation *op, unsigned i, const Box &y) const {
    auto s = cast<SliceOp>(op);
    Box in = fullBox(op->getOperand(i));
    for (int64_t d = 0; d < in.rank(); ++d)
      std::tie(in.lo[d], in.hi[d]) =
          windowReads(s.getOffsets()[d], s.getStrides()[d], y.lo[d], y.hi[d]);
    return in;
  }
  std::optional<Boxes> follow(SliceOp s, const Boxes &in, ArrayRef<std::optional<Boxes>>) const {
    ArrayRef<int64_t> out = shapeOf(s.getResult());
    return mapBoxes(in, [&](const Box &b) {
      Box r = Box::full(out.vec());
      for (size_t d = 0; d < out.size(); ++d)
        std::tie(r.lo[d], r.hi[d]) =
            indicesLandingIn(s.getOffsets()[d], s.getStrides()[d], out[d], b.lo[d], b.hi[d]);
      return r;
    });
  }
};

struct PadSharding : FollowsFirstOperand<PadSharding, PadOp> {
  Box getOperandBox(Operation *op, unsigned i, const Box &y) const {
    auto p = cast<PadOp>(op);
    Box in = fullBox(op->getOperand(i)), b = y;
    for (int64_t d = 0; d < in.rank(); ++d) {
      b.lo[d] = std::clamp(y.lo[d] - p.getLow()[d], int64_t(0), in.hi[d]);
      b.hi[d] = std::clamp(y.hi[d] - p.getLow()[d], int64_t(0), in.hi[d]);
      if (b.lo[d] >= b.hi[d])
        return emptyBox(in.rank());
    }
    return b;
  }
  std::optional<Boxes> follow(PadOp p, const Boxes &in, ArrayRef<std::optional<Boxes>>) const {
    if (llvm::any_of(in, [](const Box &b) { return b.empty(); }))
      return std::nullopt;
    ArrayRef<int64_t> out = shapeOf(p.getResult()), inShape = shapeOf(p.getInput());
    return mapBoxes(in, [&](const Box &b) {
      Box r = b;
      for (size_t d = 0; d < out.size(); ++d) {
        r.lo[d] = b.lo[d] == 0 ? 0 : b.lo[d] + p.getLow()[d];
        r.hi[d] = b.hi[d] == inShape[d] ? out[d] : b.hi[d] + p.getLow()[d];
      }
      return r;
    });
  }
};

struct InsertSliceSharding : Sharding<InsertSliceSharding, InsertSliceOp> {
  Box getOperandBox(Operation *op, unsigned i, const Box &y) const {
    if (i == 1) // the destination
      return y;
    auto s = cast<InsertSliceOp>(op);
    Box in = fullBox(op->getOperand(i));
    for (int64_t d = 0; d < in.rank(); ++d) {
      std::tie(in.lo[d], in.hi[d]) =
          indicesLandingIn(s.getOffsets()[d], s.getStrides()[d], in.hi[d], y.lo[d], y.hi[d]);
      if (in.lo[d] == in.hi[d])
        return emptyBox(in.rank());
    }
    return in;
  }
  /// The destination's layout.
  std::optional<Boxes> getResultHome(Operation *, ArrayRef<std::optional<Boxes>> homes,
                                     HomeOf) const {
    return homes[1];
  }
};

struct ConcatenateSharding : Sharding<ConcatenateSharding, ConcatenateOp> {
  Box getOperandBox(Operation *op, unsigned i, const Box &y) const {
    auto c = cast<ConcatenateOp>(op);
    Box in = fullBox(op->getOperand(i));
    int64_t dim = c.getDimension(), start = 0;
    for (unsigned j = 0; j < i; ++j)
      start += shapeOf(c.getInputs()[j])[dim];
    Box b = y;
    b.lo[dim] = std::clamp(y.lo[dim] - start, int64_t(0), in.hi[dim]);
    b.hi[dim] = std::clamp(y.hi[dim] - start, int64_t(0), in.hi[dim]);
    return b.lo[dim] < b.hi[dim] ? b : emptyBox(in.rank());
  }
  /// Pieces of one array put back in its shape (np.roll: `{u[-s:],
  /// u[:-s]}`): that array's blocks. Along an axis no input splits: the
  /// inputs' blocks (which agree on the other axes), whole along that
  /// axis. Inputs split along that axis only: even blocks of it, as a new
  /// array's. Otherwise none (each rank computes what its consumers read).
  std::optional<Boxes> getResultHome(Operation *op, ArrayRef<std::optional<Boxes>> homes,
                                     HomeOf homeOf) const {
    auto concatenate = cast<ConcatenateOp>(op);
    int64_t dim = int64_t(concatenate.getDimension());
    ArrayRef<int64_t> out = shapeOf(concatenate.getResult());
    Value source;
    for (Value input : concatenate.getInputs()) {
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
    for (auto [input, inputHome] : llvm::zip(concatenate.getInputs(), homes)) {
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
};

struct GatherSharding : Sharding<GatherSharding, GatherOp> {
  /// The indices under the result's dims that replace the axis; the input's
  /// whole axis beside the result's other dims.
  Box getOperandBox(Operation *op, unsigned i, const Box &y) const {
    auto g = cast<GatherOp>(op);
    Box in = fullBox(op->getOperand(i));
    int64_t axis = g.getAxis(), k = int64_t(shapeOf(g.getIndices()).size());
    for (int64_t d = 0; d < in.rank(); ++d) {
      int64_t r = i == 1 ? axis + d : d < axis ? d : d + k - 1;
      if (i == 0 && d == axis)
        continue;
      in.lo[d] = y.lo[r];
      in.hi[d] = y.hi[r];
    }
    return in;
  }
  /// Beside the input's blocks where those do not cut the axis (rows of a
  /// matrix, taking columns), else under the indices' blocks (each rank
  /// reads the whole input).
  std::optional<Boxes> getResultHome(Operation *op, ArrayRef<std::optional<Boxes>> homes,
                                     HomeOf) const {
    auto gather = cast<GatherOp>(op);
    ArrayRef<int64_t> out = shapeOf(gather.getResult()), inShape = shapeOf(gather.getInput());
    int64_t axis = gather.getAxis(), k = int64_t(shapeOf(gather.getIndices()).size());
    auto wholeAxis = [&](const Box &b) {
      return b.empty() || (b.lo[axis] == 0 && b.hi[axis] == inShape[axis]);
    };
    std::optional<Boxes> home;
    if (homes[0] && isSplit(*homes[0], inShape) && llvm::all_of(*homes[0], wholeAxis))
      home = mapBoxes(*homes[0], [&](const Box &b) {
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
    else if (homes[1])
      home = mapBoxes(*homes[1], [&](const Box &b) {
        if (b.empty())
          return emptyBox(int64_t(out.size()));
        Box r = Box::full(out.vec());
        for (int64_t j = 0; j < k; ++j) {
          r.lo[axis + j] = b.lo[j];
          r.hi[axis + j] = b.hi[j];
        }
        return r;
      });
    return home && isSplit(*home, out) ? home : std::nullopt;
  }
};

struct ScatterSharding : FollowsFirstOperand<ScatterSharding, ScatterOp> {
  /// The destination's box across the whole axis (any index may land
  /// anywhere along it), every index, and the values of the box's other
  /// dims.
  Box getOperandBox(Operation *op, unsigned i, const Box &y) const {
    auto s = cast<ScatterOp>(op);
    Box in = fullBox(op->getOperand(i));
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
  }
  std::optional<Boxes> follow(ScatterOp, const Boxes &in, ArrayRef<std::optional<Boxes>>) const {
    return in;
  }
};

struct ScanSharding : FollowsFirstOperand<ScanSharding, ScanOp> {
  /// Every element before the box along the axis.
  Box getOperandBox(Operation *op, unsigned, const Box &y) const {
    Box b = y;
    b.lo[cast<ScanOp>(op).getAxis()] = 0;
    return b;
  }
  std::optional<Boxes> follow(ScanOp, const Boxes &in, ArrayRef<std::optional<Boxes>>) const {
    return in;
  }
};

struct ReduceSharding : FollowsFirstOperand<ReduceSharding, ReduceOp> {
  /// The box of the result on the reduced operand, whole along the axes.
  Box getOperandBox(Operation *op, unsigned, const Box &y) const {
    auto reduce = cast<ReduceOp>(op);
    Box in = fullBox(reduce.getInput());
    int64_t r = 0;
    for (int64_t d = 0; d < in.rank(); ++d)
      if (!llvm::is_contained(reduce.getAxes(), d)) {
        in.lo[d] = y.lo[r];
        in.hi[d] = y.hi[r];
        ++r;
      }
    return in;
  }
  /// Blocks reduced along no split axis keep their place; along some, their
  /// groups' partial results combine (partialGroups).
  std::optional<Boxes> follow(ReduceOp r, const Boxes &in,
                              ArrayRef<std::optional<Boxes>> homes) const {
    bool contracts = llvm::any_of(splitAxes(in, shapeOf(r.getInput())), [&](int64_t d) {
      return llvm::is_contained(r.getAxes(), d);
    });
    if (!contracts)
      return mapBoxes(in, [&](const Box &b) { return keptBox(b, r.getAxes()); });
    std::optional<SmallVector<int64_t>> groups = partialGroups(r, homes);
    if (!groups || groups->empty())
      return std::nullopt;
    return groupedHome(r, homes, *groups);
  }
};

struct MatmulSharding : FollowsFirstOperand<MatmulSharding, MatmulOp> {
  /// lhs [m, k] or [k], rhs [k, n] or [k]: the result's dims are m, n.
  Box getOperandBox(Operation *op, unsigned i, const Box &y) const {
    Box in = fullBox(op->getOperand(i));
    bool lhs2 = shapeOf(cast<MatmulOp>(op).getLhs()).size() == 2;
    if (i == 0 && lhs2) {
      in.lo[0] = y.lo[0];
      in.hi[0] = y.hi[0];
    }
    if (i == 1 && in.rank() == 2) {
      in.lo[1] = y.lo[lhs2 ? 1 : 0];
      in.hi[1] = y.hi[lhs2 ? 1 : 0];
    }
    return in;
  }
  std::optional<Boxes> follow(MatmulOp op, const Boxes &in,
                              ArrayRef<std::optional<Boxes>> homes) const {
    ArrayRef<int64_t> out = shapeOf(op.getResult()), inShape = shapeOf(op.getLhs());
    // A matrix-vector product of blocks split along the columns: each
    // group's rows (partialGroups).
    if (isMatrixVectorProduct(op))
      if (std::optional<SmallVector<int64_t>> groups = partialGroups(op, homes))
        return groups->empty() ? std::nullopt
                               : std::optional<Boxes>(groupedHome(op, homes, *groups));
    // Blocks of a 2-D mesh (SUMMA-style): rank r computes the rows of its
    // lhs block times the columns of its rhs block, reading the whole row
    // panel of the lhs and column panel of the rhs.
    if (inShape.size() == 2 && out.size() == 2 &&
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
      // Ranks whose blocks meet the same rows and columns (an rhs too
      // narrow to split among the mesh's columns is whole on each of them)
      // compute the same block: it lives on the first, so that each element
      // has one home and a reduction of the product counts it once (it
      // counted it twice until session 36).
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
    // Row blocks of a 2-D lhs give those of the result.
    if (inShape.size() != 2 || splitAxes(in, inShape) != SmallVector<int64_t>{0})
      return std::nullopt;
    return rowsOf(in, out);
  }
  /// Each block's rows, whole along the result's other axes.
  static Boxes rowsOf(const Boxes &in, ArrayRef<int64_t> out) {
    return mapBoxes(in, [&](const Box &b) {
      Box r = Box::full(out.vec());
      r.lo[0] = b.lo[0];
      r.hi[0] = b.hi[0];
      return r;
    });
  }
};

struct BatchMatmulSharding : FollowsFirstOperand<BatchMatmulSharding, BatchMatmulOp> {
  Box getOperandBox(Operation *op, unsigned i, const Box &y) const {
    Box in = fullBox(op->getOperand(i));
    in.lo[0] = y.lo[0];
    in.hi[0] = y.hi[0];
    int64_t d = i == 0 ? 1 : 2; // rows of lhs, columns of rhs
    in.lo[d] = y.lo[d];
    in.hi[d] = y.hi[d];
    return in;
  }
  /// Batch blocks of the lhs give those of the result.
  std::optional<Boxes> follow(BatchMatmulOp op, const Boxes &in,
                              ArrayRef<std::optional<Boxes>>) const {
    if (splitAxes(in, shapeOf(op.getLhs())) != SmallVector<int64_t>{0})
      return std::nullopt;
    return MatmulSharding::rowsOf(in, shapeOf(op.getResult()));
  }
};

/// Each matrix of a stack is solved whole: a box of the result reads the
/// same batch range of every operand, all of its matrices' rows and columns.
/// A stack split along batch axes only stays so (each rank solves its
/// matrices, reading the right-hand sides' boxes where they are); one
/// split inside its matrices is read whole on every rank.
struct LapackSharding : FollowsFirstOperand<LapackSharding, LapackOp> {
  Box getOperandBox(Operation *op, unsigned i, const Box &y) const {
    Box in = fullBox(op->getOperand(i));
    for (int64_t d = 0; d + 2 < in.rank(); ++d) {
      in.lo[d] = y.lo[d];
      in.hi[d] = y.hi[d];
    }
    return in;
  }
  std::optional<Boxes> follow(LapackOp op, const Boxes &in,
                              ArrayRef<std::optional<Boxes>>) const {
    ArrayRef<int64_t> matrices = shapeOf(op.getOperands()[0]);
    int64_t batch = int64_t(matrices.size()) - 2;
    for (const Box &b : in)
      if (!b.empty())
        for (int64_t d = batch; d < batch + 2; ++d)
          if (b.lo[d] != 0 || b.hi[d] != matrices[d])
            return std::nullopt;
    return mapBoxes(in, [&](const Box &b) {
      Box r = fullBox(op.getResult());
      if (b.empty())
        return emptyBox(r.rank());
      for (int64_t d = 0; d < batch; ++d) {
        r.lo[d] = b.lo[d];
        r.hi[d] = b.hi[d];
      }
      return r;
    });
  }
};

/// A transform or a sort reads whole lines along its axis: a box of the
/// result reads the same box of the operand but all of the axis. A line
/// split across ranks is gathered (the partitioner computes whole lines);
/// blocks split along other axes stay where they are.
template <class Op> struct WholeLinesSharding : FollowsFirstOperand<WholeLinesSharding<Op>, Op> {
  Box getOperandBox(Operation *op, unsigned, const Box &y) const {
    auto lines = cast<Op>(op);
    Box in = y;
    in.lo[lines.getAxis()] = 0;
    in.hi[lines.getAxis()] = shapeOf(lines.getInput())[lines.getAxis()];
    return in;
  }
  std::optional<Boxes> follow(Op op, const Boxes &in, ArrayRef<std::optional<Boxes>>) const {
    int64_t axis = op.getAxis(), n = shapeOf(op.getInput())[axis];
    for (const Box &b : in)
      if (!b.empty() && (b.lo[axis] != 0 || b.hi[axis] != n))
        return std::nullopt;
    int64_t m = shapeOf(op.getResult())[axis];
    return mapBoxes(in, [&](const Box &b) {
      Box r = b;
      if (!b.empty())
        r.hi[axis] = m;
      return r;
    });
  }
};

/// Each op's model: its own where it has one, the elementwise rule for ops
/// computing element i from element i of every operand, else whole operands.
template <class Op> struct ModelOf {
  static constexpr bool elementwise =
      Op::template hasTrait<OpTrait::SameOperandsAndResultType>() ||
      Op::template hasTrait<OpTrait::SameOperandsAndResultShape>() ||
      std::is_same_v<Op, SelectOp> || std::is_same_v<Op, CompareOp> ||
      std::is_same_v<Op, ConvertOp>;
  using type = std::conditional_t<elementwise, Elementwise<Op>, WholeOperands<Op>>;
};
template <> struct ModelOf<BroadcastOp> { using type = BroadcastSharding; };
template <> struct ModelOf<TransposeOp> { using type = TransposeSharding; };
template <> struct ModelOf<ReshapeOp> { using type = ReshapeSharding; };
template <> struct ModelOf<SliceOp> { using type = SliceSharding; };
template <> struct ModelOf<PadOp> { using type = PadSharding; };
template <> struct ModelOf<InsertSliceOp> { using type = InsertSliceSharding; };
template <> struct ModelOf<ConcatenateOp> { using type = ConcatenateSharding; };
template <> struct ModelOf<GatherOp> { using type = GatherSharding; };
template <> struct ModelOf<ScatterOp> { using type = ScatterSharding; };
template <> struct ModelOf<ScanOp> { using type = ScanSharding; };
template <> struct ModelOf<ReduceOp> { using type = ReduceSharding; };
template <> struct ModelOf<MatmulOp> { using type = MatmulSharding; };
template <> struct ModelOf<BatchMatmulOp> { using type = BatchMatmulSharding; };
template <> struct ModelOf<LapackOp> { using type = LapackSharding; };
template <> struct ModelOf<FftOp> { using type = WholeLinesSharding<FftOp>; };
template <> struct ModelOf<SortOp> { using type = WholeLinesSharding<SortOp>; };

template <class... Ops> void attachModels(MLIRContext *context) {
  (Ops::template attachInterface<typename ModelOf<Ops>::type>(*context), ...);
}

} // namespace

void mlir::legato::registerShardingOpInterfaceExternalModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, LegatoDialect *) {
    attachModels<
#define GET_OP_LIST
#include "Dialect/Legato/IR/LegatoOps.cpp.inc"
        >(context);
  });
}
