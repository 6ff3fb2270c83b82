//===- PtxCompiler.cpp - fused kernels to PTX -------------------------------===//
//
// The same optimised, bufferised program as the CPU path; its linalg ops
// become GPU launches (legato-convert-linalg-to-gpu), lowered by MLIR's NVVM
// conversion and serialised to PTX by LLVM's NVPTX backend.
//
//===----------------------------------------------------------------------===//
#include "Codegen/CUDA/PtxCompiler.h"

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

void run(PassManager &pm, ModuleOp module, const char *stage) {
  std::string diagnostics;
  llvm::raw_string_ostream os(diagnostics);
  ScopedDiagnosticHandler handler(module.getContext(), [&](Diagnostic &d) {
    os << d << "\n";
    return success();
  });
  if (failed(pm.run(module)))
    throw Error(std::string("legato: internal compiler error while ") + stage + ":\n" +
                diagnostics);
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
                                       KernelStats *stats) {
  initializeNvptx();
  // GPU kernels recompute the first sweep of a fused pair: tiled pairs are
  // the CPU's loops (also when a CPU engine asks for PTX, jit's ptx()).
  mlir::legato::PipelineOptions gpu = options;
  gpu.recomputeSweeps = true;
  PassManager buffers(module.getContext());
  mlir::legato::buildLegatoOptimizePipeline(buffers, gpu);
  mlir::legato::buildLegatoGPUBufferPipeline(buffers, gpu);
  run(buffers, module, "optimizing a program");
  if (stats)
    *stats = countKernels(module);
  if (std::getenv("LEGATO_DUMP_IR")) // the buffer-level program, for debugging
    llvm::errs() << mlir::legato::printModule(module) << "\n";

  PassManager kernels(module.getContext());
  mlir::legato::buildLegatoGPUKernelPipeline(kernels, options);
  run(kernels, module, "generating GPU kernels");

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
