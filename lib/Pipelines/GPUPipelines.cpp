//===- GPUPipelines.cpp - the legato pipelines toward NVIDIA GPUs ---------===//
//
// Kept apart from CPUPipelines.cpp so that only GPU code paths pull in the gpu
// and NVVM dialects. The buffer-level program is the CPU's (minus the CPU's
// chunked reductions, which the GPU lowering replaces by block reductions);
// kernels are outlined into one gpu.module, lowered to NVVM and serialised to
// PTX, and the host function keeps only allocations, views, launches and
// BLAS calls for the runtime to execute.
//
//===----------------------------------------------------------------------===//
#include "Pipelines/Pipelines.h"

#include "Conversion/Passes.h"
#include "Transforms/GPU/Passes.h"
#include "Transforms/Passes.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void legato::buildLegatoGPUBufferPipeline(OpPassManager &pm, const PipelineOptions &options) {
  pm.addPass(createLegatoGrowReductionsPass());
  buildLegatoBufferPipeline(pm, options);
}

void legato::buildLegatoGPUPipeline(OpPassManager &pm, const PipelineOptions &options) {
  buildLegatoOptimizePipeline(pm, options);
  buildLegatoGPUBufferPipeline(pm, options);
  addBufferLevelObservers(pm, options);
  buildLegatoGPUKernelPipeline(pm, options);
}

void legato::buildLegatoGPUKernelPipeline(OpPassManager &pm, const PipelineOptions &options) {
  LegatoConvertLinalgToGPUPassOptions launches;
  launches.threadPerOutput = options.target.gpuThreadPerOutput;
  launches.minBlockReduction = options.target.gpuMinBlockReduction;
  pm.addPass(createLegatoConvertLinalgToGPUPass(launches));
  pm.addPass(createLegatoGpuMergeLaunchesPass());
  pm.addPass(createConvertMathToFuncs()); // integer powers (outlining copies the callees)
  pm.addPass(createLegatoGpuSinkViewsPass());
  // Constants stay kernel parameters: sunk into the kernels as immediates
  // (gpu-launch-sink-index-computations, 1.0 / x becoming rcp.rn.f64), f64
  // Black-Scholes ran 5% slower on the H200 (bench/results/2026-11-30/gpu/ab19).
  pm.addPass(createGpuKernelOutliningPass());
  // A module per kernel is lowered and serialised in parallel with the
  // others; jit(f).ptx() wants one PTX module holding them all.
  if (options.gpuOneModule)
    pm.addPass(createLegatoGpuMergeModulesPass());
  else
    pm.addPass(createSymbolDCEPass()); // the host copies of device globals
  GpuNVVMAttachTargetOptions target;
  target.chip = options.gpuChip;
  target.features = options.gpuFeatures;
  target.optLevel = 3;
  pm.addPass(createGpuNVVMAttachTarget(target));
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(createLegatoGpuLowerAllReducePass());
  kernels.addPass(createLegatoNumpyMinMaxPass());
  if (options.gpuFastMath)
    kernels.addPass(createLegatoGpuFastMathPass());
  else
    kernels.addPass(createLegatoGpuIeeeSqrtPass());
  if (options.gpuContract)
    kernels.addPass(createLegatoGpuContractPass());
  kernels.addPass(memref::createExpandStridedMetadataPass()); // the views sunk into kernels
  kernels.addPass(createLowerAffinePass());
  kernels.addPass(createSCFToControlFlowPass());
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createConvertComplexToStandardPass()); // (complex numbers: float parts)
  kernels.addPass(createConvertGpuOpsToNVVMOps());
  // The math ops that libdevice's patterns above leave (math.trunc): LLVM's
  // intrinsics, single PTX instructions.
  kernels.addPass(createConvertMathToLLVMPass());
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createLegatoGpuModulesToPtxPass()); // the driver compiles PTX for the device
}

void legato::registerLegatoGPUCompilerDialects(DialectRegistry &registry) {
  registerLegatoCompilerDialects(registry);
  registry.insert<gpu::GPUDialect, NVVM::NVVMDialect, vector::VectorDialect>();
  vector::registerConvertVectorToLLVMInterface(registry);
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  registerGPUDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
}

void legato::registerLegatoGPUPassesAndPipelines() {
  registerLegatoGPUTransformsPasses();
  PassPipelineRegistration<>(
      "legato-gpu-pipeline", "a fused program to PTX kernels and a host launch sequence",
      [](OpPassManager &pm) {
        buildLegatoGPUPipeline(pm, PipelineOptions{});
      });
}
