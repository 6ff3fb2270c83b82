//===- Lapack.cpp - legato.lapack to a call of the runtime's LAPACK step ---===//
//
// A LAPACK routine becomes a call of the runtime's `legato_lapack_<type>`
// (`legato_lapack_eig_<type>` for eig, whose result is complex)
// (Runtime/Lapack.cpp on CPUs) on buffers, as RuntimeCalls.h describes:
// `(kind, flags, out, a, b)`, b = a for routines of one operand.
//
//===----------------------------------------------------------------------===//
#include "Conversion/LegatoToLinalg/Patterns.h"
#include "Conversion/LegatoToLinalg/RuntimeCalls.h"
#include "Dialect/Legato/IR/LegatoDialect.h"

#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::legato;

namespace {

/// The callee's name for operands of element type `t`: one per type, and
/// eig's own (its result is complex where its operands are real).
std::string calleeFor(LapackKind kind, Type t) {
  std::string name = kind == LapackKind::eig ? "legato_lapack_eig_" : "legato_lapack_";
  if (auto c = dyn_cast<ComplexType>(t))
    return name + (c.getElementType().isF32() ? "c64" : "c128");
  return name + (t.isF32() ? "f32" : "f64");
}

struct LapackLowering : OpConversionPattern<LapackOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(LapackOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> buffers;
    for (Value operand : adaptor.getOperands())
      buffers.push_back(lowering::readOnlyBuffer(rewriter, op.getLoc(), operand));
    if (buffers.size() == 1)
      buffers.push_back(buffers[0]);
    Type operandElem = cast<RankedTensorType>(op.getOperands()[0].getType()).getElementType();
    int64_t flags = (op.getVectors() ? 1 : 0) | (op.getFull() ? 2 : 0) | (op.getUpper() ? 4 : 0);
    lowering::replaceWithRuntimeCall(rewriter, op, calleeFor(op.getKind(), operandElem),
                                     {int64_t(op.getKind()), flags}, buffers);
    return success();
  }
};

} // namespace

void lowering::populateLapackLoweringPatterns(const TypeConverter &converter,
                                              RewritePatternSet &patterns) {
  patterns.add<LapackLowering>(converter, patterns.getContext());
}
