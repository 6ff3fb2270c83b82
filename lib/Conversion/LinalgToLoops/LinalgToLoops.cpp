//===- LinalgToLoops.cpp - loops, parallel only where it pays -------------===//
//
// Each linalg op becomes loops; its parallel dimensions become an scf.parallel
// (OpenMP threads later) only when the op has enough iterations to pay for
// waking the thread team. A tiny kernel run in parallel costs a fork and a
// join (several microseconds), far more than its work. Reductions keep their
// accumulators in registers (ReductionLoops.h).
//
//===----------------------------------------------------------------------===//
#include "Conversion/Passes.h"
#include "Dialect/Legato/IR/Markers.h"
#include "Support/Target.h"
#include "Conversion/LinalgToLoops/OuterReductionLoops.h"
#include "Conversion/LinalgToLoops/LoopUnrolling.h"
#include "Conversion/LinalgToLoops/ReductionLoops.h"
#include "Analysis/SweepTiles.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/MapVector.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOCONVERTLINALGTOLOOPSPASS
#include "Conversion/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;

namespace {

/// Iterations of `op`'s loop nest, or -1 when not static.
int64_t staticIterations(linalg::LinalgOp op) {
  int64_t n = 1;
  for (int64_t extent : op.getStaticLoopRanges()) {
    if (ShapedType::isDynamic(extent))
      return -1;
    n *= extent;
  }
  return n;
}


/// `scf.parallel (i..., j)` as `scf.parallel (i...) { scf.for j }`: OpenMP
/// shares out the rows, and each thread runs the innermost dimension as a
/// plain loop that LLVM vectorises (a collapsed OpenMP loop nest leaves no
/// inner loop to vectorise). Left alone with fewer than `minRows` rows.
void keepInnermostDimSequential(RewriterBase &rewriter, scf::ParallelOp loop, int64_t minRows) {
  unsigned dims = loop.getNumLoops();
  if (dims < 2 || loop.getNumResults() != 0)
    return;
  int64_t rows = 1;
  for (unsigned d = 0; d + 1 < dims; ++d) {
    std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()[d]);
    std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound()[d]);
    std::optional<int64_t> step = getConstantIntValue(loop.getStep()[d]);
    if (!lb || !ub || !step)
      return;
    rows *= (*ub - *lb + *step - 1) / *step;
  }
  if (rows < minRows)
    return;
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  Block *body = loop.getBody();
  scf::ParallelOp::create(
      rewriter, loc, loop.getLowerBound().drop_back(), loop.getUpperBound().drop_back(),
      loop.getStep().drop_back(), [&](OpBuilder &b, Location l, ValueRange rowIvs) {
        scf::ForOp::create(b, l, loop.getLowerBound().back(), loop.getUpperBound().back(),
                           loop.getStep().back(), ValueRange{},
                           [&](OpBuilder &fb, Location fl, Value inner, ValueRange) {
                             IRMapping mapping;
                             for (auto [old, iv] : llvm::zip(body->getArguments(), rowIvs))
                               mapping.map(old, iv);
                             mapping.map(body->getArguments().back(), inner);
                             for (Operation &op : body->without_terminator())
                               fb.clone(op, mapping);
                             scf::YieldOp::create(fb, fl);
                           });
      });
  rewriter.eraseOp(loop);
}

