//===- MergeLaunches.cpp - consecutive independent launches as one --------===//
//
// Every launch costs a few microseconds of GPU time even when it does little
// (a border copy, an initialising fill). Launches with no data dependence
// between them can share one grid: block b runs the body of the launch whose
// block range contains b. Independence is decided on buffer regions: each
// memref a kernel touches is traced through views to its allocation, with a
// static bounding box when it is a subview of an identity-layout buffer.
//
//===----------------------------------------------------------------------===//
#include "Conversion/LinalgToGPU/KernelFusion.h"
#include "Transforms/GPU/Passes.h"
#include "Analysis/BufferRoots.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOGPUMERGELAUNCHESPASS
#include "Transforms/GPU/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;

namespace {

/// A region of a buffer: the allocation (or argument) and, per dimension of
/// it, the inclusive index range touched; empty ranges mean all of it.
struct Region {
  Value root;
  SmallVector<std::pair<int64_t, int64_t>> box;

  bool overlaps(const Region &other) const {
    if (root != other.root)
      return false;
    if (box.empty() || other.box.empty())
      return true;
    for (auto [a, b] : llvm::zip(box, other.box))
      if (a.second < b.first || b.second < a.first)
        return false;
    return true;
  }
};

Region regionOf(Value memref) {
  if (auto subview = memref.getDefiningOp<memref::SubViewOp>()) {
    Value source = subview.getSource();
    auto sourceType = cast<MemRefType>(source.getType());
    bool directChild = !source.getDefiningOp<ViewLikeOpInterface>() &&
                       sourceType.getLayout().isIdentity() &&
                       subview.getSourceType().getRank() ==
                           int64_t(subview.getStaticOffsets().size());
    if (directChild && !ShapedType::isDynamicShape(subview.getStaticSizes()) &&
        llvm::none_of(subview.getStaticOffsets(), ShapedType::isDynamic) &&
        llvm::none_of(subview.getStaticStrides(), ShapedType::isDynamic)) {
      Region r{source, {}};
      for (auto [offset, size, stride] :
           llvm::zip(subview.getStaticOffsets(), subview.getStaticSizes(),
                     subview.getStaticStrides()))
        r.box.push_back({offset, offset + std::max<int64_t>(size - 1, 0) * stride});
      return r;
    }
  }
  return Region{legato::rootOf(memref), {}};
}

struct Accesses {
  SmallVector<Region> reads, writes;
};

/// The buffer regions `launch` reads and writes, or nullopt when it touches
/// memory in a way this analysis does not follow.
std::optional<Accesses> accessesOf(gpu::LaunchOp launch) {
  Accesses a;
  bool understood = true;
  launch.getBody().walk([&](Operation *op) {
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      if (!launch.getBody().isAncestor(load.getMemref().getParentRegion()))
        a.reads.push_back(regionOf(load.getMemref()));
    } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
      if (!launch.getBody().isAncestor(store.getMemref().getParentRegion()))
        a.writes.push_back(regionOf(store.getMemref()));
    } else if (auto load = dyn_cast<vector::LoadOp>(op)) {
      if (!launch.getBody().isAncestor(load.getBase().getParentRegion()))
        a.reads.push_back(regionOf(load.getBase()));
    } else if (auto store = dyn_cast<vector::StoreOp>(op)) {
      if (!launch.getBody().isAncestor(store.getBase().getParentRegion()))
        a.writes.push_back(regionOf(store.getBase()));
    } else if (!isMemoryEffectFree(op) && !isa<gpu::TerminatorOp>(op) &&
               !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) {
      understood = false;
    }
  });
  if (!understood)
    return std::nullopt;
  return a;
}

bool independent(const Accesses &a, const Accesses &b) {
  auto clash = [](ArrayRef<Region> xs, ArrayRef<Region> ys) {
    for (const Region &x : xs)
      for (const Region &y : ys)
        if (x.overlaps(y))
          return true;
    return false;
  };
  return !clash(a.writes, b.reads) && !clash(a.writes, b.writes) &&
         !clash(a.reads, b.writes);
}

std::optional<int64_t> constantIndex(Value v) {
  if (auto c = v.getDefiningOp<arith::ConstantIndexOp>())
    return c.value();
  return std::nullopt;
}

