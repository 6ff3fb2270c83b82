//===- Indexing.cpp - gathers and scatters to linalg and scf --------------===//
#include "Conversion/LegatoToLinalg/LoweringUtils.h"
#include "Conversion/LegatoToLinalg/Patterns.h"
#include "Dialect/Legato/IR/Markers.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::legato;
using namespace mlir::legato::lowering;

namespace {

/// A generic over the result reading the indices; each element loads its
/// input element at the position its index names (clamped into the axis, so
/// that no load leaves the input whatever the index). The input is read
/// from the body, not as an operand: fusion never pulls its producer in.
struct GatherLowering : OpConversionPattern<GatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType = signless(op.getType());
    int64_t axis = op.getAxis();
    auto indicesType = cast<RankedTensorType>(op.getIndices().getType());
    int64_t k = indicesType.getRank(), rank = resultType.getRank();
    int64_t n = cast<RankedTensorType>(op.getInput().getType()).getDimSize(axis);
    SmallVector<AffineExpr> indexDims;
    for (int64_t d = axis; d < axis + k; ++d)
      indexDims.push_back(rewriter.getAffineDimExpr(d));
    AffineMap indicesMap = AffineMap::get(rank, 0, indexDims, rewriter.getContext());
    Value input = adaptor.getInput();
    rewriter.replaceOp(
        op, buildGeneric(rewriter, op.getLoc(), resultType, adaptor.getIndices(), {indicesMap},
                         [&](OpBuilder &b, Location loc, ValueRange args) -> Value {
                           Value i = arith::IndexCastOp::create(b, loc, b.getIndexType(), args[0]);
                           Value zero = arith::ConstantIndexOp::create(b, loc, 0);
                           Value last = arith::ConstantIndexOp::create(b, loc, n - 1);
                           i = arith::MinSIOp::create(
                               b, loc, arith::MaxSIOp::create(b, loc, i, zero), last);
                           SmallVector<Value> position;
                           for (int64_t d = 0; d < axis; ++d)
                             position.push_back(linalg::IndexOp::create(b, loc, d));
                           position.push_back(i);
                           for (int64_t d = axis + k; d < rank; ++d)
                             position.push_back(linalg::IndexOp::create(b, loc, d));
                           return tensor::ExtractOp::create(b, loc, input, position);
                         }));
    return success();
  }
};

