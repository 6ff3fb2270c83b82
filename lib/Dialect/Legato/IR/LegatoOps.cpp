//===- LegatoOps.cpp - op verifiers ---------------------------------------===//
//
// The tracer checks user input and throws legato::Error; these verifiers
// guard the IR itself (hand-written tests, passes that build ops).
//
//===----------------------------------------------------------------------===//
#include "Dialect/Legato/IR/LegatoDialect.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace mlir::legato;

static RankedTensorType tensorOf(Value v) {
  return cast<RankedTensorType>(v.getType());
}

/// Checks that `axes` are distinct and in [0, rank).
static LogicalResult verifyAxes(Operation *op, ArrayRef<int64_t> axes,
                                int64_t rank, StringRef what) {
  llvm::SmallSet<int64_t, 4> seen;
  for (int64_t axis : axes) {
    if (axis < 0 || axis >= rank)
      return op->emitOpError() << what << " " << axis << " is out of range for rank " << rank;
    if (!seen.insert(axis).second)
      return op->emitOpError() << what << " " << axis << " is repeated";
  }
  return success();
}

LogicalResult ConstantOp::verify() {
  auto dense = dyn_cast<DenseElementsAttr>(getValue());
  if (!dense || !dense.isSplat())
    return emitOpError() << "value must be a splat (dense<...> of one value)";
  return success();
}

/// A complex part op's result: the input's shape, of its parts' float type.
static LogicalResult verifyComplexPart(Operation *op) {
  auto in = tensorOf(op->getOperand(0)), out = tensorOf(op->getResult(0));
  Type part = cast<ComplexType>(in.getElementType()).getElementType();
  if (out != in.clone(part))
    return op->emitOpError() << "result must be " << in.clone(part);
  return success();
}
LogicalResult RealOp::verify() { return verifyComplexPart(*this); }
LogicalResult ImagOp::verify() { return verifyComplexPart(*this); }
LogicalResult MagnitudeOp::verify() { return verifyComplexPart(*this); }

LogicalResult IotaOp::verify() {
  int64_t rank = getType().getRank();
  if (getDimension() < 0 || getDimension() >= std::max<int64_t>(rank, 1) ||
      rank == 0)
    return emitOpError() << "dimension " << getDimension()
                         << " is out of range for rank " << rank;
  return success();
}

