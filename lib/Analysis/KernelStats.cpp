//===- KernelStats.cpp - what a bufferized program launches ---------------===//
#include "Analysis/KernelStats.h"
#include "Analysis/BufferFootprint.h"
#include "Analysis/ElementBytes.h"
#include "Dialect/Legato/IR/Markers.h"
#include "Analysis/BufferRoots.h"
#include "Analysis/SweepTiles.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace mlir::legato {

static int64_t bytesOf(Value v) {
  if (auto cast = v.getDefiningOp<memref::CastOp>()) // BLAS call arguments
    v = cast.getSource();
  auto t = dyn_cast<MemRefType>(v.getType());
  if (!t || !t.hasStaticShape())
    return 0;
  // (index buffers, 0: the deallocation's own bookkeeping)
  return t.getNumElements() * elementBytes(t.getElementType());
}

/// Bytes that `views` touch: per buffer they view, their bytes, at most the
/// buffer's.
static int64_t bytesTouched(ValueRange views) {
  llvm::MapVector<Value, int64_t> perBuffer;
  for (Value v : views)
    perBuffer[rootOf(v)] += bytesOf(v);
  int64_t total = 0;
  for (auto [buffer, bytes] : perBuffer) {
    int64_t whole = bytesOf(buffer);
    total += whole > 0 ? std::min(bytes, whole) : bytes;
  }
  return total;
}

/// Bytes the kernel `op` reads and writes; `fromCache`, an input it reads
/// right after it was written (an epilogue's reduced value), costs nothing,
/// nor does an input its payload ignores (one only there to span loops).
/// The temporary of a tiled pair of sweeps is never stored: its tiles stay
/// in a scratch buffer in cache (SweepTiles.h).
static int64_t bytesOfKernel(linalg::LinalgOp op, Value fromCache = {}) {
  SmallVector<Value> inputs, inits;
  for (OpOperand *in : op.getDpsInputOperands()) {
    Value v = in->get();
    if (v != fromCache && op.payloadUsesValueFromOperand(in) &&
        !isSweepTileTemporary(rootOf(v)))
      inputs.push_back(v);
  }
  for (Value v : op.getDpsInits())
    if (!isSweepTileTemporary(rootOf(v)))
      inits.push_back(v);
  // A gather loads one element of its input per point and load: at most
  // the whole input.
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t gathered = 0, points = 1;
  for (int64_t range : ranges)
    points *= range;
  for (Value v : readInBody(op)) {
    auto type = dyn_cast<MemRefType>(v.getType());
    if (!type || llvm::any_of(ranges, ShapedType::isDynamic))
      continue;
    int64_t loads = 0;
    op->walk([&](memref::LoadOp load) { loads += load.getMemref() == v; });
    gathered += std::min(bytesOf(v), points * loads * elementBytes(type.getElementType()));
  }
  return bytesTouched(inputs) + bytesTouched(inits) + gathered;
}

/// Bytes a scatter loop (kScatterLoopAttr) moves: each load and store of
/// its body touches one element per iteration, at most its whole buffer.
static int64_t bytesOfScatter(scf::ForOp loop) {
  std::optional<int64_t> trips = getConstantIntValue(loop.getUpperBound());
  int64_t total = 0;
  loop.walk([&](Operation *op) {
    Value memref;
    if (auto load = dyn_cast<memref::LoadOp>(op))
      memref = load.getMemref();
    else if (auto store = dyn_cast<memref::StoreOp>(op))
      memref = store.getMemref();
    else if (auto rmw = dyn_cast<memref::AtomicRMWOp>(op))
      memref = rmw.getMemref();
    if (!memref || !trips)
      return;
    auto type = cast<MemRefType>(memref.getType());
    total += std::min(bytesOf(memref), *trips * elementBytes(type.getElementType()));
  });
  return total;
}

