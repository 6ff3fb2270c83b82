//===- Sort.cpp - legato.sort to a call of the runtime's sort step --------===//
//
// A sort becomes a call of the runtime's `legato_sort_<type>` (the values)
// or `legato_argsort_<type>` (the positions), Runtime/Sort.cpp on CPUs, on
// buffers as RuntimeCalls.h describes: `(axis, out, in)`; a partition (kth
// given) one of `legato_partition_<type>` or `legato_argpartition_<type>`,
// `(axis, out, in, kth)`, the kth positions an i64 constant buffer. The
// type suffix keeps what the signless buffers lose: whether integers are
// unsigned.
//
//===----------------------------------------------------------------------===//
#include "Conversion/LegatoToLinalg/Patterns.h"
#include "Conversion/LegatoToLinalg/RuntimeCalls.h"
#include "Dialect/Legato/IR/LegatoDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
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
    ArrayRef<int64_t> kth = op.getKth();
    std::string callee = std::string("legato_") + (op.getPositions() ? "arg" : "") +
                         (kth.empty() ? "sort_" : "partition_") + suffixOf(element);
    Location loc = op.getLoc();
    SmallVector<Value> buffers = {lowering::readOnlyBuffer(rewriter, loc, adaptor.getInput())};
    if (!kth.empty()) {
      auto type = RankedTensorType::get({int64_t(kth.size())}, rewriter.getI64Type());
      Value positions =
          arith::ConstantOp::create(rewriter, loc, DenseIntElementsAttr::get(type, kth));
      buffers.push_back(lowering::readOnlyBuffer(rewriter, loc, positions));
    }
    lowering::replaceWithRuntimeCall(rewriter, op, callee, {op.getAxis()}, buffers,
                                     getTypeConverter()->convertType(op.getType()));
    return success();
  }
};

} // namespace

void lowering::populateSortLoweringPatterns(const TypeConverter &converter,
                                            RewritePatternSet &patterns) {
  patterns.add<SortLowering>(converter, patterns.getContext());
}