/// The launch's block count when it has the 1-D grid-stride form: grid
/// (g, 1, 1), blocks (256-ish, 1, 1) and no synchronisation inside.
std::optional<int64_t> gridStrideBlocks(gpu::LaunchOp launch) {
  auto gx = constantIndex(launch.getGridSizeX());
  auto gy = constantIndex(launch.getGridSizeY()), gz = constantIndex(launch.getGridSizeZ());
  auto by = constantIndex(launch.getBlockSizeY()), bz = constantIndex(launch.getBlockSizeZ());
  if (!gx || gy != 1 || gz != 1 || by != 1 || bz != 1 || !constantIndex(launch.getBlockSizeX()))
    return std::nullopt;
  bool synchronises = false;
  launch.getBody().walk([&](Operation *op) {
    if (isa<gpu::AllReduceOp, gpu::BarrierOp>(op))
      synchronises = true;
  });
  if (synchronises || !launch.getAsyncDependencies().empty() || launch.hasClusterSize())
    return std::nullopt;
  return *gx;
}

/// One launch running `group`'s bodies on consecutive block ranges.
void merge(ArrayRef<gpu::LaunchOp> group, ArrayRef<int64_t> blocks) {
  gpu::LaunchOp last = group.back();
  OpBuilder b(last);
  Location loc = last.getLoc();
  int64_t total = 0;
  for (int64_t g : blocks)
    total += g;
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto merged = gpu::LaunchOp::create(b, loc, arith::ConstantIndexOp::create(b, loc, total), one,
                                      one, last.getBlockSizeX(), one, one);
  Block *body = &merged.getBody().front();
  b.setInsertionPointToStart(body);
  gpu::TerminatorOp::create(b, loc);
  Value block = body->getArgument(0); // blockIdx.x

  // if (block < end_0) { body 0 } else if (block < end_1) { body 1 } ...
  // else { last body }.
  Block *current = body;
  int64_t start = 0;
  for (size_t i = 0; i < group.size(); ++i) {
    gpu::LaunchOp launch = group[i];
    b.setInsertionPoint(current->getTerminator());
    Block *target = current;
    if (i + 1 < group.size()) {
      Value end = arith::ConstantIndexOp::create(b, loc, start + blocks[i]);
      Value inside = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, block, end);
      auto ifOp = scf::IfOp::create(b, loc, inside, /*withElseRegion=*/true);
      target = &ifOp.getThenRegion().front();
      current = &ifOp.getElseRegion().front();
    }
    b.setInsertionPoint(target->getTerminator());
    IRMapping map;
    Block &source = launch.getBody().front();
    for (auto [from, to] : llvm::zip(source.getArguments(), body->getArguments()))
      map.map(from, to);
    // This body's own block index and grid size (arguments 0 and 6).
    map.map(source.getArgument(0),
            start ? Value(arith::SubIOp::create(
                        b, loc, block, arith::ConstantIndexOp::create(b, loc, start)))
                  : block);
    map.map(source.getArgument(6), arith::ConstantIndexOp::create(b, loc, blocks[i]));
    for (Operation &op : source.without_terminator())
      b.clone(op, map);
    start += blocks[i];
  }
  for (gpu::LaunchOp launch : group)
    launch.erase();
}

struct LegatoGpuMergeLaunchesPass
    : legato::impl::LegatoGpuMergeLaunchesPassBase<LegatoGpuMergeLaunchesPass> {
  void runOnOperation() override {
    SmallVector<Block *> blocks;
    getOperation().walk([&](func::FuncOp f) {
      for (Block &block : f.getBody())
        blocks.push_back(&block);
    });
    for (Block *block : blocks)
      mergeIn(*block);
  }

  void mergeIn(Block &block) {
    SmallVector<gpu::LaunchOp> group;
    SmallVector<int64_t> groupBlocks;
    SmallVector<Accesses> groupAccesses;
    auto flush = [&] {
      if (group.size() > 1)
        merge(group, groupBlocks);
      group.clear();
      groupBlocks.clear();
      groupAccesses.clear();
    };
    for (Operation &op : llvm::make_early_inc_range(block)) {
      auto launch = dyn_cast<gpu::LaunchOp>(op);
      if (!launch) {
        // Views, constants and allocations may be crossed; anything else
        // (a dealloc, a BLAS call) ends the group.
        if (!isMemoryEffectFree(&op) && !isa<memref::AllocOp>(op))
          flush();
        continue;
      }
      std::optional<int64_t> blocks = gridStrideBlocks(launch);
      std::optional<Accesses> accesses = blocks ? accessesOf(launch) : std::nullopt;
      if (!accesses) {
        flush();
        continue;
      }
      bool fits = !group.empty() &&
                  constantIndex(launch.getBlockSizeX()) ==
                      constantIndex(group.front().getBlockSizeX()) &&
                  llvm::all_of(groupAccesses,
                               [&](const Accesses &a) { return independent(a, *accesses); });
      if (!fits)
        flush();
      group.push_back(launch);
      groupBlocks.push_back(*blocks);
      groupAccesses.push_back(std::move(*accesses));
    }
    flush();
  }
};

} // namespace
