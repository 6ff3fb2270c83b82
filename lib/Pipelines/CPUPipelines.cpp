//===- CPUPipelines.cpp - the legato compile pipelines --------------------===//
#include "Pipelines/Pipelines.h"

#include "Conversion/Passes.h"
#include "Dialect/Legato/Transforms/Passes.h"
#include "Transforms/Passes.h"

#include "Dialect/Legato/IR/LegatoDialect.h"
#include "Dialect/Legato/Transforms/ShardingInterfaceImpl.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
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
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ComplexToLLVM/ComplexToLLVM.h"
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
    LegatoSimplifyPassOptions simplify;
    simplify.assumeFinite = options.assumeFinite;
    pm.addPass(createLegatoSimplifyPass(simplify));
    pm.addPass(createCSEPass());
  }
  // Not optional: the backend implements only what its target declares.
  const Target &t = options.target;
  LegatoLegalizePassOptions legalize;
  legalize.fusedElementwise = t.fusedElementwise;
  legalize.reductions = t.reductions;
  legalize.gemm = t.gemm;
  legalize.gemmTransposedOperands = t.gemmTransposedOperands;
  legalize.batchedGemm = t.batchedGemm;
  legalize.collectives = t.collectives;
  legalize.lapack = t.lapack;
  legalize.fft = t.fft;
  legalize.sort = t.sort;
  pm.addPass(createLegatoLegalizePass(legalize));
  pm.addPass(createConvertLegatoToLinalgPass());
  pm.addPass(createLegatoFuseKernelsPass());
  if (options.fuseSweeps) {
    LegatoFuseSweepsPassOptions sweeps;
    sweeps.recompute = options.recomputeSweeps;
    pm.addPass(createLegatoFuseSweepsPass(sweeps));
    // The first kernel of a recomputed pair may still compute values that
    // later kernels read (CFD's c * b): fusing again recomputes them there
    // too. (A tiled pair must stay as it is: its kernels are marked.)
    if (options.recomputeSweeps)
      pm.addPass(createLegatoFuseKernelsPass());
  }
  // No CSE from here on: it would merge the tensor.empty/fill destinations of
  // different kernels, and empty-tensor elimination would then place several
  // program outputs in one buffer.
  pm.addPass(createCanonicalizerPass());
}

void legato::buildLegatoPartitionPipeline(OpPassManager &pm,
                                          const PartitionOptions &options) {
  if (options.simplify) {
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
    pm.addPass(createLegatoSimplifyPass());
  }
  pm.addPass(createLegatoPartitionPass({options.ranks, options.rank, options.meshRows}));
  pm.addPass(createLegatoOutlineSegmentsPass({options.ranks, options.rank}));
  if (options.overlap)
    pm.addPass(createLegatoSplitForOverlapPass({options.ranks, options.rank}));
}

void legato::buildLegatoCPUBufferPipeline(OpPassManager &pm,
                                          const PipelineOptions &options) {
  LegatoGrowReductionsPassOptions grow;
  grow.requireChunks = true;
  pm.addPass(createLegatoGrowReductionsPass(grow));
  pm.addPass(createLegatoFuseReductionsPass());
  pm.addPass(createLegatoSplitReductionsPass());
  buildLegatoBufferPipeline(pm, options);
  LegatoGroupLaunchesPassOptions launches;
  launches.minParallelIterations = options.target.minParallelIterations;
  launches.minParallelRows = options.target.minParallelRows;
  pm.addPass(createLegatoGroupLaunchesPass(launches));
}

void legato::buildLegatoBufferPipeline(OpPassManager &pm,
                                       const PipelineOptions &options) {
  pm.addPass(createLegatoBufferInterfacePass());
  pm.addPass(createLegatoStoreInPlacePass());
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferAlignment = 64;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  pm.addPass(createCanonicalizerPass());
  bufferization::buildBufferDeallocationPipeline(pm);
  pm.addPass(createLegatoEarlyDeallocPass());
  pm.addPass(createLegatoForwardCopiesPass());
  if (options.target.gemmTransposedOperands)
    pm.addPass(createLegatoFoldTransposesIntoGemmPass());
  pm.addPass(createLegatoConvertLinalgToBLASPass());
  pm.addPass(createLegatoCopiesToLinalgPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createLegatoFuseEpiloguesPass());
}

void legato::buildLegatoCPULLVMPipeline(OpPassManager &pm,
                                        const PipelineOptions &options) {
  LegatoConvertLinalgToLoopsPassOptions loops;
  loops.threads = options.threads;
  loops.minParallelIterations = options.target.minParallelIterations;
  loops.minParallelRows = options.target.minParallelRows;
  pm.addPass(createLegatoConvertLinalgToLoopsPass(loops));
  LegatoNumpyMinMaxPassOptions minMax;
  minMax.loopCarriedOnly = true;
  pm.addPass(createLegatoNumpyMinMaxPass(minMax));
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
  // Complex arithmetic and functions as float ops on the parts (the parts
  // themselves, create/re/im, go to LLVM structs with the rest).
  pm.addPass(createConvertComplexToStandardPass());
  pm.addPass(createConvertMathToFuncs()); // integer powers
  pm.addPass(createLegatoExactMathCallsPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass()); // tanh, erf, sinh, ...: libm calls
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
}

void legato::addBufferLevelObservers(OpPassManager &pm, const PipelineOptions &options) {
  if (options.kernelStats)
    pm.addPass(createCountKernelsPass(*options.kernelStats));
  if (options.printBufferIR)
    pm.addPass(createPrintIRPass());
}