struct LegatoConvertLinalgToLoopsPass
    : legato::impl::LegatoConvertLinalgToLoopsPassBase<LegatoConvertLinalgToLoopsPass> {
  using LegatoConvertLinalgToLoopsPassBase::LegatoConvertLinalgToLoopsPassBase;
  void runOnOperation() override {
    // Epilogues are lowered inside their reductions' loops, the kernels of
    // one launch (legato-group-launches) in one loop.
    SmallVector<linalg::LinalgOp> ops;
    llvm::MapVector<int64_t, SmallVector<linalg::GenericOp>> launches;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op->hasAttr(legato::kEpilogueAttr))
        return;
      if (auto launch = op->getAttrOfType<IntegerAttr>(legato::kLaunchAttr))
        launches[launch.getInt()].push_back(cast<linalg::GenericOp>(op));
      else
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : ops) {
      linalg::GenericOp epilogue = legato::epilogueOf(op);
      rewriter.setInsertionPoint(op);
      if (succeeded(legato::lowerReductionToLoops(rewriter, op, isParallel(op), epilogue)))
        continue;
      if (!epilogue &&
          succeeded(legato::lowerOuterReductionToLoops(rewriter, op, isParallel(op), threads)))
        continue;
      // A reduction the register loops do not take: its epilogue after it.
      if (failed(lowerToLoops(rewriter, op)) ||
          (epilogue && failed(lowerToLoops(rewriter, epilogue))))
        return signalPassFailure();
    }
    for (auto &[launch, kernels] : launches) {
      if (kernels.front()->hasAttr(legato::kSweepTileAttr)) {
        // legato-group-launches made it a launch only if it matched.
        std::optional<legato::SweepTiles> pair = legato::matchSweepTiles(kernels);
        if (!pair) {
          kernels.front()->emitError("a tiled pair of sweeps that no longer runs tile by tile");
          return signalPassFailure();
        }
        legato::lowerSweepTiles(rewriter, *pair, threads,
                                threads > 1 && pair->rows * pair->cols >= minParallelIterations);
        continue;
      }
      if (failed(lowerLaunch(rewriter, kernels)))
        return signalPassFailure();
    }
  }

  /// The kernels of one launch as one loop over their rows, where the
  /// last of them was: piece k runs row k - start of the kernel whose
  /// pieces [start, next start) hold k (a one-loop kernel is one piece), in
  /// parallel when the kernels together have work enough for the threads.
  LogicalResult lowerLaunch(RewriterBase &rewriter, MutableArrayRef<linalg::GenericOp> kernels) {
    SmallVector<int64_t> starts;
    int64_t pieces = 0, iterations = 0;
    for (linalg::GenericOp kernel : kernels) {
      starts.push_back(pieces);
      pieces += kernel.getNumLoops() == 2 ? kernel.getStaticLoopRanges()[0] : 1;
      iterations += staticIterations(kernel);
    }
    linalg::GenericOp last = kernels.back();
    Location loc = last.getLoc();
    rewriter.setInsertionPoint(last);
    auto index = [&](int64_t v) { return arith::ConstantIndexOp::create(rewriter, loc, v); };
    Value zero = index(0), one = index(1), end = index(pieces);
    Value piece;
    auto capture = [&](OpBuilder &, Location, Value iv) { piece = iv; };
    Operation *loop;
    if (threads > 1 && iterations >= minParallelIterations)
      loop = scf::ParallelOp::create(rewriter, loc, ValueRange{zero}, ValueRange{end},
                                     ValueRange{one},
                                     [&](OpBuilder &b, Location l, ValueRange ivs) {
                                       capture(b, l, ivs[0]);
                                     });
    else
      loop = scf::ForOp::create(rewriter, loc, zero, end, one, ValueRange{},
                                [&](OpBuilder &b, Location l, Value iv, ValueRange) {
                                  capture(b, l, iv);
                                  scf::YieldOp::create(b, l);
                                });
    rewriter.setInsertionPoint(loop->getRegion(0).front().getTerminator());
    for (auto [i, kernel] : llvm::enumerate(kernels)) {
      if (i + 1 < kernels.size()) {
        Value here = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult, piece,
                                           index(starts[i + 1]));
        auto branch = scf::IfOp::create(rewriter, loc, here, /*withElseRegion=*/true);
        rewriter.setInsertionPoint(branch.thenBlock()->getTerminator());
        if (failed(lowerPiece(rewriter, kernel, piece, starts[i])))
          return failure();
        rewriter.setInsertionPoint(branch.elseBlock()->getTerminator());
      } else if (failed(lowerPiece(rewriter, kernel, piece, starts[i]))) {
        return failure();
      }
    }
    for (linalg::GenericOp kernel : kernels)
      rewriter.eraseOp(kernel);
    if (iterations < minParallelIterations)
      legato::disableUnrolling(loop);
    return success();
  }

  /// `kernel`'s loops at the insertion point, for its row `piece - start`
  /// only when it has two loops.
  LogicalResult lowerPiece(RewriterBase &rewriter, linalg::GenericOp kernel, Value piece,
                           int64_t start) {
    Location loc = kernel.getLoc();
    auto copy = cast<linalg::GenericOp>(rewriter.clone(*kernel));
    FailureOr<linalg::LinalgLoops> loops = linalg::linalgOpToLoops(rewriter, copy);
    if (failed(loops))
      return kernel->emitError("cannot lower to loops");
    rewriter.eraseOp(copy);
    if (kernel.getNumLoops() != 2)
      return success();
    auto rows = cast<scf::ForOp>(loops->front());
    rewriter.setInsertionPoint(rows);
    Value offset = arith::SubIOp::create(
        rewriter, loc, piece, arith::ConstantIndexOp::create(rewriter, loc, start));
    Value row = arith::AddIOp::create(
        rewriter, loc, rows.getLowerBound(),
        arith::MulIOp::create(rewriter, loc, offset, rows.getStep()));
    Block *body = rows.getBody();
    rewriter.eraseOp(body->getTerminator());
    rewriter.inlineBlockBefore(body, rows, ValueRange{row});
    rewriter.eraseOp(rows);
    return success();
  }

  /// Whether `op` has work enough for the thread team.
  bool isParallel(linalg::LinalgOp op) {
    int64_t n = staticIterations(op);
    return threads > 1 && (n < 0 || n >= minParallelIterations);
  }

  /// `op` as plain loops, parallel where it pays.
  LogicalResult lowerToLoops(RewriterBase &rewriter, linalg::LinalgOp op) {
    rewriter.setInsertionPoint(op);
    bool parallel = isParallel(op);
    FailureOr<linalg::LinalgLoops> loops = parallel
                                               ? linalg::linalgOpToParallelLoops(rewriter, op)
                                               : linalg::linalgOpToLoops(rewriter, op);
    if (failed(loops))
      return op->emitError("cannot lower to loops");
    int64_t iterations = staticIterations(op);
    rewriter.eraseOp(op);
    if (iterations >= 0 && iterations < minParallelIterations && !loops->empty())
      legato::disableUnrolling(loops->front());
    if (parallel && !loops->empty())
      if (auto outer = dyn_cast<scf::ParallelOp>(loops->front()))
        keepInnermostDimSequential(rewriter, outer, minParallelRows);
    return success();
  }
};

} // namespace
