//===- BufferInterface.cpp - destination-passing entry functions ----------===//
#include "Transforms/Passes.h"
#include "Dialect/Legato/IR/Markers.h"

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
  SmallVector<std::pair<Value, Value>> stores; // (result, destination)
  unsigned inputs = entry.getNumArguments();
  for (Value result : ret.getOperands())
    stores.push_back({result, entry.addArgument(memrefFor(result.getType()), loc)});
  // Stored in the order the results are computed, so that the first try of
  // legato-store-in-place succeeds: a value is computed in the destination
  // of the first store that reaches it, which must not be the store of an
  // update of it (the update could not move out of the way of the store of
  // the value itself).
  auto definedBefore = [](Value a, Value b) {
    Operation *da = a.getDefiningOp(), *db = b.getDefiningOp();
    if (!da || !db)
      return !da && db; // arguments first
    return da->isBeforeInBlock(db);
  };
  std::stable_sort(stores.begin(), stores.end(),
                   [&](auto &x, auto &y) { return definedBefore(x.first, y.first); });
  // Each destination is a tensor of the output buffer, defined at the entry
  // so that a result can be computed in it (legato-store-in-place), and
  // written by a store that one-shot analysis sees. (A store into the
  // memref is a write the analysis does not see: a result computed in one
  // output and stored, updated, in another was overwritten by the first
  // store before the second copied it.)
  OpBuilder atEntry = OpBuilder::atBlockBegin(&entry);
  for (auto [result, dest] : stores) {
    Value destination = bufferization::ToTensorOp::create(
        atEntry, loc, result.getType(), dest, /*restrict=*/true, /*writable=*/true);
    bufferization::MaterializeInDestinationOp::create(b, loc, result, destination);
  }
  func::ReturnOp::create(b, loc);
  ret.erase();

  func.setType(FunctionType::get(ctx, entry.getArgumentTypes(), {}));
  for (unsigned i = inputs; i < entry.getNumArguments(); ++i)
    func.setArgAttr(i, legato::kOutputArgAttr, UnitAttr::get(ctx));
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
