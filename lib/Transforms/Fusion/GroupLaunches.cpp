//===- GroupLaunches.cpp - independent CPU kernels as one loop ------------===//
//
// On the CPU every kernel is a loop nest, and a parallel one costs a fork
// and a join of the thread team. Kernels that neither read nor write what
// the others write can share one loop over their rows: the border rows and
// columns of a pad beside the kernel that fills its interior (CG on several
// ranks), the wall rows of a pressure sweep beside its interior (CFD). This
// pass only decides and marks the groups (kLaunchAttr); the kernels stay
// linalg ops until legato-convert-linalg-to-loops emits each group as one loop.
// A tiled pair of sweeps (SweepTiles.h) is a launch of its own, when it can
// run tile by tile; else its kernels lose their mark and run one by one.
//
//===----------------------------------------------------------------------===//
#include "Transforms/Passes.h"
#include "Analysis/BufferFootprint.h"
#include "Dialect/Legato/IR/Markers.h"
#include "Support/Target.h"
#include "Analysis/SweepTiles.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/MapVector.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOGROUPLAUNCHESPASS
#include "Transforms/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;

namespace {

/// One-loop kernels are one row of the shared loop: only short ones.
constexpr int64_t kMaxRowIterations = 4096;

/// Whether `op` may share a loop over rows with other kernels, given the
/// thread team's thresholds (the pass's options, from Target).
bool isGroupable(linalg::GenericOp op, int64_t minParallelIterations, int64_t minParallelRows) {
  if (op->hasAttr(legato::kEpilogueAttr) || op->hasAttr(legato::kCombineAttr) ||
      op->hasAttr(legato::kSweepTileAttr) ||
      !op.hasPureBufferSemantics() || op.getNumReductionLoops() != 0)
    return false;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (ranges.empty() || ranges.size() > 2 ||
      llvm::any_of(ranges, [](int64_t r) { return ShapedType::isDynamic(r) || r <= 0; }))
    return false;
  if (ranges.size() == 1)
    return ranges[0] <= kMaxRowIterations;
  // A kernel large enough to run on threads shares out rows: it needs enough.
  return ranges[0] * ranges[1] < minParallelIterations || ranges[0] >= minParallelRows;
}

struct LegatoGroupLaunchesPass
    : legato::impl::LegatoGroupLaunchesPassBase<LegatoGroupLaunchesPass> {
  using LegatoGroupLaunchesPassBase::LegatoGroupLaunchesPassBase;
  void runOnOperation() override {
    int64_t next = 0;
    // The kernels of each tiled pair, by block and number.
    llvm::MapVector<std::pair<Block *, int64_t>, SmallVector<linalg::GenericOp>> pairs;
    getOperation().walk([&](linalg::GenericOp op) {
      if (auto tile = op->getAttrOfType<IntegerAttr>(legato::kSweepTileAttr))
        pairs[{op->getBlock(), tile.getInt()}].push_back(op);
    });
    for (auto &[tile, members] : pairs) {
      bool tiled = legato::matchSweepTiles(members).has_value();
      auto id = IntegerAttr::get(IntegerType::get(&getContext(), 64), next);
      for (linalg::GenericOp op : members)
        if (tiled)
          op->setAttr(legato::kLaunchAttr, id);
        else
          op->removeAttr(legato::kSweepTileAttr);
      next += tiled;
    }
    getOperation().walk([&](Block *block) {
      SmallVector<linalg::GenericOp> group;
      auto close = [&] {
        if (group.size() > 1) {
          auto id = IntegerAttr::get(IntegerType::get(&getContext(), 64), next++);
          for (linalg::GenericOp op : group)
            op->setAttr(legato::kLaunchAttr, id);
        }
        group.clear();
      };
      for (Operation &op : *block) {
        auto generic = dyn_cast<linalg::GenericOp>(op);
        if (generic && isGroupable(generic, minParallelIterations, minParallelRows)) {
          if (!llvm::all_of(group, [&](linalg::GenericOp member) {
                return legato::independent(member, generic);
              }))
            close();
          group.push_back(generic);
        } else if (!isMemoryEffectFree(&op)) {
          close();
        }
      }
      close();
    });
  }
};

} // namespace
