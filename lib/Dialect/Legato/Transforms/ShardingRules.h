//===- ShardingRules.h - boxes, and contractions of split axes ---*- C++ -*-===//
//
// The partitioner's arithmetic on boxes (index ranges of global arrays):
// encoding, hulls, reshapes of boxes; and its analysis of ops that contract
// split axes (partial results combined by an all-reduce) and of scans of
// blocks. Each op's own rule (which box of an operand computes a box of
// the result, where its result lives) is its ShardingOpInterface
// (ShardingInterfaceImpl.cpp). Partition.cpp drives them; nothing here
// builds IR.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_DIALECT_LEGATO_TRANSFORMS_SHARDINGRULES_H
#define LEGATO_DIALECT_LEGATO_TRANSFORMS_SHARDINGRULES_H

#include "Dialect/Legato/IR/LegatoDialect.h"
#include "Dialect/Legato/IR/Markers.h"
#include "Dialect/Legato/IR/ShardingOpInterface.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <vector>

namespace mlir::legato {

SmallVector<int64_t> encodeBoxes(const Boxes &boxes);
/// nullopt when `flat` does not hold `ranks` boxes of `rank` dimensions.
std::optional<Boxes> decodeBoxes(ArrayRef<int64_t> flat, int64_t rank, int64_t ranks);

Box emptyBox(int64_t rank);
/// The smallest box containing both (an empty box contains nothing).
Box hull(const Box &a, const Box &b);
ArrayRef<int64_t> shapeOf(Value v);
Box fullBox(Value v);
/// Whether the boxes describe a distribution rather than replication.
bool isSplit(const Boxes &boxes, ArrayRef<int64_t> global);

/// The indices i in [0, len) with offset + stride * i in [lo, hi).
std::pair<int64_t, int64_t> indicesLandingIn(int64_t offset, int64_t stride, int64_t len,
                                             int64_t lo, int64_t hi);

/// For legato.reshape from shape `from` to `to`: the box of `to` that box
/// `box` of `from` becomes, when it is one. Both are cut into the shortest
/// runs of axes whose extents multiply to the same size; within a run only
/// the first axis may be partial, and its range must fall on whole rows of
/// the run's first axis on the other side. (n, m) -> (n, 1, m) keeps every
/// box; rows of (n, m) -> (n * m) flatten to one range; (n * m) -> (n, m)
/// keeps ranges of whole rows. Reshaping the piece `box` alone then computes
/// the mapped box.
std::optional<Box> reshapeBox(ArrayRef<int64_t> from, ArrayRef<int64_t> to, const Box &box);

/// For a reshape where `reshapeBox` finds no box: the smallest range box
/// (Box::rangeIn) of `to` holding the range of `from` around `box` (not
/// empty).
/// The range [11, 23) of (36) -> (9, 4) lies in rows [2, 6); the last row
/// of (3, 4) -> (2, 6) in the second row; a block of rows [0, 2) and
/// columns [0, 3) of (4, 6) -> (6, 4), in the range of rows [0, 2), lies in
/// rows [0, 3). Reshaping that piece flat, taking the range out of it,
/// reshaping that and slicing `box` from it computes `box`.
Box reshapeHull(ArrayRef<int64_t> from, ArrayRef<int64_t> to, const Box &box);

/// The axes along which some rank's box is not the whole extent.
SmallVector<int64_t> splitAxes(const Boxes &boxes, ArrayRef<int64_t> global);

/// Maps every box through `f` (which gets and returns one box).
template <class F> Boxes mapBoxes(const Boxes &boxes, F f) {
  Boxes out;
  for (const Box &b : boxes)
    out.push_back(f(b));
  return out;
}

/// Box `b` without the axes `contracted`: where a reduction puts it.
Box keptBox(const Box &b, ArrayRef<int64_t> contracted);

/// Whether `op` is a matrix-vector product (2-D lhs, 1-D rhs).
bool isMatrixVectorProduct(Operation *op);

/// Whether `op` (a reduction or product) contracts exactly the split axes of
/// its operands' homes, so that each rank combines its own block and an
/// all-reduce finishes the job.
bool contractsSplitAxes(Operation *op, ArrayRef<std::optional<Boxes>> operandHomes);

/// For an op that contracts split axes of its operands' blocks where
/// contractsSplitAxes does not hold: a reduction along some, not all, of
/// its operand's split axes (a 2-D mesh's blocks summed along their
/// columns), or a matrix-vector product of a matrix split along its columns
/// (whatever the vector's home). Each rank combines its block (and, for a
/// product, the vector's rows that its columns meet: partialOperandBox) and
/// its group's partial results combine into the group's range of the
/// result. Returns each rank's group, numbered from 0: the ranks whose
/// blocks hold the same range of the kept axes (empty: one group of all
/// ranks). nullopt where that does not apply or the blocks do not tile each
/// group's range exactly (some empty, overlapping, or groups' ranges
/// overlapping).
std::optional<SmallVector<int64_t>> partialGroups(Operation *op,
                                                  ArrayRef<std::optional<Boxes>> operandHomes);

/// For an op with partialGroups: the range of its result that each rank's
/// group combines, which the rank holds after the all-reduce. The result's
/// home (groupedHome) cuts each range among the group's ranks, so that it
/// holds each element once.
Boxes groupRanges(Operation *op, ArrayRef<std::optional<Boxes>> operandHomes);

/// Where the result of an op with groups lives: each group's range cut
/// along its first axis among the group's ranks, so that the home holds
/// every element once (a reduction of it, or a product contracting it,
/// combines each rank's home box) though every rank of the group holds the
/// whole range.
Boxes groupedHome(Operation *op, ArrayRef<std::optional<Boxes>> operandHomes,
                  ArrayRef<int64_t> groups);

/// For a partial op (contractsSplitAxes or partialGroups): the box of
/// operand `i` that rank `rank` combines.
Box partialOperandBox(Operation *op, unsigned i, ArrayRef<std::optional<Boxes>> operandHomes,
                      int64_t rank);

/// For a scan whose operand's blocks cut only its axis, in rank order (each
/// block starts where the one of the previous rank with a block ends): each
/// rank's position among the ranks with a block, -1 for a rank without one.
/// Each rank then scans its own block and combines it with the totals of
/// the blocks before it. nullopt otherwise (the scan reads every element
/// before its part: ShardingOpInterface::getOperandBox).
std::optional<SmallVector<int64_t>> scanBlockOrder(ScanOp op, const std::optional<Boxes> &home);

} // namespace mlir::legato

#endif // LEGATO_DIALECT_LEGATO_TRANSFORMS_SHARDINGRULES_H
