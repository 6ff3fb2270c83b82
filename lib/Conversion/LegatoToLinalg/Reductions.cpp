//===- Reductions.cpp - legato.reduce to linalg ---------------------------===//
#include "Conversion/LegatoToLinalg/LoweringUtils.h"
#include "Conversion/LegatoToLinalg/Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
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
    // The reduction of `elem`s of each input element's `part` (none: the
    // element itself).
    auto reduce = [&](Type elem, std::optional<bool> imaginaryPart) {
      RankedTensorType type = out.clone(elem);
      Value init = tensor::EmptyOp::create(rewriter, loc, type.getShape(), elem);
      Value identity = reductionIdentity(rewriter, loc, kind, elem, isUnsigned);
      init = linalg::FillOp::create(rewriter, loc, identity, init).getResult(0);
      auto generic = linalg::GenericOp::create(
          rewriter, loc, TypeRange{type}, ValueRange{adaptor.getInput()}, ValueRange{init},
          maps, iterators, [&](OpBuilder &b, Location nloc, ValueRange args) {
            Value x = args[0];
            if (imaginaryPart)
              x = *imaginaryPart ? complex::ImOp::create(b, nloc, x).getResult()
                                 : complex::ReOp::create(b, nloc, x).getResult();
            linalg::YieldOp::create(b, nloc, combine(b, nloc, kind, args[1], x, isUnsigned));
          });
      return generic.getResult(0);
    };
    auto complexType = dyn_cast<ComplexType>(elem);
    if (!complexType || kind != ReduceKind::sum) {
      rewriter.replaceOp(op, reduce(elem, std::nullopt));
      return success();
    }
    // A complex sum is the sums of the parts: float accumulators, which the
    // loops vectorize (a complex accumulator, a struct carried through the
    // loop, did not), in one kernel when the reductions fuse.
    Value re = reduce(complexType.getElementType(), false);
    Value im = reduce(complexType.getElementType(), true);
    SmallVector<AffineMap> same(3, rewriter.getMultiDimIdentityMap(out.getRank()));
    SmallVector<utils::IteratorType> parallel(out.getRank(), utils::IteratorType::parallel);
    Value empty = tensor::EmptyOp::create(rewriter, loc, out.getShape(), elem);
    auto join = linalg::GenericOp::create(
        rewriter, loc, TypeRange{out}, ValueRange{re, im}, ValueRange{empty}, same, parallel,
        [&](OpBuilder &b, Location nloc, ValueRange args) {
          linalg::YieldOp::create(
              b, nloc, complex::CreateOp::create(b, nloc, elem, args[0], args[1]).getResult());
        });
    rewriter.replaceOp(op, join.getResult(0));
    return success();
  }
};

} // namespace

void lowering::populateReductionLoweringPatterns(const TypeConverter &converter,
                                                 RewritePatternSet &patterns) {
  patterns.add<ReduceLowering>(converter, patterns.getContext());
}