/// A loop over the values in row-major order, carrying the destination:
/// each value is inserted at its index (added to the element there with
/// `combine sum`), so the last of repeated indices wins, as in NumPy. An
/// index outside the axis is skipped. The loop is marked `legato.scatter`
/// (kScatterLoopAttr): the GPU lowering runs its iterations in parallel.
/// A single value is stored by a kernel over the destination instead.
struct ScatterLowering : OpConversionPattern<ScatterOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(ScatterOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto valuesType = cast<RankedTensorType>(op.getValues().getType());
    int64_t axis = op.getAxis(), rank = valuesType.getRank();
    int64_t k = cast<RankedTensorType>(op.getIndices().getType()).getRank();
    int64_t n = op.getType().getDimSize(axis);
    std::optional<ReduceKind> kind = op.getCombine();
    bool isUnsigned = isUnsignedValue(op.getDest());
    if (valuesType.getNumElements() == 1) {
      // One value: a kernel over the destination that stores it where the
      // position along the axis is the index. (A loop of one iteration
      // would be folded away, and with it what marks it as a scatter.)
      RankedTensorType type = signless(op.getType());
      AffineMap first = AffineMap::get(
          type.getRank(), 0, SmallVector<AffineExpr>(k, rewriter.getAffineConstantExpr(0)),
          rewriter.getContext());
      AffineMap corner = AffineMap::get(
          type.getRank(), 0, SmallVector<AffineExpr>(rank, rewriter.getAffineConstantExpr(0)),
          rewriter.getContext());
      rewriter.replaceOp(
          op,
          buildGeneric(
              rewriter, loc, type, {adaptor.getDest(), adaptor.getIndices(), adaptor.getValues()},
              {rewriter.getMultiDimIdentityMap(type.getRank()), first, corner},
              [&](OpBuilder &b, Location loc, ValueRange args) -> Value {
                Value here = arith::IndexCastOp::create(b, loc, b.getI64Type(),
                                                        linalg::IndexOp::create(b, loc, axis));
                Value hit = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, here, args[1]);
                Value value = kind ? combine(b, loc, *kind, args[0], args[2], isUnsigned) : args[2];
                return arith::SelectOp::create(b, loc, hit, value, args[0]);
              }));
      return success();
    }
    auto index = [&](int64_t v) { return arith::ConstantIndexOp::create(rewriter, loc, v); };
    // A destination that stays live (an argument, or read elsewhere) is
    // copied first, explicitly: into a new tensor, which the output buffer
    // of a program that returns the scatter then holds (one copy, not one
    // by bufferization and another into the output).
    Value dest = adaptor.getDest();
    if (isa<BlockArgument>(op.getDest()) || !op.getDest().hasOneUse())
      dest = linalg::CopyOp::create(rewriter, loc, dest,
                                    tensor::EmptyOp::create(rewriter, loc, op.getType().getShape(),
                                                            signless(op.getType()).getElementType())
                                        .getResult())
                 .getResult(0);
    auto loop = scf::ForOp::create(
        rewriter, loc, index(0), index(valuesType.getNumElements()), index(1), ValueRange{dest},
        [&](OpBuilder &b, Location loc, Value flat, ValueRange carried) {
          // The value's coordinates, from its row-major position.
          SmallVector<Value> at(rank);
          for (int64_t d = rank - 1; d > 0; --d) {
            Value size = arith::ConstantIndexOp::create(b, loc, valuesType.getDimSize(d));
            at[d] = arith::RemUIOp::create(b, loc, flat, size);
            flat = arith::DivUIOp::create(b, loc, flat, size);
          }
          if (rank > 0)
            at[0] = flat;
          Value i = tensor::ExtractOp::create(b, loc, adaptor.getIndices(),
                                              ArrayRef<Value>(at).slice(axis, k));
          i = arith::IndexCastOp::create(b, loc, b.getIndexType(), i);
          Value zero = arith::ConstantIndexOp::create(b, loc, 0);
          Value extent = arith::ConstantIndexOp::create(b, loc, n);
          Value inside = arith::AndIOp::create(
              b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, i, zero),
              arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, i, extent));
          SmallVector<Value> position(ArrayRef<Value>(at).take_front(axis));
          position.push_back(i);
          llvm::append_range(position, ArrayRef<Value>(at).drop_front(axis + k));
          Value current = carried[0];
          auto store = scf::IfOp::create(
              b, loc, inside,
              [&](OpBuilder &b, Location loc) {
                Value value = tensor::ExtractOp::create(b, loc, adaptor.getValues(), at);
                if (kind)
                  value = combine(b, loc, *kind,
                                  tensor::ExtractOp::create(b, loc, current, position), value,
                                  isUnsigned);
                scf::YieldOp::create(
                    b, loc, tensor::InsertOp::create(b, loc, value, current, position).getResult());
              },
              [&](OpBuilder &b, Location loc) { scf::YieldOp::create(b, loc, current); });
          scf::YieldOp::create(b, loc, store.getResult(0));
        });
    loop->setAttr(kScatterLoopAttr, rewriter.getUnitAttr());
    rewriter.replaceOp(op, loop.getResult(0));
    return success();
  }
};

} // namespace

void lowering::populateIndexingLoweringPatterns(const TypeConverter &converter,
                                                RewritePatternSet &patterns) {
  patterns.add<GatherLowering, ScatterLowering>(converter, patterns.getContext());
}
