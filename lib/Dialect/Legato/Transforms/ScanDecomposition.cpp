//===- ScanDecomposition.cpp - scans as reductions over chunks ------------===//
#include "Dialect/Legato/Transforms/ScanDecomposition.h"
#include "Dialect/Legato/Transforms/SimplifyPatterns.h"

using namespace mlir;
using namespace mlir::legato;

namespace {

double identityOf(ReduceKind kind) { return kind == ReduceKind::prod ? 1.0 : 0.0; }

Value broadcast(OpBuilder &b, Location loc, Value v, ArrayRef<int64_t> shape) {
  return BroadcastOp::create(b, loc, withShape(v, shape), v);
}

/// The scan of `x` along its last axis, of at most kScanChunk elements,
/// inclusive (element j combines elements 0 to j) or exclusive (0 to j - 1),
/// each row starting from `start` (one value per row, or null):
///   result[..., j] = reduce over k of t[..., j, k],
///   t[..., j, k] = (k <= j ? x[..., k] : identity)   (k < j: exclusive),
///   combined with start where k = 0 (a term of every j).
/// Every operand is made at the shape [..., j, k] of the reduction (iotas,
/// broadcasts), so that all of it fuses into the one reduction kernel.
Value maskedScan(OpBuilder &b, Location loc, ReduceKind kind, Value x, Value start,
                 bool exclusive) {
  SmallVector<int64_t> shape(tensorType(x).getShape());
  int64_t n = shape.back(), rank = int64_t(shape.size());
  SmallVector<int64_t> square(shape); // [..., j, k]
  square.push_back(n);
  auto indices = RankedTensorType::get(square, b.getI64Type());
  auto bits = RankedTensorType::get(square, b.getI1Type());
  Value j = IotaOp::create(b, loc, indices, rank - 1), k = IotaOp::create(b, loc, indices, rank);
  SmallVector<int64_t> row(shape);
  row.insert(row.end() - 1, 1); // [..., 1, k]
  Value xs = broadcast(b, loc, createReshape(b, loc, x, row), square);
  Value below = CompareOp::create(b, loc, bits,
                                  exclusive ? ComparePredicate::lt : ComparePredicate::le, k, j);
  Value identity = makeSplat(b, loc, withShape(x, square), identityOf(kind));
  Value terms = SelectOp::create(b, loc, below, xs, identity);
  if (start) {
    SmallVector<int64_t> one(shape.begin(), shape.end() - 1); // [..., 1, 1]
    one.append({1, 1});
    Value starts = broadcast(b, loc, createReshape(b, loc, start, one), square);
    Value first =
        CompareOp::create(b, loc, bits, ComparePredicate::eq, k, makeSplat(b, loc, indices, 0));
    terms = SelectOp::create(b, loc, first, combineScanned(b, loc, kind, starts, terms), terms);
  }
  return ReduceOp::create(b, loc, tensorType(x), kind, terms, ArrayRef<int64_t>{rank});
}

/// `x[..., lo:hi]`.
Value lastAxisWindow(OpBuilder &b, Location loc, Value x, int64_t lo, int64_t hi) {
  SmallVector<int64_t> offsets(tensorType(x).getRank(), 0), strides(offsets.size(), 1);
  SmallVector<int64_t> sizes(tensorType(x).getShape());
  offsets.back() = lo;
  sizes.back() = hi - lo;
  return createSlice(b, loc, x, offsets, strides, sizes);
}

/// The scan of `x` along its last axis, inclusive or exclusive.
Value scanLastAxis(OpBuilder &b, Location loc, ReduceKind kind, Value x, bool exclusive) {
  SmallVector<int64_t> shape(tensorType(x).getShape());
  int64_t n = shape.back(), rank = int64_t(shape.size());
  if (n <= 1 && !exclusive)
    return x;
  if (n <= kScanChunk)
    return maskedScan(b, loc, kind, x, Value(), exclusive);
  // Whole chunks, then the few elements after them (windows of x: views,
  // and the two scans land in the result's halves, so nothing is copied).
  int64_t chunks = n / kScanChunk, whole = chunks * kScanChunk;
  SmallVector<int64_t> cut(shape.begin(), shape.end() - 1); // [..., chunks, chunk]
  cut.append({chunks, kScanChunk});
  Value pieces = createReshape(b, loc, lastAxisWindow(b, loc, x, 0, whole), cut);
  SmallVector<int64_t> perChunk(cut.begin(), cut.end() - 1);
  Value totals =
      ReduceOp::create(b, loc, withShape(x, perChunk), kind, pieces, ArrayRef<int64_t>{rank});
  // Each chunk starts from the totals of the chunks before it.
  Value before = scanLastAxis(b, loc, kind, totals, /*exclusive=*/true);
  SmallVector<int64_t> wholeShape(shape);
  wholeShape.back() = whole;
  Value scanned =
      createReshape(b, loc, maskedScan(b, loc, kind, pieces, before, exclusive), wholeShape);
  if (whole == n)
    return scanned;
  // The rest starts from all the totals: the last chunk's and those before.
  SmallVector<int64_t> rows(shape.begin(), shape.end() - 1);
  Value all = combineScanned(b, loc, kind, lastAxisWindow(b, loc, before, chunks - 1, chunks),
                      lastAxisWindow(b, loc, totals, chunks - 1, chunks));
  Value rest = maskedScan(b, loc, kind, lastAxisWindow(b, loc, x, whole, n),
                          createReshape(b, loc, all, rows), exclusive);
  return ConcatenateOp::create(b, loc, tensorType(x), ValueRange{scanned, rest}, rank - 1);
}

} // namespace

Value mlir::legato::combineScanned(OpBuilder &b, Location loc, ReduceKind kind, Value x,
                                   Value y) {
  if (kind == ReduceKind::prod)
    return MulOp::create(b, loc, x, y);
  return AddOp::create(b, loc, x, y);
}

Value mlir::legato::decomposeScan(OpBuilder &b, ScanOp op) {
  Location loc = op.getLoc();
  Value x = op.getInput();
  int64_t rank = tensorType(x).getRank(), axis = op.getAxis();
  if (axis == rank - 1)
    return scanLastAxis(b, loc, op.getKind(), x, /*exclusive=*/false);
  SmallVector<int64_t> toLast, back(rank);
  for (int64_t d = 0; d < rank; ++d)
    if (d != axis)
      toLast.push_back(d);
  toLast.push_back(axis);
  for (int64_t d = 0; d < rank; ++d)
    back[toLast[d]] = d;
  SmallVector<int64_t> moved;
  for (int64_t d : toLast)
    moved.push_back(tensorType(x).getDimSize(d));
  Value t = TransposeOp::create(b, loc, withShape(x, moved), x, toLast);
  Value scanned = scanLastAxis(b, loc, op.getKind(), t, /*exclusive=*/false);
  return TransposeOp::create(b, loc, op.getType(), scanned, back);
}
