//===- Sort.cpp - legato.sort to a call of the runtime's sort step --------===//
//
// A sort becomes a call of the runtime's `legato_sort_<type>` (the values)
// or `legato_argsort_<type>` (the positions), Runtime/Sort.cpp on CPUs, on
// buffers as RuntimeCalls.h describes: `(axis, out, in)`. The type suffix
// keeps what the signless buffers lose: whether integers are unsigned.
//
//===----------------------------------------------------------------------===//
#include "Conversion/LegatoToLinalg/Patterns.h"
#include "Conversion/LegatoToLinalg/RuntimeCalls.h"
#include "Dialect/Legato/IR/LegatoDialect.h"

#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::legato;

namespace {

/// i1, i8 ... i64, u8 ... u64, f16, f32, f64 (Runtime/Sort.h's suffixes).
std::string suffixOf(Type element) {
  if (element.isInteger(1))
    return "i1";
  if (auto i = dyn_cast<IntegerType>(element))
    return (i.isUnsigned() ? "u" : "i") + std::to_string(i.getWidth());
  return "f" + std::to_string(element.getIntOrFloatBitWidth());
}

struct SortLowering : OpConversionPattern<SortOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(SortOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type element = cast<RankedTensorType>(op.getInput().getType()).getElementType();
    std::string callee =
        std::string(op.getPositions() ? "legato_argsort_" : "legato_sort_") + suffixOf(element);
    Value input = lowering::readOnlyBuffer(rewriter, op.getLoc(), adaptor.getInput());
    lowering::replaceWithRuntimeCall(rewriter, op, callee, {op.getAxis()}, input,
                                     getTypeConverter()->convertType(op.getType()));
    return success();
  }
};

} // namespace

void lowering::populateSortLoweringPatterns(const TypeConverter &converter,
                                            RewritePatternSet &patterns) {
  patterns.add<SortLowering>(converter, patterns.getContext());
}