LogicalResult ReduceOp::verify() {
  RankedTensorType in = tensorOf(getInput()), out = getType();
  if (failed(verifyAxes(*this, getAxes(), in.getRank(), "axis")))
    return failure();
  SmallVector<int64_t> expected;
  for (auto [d, size] : llvm::enumerate(in.getShape()))
    if (!llvm::is_contained(getAxes(), int64_t(d)))
      expected.push_back(size);
  if (out.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "result shape must be the input shape without the "
                            "reduced axes";
  if (out.getElementType() != in.getElementType())
    return emitOpError() << "result element type must match the input's";
  return success();
}

LogicalResult ScanOp::verify() {
  int64_t rank = getType().getRank();
  if (getAxis() < 0 || getAxis() >= rank)
    return emitOpError() << "axis " << getAxis() << " is out of range for rank " << rank;
  if (getKind() != ReduceKind::sum && getKind() != ReduceKind::prod)
    return emitOpError() << "kind must be sum or prod";
  return success();
}

/// The shape of `in` with `axis` replaced by the shape of `indices`: what a
/// gather returns and what a scatter stores.
static SmallVector<int64_t> withAxisReplaced(ArrayRef<int64_t> in, int64_t axis,
                                             ArrayRef<int64_t> indices) {
  SmallVector<int64_t> shape(in.take_front(axis));
  llvm::append_range(shape, indices);
  llvm::append_range(shape, in.drop_front(axis + 1));
  return shape;
}

LogicalResult GatherOp::verify() {
  RankedTensorType in = tensorOf(getInput()), indices = tensorOf(getIndices()), out = getType();
  int64_t axis = getAxis();
  if (axis < 0 || axis >= in.getRank())
    return emitOpError() << "axis " << axis << " is out of range for rank " << in.getRank();
  SmallVector<int64_t> expected = withAxisReplaced(in.getShape(), axis, indices.getShape());
  if (out.getShape() != ArrayRef<int64_t>(expected) || out.getElementType() != in.getElementType())
    return emitOpError() << "result must be "
                         << RankedTensorType::get(expected, in.getElementType())
                         << ": the input with axis " << axis << " replaced by the indices' shape";
  if (in.getDimSize(axis) == 0 && out.getNumElements() != 0)
    return emitOpError() << "cannot take elements from an empty axis";
  return success();
}

LogicalResult ScatterOp::verify() {
  RankedTensorType dest = getType(), indices = tensorOf(getIndices()),
                   values = tensorOf(getValues());
  int64_t axis = getAxis();
  if (axis < 0 || axis >= dest.getRank())
    return emitOpError() << "axis " << axis << " is out of range for rank " << dest.getRank();
  SmallVector<int64_t> expected = withAxisReplaced(dest.getShape(), axis, indices.getShape());
  if (values.getShape() != ArrayRef<int64_t>(expected) ||
      values.getElementType() != dest.getElementType())
    return emitOpError() << "values must be "
                         << RankedTensorType::get(expected, dest.getElementType())
                         << ": the destination with axis " << axis
                         << " replaced by the indices' shape";
  if (std::optional<ReduceKind> combine = getCombine()) {
    if (*combine != ReduceKind::sum)
      return emitOpError() << "can only combine by sum (np.add.at)";
    if (dest.getElementType().isInteger(1))
      return emitOpError() << "cannot add booleans";
  }
  return success();
}

LogicalResult MatmulOp::verify() {
  RankedTensorType l = tensorOf(getLhs()), r = tensorOf(getRhs()), o = getType();
  if (l.getElementType() != r.getElementType() ||
      l.getElementType() != o.getElementType())
    return emitOpError() << "operands and result must have one element type";
  if (l.getRank() < 1 || l.getRank() > 2 || r.getRank() < 1 || r.getRank() > 2)
    return emitOpError() << "operands must be 1-D or 2-D";
  int64_t lk = l.getShape().back();
  int64_t rk = r.getRank() == 2 ? r.getDimSize(0) : r.getDimSize(0);
  if (lk != rk)
    return emitOpError() << "contraction sizes differ: " << lk << " vs " << rk;
  SmallVector<int64_t> expected;
  if (l.getRank() == 2)
    expected.push_back(l.getDimSize(0));
  if (r.getRank() == 2)
    expected.push_back(r.getDimSize(1));
  if (o.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "result shape does not match the operands";
  return success();
}

LogicalResult BatchMatmulOp::verify() {
  RankedTensorType l = tensorOf(getLhs()), r = tensorOf(getRhs()), o = getType();
  if (l.getElementType() != r.getElementType() ||
      l.getElementType() != o.getElementType())
    return emitOpError() << "operands and result must have one element type";
  if (l.getRank() != 3 || r.getRank() != 3)
    return emitOpError() << "operands must be 3-D (batch, rows, columns)";
  if (l.getDimSize(0) != r.getDimSize(0))
    return emitOpError() << "batch sizes differ: " << l.getDimSize(0) << " vs "
                         << r.getDimSize(0);
  if (l.getDimSize(2) != r.getDimSize(1))
    return emitOpError() << "contraction sizes differ: " << l.getDimSize(2) << " vs "
                         << r.getDimSize(1);
  if (o.getShape() != ArrayRef<int64_t>{l.getDimSize(0), l.getDimSize(1), r.getDimSize(2)})
    return emitOpError() << "result shape does not match the operands";
  return success();
}

SmallVector<int64_t> LapackOp::resultShape(LapackKind kind, ArrayRef<int64_t> a,
                                           ArrayRef<int64_t> b, bool vectors, bool full) {
  SmallVector<int64_t> shape(a.drop_back(2));
  int64_t m = a[a.size() - 2], n = a.back(), k = std::min(m, n);
  switch (kind) {
  case LapackKind::cholesky:
    llvm::append_range(shape, a.take_back(2));
    break;
  case LapackKind::solve:
    llvm::append_range(shape, b.take_back(2));
    break;
  case LapackKind::slogdet:
    shape.push_back(2);
    break;
  case LapackKind::eigh:
  case LapackKind::eig:
    shape.push_back(vectors ? n + n * n : n);
    break;
  case LapackKind::svd:
    shape.push_back(!vectors ? k : full ? k + m * m + n * n : k + m * k + k * n);
    break;
  case LapackKind::qr:
    if (full)
      shape.push_back(m * n + (vectors ? m * m : 0));
    else
      shape.push_back(k * n + (vectors ? m * k : 0));
    break;
  }
  return shape;
}

LogicalResult LapackOp::verify() {
  bool binary = getKind() == LapackKind::solve;
  if (getOperands().size() != (binary ? 2u : 1u))
    return emitOpError() << stringifyLapackKind(getKind()) << " takes "
                         << (binary ? "two operands" : "one operand");
  RankedTensorType a = tensorOf(getOperands()[0]), o = getType();
  // eig's result is complex, of its operand's precision.
  Type expected = a.getElementType();
  if (getKind() == LapackKind::eig && !isa<ComplexType>(expected))
    expected = ComplexType::get(expected);
  if (o.getElementType() != expected)
    return emitOpError() << "result element type must be " << expected;
  for (Value v : getOperands())
    if (tensorOf(v).getElementType() != a.getElementType())
      return emitOpError() << "operands must have one element type";
  if (isa<Float16Type>(a.getElementType()))
    return emitOpError() << "LAPACK has no float16 routines";
  if (a.getRank() < 2)
    return emitOpError() << "operands must be stacks of matrices (at least 2-D)";
  ArrayRef<int64_t> as = a.getShape(), bs;
  bool square = getKind() != LapackKind::svd && getKind() != LapackKind::qr;
  if (square && as[as.size() - 1] != as[as.size() - 2])
    return emitOpError() << "needs square matrices";
  if (binary) {
    bs = tensorOf(getOperands()[1]).getShape();
    if (bs.size() != as.size() || bs.drop_back(2) != as.drop_back(2) ||
        bs[bs.size() - 2] != as.back())
      return emitOpError() << "right-hand sides must be [B..., n, k] for [B..., n, n]";
  }
  if (o.getShape() != ArrayRef<int64_t>(resultShape(getKind(), as, bs, getVectors(),
                                                     getFull())))
    return emitOpError() << "result shape does not match the operands";
  return success();
}

LogicalResult FftOp::verify() {
  RankedTensorType in = tensorOf(getInput()), out = getType();
  int64_t axis = getAxis();
  if (axis < 0 || axis >= in.getRank() || in.getRank() != out.getRank())
    return emitOpError() << "axis " << axis << " out of range for rank " << in.getRank()
                         << " (result rank " << out.getRank() << ")";
  Type inElem = in.getElementType(), outElem = out.getElementType();
  bool realIn = getKind() == FftKind::real_forward;
  bool realOut = getKind() == FftKind::real_inverse;
  auto complexIn = dyn_cast<ComplexType>(inElem), complexOut = dyn_cast<ComplexType>(outElem);
  if (realIn == bool(complexIn) || realOut == bool(complexOut))
    return emitOpError() << stringifyFftKind(getKind()) << " maps "
                         << (realIn ? "real" : "complex") << " to "
                         << (realOut ? "real" : "complex") << " elements";
  Type inReal = complexIn ? complexIn.getElementType() : inElem;
  Type outReal = complexOut ? complexOut.getElementType() : outElem;
  if (inReal != outReal || inReal.isF16())
    return emitOpError() << "needs f32 or f64 (or their complex types) of one precision";
  for (int64_t d = 0; d < in.getRank(); ++d) {
    int64_t n = in.getDimSize(d), m = out.getDimSize(d);
    if (d != axis && n != m)
      return emitOpError() << "batch axis " << d << " must keep its length";
  }
  int64_t n = in.getDimSize(axis), m = out.getDimSize(axis);
  int64_t signal = realOut ? m : n, half = realIn ? m : realOut ? n : -1;
  if (signal < 1)
    return emitOpError() << "needs at least one point along the axis";
  if (half >= 0 ? half != signal / 2 + 1 : n != m)
    return emitOpError() << "axis lengths " << n << " -> " << m << " do not fit "
                         << stringifyFftKind(getKind());
  return success();
}

LogicalResult SortOp::verify() {
  RankedTensorType in = tensorOf(getInput()), out = getType();
  int64_t axis = getAxis();
  if (axis < 0 || axis >= in.getRank())
    return emitOpError() << "axis " << axis << " out of range for rank " << in.getRank();
  if (in.getShape() != out.getShape())
    return emitOpError() << "result shape must be the input's";
  int64_t previous = -1;
  for (int64_t k : getKth()) {
    if (k <= previous || k >= in.getDimSize(axis))
      return emitOpError() << "kth positions must ascend within [0, " << in.getDimSize(axis)
                           << ")";
    previous = k;
  }
  Type expected = getPositions() ? IntegerType::get(getContext(), 64) : in.getElementType();
  if (out.getElementType() != expected)
    return emitOpError() << "result elements must be " << expected
                         << (getPositions() ? " (positions)" : " (the input's)");
  return success();
}

LogicalResult BroadcastOp::verify() {
  RankedTensorType in = tensorOf(getInput()), out = getType();
  if (in.getElementType() != out.getElementType())
    return emitOpError() << "element types must match";
  if (in.getRank() > out.getRank())
    return emitOpError() << "cannot broadcast to a lower rank";
  int64_t lead = out.getRank() - in.getRank();
  for (int64_t d = 0; d < in.getRank(); ++d) {
    int64_t s = in.getDimSize(d), t = out.getDimSize(lead + d);
    if (s != t && s != 1)
      return emitOpError() << "input dim " << d << " of size " << s
                           << " cannot stretch to " << t;
  }
  return success();
}

LogicalResult TransposeOp::verify() {
  RankedTensorType in = tensorOf(getInput()), out = getType();
  ArrayRef<int64_t> perm = getPermutation();
  if (int64_t(perm.size()) != in.getRank())
    return emitOpError() << "permutation must have one entry per dimension";
  if (failed(verifyAxes(*this, perm, in.getRank(), "permutation entry")))
    return failure();
  for (auto [i, p] : llvm::enumerate(perm))
    if (out.getDimSize(i) != in.getDimSize(p))
      return emitOpError() << "result dim " << i << " must equal input dim " << p;
  if (in.getElementType() != out.getElementType())
    return emitOpError() << "element types must match";
  return success();
}

LogicalResult ReshapeOp::verify() {
  RankedTensorType in = tensorOf(getInput()), out = getType();
  if (in.getNumElements() != out.getNumElements())
    return emitOpError() << "cannot reshape " << in.getNumElements()
                         << " elements into " << out.getNumElements();
  if (in.getElementType() != out.getElementType())
    return emitOpError() << "element types must match";
  return success();
}

/// Checks a strided window (offsets, strides, sizes) against `source`.
static LogicalResult verifyWindow(Operation *op, RankedTensorType source,
                                  ArrayRef<int64_t> offsets,
                                  ArrayRef<int64_t> strides,
                                  ArrayRef<int64_t> sizes) {
  int64_t rank = source.getRank();
  if (int64_t(offsets.size()) != rank || int64_t(strides.size()) != rank ||
      int64_t(sizes.size()) != rank)
    return op->emitOpError() << "offsets, strides and window need one entry per dimension";
  for (int64_t d = 0; d < rank; ++d) {
    if (strides[d] == 0)
      return op->emitOpError() << "stride of dim " << d << " is zero";
    if (sizes[d] == 0)
      continue;
    int64_t last = offsets[d] + (sizes[d] - 1) * strides[d];
    int64_t extent = source.getDimSize(d);
    if (offsets[d] < 0 || offsets[d] >= extent || last < 0 || last >= extent)
      return op->emitOpError() << "window of dim " << d << " leaves [0, " << extent << ")";
  }
  return success();
}

LogicalResult SliceOp::verify() {
  if (tensorOf(getInput()).getElementType() != getType().getElementType())
    return emitOpError() << "element types must match";
  return verifyWindow(*this, tensorOf(getInput()), getOffsets(), getStrides(),
                      getType().getShape());
}

LogicalResult InsertSliceOp::verify() {
  if (tensorOf(getValue()).getElementType() != getType().getElementType())
    return emitOpError() << "element types must match";
  return verifyWindow(*this, getType(), getOffsets(), getStrides(),
                      tensorOf(getValue()).getShape());
}

LogicalResult ConcatenateOp::verify() {
  if (getInputs().empty())
    return emitOpError() << "needs at least one input";
  RankedTensorType out = getType();
  int64_t dim = getDimension();
  if (dim < 0 || dim >= out.getRank())
    return emitOpError() << "dimension " << dim << " is out of range for rank "
                         << out.getRank();
  int64_t total = 0;
  for (Value v : getInputs()) {
    RankedTensorType t = tensorOf(v);
    if (t.getRank() != out.getRank() || t.getElementType() != out.getElementType())
      return emitOpError() << "inputs must match the result's rank and element type";
    for (int64_t d = 0; d < t.getRank(); ++d)
      if (d != dim && t.getDimSize(d) != out.getDimSize(d))
        return emitOpError() << "inputs differ from the result in dim " << d;
    total += t.getDimSize(dim);
  }
  if (total != out.getDimSize(dim))
    return emitOpError() << "result dim " << dim << " must be the sum of the inputs'";
  return success();
}

LogicalResult PadOp::verify() {
  RankedTensorType in = tensorOf(getInput()), out = getType();
  if (int64_t(getLow().size()) != in.getRank() ||
      int64_t(getHigh().size()) != in.getRank())
    return emitOpError() << "low and high need one entry per dimension";
  for (int64_t d = 0; d < in.getRank(); ++d) {
    if (getLow()[d] < 0 || getHigh()[d] < 0)
      return emitOpError() << "padding widths must be non-negative";
    if (out.getDimSize(d) != in.getDimSize(d) + getLow()[d] + getHigh()[d])
      return emitOpError() << "result dim " << d << " must be input + low + high";
  }
  if (in.getElementType() != out.getElementType())
    return emitOpError() << "element types must match";
  return success();
}

#define GET_OP_CLASSES
#include "Dialect/Legato/IR/LegatoOps.cpp.inc"

LogicalResult RandomOp::verify() {
  std::optional<ArrayRef<int64_t>> global = getGlobalShape(), offsets = getOffsets();
  if (!global && !offsets)
    return success();
  int64_t rank = getType().getRank();
  if (!global || !offsets || int64_t(global->size()) != rank ||
      int64_t(offsets->size()) != rank)
    return emitOpError() << "global_shape and offsets must both be given, one "
                            "entry per dimension (" << rank << ")";
  for (int64_t d = 0; d < rank; ++d)
    if ((*offsets)[d] < 0 || (*offsets)[d] + getType().getDimSize(d) > (*global)[d])
      return emitOpError() << "the block at offsets [" << *offsets
                           << "] lies outside the global shape [" << *global << "]";
  return success();
}

LogicalResult AllReduceOp::verify() {
  std::optional<ArrayRef<int64_t>> groups = getGroups();
  if (groups && (groups->empty() || llvm::any_of(*groups, [](int64_t g) { return g < 0; })))
    return emitOpError() << "groups must hold a group index (0 or more) for each rank";
  return success();
}

LogicalResult ExchangeOp::verify() {
  int64_t rank = int64_t(getGlobalShape().size());
  if (tensorOf(getInput()).getRank() != rank || getType().getRank() != rank)
    return emitOpError() << "input and result must have the rank of the global shape";
  if (getHave().size() != getNeed().size() || getHave().size() % std::max<int64_t>(2 * rank, 1))
    return emitOpError() << "have and need must hold one box (low, high corner) per rank";
  int64_t ranks = rank ? int64_t(getHave().size()) / (2 * rank) : 1;
  if (getRank() < 0 || getRank() >= ranks)
    return emitOpError() << "rank " << getRank() << " is not among the " << ranks << " ranks";
  auto boxShape = [&](ArrayRef<int64_t> boxes) {
    SmallVector<int64_t> shape;
    for (int64_t d = 0; d < rank; ++d)
      shape.push_back(std::max<int64_t>(0, boxes[getRank() * 2 * rank + rank + d] -
                                               boxes[getRank() * 2 * rank + d]));
    return shape;
  };
  if (tensorOf(getInput()).getShape() != ArrayRef<int64_t>(boxShape(getHave())) ||
      getType().getShape() != ArrayRef<int64_t>(boxShape(getNeed())))
    return emitOpError() << "input and result shapes must be this rank's have and need boxes";
  return success();
}
