//===- MergeModules.cpp - all outlined kernels in one gpu.module ----------===//
#include "Transforms/GPU/Passes.h"

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOGPUMERGEMODULESPASS
#include "Transforms/GPU/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;

namespace {

std::string printed(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os, OpPrintingFlags().useLocalScope());
  return text;
}

struct LegatoGpuMergeModulesPass
    : legato::impl::LegatoGpuMergeModulesPassBase<LegatoGpuMergeModulesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (auto global : llvm::make_early_inc_range(module.getOps<memref::GlobalOp>()))
      if (SymbolTable::symbolKnownUseEmpty(global, module))
        global.erase();
    SmallVector<gpu::GPUModuleOp> kernels(module.getOps<gpu::GPUModuleOp>());
    if (kernels.size() < 2)
      return;
    gpu::GPUModuleOp target = kernels.front();
    SymbolTable targetSymbols(target);
    llvm::StringMap<StringAttr> renamed; // "module::func" -> name in target
    for (gpu::GPUModuleOp source : llvm::drop_begin(kernels)) {
      for (Operation &op : llvm::make_early_inc_range(source.getBody()->without_terminator())) {
        if (auto global = dyn_cast<memref::GlobalOp>(op)) {
          // Each global is made for one kernel: its name is unique.
          global->remove();
          if (targetSymbols.insert(global) != global.getSymNameAttr()) {
            global.emitOpError("legato-gpu-merge-modules: a device global of two kernels");
            return signalPassFailure();
          }
          continue;
        }
        auto func = dyn_cast<gpu::GPUFuncOp>(op);
        if (!func) {
          // A function outlining copied into every module calling it (an
          // integer power's helper, from convert-math-to-funcs): one copy.
          auto callee = dyn_cast<SymbolOpInterface>(op);
          if (!callee) {
            source.emitOpError("legato-gpu-merge-modules: unexpected op in a kernel module: ")
                << op.getName();
            return signalPassFailure();
          }
          if (Operation *kept = targetSymbols.lookup(callee.getNameAttr())) {
            if (printed(kept) != printed(&op)) {
              op.emitOpError("legato-gpu-merge-modules: two different callees named ")
                  << callee.getNameAttr();
              return signalPassFailure();
            }
            op.erase();
            continue;
          }
          op.remove();
          targetSymbols.insert(&op);
          continue;
        }
        std::string old = (source.getName() + "::" + func.getName()).str();
        func->remove();
        renamed[old] = targetSymbols.insert(func); // renames on a clash
      }
    }
    module.walk([&](gpu::LaunchFuncOp launch) {
      SymbolRefAttr kernel = launch.getKernel();
      std::string key =
          (kernel.getRootReference().getValue() + "::" + kernel.getLeafReference().getValue())
              .str();
      auto it = renamed.find(key);
      if (it != renamed.end())
        launch.setKernelAttr(SymbolRefAttr::get(
            target.getNameAttr(), {FlatSymbolRefAttr::get(it->second)}));
    });
    for (gpu::GPUModuleOp source : llvm::drop_begin(kernels))
      source.erase();
  }
};

} // namespace
