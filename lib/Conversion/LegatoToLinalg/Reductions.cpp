//===- Reductions.cpp - legato.reduce to linalg ---------------------------===//
#include "Conversion/LegatoToLinalg/LoweringUtils.h"
#include "Conversion/LegatoToLinalg/Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::legato;
using namespace mlir::legato::lowering;

namespace {

struct ReduceLowering : OpConversionPattern<ReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto in = cast<RankedTensorType>(op.getInput().getType());
    RankedTensorType out = signless(op.getType());
    bool isUnsigned = isUnsignedValue(op.getInput());
    Type elem = out.getElementType();
    ReduceKind kind = op.getKind();
    Value init = tensor::EmptyOp::create(rewriter, loc, out.getShape(), elem);
    Value identity = reductionIdentity(rewriter, loc, kind, elem, isUnsigned);
    init = linalg::FillOp::create(rewriter, loc, identity, init).getResult(0);

    SmallVector<utils::IteratorType> iterators;
    SmallVector<AffineExpr> outExprs;
    for (int64_t d = 0; d < in.getRank(); ++d) {
      bool reduced = llvm::is_contained(op.getAxes(), d);
      iterators.push_back(reduced ? utils::IteratorType::reduction
                                  : utils::IteratorType::parallel);
      if (!reduced)
        outExprs.push_back(rewriter.getAffineDimExpr(d));
    }
    SmallVector<AffineMap> maps = {
        rewriter.getMultiDimIdentityMap(in.getRank()),
        AffineMap::get(in.getRank(), 0, outExprs, rewriter.getContext())};
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{out}, ValueRange{adaptor.getInput()}, ValueRange{init},
        maps, iterators, [&](OpBuilder &b, Location nloc, ValueRange args) {
          linalg::YieldOp::create(b, nloc, combine(b, nloc, kind, args[1], args[0], isUnsigned));
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

} // namespace

void lowering::populateReductionLoweringPatterns(const TypeConverter &converter,
                                                 RewritePatternSet &patterns) {
  patterns.add<ReduceLowering>(converter, patterns.getContext());
}
