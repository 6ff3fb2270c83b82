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
  SmallVector<std::pair<Value, Value>> stores; // (result, destination)
  unsigned inputs = entry.getNumArguments();
  for (Value result : ret.getOperands())
    stores.push_back({result, entry.addArgument(memrefFor(result.getType()), loc)});
  // Stored in the order the results are computed: empty-tensor elimination
  // may compute a result in the destination of a later one (a value and its
  // updated copy), so that destination must be written last.
  auto definedBefore = [](Value a, Value b) {
    Operation *da = a.getDefiningOp(), *db = b.getDefiningOp();
    if (!da || !db)
      return !da && db; // arguments first
    return da->isBeforeInBlock(db);
  };
  std::stable_sort(stores.begin(), stores.end(),
                   [&](auto &x, auto &y) { return definedBefore(x.first, y.first); });
  for (auto [result, dest] : stores) {
    auto store = bufferization::MaterializeInDestinationOp::create(b, loc, result, dest);
    store.setRestrict(true);
    store.setWritable(true);
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
