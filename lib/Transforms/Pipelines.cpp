//===- Pipelines.cpp - the legato compile pipelines -------------------------===//
#include "Transforms/Pipelines.h"

#include "Dialect/Legato/LegatoDialect.h"
#include "Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/OpenMPToLLVM/ConvertOpenMPToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;

void legato::buildLegatoOptimizePipeline(OpPassManager &pm,
                                         const PipelineOptions &options) {
  if (options.simplify) {
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
  }
  pm.addPass(createLegatoLowerToLinalgPass());
  pm.addPass(createLegatoFuseKernelsPass());
  // No CSE from here on: it would merge the tensor.empty/fill destinations of
  // different kernels, and empty-tensor elimination would then place several
  // program outputs in one buffer.
  pm.addPass(createCanonicalizerPass());
}

void legato::buildLegatoCPUBufferPipeline(OpPassManager &pm,
                                          const PipelineOptions &) {
  pm.addPass(createLegatoSplitReductionsPass());
  pm.addPass(createLegatoBufferInterfacePass());
  pm.addPass(bufferization::createEmptyTensorEliminationPass());
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferAlignment = 64;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  pm.addPass(createCanonicalizerPass());
  bufferization::buildBufferDeallocationPipeline(pm);
  pm.addPass(createLegatoEarlyDeallocPass());
  pm.addPass(createLegatoLowerGemmToBlasPass());
  pm.addPass(createLegatoCopiesToLinalgPass());
  pm.addPass(createCanonicalizerPass());
}

void legato::buildLegatoCPULLVMPipeline(OpPassManager &pm,
                                        const PipelineOptions &options) {
  LegatoLinalgToLoopsPassOptions loops;
  loops.threads = options.threads;
  pm.addPass(createLegatoLinalgToLoopsPass(loops));
  if (options.threads > 1)
    pm.addPass(createConvertSCFToOpenMPPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  // Before scf-to-cf: OpenMP reductions live in memref.alloca_scope regions,
  // which must be lowered while they still have a single block.
  FinalizeMemRefToLLVMConversionPassOptions memrefOptions;
  memrefOptions.useGenericFunctions = true; // allocations through the runtime
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefOptions));
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertMathToFuncs()); // integer powers
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass()); // tanh, erf: libm calls
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
}

void legato::buildLegatoCPUPipeline(OpPassManager &pm,
                                    const PipelineOptions &options) {
  buildLegatoOptimizePipeline(pm, options);
  buildLegatoCPUBufferPipeline(pm, options);
  buildLegatoCPULLVMPipeline(pm, options);
}

void legato::registerLegatoCompilerDialects(DialectRegistry &registry) {
  registry.insert<LegatoDialect, affine::AffineDialect, arith::ArithDialect,
                  bufferization::BufferizationDialect, cf::ControlFlowDialect,
                  func::FuncDialect, index::IndexDialect, linalg::LinalgDialect,
                  LLVM::LLVMDialect, math::MathDialect, memref::MemRefDialect,
                  omp::OpenMPDialect, scf::SCFDialect, tensor::TensorDialect,
                  ub::UBDialect>();
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(registry);
  linalg::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
  arith::registerConvertArithToLLVMInterface(registry);
  cf::registerConvertControlFlowToLLVMInterface(registry);
  registerConvertFuncToLLVMInterface(registry);
  index::registerConvertIndexToLLVMInterface(registry);
  registerConvertMathToLLVMInterface(registry);
  registerConvertMemRefToLLVMInterface(registry);
  registerConvertOpenMPToLLVMInterface(registry);
  ub::registerConvertUBToLLVMInterface(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
}

void legato::registerLegatoPassesAndPipelines() {
  registerLegatoTransformsPasses();
  registerCanonicalizerPass();
  registerCSEPass();
  PassPipelineRegistration<>(
      "legato-optimize", "simplify, lower to linalg and fuse",
      [](OpPassManager &pm) { buildLegatoOptimizePipeline(pm, {}); });
  PassPipelineRegistration<>(
      "legato-cpu-buffers", "bufferize a fused program for the CPU",
      [](OpPassManager &pm) { buildLegatoCPUBufferPipeline(pm, {}); });
  PassPipelineRegistration<>(
      "legato-cpu-pipeline", "the whole CPU pipeline down to the LLVM dialect",
      [](OpPassManager &pm) { buildLegatoCPUPipeline(pm, {}); });
}

std::string legato::printModule(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.print(os);
  return text;
}
