//===- ModulesToPtx.cpp - gpu.modules to PTX on every core ----------------===//
//
// Serialisation (MLIR → LLVM IR → libdevice → O3 → NVPTX) is most of a cold
// GPU compile, and upstream's gpu-module-to-binary runs it one module after
// another. Each module is independent: its own LLVM context, target machine
// and libdevice copy, and MLIR attributes are uniqued thread-safely, so the
// modules are serialised in parallel and their gpu.binary ops made after.
//
//===----------------------------------------------------------------------===//
#include "Transforms/GPU/Passes.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Threading.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOGPUMODULESTOPTXPASS
#include "Transforms/GPU/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;

namespace {

/// The one target of `kernels` (legato attaches a single #nvvm.target).
gpu::TargetAttrInterface targetOf(gpu::GPUModuleOp kernels) {
  ArrayAttr targets = kernels.getTargetsAttr();
  if (!targets || targets.size() != 1)
    return nullptr;
  return dyn_cast<gpu::TargetAttrInterface>(targets[0]);
}

struct LegatoGpuModulesToPtxPass
    : legato::impl::LegatoGpuModulesToPtxPassBase<LegatoGpuModulesToPtxPass> {
  void runOnOperation() override {
    SmallVector<gpu::GPUModuleOp> modules(getOperation().getOps<gpu::GPUModuleOp>());
    for (gpu::GPUModuleOp kernels : modules)
      if (!targetOf(kernels)) {
        kernels.emitOpError("legato-gpu-modules-to-ptx: expected one GPU target attribute");
        return signalPassFailure();
      }
    gpu::TargetOptions options({}, {}, {}, {}, gpu::CompilationTarget::Assembly);
    SmallVector<std::optional<SmallVector<char, 0>>> ptx(modules.size());
    {
      // Every module is tried, and a failure emits its errors on its module;
      // the workers' errors reach the handlers from this thread, in the
      // modules' order, whichever threads ran them.
      ParallelDiagnosticHandler diagnostics(&getContext());
      parallelFor(&getContext(), 0, modules.size(), [&](size_t i) {
        diagnostics.setOrderIDForThread(i);
        ptx[i] = targetOf(modules[i]).serializeToObject(modules[i], options);
        diagnostics.eraseOrderIDForThread();
      });
    }
    if (llvm::any_of(ptx, [](const auto &code) { return !code; }))
      return signalPassFailure();

    for (auto [kernels, code] : llvm::zip_equal(modules, ptx)) {
      gpu::TargetAttrInterface target = targetOf(kernels);
      OpBuilder builder(kernels);
      builder.setInsertionPointAfter(kernels);
      Attribute object = target.createObject(kernels, *code, options);
      if (!object) {
        kernels.emitOpError("legato-gpu-modules-to-ptx: the target made no object of its PTX");
        return signalPassFailure();
      }
      gpu::BinaryOp::create(builder, kernels.getLoc(), kernels.getName(), nullptr,
                            builder.getArrayAttr({object}));
      kernels.erase();
    }
  }
};

} // namespace