void legato::buildLegatoCPUPipeline(OpPassManager &pm,
                                    const PipelineOptions &options) {
  buildLegatoOptimizePipeline(pm, options);
  buildLegatoCPUBufferPipeline(pm, options);
  addBufferLevelObservers(pm, options);
  buildLegatoCPULLVMPipeline(pm, options);
}

void legato::registerLegatoCompilerDialects(DialectRegistry &registry) {
  registry.insert<LegatoDialect, affine::AffineDialect, arith::ArithDialect,
                  bufferization::BufferizationDialect, cf::ControlFlowDialect,
                  func::FuncDialect, index::IndexDialect, linalg::LinalgDialect,
                  LLVM::LLVMDialect, complex::ComplexDialect, math::MathDialect,
                  memref::MemRefDialect,
                  omp::OpenMPDialect, scf::SCFDialect, tensor::TensorDialect,
                  ub::UBDialect>();
  registerShardingOpInterfaceExternalModels(registry);
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(registry);
  linalg::registerBufferizableOpInterfaceExternalModels(registry);
  scf::registerBufferizableOpInterfaceExternalModels(registry); // scatter loops
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
  arith::registerConvertArithToLLVMInterface(registry);
  cf::registerConvertControlFlowToLLVMInterface(registry);
  registerConvertComplexToLLVMInterface(registry);
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

namespace {
/// PipelineOptions as textual pipeline options, e.g.
/// `--legato-optimize="batched-gemm=false simplify=false"`.
struct PipelineCLOptions : PassPipelineOptions<PipelineCLOptions> {
  Option<bool> simplify{*this, "simplify", llvm::cl::desc("algebraic simplification"),
                        llvm::cl::init(true)};
  Option<bool> assumeFinite{*this, "assume-finite",
                            llvm::cl::desc("value-changing identities (x*0 → 0)"),
                            llvm::cl::init(false)};
  Option<bool> fusedElementwise{*this, "fused-elementwise",
                                llvm::cl::desc("target: elementwise kernels"),
                                llvm::cl::init(true)};
  Option<bool> reductions{*this, "reductions", llvm::cl::desc("target: reduction kernels"),
                          llvm::cl::init(true)};
  Option<bool> gemm{*this, "gemm", llvm::cl::desc("target: GEMM"), llvm::cl::init(true)};
  Option<bool> gemmTransposedOperands{*this, "gemm-transposed-operands",
                                      llvm::cl::desc("target: GEMM reads transposes"),
                                      llvm::cl::init(true)};
  Option<bool> batchedGemm{*this, "batched-gemm", llvm::cl::desc("target: batched GEMM"),
                           llvm::cl::init(false)};

  legato::PipelineOptions get() const {
    legato::PipelineOptions o;
    o.simplify = simplify;
    o.assumeFinite = assumeFinite;
    o.target.fusedElementwise = fusedElementwise;
    o.target.reductions = reductions;
    o.target.gemm = gemm;
    o.target.gemmTransposedOperands = gemmTransposedOperands;
    o.target.batchedGemm = batchedGemm;
    return o;
  }
};
/// PartitionOptions as textual pipeline options.
struct PartitionCLOptions : PassPipelineOptions<PartitionCLOptions> {
  Option<bool> simplify{*this, "simplify", llvm::cl::desc("algebraic simplification first"),
                        llvm::cl::init(true)};
  Option<int64_t> ranks{*this, "ranks", llvm::cl::desc("number of ranks"), llvm::cl::init(1)};
  Option<int64_t> rank{*this, "rank", llvm::cl::desc("the rank whose program is built"),
                       llvm::cl::init(0)};
  Option<int64_t> meshRows{*this, "mesh-rows",
                           llvm::cl::desc("rows of a 2-D mesh of the ranks (0: a 1-D mesh)"),
                           llvm::cl::init(0)};
  Option<bool> overlap{*this, "overlap",
                       llvm::cl::desc("pieces of rows to overlap row exchanges"),
                       llvm::cl::init(false)};
};
} // namespace

void legato::registerLegatoPassesAndPipelines() {
  registerLegatoDialectPasses();
  registerLegatoConversionPasses();
  registerLegatoTransformsPasses();
  registerCanonicalizerPass();
  registerCSEPass();
  registerPass([] { return createPrintKernelStatsPass(); });
  bufferization::registerOneShotBufferizePass(); // for lit tests of the passes around it
  PassPipelineRegistration<PipelineCLOptions>(
      "legato-optimize", "simplify, legalize, lower to linalg and fuse",
      [](OpPassManager &pm, const PipelineCLOptions &o) {
        buildLegatoOptimizePipeline(pm, o.get());
      });
  PassPipelineRegistration<PartitionCLOptions>(
      "legato-partition-pipeline", "simplify, then one rank's program of a global one",
      [](OpPassManager &pm, const PartitionCLOptions &o) {
        buildLegatoPartitionPipeline(pm, {o.simplify, o.ranks, o.rank, o.meshRows, o.overlap});
      });
  PassPipelineRegistration<PipelineCLOptions>(
      "legato-cpu-buffers", "bufferize a fused program for the CPU",
      [](OpPassManager &pm, const PipelineCLOptions &o) {
        buildLegatoCPUBufferPipeline(pm, o.get());
      });
  PassPipelineRegistration<PipelineCLOptions>(
      "legato-cpu-pipeline", "the whole CPU pipeline down to the LLVM dialect",
      [](OpPassManager &pm, const PipelineCLOptions &o) {
        buildLegatoCPUPipeline(pm, o.get());
      });
}

std::string legato::printModule(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.print(os);
  return text;
}
