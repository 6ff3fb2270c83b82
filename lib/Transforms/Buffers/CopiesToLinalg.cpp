//===- CopiesToLinalg.cpp - memref.copy as a linalg kernel ----------------===//

#include "Transforms/Passes.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOCOPIESTOLINALGPASS
#include "Transforms/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;

namespace {
struct LegatoCopiesToLinalgPass
    : legato::impl::LegatoCopiesToLinalgPassBase<LegatoCopiesToLinalgPass> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation().walk([&](memref::CopyOp op) { copies.push_back(op); });
    for (memref::CopyOp op : copies) {
      OpBuilder b(op);
      linalg::CopyOp::create(b, op.getLoc(), op.getSource(), op.getTarget());
      op.erase();
    }
  }
};
} // namespace
