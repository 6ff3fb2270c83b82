//===- DataMovement.cpp - broadcasts, slices, pads, reshapes to linalg ----===//
//
// Data movement (broadcast, transpose, strided slice) is expressed in the
// indexing maps of `linalg.generic`s, so that elementwise fusion turns a chain
// of them into a single loop nest that reads the original tensors directly.
// Windows written into arrays, concatenations and pads become tensor slices.
//
//===----------------------------------------------------------------------===//
#include "Conversion/LegatoToLinalg/LoweringUtils.h"
#include "Conversion/LegatoToLinalg/Patterns.h"
#include "Dialect/Legato/Transforms/Rotation.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::legato;
using namespace mlir::legato::lowering;

namespace {

struct BroadcastLowering : OpConversionPattern<BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(BroadcastOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto in = cast<RankedTensorType>(op.getInput().getType());
    RankedTensorType out = signless(op.getType());
    int64_t lead = out.getRank() - in.getRank();
    SmallVector<AffineExpr> exprs;
    for (int64_t d = 0; d < in.getRank(); ++d)
      exprs.push_back(in.getDimSize(d) == 1 && out.getDimSize(lead + d) != 1
                          ? rewriter.getAffineConstantExpr(0)
                          : rewriter.getAffineDimExpr(lead + d));
    rewriter.replaceOp(op, buildCopyThroughMap(rewriter, op.getLoc(), adaptor.getInput(), out, exprs));
    return success();
  }
};

struct TransposeLowering : OpConversionPattern<TransposeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(TransposeOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    ArrayRef<int64_t> perm = op.getPermutation();
    SmallVector<AffineExpr> exprs(perm.size());
    for (auto [i, p] : llvm::enumerate(perm))
      exprs[p] = rewriter.getAffineDimExpr(i);
    rewriter.replaceOp(op, buildCopyThroughMap(rewriter, op.getLoc(), adaptor.getInput(),
                                               signless(op.getType()), exprs));
    return success();
  }
};

/// A window walked with negative strides is the same window walked forwards
/// (offset moved to its last element) with the values reversed along those
/// dims. Returns the forward offsets/strides and the reversing map, if any.
/// A dim of one element has stride 1: its stride moves nothing, and as 1
/// the window is one that folders and slice chains recognise (`a[::3] = c`
/// on a one-row array overwrites all of it).
struct ForwardWindow {
  SmallVector<int64_t> offsets, strides;
  SmallVector<AffineExpr> reverse;
  bool reversed = false;
};
ForwardWindow forwardWindow(OpBuilder &b, ArrayRef<int64_t> offsets,
                            ArrayRef<int64_t> strides, ArrayRef<int64_t> sizes) {
  ForwardWindow w{SmallVector<int64_t>(offsets), SmallVector<int64_t>(strides), {}, false};
  for (size_t d = 0; d < sizes.size(); ++d) {
    AffineExpr e = b.getAffineDimExpr(d);
    if (sizes[d] == 1)
      w.strides[d] = 1;
    if (w.strides[d] < 0) {
      w.offsets[d] += (sizes[d] - 1) * w.strides[d];
      w.strides[d] = -w.strides[d];
      e = b.getAffineConstantExpr(sizes[d] - 1) - e;
      w.reversed = true;
    }
    w.reverse.push_back(e);
  }
  return w;
}

/// Positive strides become `tensor.extract_slice` (a view after
/// bufferization: no copy); reversed dims add a generic that fuses into its
/// consumers.
struct SliceLowering : OpConversionPattern<SliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(SliceOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = signless(op.getType());
    ForwardWindow w = forwardWindow(rewriter, op.getOffsets(), op.getStrides(), type.getShape());
    Value slice = tensor::ExtractSliceOp::create(
        rewriter, op.getLoc(), type, adaptor.getInput(), ValueRange{}, ValueRange{},
        ValueRange{}, w.offsets, type.getShape(), w.strides);
    if (w.reversed)
      slice = buildCopyThroughMap(rewriter, op.getLoc(), slice, type, w.reverse);
    rewriter.replaceOp(op, slice);
    return success();
  }
};

