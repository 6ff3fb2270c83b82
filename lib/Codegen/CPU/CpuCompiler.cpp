//===- CpuCompiler.cpp - LLVM-dialect modules to native code ----------------===//
//
// The ExecutionEngine's default transformer neither targets the host CPU nor
// knows glibc's vector math library; Black-Scholes runs ~3x faster with both
// (docs/PERFORMANCE.md), so we build the O3 pipeline ourselves.
//
//===----------------------------------------------------------------------===//
#include "Codegen/CPU/CpuCompiler.h"

#include "legato/legato.h"

#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/SystemLibraries.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

#include <dlfcn.h>
#include <mutex>

extern "C" {
void *legato_kernel_alloc(uint64_t);
void *legato_kernel_aligned_alloc(uint64_t, uint64_t);
void legato_kernel_free(void *);
void _mlir_ciface_legato_gemm_f64(void *, void *, void *, double);
void _mlir_ciface_legato_gemm_f32(void *, void *, void *, float);
void _mlir_ciface_legato_gemv_f64(void *, void *, void *, double);
void _mlir_ciface_legato_gemv_f32(void *, void *, void *, float);
void _mlir_ciface_legato_gevm_f64(void *, void *, void *, double);
void _mlir_ciface_legato_gevm_f32(void *, void *, void *, float);
}

namespace legato::codegen {
namespace {

std::string hostFeatures() {
  llvm::SubtargetFeatures features;
  for (auto &f : llvm::sys::getHostCPUFeatures())
    features.AddFeature(f.first(), f.second);
  return features.getString();
}

std::unique_ptr<llvm::TargetMachine> hostTargetMachine() {
  std::string triple = llvm::sys::getProcessTriple();
  std::string error;
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(llvm::Triple(triple), error);
  if (!target)
    throw Error("legato: no LLVM target for " + triple + ": " + error);
  llvm::TargetOptions options;
  return std::unique_ptr<llvm::TargetMachine>(target->createTargetMachine(
      llvm::Triple(triple), llvm::sys::getHostCPUName(), hostFeatures(), options,
      llvm::Reloc::PIC_, std::nullopt, llvm::CodeGenOptLevel::Aggressive, true));
}

/// O3 with libmvec: `exp`/`log` loops vectorise into glibc's vector calls.
llvm::Error optimize(llvm::Module *module, llvm::TargetMachine *tm) {
  std::string cpu = tm->getTargetCPU().str(), features = tm->getTargetFeatureString().str();
  for (llvm::Function &f : *module) {
    if (f.isDeclaration())
      continue;
    f.addFnAttr("target-cpu", cpu);
    f.addFnAttr("target-features", features);
  }
  module->setDataLayout(tm->createDataLayout());
  module->setTargetTriple(tm->getTargetTriple());

  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PipelineTuningOptions tuning;
  tuning.LoopVectorization = true;
  tuning.SLPVectorization = true;
  llvm::PassBuilder pb(tm, tuning);
  llvm::TargetLibraryInfoImpl tlii(tm->getTargetTriple());
  tlii.addVectorizableFunctionsFromVecLib(llvm::VectorLibrary::LIBMVEC,
                                          tm->getTargetTriple());
  fam.registerPass([&] { return llvm::TargetLibraryAnalysis(tlii); });
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager mpm = pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3);
  mpm.run(*module, mam);
  return llvm::Error::success();
}

void loadLibrary(const char *name) {
  std::string error;
  // Missing libraries only cost speed (libmvec) or threads (OpenMP, whose
  // absence the pipeline avoids by lowering to sequential loops).
  llvm::sys::DynamicLibrary::LoadLibraryPermanently(name, &error);
}

} // namespace

void initializeCpuCodegen(int threads) {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    loadLibrary("libmvec.so.1");
    loadLibrary("libm.so.6");
    loadLibrary("libomp.so.5");
  });
  if (threads > 0)
    if (auto setThreads = reinterpret_cast<void (*)(int)>(
            llvm::sys::DynamicLibrary::SearchForAddressOfSymbol("omp_set_num_threads")))
      setThreads(threads);
}

std::unique_ptr<CpuExecutable> compileForCpu(mlir::ModuleOp module,
                                             const std::string &entry) {
  std::unique_ptr<llvm::TargetMachine> tm = hostTargetMachine();
  llvm::TargetMachine *tmPtr = tm.get();
  auto transformer = [tmPtr](llvm::Module *m) { return optimize(m, tmPtr); };
  mlir::ExecutionEngineOptions options;
  options.transformer = transformer; // function_ref: `transformer` outlives create()
  options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
  options.enableGDBNotificationListener = false;
  options.enablePerfNotificationListener = false;
  auto engine = mlir::ExecutionEngine::create(module, options, std::move(tm));
  if (!engine)
    throw Error("legato: JIT compilation failed: " + llvm::toString(engine.takeError()));

  (*engine)->registerSymbols([](llvm::orc::MangleAndInterner mangle) {
    llvm::orc::SymbolMap symbols;
    auto add = [&](const char *name, auto *fn) {
      symbols[mangle(name)] = {llvm::orc::ExecutorAddr::fromPtr(fn),
                               llvm::JITSymbolFlags::Exported};
    };
    add("_mlir_memref_to_llvm_alloc", &legato_kernel_alloc);
    add("_mlir_memref_to_llvm_aligned_alloc", &legato_kernel_aligned_alloc);
    add("_mlir_memref_to_llvm_free", &legato_kernel_free);
    add("_mlir_ciface_legato_gemm_f64", &_mlir_ciface_legato_gemm_f64);
    add("_mlir_ciface_legato_gemm_f32", &_mlir_ciface_legato_gemm_f32);
    add("_mlir_ciface_legato_gemv_f64", &_mlir_ciface_legato_gemv_f64);
    add("_mlir_ciface_legato_gemv_f32", &_mlir_ciface_legato_gemv_f32);
    add("_mlir_ciface_legato_gevm_f64", &_mlir_ciface_legato_gevm_f64);
    add("_mlir_ciface_legato_gevm_f32", &_mlir_ciface_legato_gevm_f32);
    return symbols;
  });
  (*engine)->initialize();

  auto exe = std::make_unique<CpuExecutable>();
  auto fn = (*engine)->lookupPacked("_mlir_ciface_" + entry);
  if (!fn)
    throw Error("legato: compiled program lacks its entry point: " +
                llvm::toString(fn.takeError()));
  exe->entry = *fn;
  exe->engine = std::move(*engine);
  return exe;
}

} // namespace legato::codegen
