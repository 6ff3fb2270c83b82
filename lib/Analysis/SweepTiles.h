//===- SweepTiles.h - two stencil sweeps, tile by tile of rows ===//
//
// legato-fuse-sweeps (recompute=false, the CPU's) leaves a pair of sweeps as
// the first sweep's kernel, writing a temporary array, and the kernels of the
// second sweep's runs, which read that array at constant row shifts; all are
// marked with one kSweepTileAttr number. On the CPU they run as one launch
// over tiles of the first kernel's rows: a tile computes its rows of the
// first sweep, and the few beyond its edges that the second reads, into a
// scratch buffer on its thread's stack, then the second sweep's rows that
// read them. The temporary array is never written: two sweeps make one pass
// over memory, and only the rows at tile edges are computed twice.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_ANALYSIS_SWEEPTILES_H
#define LEGATO_ANALYSIS_SWEEPTILES_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>

namespace mlir::legato {

/// The dim and the constant c of a map result `dim + c` (a shift); nullopt
/// for other expressions.
std::optional<std::pair<unsigned, int64_t>> dimShift(AffineExpr e);

/// The constant c of a map result `d0 + c` (a row shift); nullopt for other
/// expressions.
std::optional<int64_t> rowShift(AffineExpr e);

/// A tiled pair, checked to run tile by tile as its program order does.
struct SweepTiles {
  /// The first sweep: `rows` x `cols` values into `temporary`.
  linalg::GenericOp producer;
  Value temporary;
  /// The temporary and the views of whole rows of it that the second sweep
  /// reads, each with its first row.
  SmallVector<std::pair<Value, int64_t>> views;
  /// The second sweep's kernels, in program order; each reads `temporary`.
  SmallVector<linalg::GenericOp> consumers;
  /// Row i of consumer k belongs to the tile that holds producer row
  /// i + owner[k].
  SmallVector<int64_t> owner;
  /// Producer rows that a tile computes before and after its own.
  int64_t haloBefore = 0, haloAfter = 0;
  int64_t rows = 0, cols = 0;
  int64_t rowBytes = 0;

  /// Producer rows per tile when `threads` threads share the tiles; 0 when
  /// even the smallest tile's scratch does not fit on a thread's stack.
  int64_t tileRows(int threads) const;
  /// The first row of `view` in the temporary when it is one of `views`.
  std::optional<int64_t> firstRowOf(Value view) const;
};

/// The tiled pair that `members` (the kernels of one kSweepTileAttr number,
/// in program order, on buffers) form; nullopt when they cannot run tile by
/// tile with the results of their program order (another user of the
/// temporary, a read that is not a row shift, a kernel of the second sweep
/// writing what another member reads, a scratch too large).
std::optional<SweepTiles> matchSweepTiles(ArrayRef<linalg::GenericOp> members);

/// Whether `v` is the temporary of a tiled pair: an allocation that only
/// the pair's kernels use (also through views of its rows), and a dealloc;
/// it is replaced by per-tile scratch.
bool isSweepTileTemporary(Value v);

/// Replaces the pair by one loop over its tiles, where its last kernel was:
/// an scf.parallel when `parallel`, else an scf.for.
void lowerSweepTiles(RewriterBase &rewriter, const SweepTiles &pair, int threads,
                     bool parallel);

} // namespace mlir::legato

#endif // LEGATO_ANALYSIS_SWEEPTILES_H