/// Whether `fill` only sets the accumulators of a reduction: the next op
/// in its block that uses its buffer reduces into it.
static bool initialisesReduction(linalg::FillOp fill) {
  Value buffer = fill.getDpsInits()[0];
  for (Operation *next = fill->getNextNode(); next; next = next->getNextNode()) {
    if (!llvm::is_contained(next->getOperands(), buffer))
      continue;
    auto reduction = dyn_cast<linalg::GenericOp>(next);
    return reduction && reduction.getNumReductionLoops() > 0 &&
           llvm::is_contained(reduction.getDpsInits(), buffer);
  }
  return false;
}

KernelStats countKernels(ModuleOp module) {
  KernelStats stats;
  llvm::DenseSet<int64_t> launches; // kernels sharing a launch count once
  auto count = [&](Operation *op) {
    auto launch = op->getAttrOfType<IntegerAttr>(kLaunchAttr);
    if (!launch || launches.insert(launch.getInt()).second)
      ++stats.kernels;
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
      stats.bytesMoved += bytesOfKernel(linalgOp);
    else if (auto copy = dyn_cast<memref::CopyOp>(op))
      stats.bytesMoved += bytesOf(copy.getSource()) + bytesOf(copy.getTarget());
    else
      stats.bytesMoved += bytesTouched(op->getOperands());
  };
  int64_t live = 0;
  module.walk([&](Operation *op) {
    if (isa<memref::AllocOp>(op) && !isSweepTileTemporary(op->getResult(0))) {
      live += bytesOf(op->getResult(0));
      stats.temporaryBytes = std::max(stats.temporaryBytes, live);
    } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op);
               dealloc && !isSweepTileTemporary(dealloc.getMemref())) {
      live -= bytesOf(dealloc.getMemref());
    }
    if (auto fill = dyn_cast<linalg::FillOp>(op); fill && initialisesReduction(fill))
      return; // the reduction's own first step (on a GPU: in-kernel)
    if (op->hasAttr(kCombineAttr))
      return; // the reduction's own last step (see kCombineAttr)
    if (op->hasAttr(kEpilogueAttr)) {
      // Part of the reduction before it, whose output it reads from cache.
      Value reduced = cast<linalg::LinalgOp>(op->getPrevNode()).getDpsInits()[0];
      stats.bytesMoved += bytesOfKernel(cast<linalg::LinalgOp>(op), reduced);
      return;
    }
    if (isa<linalg::LinalgOp, memref::CopyOp>(op)) {
      count(op);
    } else if (auto loop = dyn_cast<scf::ForOp>(op);
               loop && loop->hasAttr(kScatterLoopAttr)) {
      ++stats.kernels;
      stats.bytesMoved += bytesOfScatter(loop);
    } else if (auto call = dyn_cast<func::CallOp>(op)) {
      if (call.getCallee().starts_with("legato_"))
        count(op);
    }
  });
  return stats;
}

namespace {
/// Into `out`, or printed when it is null.
struct CountKernelsPass : PassWrapper<CountKernelsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CountKernelsPass)
  explicit CountKernelsPass(KernelStats *out) : out(out) {}
  StringRef getArgument() const override { return "legato-count-kernels"; }
  StringRef getDescription() const override {
    return "Counts the kernels, bytes moved and temporaries of a buffer-level program";
  }
  void runOnOperation() override {
    KernelStats stats = countKernels(getOperation());
    if (out)
      *out = stats;
    else
      llvm::outs() << "kernels " << stats.kernels << " bytes-moved " << stats.bytesMoved
                   << " temporary-bytes " << stats.temporaryBytes << "\n";
    markAllAnalysesPreserved();
  }
  KernelStats *out;
};
} // namespace

std::unique_ptr<Pass> createCountKernelsPass(KernelStats &out) {
  return std::make_unique<CountKernelsPass>(&out);
}

std::unique_ptr<Pass> createPrintKernelStatsPass() {
  return std::make_unique<CountKernelsPass>(nullptr);
}

} // namespace mlir::legato
