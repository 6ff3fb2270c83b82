//===- RuntimeCalls.cpp - library ops as calls of the runtime -------------===//
#include "Conversion/LegatoToLinalg/RuntimeCalls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

namespace {

/// memref<?x...xT, strided<[?, ...], offset: ?>> of `t`'s shape: a view of
/// any layout.
MemRefType anyLayout(RankedTensorType t) {
  SmallVector<int64_t> dynamic(t.getRank(), ShapedType::kDynamic);
  auto layout = StridedLayoutAttr::get(t.getContext(), ShapedType::kDynamic, dynamic);
  return MemRefType::get(t.getShape(), t.getElementType(), layout);
}

func::FuncOp declare(OpBuilder &b, ModuleOp module, StringRef callee, FunctionType type) {
  if (auto f = module.lookupSymbol<func::FuncOp>(callee))
    return f;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(module.getBody());
  auto f = func::FuncOp::create(b, module.getLoc(), callee, type);
  f.setPrivate();
  f->setAttr("llvm.emit_c_interface", b.getUnitAttr());
  return f;
}

} // namespace

Value legato::lowering::readOnlyBuffer(OpBuilder &b, Location loc, Value tensor) {
  auto t = cast<RankedTensorType>(tensor.getType());
  Value buffer = bufferization::ToBufferOp::create(b, loc, anyLayout(t), tensor,
                                                   /*read_only=*/true);
  return memref::CastOp::create(b, loc, UnrankedMemRefType::get(t.getElementType(), 0), buffer);
}

void legato::lowering::replaceWithRuntimeCall(ConversionPatternRewriter &rewriter,
                                              Operation *op, StringRef callee,
                                              ArrayRef<int64_t> constants, ValueRange buffers,
                                              Type resultType) {
  Location loc = op->getLoc();
  auto out = cast<RankedTensorType>(resultType ? resultType : op->getResult(0).getType());
  Type elem = out.getElementType();
  auto result = memref::AllocOp::create(rewriter, loc, MemRefType::get(out.getShape(), elem),
                                        ValueRange{}, rewriter.getI64IntegerAttr(64));
  SmallVector<Value> args;
  for (int64_t c : constants)
    args.push_back(arith::ConstantIntOp::create(rewriter, loc, c, 64));
  args.push_back(
      memref::CastOp::create(rewriter, loc, UnrankedMemRefType::get(elem, 0), result));
  llvm::append_range(args, buffers);
  auto type = rewriter.getFunctionType(ValueRange(args).getTypes(), {});
  func::FuncOp f = declare(rewriter, op->getParentOfType<ModuleOp>(), callee, type);
  func::CallOp::create(rewriter, loc, f, args);
  rewriter.replaceOpWithNewOp<bufferization::ToTensorOp>(op, out, result, /*restrict=*/true,
                                                         /*writable=*/true);
}
