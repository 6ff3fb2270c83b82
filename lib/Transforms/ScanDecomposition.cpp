//===- ScanDecomposition.cpp - scans as reductions over chunks ------------===//
#include "Transforms/ScanDecomposition.h"
#include "Transforms/SimplifyPatterns.h"

using namespace mlir;
using namespace mlir::legato;

namespace {

double identityOf(ReduceKind kind) { return kind == ReduceKind::prod ? 1.0 : 0.0; }

RankedTensorType withShape(Value like, ArrayRef<int64_t> shape) {
  return RankedTensorType::get(shape, tensorType(like).getElementType());
}

Value reshape(OpBuilder &b, Location loc, Value v, ArrayRef<int64_t> shape) {
  return ReshapeOp::create(b, loc, withShape(v, shape), v);
}

Value broadcast(OpBuilder &b, Location loc, Value v, ArrayRef<int64_t> shape) {
  return BroadcastOp::create(b, loc, withShape(v, shape), v);
}

Value combine(OpBuilder &b, Location loc, ReduceKind kind, Value x, Value y) {
  if (kind == ReduceKind::prod)
    return MulOp::create(b, loc, x, y);
  return AddOp::create(b, loc, x, y);
}

/// The scan of `x` along its last axis, of at most kScanChunk elements:
/// result[..., j] = reduce over k of (k <= j ? x[..., k] : identity).
Value maskedScan(OpBuilder &b, Location loc, ReduceKind kind, Value x) {
  SmallVector<int64_t> shape(tensorType(x).getShape());
  int64_t n = shape.back(), rank = int64_t(shape.size());
  SmallVector<int64_t> square(shape); // [..., j, k]
  square.push_back(n);
  auto indices = RankedTensorType::get({n, n}, b.getI64Type());
  Value j = IotaOp::create(b, loc, indices, 0), k = IotaOp::create(b, loc, indices, 1);
  Value below = CompareOp::create(b, loc, RankedTensorType::get({n, n}, b.getI1Type()),
                                  ComparePredicate::le, k, j);
  below = BroadcastOp::create(b, loc, RankedTensorType::get(square, b.getI1Type()), below);
  SmallVector<int64_t> row(shape);
  row.insert(row.end() - 1, 1); // [..., 1, k]
  Value xs = broadcast(b, loc, reshape(b, loc, x, row), square);
  Value identity = makeSplat(b, loc, withShape(x, square), identityOf(kind));
  Value masked = SelectOp::create(b, loc, below, xs, identity);
  return ReduceOp::create(b, loc, tensorType(x), kind, masked, ArrayRef<int64_t>{rank});
}

/// The scan of `x` along its last axis.
Value scanLastAxis(OpBuilder &b, Location loc, ReduceKind kind, Value x) {
  SmallVector<int64_t> shape(tensorType(x).getShape());
  int64_t n = shape.back(), rank = int64_t(shape.size());
  if (n <= 1)
    return x;
  if (n <= kScanChunk)
    return maskedScan(b, loc, kind, x);
  int64_t chunks = (n + kScanChunk - 1) / kScanChunk;
  SmallVector<int64_t> low(rank, 0), high(rank, 0);
  high.back() = chunks * kScanChunk - n;
  SmallVector<int64_t> padded(shape);
  padded.back() = chunks * kScanChunk;
  Value whole = x;
  if (high.back() > 0)
    whole = PadOp::create(b, loc, withShape(x, padded), x, low, high,
                          llvm::APFloat(identityOf(kind)));
  SmallVector<int64_t> cut(shape.begin(), shape.end() - 1); // [..., chunks, chunk]
  cut.append({chunks, kScanChunk});
  Value pieces = reshape(b, loc, whole, cut);
  SmallVector<int64_t> perChunk(cut.begin(), cut.end() - 1);
  Value totals = ReduceOp::create(b, loc, withShape(x, perChunk), kind, pieces,
                                  ArrayRef<int64_t>{rank});
  // The totals of the chunks before each: the scan of the totals, shifted
  // right by one with the identity in front.
  Value running = scanLastAxis(b, loc, kind, totals);
  SmallVector<int64_t> front(rank, 0), none(rank, 0);
  front.back() = 1;
  SmallVector<int64_t> shifted(perChunk);
  shifted.back() += 1;
  Value before = PadOp::create(b, loc, withShape(x, shifted), running, front, none,
                               llvm::APFloat(identityOf(kind)));
  before = createSlice(b, loc, before, SmallVector<int64_t>(rank, 0),
                       SmallVector<int64_t>(rank, 1), perChunk);
  SmallVector<int64_t> column(perChunk);
  column.push_back(1);
  Value offsets = broadcast(b, loc, reshape(b, loc, before, column), cut);
  Value scanned = combine(b, loc, kind, offsets, maskedScan(b, loc, kind, pieces));
  scanned = reshape(b, loc, scanned, padded);
  if (high.back() > 0)
    scanned = createSlice(b, loc, scanned, SmallVector<int64_t>(rank, 0),
                          SmallVector<int64_t>(rank, 1), shape);
  return scanned;
}

} // namespace

Value mlir::legato::decomposeScan(OpBuilder &b, ScanOp op) {
  Location loc = op.getLoc();
  Value x = op.getInput();
  int64_t rank = tensorType(x).getRank(), axis = op.getAxis();
  if (axis == rank - 1)
    return scanLastAxis(b, loc, op.getKind(), x);
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
  Value scanned = scanLastAxis(b, loc, op.getKind(), t);
  return TransposeOp::create(b, loc, op.getType(), scanned, back);
}
