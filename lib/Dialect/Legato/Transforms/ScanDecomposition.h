//===- ScanDecomposition.h - scans as reductions over chunks ---*- C++ -*-===//
#ifndef LEGATO_DIALECT_LEGATO_TRANSFORMS_SCANDECOMPOSITION_H
#define LEGATO_DIALECT_LEGATO_TRANSFORMS_SCANDECOMPOSITION_H

#include "Dialect/Legato/IR/LegatoDialect.h"

namespace mlir::legato {

/// Axes of at most this many elements are scanned as one masked reduction:
/// element j combines the elements k <= j, so each costs this many
/// combines. Longer axes are cut into chunks of this size.
inline constexpr int64_t kScanChunk = 8;

/// `op` as legato ops that every target with fused elementwise kernels and
/// reductions implements, for legato-legalize:
///   - an axis of n <= kScanChunk elements: reduce(select(k <= j,
///     broadcast x, identity)) over k, one fused kernel;
///   - a longer one: its whole chunks of kScanChunk, their totals (a
///     reduction), the scan of the totals (the same rewrite, n / kScanChunk
///     elements), and each chunk's masked reduction with the totals of the
///     chunks before it combined into its first element; then the elements
///     after the last whole chunk, starting from all the totals.
/// So a scan reads its input twice and writes its result once, plus the
/// same for the totals (an eighth as many), and so on.
/// A scan along another axis than the last is transposed there and back.
/// The combines run in another order than NumPy's left-to-right loop, so
/// float results differ from it by rounding (integers wrap alike).
Value decomposeScan(OpBuilder &b, ScanOp op);

/// x + y or x * y, elementwise: how a scan of `kind` (sum or prod) combines
/// a running total with what follows it.
Value combineScanned(OpBuilder &b, Location loc, ReduceKind kind, Value x, Value y);

} // namespace mlir::legato

#endif // LEGATO_DIALECT_LEGATO_TRANSFORMS_SCANDECOMPOSITION_H