/// Builds the part of a `type` tensor outside the unit-stride box (`offsets`,
/// `sizes`) from at most two boxes per dimension, each made by `makeBox`
/// (offsets, sizes); the box itself is left for the caller to fill. Only the
/// border is written, so the value placed in the box later can be computed
/// in place (empty-tensor elimination) instead of being copied in.
Value buildOutsideBox(OpBuilder &b, Location loc, RankedTensorType type,
                      ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes,
                      function_ref<Value(ArrayRef<int64_t>, ArrayRef<int64_t>)> makeBox) {
  ArrayRef<int64_t> shape = type.getShape();
  int64_t rank = type.getRank();
  Value result = tensor::EmptyOp::create(b, loc, shape, type.getElementType());
  SmallVector<int64_t> unit(rank, 1);
  for (int64_t d = 0; d < rank; ++d) {
    // Dims before d lie inside the box, dim d outside it, dims after d span
    // the whole array: these boxes are disjoint and cover the complement.
    SmallVector<int64_t> boxOffsets(rank, 0), boxSizes(shape);
    for (int64_t i = 0; i < d; ++i) {
      boxOffsets[i] = offsets[i];
      boxSizes[i] = sizes[i];
    }
    std::pair<int64_t, int64_t> sides[] = {{0, offsets[d]},
                                           {offsets[d] + sizes[d], shape[d] - offsets[d] - sizes[d]}};
    for (auto [start, extent] : sides) {
      if (extent == 0)
        continue;
      boxOffsets[d] = start;
      boxSizes[d] = extent;
      result = tensor::InsertSliceOp::create(b, loc, makeBox(boxOffsets, boxSizes), result,
                                             ValueRange{}, ValueRange{}, ValueRange{},
                                             boxOffsets, boxSizes, unit);
    }
  }
  return result;
}

/// A fresh tensor holding `dest` outside the box, emitted right after `dest`
/// is defined so that it dominates the producer of what goes in the box.
Value copyOutsideBox(OpBuilder &b, Location loc, Value dest, ArrayRef<int64_t> offsets,
                     ArrayRef<int64_t> sizes) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointAfterValue(dest);
  auto type = cast<RankedTensorType>(dest.getType());
  return buildOutsideBox(b, loc, type, offsets, sizes,
                         [&](ArrayRef<int64_t> boxOffsets, ArrayRef<int64_t> boxSizes) -> Value {
                           auto boxType = RankedTensorType::get(boxSizes, type.getElementType());
                           SmallVector<int64_t> unit(type.getRank(), 1);
                           return tensor::ExtractSliceOp::create(
                               b, loc, boxType, dest, ValueRange{}, ValueRange{}, ValueRange{},
                               boxOffsets, boxSizes, unit);
                         });
}

/// `dest` with `value` written into a window. When `value` covers most of
/// `dest` through unit strides (the interior update of a stencil), the
/// result is a fresh tensor that copies only the border from `dest` and into
/// which `value`'s kernel writes directly: one pass over memory instead of a
/// full copy of `dest` followed by a copy of `value`. Otherwise bufferization
/// updates `dest` in place when it can.
struct InsertSliceLowering : OpConversionPattern<InsertSliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(InsertSliceOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Value value = adaptor.getValue(), dest = adaptor.getDest();
    auto valueType = cast<RankedTensorType>(value.getType());
    auto destType = cast<RankedTensorType>(dest.getType());
    ForwardWindow w =
        forwardWindow(rewriter, op.getOffsets(), op.getStrides(), valueType.getShape());
    if (w.reversed)
      value = buildCopyThroughMap(rewriter, op.getLoc(), value, valueType, w.reverse);
    bool unitStrides = llvm::all_of(w.strides, [](int64_t s) { return s == 1; });
    if (unitStrides && 2 * valueType.getNumElements() >= destType.getNumElements() &&
        valueType.getNumElements() < destType.getNumElements())
      dest = copyOutsideBox(rewriter, op.getLoc(), dest, w.offsets, valueType.getShape());
    rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
        op, value, dest, ValueRange{}, ValueRange{}, ValueRange{}, w.offsets,
        valueType.getShape(), w.strides);
    return success();
  }
};

/// Unit-stride insertion of `value` into `dest` at `offsets`.
Value insertAt(OpBuilder &b, Location loc, Value value, Value dest,
               ArrayRef<int64_t> offsets) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> strides(type.getRank(), 1);
  return tensor::InsertSliceOp::create(b, loc, value, dest, ValueRange{}, ValueRange{},
                                       ValueRange{}, offsets, type.getShape(), strides);
}

