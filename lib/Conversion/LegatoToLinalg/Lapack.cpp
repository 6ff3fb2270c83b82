//===- Lapack.cpp - legato.lapack to a call of the runtime's LAPACK step ---===//
//
// A LAPACK routine is no loop nest: it becomes a call of the runtime's
// `legato_lapack_<type>` (`legato_lapack_eig_<type>` for eig, whose result
// is complex) (Runtime/Lapack.cpp on CPUs) on buffers. The
// operands are read in place (`to_buffer read_only`: the runtime copies
// what LAPACK overwrites), the result is a new buffer that the call fills,
// and `to_tensor restrict` hands it back to the tensor program, so that
// one-shot bufferization sees an ordinary producer.
//
//===----------------------------------------------------------------------===//
#include "Conversion/LegatoToLinalg/LoweringUtils.h"
#include "Conversion/LegatoToLinalg/Patterns.h"
#include "Dialect/Legato/IR/LegatoDialect.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
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

/// Declares (once) `callee(i64 kind, i64 flags, memref<*xR> out, memref<*xT>
/// a, b)`.
func::FuncOp declare(ConversionPatternRewriter &rewriter, ModuleOp module, StringRef callee,
                     Type result, Type operand) {
  if (auto f = module.lookupSymbol<func::FuncOp>(callee))
    return f;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToEnd(module.getBody());
  Type i64 = rewriter.getI64Type(), out = UnrankedMemRefType::get(result, 0);
  Type any = UnrankedMemRefType::get(operand, 0);
  auto f = func::FuncOp::create(rewriter, module.getLoc(), callee,
                                rewriter.getFunctionType({i64, i64, out, any, any}, {}));
  f.setPrivate();
  f->setAttr("llvm.emit_c_interface", rewriter.getUnitAttr());
  return f;
}

struct LapackLowering : OpConversionPattern<LapackOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(LapackOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    RankedTensorType out = op.getType();
    Type elem = out.getElementType();
    Type operandElem = cast<RankedTensorType>(op.getOperands()[0].getType()).getElementType();
    auto unranked = UnrankedMemRefType::get(operandElem, 0);
    SmallVector<Value> buffers;
    for (Value operand : adaptor.getOperands()) {
      auto t = cast<RankedTensorType>(operand.getType());
      auto buffer = bufferization::ToBufferOp::create(rewriter, loc, lowering::anyLayout(t), operand,
                                                      /*read_only=*/true);
      buffers.push_back(memref::CastOp::create(rewriter, loc, unranked, buffer));
    }
    if (buffers.size() == 1)
      buffers.push_back(buffers[0]);
    auto result = memref::AllocOp::create(rewriter, loc, MemRefType::get(out.getShape(), elem),
                                          ValueRange{}, rewriter.getI64IntegerAttr(64));
    int64_t flags = (op.getVectors() ? 1 : 0) | (op.getFull() ? 2 : 0) | (op.getUpper() ? 4 : 0);
    func::FuncOp callee =
        declare(rewriter, module, calleeFor(op.getKind(), operandElem), elem, operandElem);
    Value kind = arith::ConstantIntOp::create(rewriter, loc, int64_t(op.getKind()), 64);
    Value flagsValue = arith::ConstantIntOp::create(rewriter, loc, flags, 64);
    Value resultArg =
        memref::CastOp::create(rewriter, loc, UnrankedMemRefType::get(elem, 0), result);
    func::CallOp::create(rewriter, loc, callee,
                         ValueRange{kind, flagsValue, resultArg, buffers[0], buffers[1]});
    rewriter.replaceOpWithNewOp<bufferization::ToTensorOp>(op, out, result, /*restrict=*/true,
                                                           /*writable=*/true);
    return success();
  }
};

} // namespace

void lowering::populateLapackLoweringPatterns(const TypeConverter &converter,
                                              RewritePatternSet &patterns) {
  patterns.add<LapackLowering>(converter, patterns.getContext());
}
