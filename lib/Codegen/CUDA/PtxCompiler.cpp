//===- PtxCompiler.cpp - fused kernels to PTX -------------------------------===//
//
// The same optimised, bufferised program as the CPU path; its linalg ops
// become GPU launches (legato-convert-linalg-to-gpu), lowered by MLIR's NVVM
// conversion and serialised to PTX by LLVM's NVPTX backend.
//
//===----------------------------------------------------------------------===//
#include "Codegen/CUDA/PtxCompiler.h"
#include "Codegen/RunPipeline.h"

#include "legato/legato.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/Support/TargetSelect.h"

#include <cstdlib>
#include <mutex>

using namespace mlir;

namespace legato::codegen {

namespace {

void initializeNvptx() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
}

MLIRContext &ptxContext() {
  static MLIRContext *context = [] {
    DialectRegistry registry;
    mlir::legato::registerLegatoGPUCompilerDialects(registry);
    auto *c = new MLIRContext(registry);
    c->loadAllAvailableDialects();
    return c;
  }();
  return *context;
}

} // namespace

std::vector<std::string> compileForGpu(ModuleOp module,
                                       const mlir::legato::PipelineOptions &options,
                                       mlir::legato::KernelStats *stats) {
  initializeNvptx();
  // GPU kernels recompute the first sweep of a fused pair: tiled pairs are
  // the CPU's loops (also when a CPU engine asks for PTX, jit's ptx()).
  mlir::legato::PipelineOptions gpu = options;
  gpu.recomputeSweeps = true;
  gpu.kernelStats = stats;
  gpu.printBufferIR = std::getenv("LEGATO_DUMP_IR") != nullptr;
  PassManager pm(module.getContext());
  mlir::legato::buildLegatoGPUPipeline(pm, gpu);
  runPipeline(pm, module);

  std::vector<std::string> ptx;
  for (auto binary : module.getOps<gpu::BinaryOp>())
    for (Attribute attr : binary.getObjects())
      ptx.push_back(cast<gpu::ObjectAttr>(attr).getObject().getValue().str());
  return ptx;
}

std::string generatePtx(const ModuleBuilder &build,
                        const mlir::legato::PipelineOptions &options) {
  static std::mutex mutex; // one shared context
  std::lock_guard<std::mutex> lock(mutex);
  OwningOpRef<ModuleOp> module = build(ptxContext());
  mlir::legato::PipelineOptions oneModule = options;
  oneModule.gpuOneModule = true;
  std::vector<std::string> ptx = compileForGpu(*module, oneModule);
  if (ptx.empty())
    throw Error("legato: the program has no GPU kernels (only library calls or copies)");
  return std::move(ptx.front());
}

} // namespace legato::codegen