struct ConcatenateLowering : OpConversionPattern<ConcatenateOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(ConcatenateOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = signless(op.getType());
    if (std::optional<legato::Rotation> roll = legato::rotation(op)) {
      Value source = rewriter.getRemappedValue(roll->source);
      auto sourceType = cast<RankedTensorType>(source.getType());
      int64_t d = roll->dim, n = sourceType.getDimSize(d);
      // linalg takes a loop's size from an operand dim that the map reads as
      // is (offset 0, stride 1): where the windows span only the start of
      // such a dim (a rank's inner rows of its block, say), the copy reads
      // a slice of the source that ends there.
      SmallVector<int64_t> sizes(sourceType.getShape());
      bool partial = false;
      for (int64_t i = 0, e = type.getRank(); i < e; ++i)
        if (i != d && roll->offsets[i] == 0 && roll->strides[i] == 1 &&
            type.getDimSize(i) != sizes[i]) {
          sizes[i] = type.getDimSize(i);
          partial = true;
        }
      if (partial) {
        MLIRContext *ctx = rewriter.getContext();
        SmallVector<int64_t> zeros(sizes.size(), 0), ones(sizes.size(), 1);
        source = tensor::ExtractSliceOp::create(
            rewriter, op.getLoc(), source, getAsIndexOpFoldResult(ctx, zeros),
            getAsIndexOpFoldResult(ctx, sizes), getAsIndexOpFoldResult(ctx, ones));
      }
      SmallVector<AffineExpr> exprs;
      for (int64_t i = 0, e = type.getRank(); i < e; ++i) {
        AffineExpr x = rewriter.getAffineDimExpr(i);
        exprs.push_back(i == d ? (x + roll->offsets[d]) % n
                               : x * roll->strides[i] + roll->offsets[i]);
      }
      rewriter.replaceOp(op, buildCopyThroughMap(rewriter, op.getLoc(), source, type, exprs));
      return success();
    }
    Value result = tensor::EmptyOp::create(rewriter, op.getLoc(), type.getShape(),
                                           type.getElementType());
    SmallVector<int64_t> offsets(type.getRank(), 0);
    for (Value input : adaptor.getInputs()) {
      result = insertAt(rewriter, op.getLoc(), input, result, offsets);
      offsets[op.getDimension()] +=
          cast<RankedTensorType>(input.getType()).getDimSize(op.getDimension());
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct PadLowering : OpConversionPattern<PadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(PadOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = signless(op.getType());
    double padding = op.getPadding().convertToDouble();
    auto inputType = cast<RankedTensorType>(adaptor.getInput().getType());
    Value border;
    {
      // The border depends on nothing: built first, it dominates the input's
      // producer, which then writes straight into the interior.
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(op->getBlock());
      border = buildOutsideBox(
          rewriter, op.getLoc(), type, op.getLow(), inputType.getShape(),
          [&](ArrayRef<int64_t>, ArrayRef<int64_t> boxSizes) {
            auto boxType = RankedTensorType::get(boxSizes, type.getElementType());
            return buildGeneric(rewriter, op.getLoc(), boxType, {}, {},
                                [&](OpBuilder &b, Location loc, ValueRange) {
                                  return scalarConstant(b, loc, type.getElementType(), padding);
                                });
          });
    }
    rewriter.replaceOp(op, insertAt(rewriter, op.getLoc(), adaptor.getInput(), border,
                                    op.getLow()));
    return success();
  }
};

struct ReshapeLowering : OpConversionPattern<ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(ReshapeOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = signless(op.getType());
    // Reshapes that only split or merge dims (adding or dropping unit dims,
    // as a row written with `a[{0, all}] = ...`) are views of any layout;
    // tensor.reshape would copy a strided input into a fresh buffer.
    auto inputType = cast<RankedTensorType>(adaptor.getInput().getType());
    if (std::optional<SmallVector<ReassociationIndices>> groups =
            getReassociationIndicesForReshape(inputType, type)) {
      if (inputType.getRank() > type.getRank())
        rewriter.replaceOpWithNewOp<tensor::CollapseShapeOp>(op, type, adaptor.getInput(),
                                                             *groups);
      else
        rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(op, type, adaptor.getInput(),
                                                           *groups);
      return success();
    }
    auto shapeType = RankedTensorType::get({type.getRank()}, rewriter.getI64Type());
    Value shape = arith::ConstantOp::create(
        rewriter, op.getLoc(), DenseIntElementsAttr::get(shapeType, type.getShape()));
    rewriter.replaceOpWithNewOp<tensor::ReshapeOp>(op, type, adaptor.getInput(), shape);
    return success();
  }
};

} // namespace

void lowering::populateDataMovementLoweringPatterns(const TypeConverter &converter,
                                                    RewritePatternSet &patterns) {
  patterns.add<BroadcastLowering, TransposeLowering, SliceLowering, InsertSliceLowering,
                ConcatenateLowering, PadLowering, ReshapeLowering>(converter, patterns.getContext());
}
