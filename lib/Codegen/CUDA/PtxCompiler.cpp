//===- PtxCompiler.cpp - fused kernels to PTX -------------------------------===//
//
// The same optimised, bufferised program as the CPU path; its parallel loops
// become GPU kernels (one thread per element of the outer parallel loops),
// lowered by MLIR's NVVM pipeline and serialised to PTX by LLVM's NVPTX
// backend.
//
//===----------------------------------------------------------------------===//
#include "Codegen/CUDA/PtxCompiler.h"

#include "legato/legato.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Pipelines/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/Support/TargetSelect.h"

#include <mutex>

using namespace mlir;

namespace legato::codegen {

namespace {

MLIRContext &ptxContext() {
  static MLIRContext *context = [] {
    DialectRegistry registry;
    mlir::legato::registerLegatoCompilerDialects(registry);
    registry.insert<gpu::GPUDialect, NVVM::NVVMDialect>();
    registerAllExtensions(registry);
    NVVM::registerNVVMTargetInterfaceExternalModels(registry);
    registerGPUDialectTranslation(registry);
    registerNVVMDialectTranslation(registry);
    auto *c = new MLIRContext(registry);
    c->loadAllAvailableDialects();
    return c;
  }();
  return *context;
}

} // namespace

std::string generatePtx(const ModuleBuilder &build,
                        const mlir::legato::PipelineOptions &options) {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
  MLIRContext &context = ptxContext();
  OwningOpRef<ModuleOp> module = build(context);

  PassManager pm(&context);
  mlir::legato::buildLegatoOptimizePipeline(pm, options);
  mlir::legato::buildLegatoCPUBufferPipeline(pm, options);
  pm.addPass(createConvertLinalgToParallelLoopsPass());
  pm.addNestedPass<func::FuncOp>(createGpuMapParallelLoopsPass());
  pm.addPass(createConvertParallelLoopToGpuPass());
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createLowerAffinePass());
  gpu::GPUToNVVMPipelineOptions nvvm;
  nvvm.cubinChip = "sm_90";
  nvvm.cubinFeatures = "+ptx80";
  nvvm.cubinFormat = "isa";
  gpu::buildLowerToNVVMPassPipeline(pm, nvvm);
  std::string diagnostics;
  {
    llvm::raw_string_ostream os(diagnostics);
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
      os << d << "\n";
      return success();
    });
    if (failed(pm.run(*module)))
      throw Error("legato: PTX generation failed: " + diagnostics);
  }

  std::string ptx;
  module->walk([&](gpu::BinaryOp binary) {
    for (Attribute attr : binary.getObjects()) {
      auto object = cast<gpu::ObjectAttr>(attr);
      ptx += object.getObject().getValue().str();
    }
  });
  if (ptx.empty())
    throw Error("legato: the program has no GPU kernels (only library calls or copies)");
  return ptx;
}

} // namespace legato::codegen
