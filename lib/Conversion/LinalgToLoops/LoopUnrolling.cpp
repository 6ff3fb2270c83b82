//===- LoopUnrolling.cpp - where LLVM must not unroll the loops we make --===//
#include "Conversion/LinalgToLoops/LoopUnrolling.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::legato {

void disableUnrolling(Operation *root) {
  MLIRContext *context = root->getContext();
  auto noUnrolling = LLVM::LoopAnnotationAttr::get(
      context, /*disableNonforced=*/{}, /*vectorize=*/{}, /*interleave=*/{},
      LLVM::LoopUnrollAttr::get(context, /*disable=*/BoolAttr::get(context, true), {}, {}, {}, {},
                                {}, {}),
      {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {});
  root->walk([&](scf::ForOp loop) { loop->setAttr("loop_annotation", noUnrolling); });
}

} // namespace mlir::legato
