//===- BufferInterface.cpp - destination-passing entry functions ------------===//
#include "Transforms/Passes.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOBUFFERINTERFACEPASS
#include "Transforms/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;

namespace {

MemRefType memrefFor(Type tensorType) {
  auto t = cast<RankedTensorType>(tensorType);
  return MemRefType::get(t.getShape(), t.getElementType());
}

void rewriteFunction(func::FuncOp func) {
  MLIRContext *ctx = func.getContext();
  Block &entry = func.front();
  OpBuilder b = OpBuilder::atBlockBegin(&entry);
  Location loc = func.getLoc();

  // Inputs: memref arguments read through restrict to_tensor ops.
  for (BlockArgument arg : entry.getArguments()) {
    Type tensorType = arg.getType();
    arg.setType(memrefFor(tensorType));
    auto toTensor = bufferization::ToTensorOp::create(b, loc, tensorType, arg,
                                                      /*restrict=*/true,
                                                      /*writable=*/false);
    arg.replaceAllUsesExcept(toTensor, toTensor);
  }

  // Outputs: one memref argument per result, written in place.
  auto ret = cast<func::ReturnOp>(entry.getTerminator());
  b.setInsertionPoint(ret);
  for (Value result : ret.getOperands()) {
    Value dest = entry.addArgument(memrefFor(result.getType()), loc);
    auto store = bufferization::MaterializeInDestinationOp::create(b, loc, result, dest);
    store.setRestrict(true);
    store.setWritable(true);
  }
  func::ReturnOp::create(b, loc);
  ret.erase();

  func.setType(FunctionType::get(ctx, entry.getArgumentTypes(), {}));
  func->setAttr("llvm.emit_c_interface", UnitAttr::get(ctx));
}

struct LegatoBufferInterfacePass
    : legato::impl::LegatoBufferInterfacePassBase<LegatoBufferInterfacePass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (!func.isExternal())
        rewriteFunction(func);
  }
};

} // namespace
