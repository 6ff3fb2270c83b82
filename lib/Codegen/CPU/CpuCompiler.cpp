//===- CpuCompiler.cpp - LLVM-dialect modules to native code ----------------===//
//
// A module goes through three steps: translation to LLVM IR with a packed
// wrapper around its entry point, our O3 pipeline for the host CPU, and code
// generation to ELF objects (its functions in parallel), which an LLJIT then
// links into the process. The objects are what the compile cache keeps, so a
// hit skips all three.
//
// We build the O3 pipeline ourselves because the default one neither targets
// the host CPU nor knows glibc's vector math library; Black-Scholes runs ~3x
// faster with both (docs/PERFORMANCE.md). We build the JIT ourselves because
// MLIR's ExecutionEngine cannot take an object back (docs/RELIABILITY.md,
// "Compile cache").
//
//===----------------------------------------------------------------------===//
#include "Codegen/CPU/CpuCompiler.h"

#include "Codegen/ProgramImage.h"
#include "Runtime/DiskCache.h"
#include "Runtime/Sort.h"
#include "legato/legato.h"

#include "mlir/IR/OperationSupport.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/ExecutionEngine/Orc/CompileUtils.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/ExecutionEngine/Orc/RTDyldObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/SectionMemoryManager.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/SystemLibraries.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"
#include "llvm/Transforms/Utils/SplitModule.h"

#include <algorithm>
#include <array>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

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
void _mlir_ciface_legato_gemm_c64(void *, void *, void *, float);
void _mlir_ciface_legato_gemm_c128(void *, void *, void *, double);
void _mlir_ciface_legato_gemv_c64(void *, void *, void *, float);
void _mlir_ciface_legato_gemv_c128(void *, void *, void *, double);
void _mlir_ciface_legato_gevm_c64(void *, void *, void *, float);
void _mlir_ciface_legato_gevm_c128(void *, void *, void *, double);
void _mlir_ciface_legato_lapack_f32(int64_t, int64_t, void *, void *, void *);
void _mlir_ciface_legato_lapack_f64(int64_t, int64_t, void *, void *, void *);
void _mlir_ciface_legato_lapack_c64(int64_t, int64_t, void *, void *, void *);
void _mlir_ciface_legato_lapack_c128(int64_t, int64_t, void *, void *, void *);
void _mlir_ciface_legato_lapack_eig_f32(int64_t, int64_t, void *, void *, void *);
void _mlir_ciface_legato_lapack_eig_f64(int64_t, int64_t, void *, void *, void *);
void _mlir_ciface_legato_lapack_eig_c64(int64_t, int64_t, void *, void *, void *);
void _mlir_ciface_legato_lapack_eig_c128(int64_t, int64_t, void *, void *, void *);
#define LEGATO_FFT_DECL(name) void _mlir_ciface_legato_fft_##name(int64_t, int64_t, void *, void *);
LEGATO_FFT_DECL(c2c_f32)
LEGATO_FFT_DECL(c2c_f64)
LEGATO_FFT_DECL(r2c_f32)
LEGATO_FFT_DECL(r2c_f64)
LEGATO_FFT_DECL(c2r_f32)
LEGATO_FFT_DECL(c2r_f64)
#undef LEGATO_FFT_DECL
}

namespace legato::codegen {

CpuExecutable::CpuExecutable() = default;
CpuExecutable::~CpuExecutable() = default;

namespace {

//===-- The host target ---------------------------------------------------===//

/// What code is generated for: detected once, as it cannot change while the
/// process runs.
struct HostTarget {
  std::string triple, cpu, features;
};

/// Never destroyed: a Runtime held in a static flushes, and so compiles,
/// during static destruction.
const HostTarget &hostTarget() {
  static const HostTarget *host = [] {
    llvm::SubtargetFeatures features;
    for (auto &f : llvm::sys::getHostCPUFeatures())
      features.AddFeature(f.first(), f.second);
    return new HostTarget{llvm::sys::getProcessTriple(), llvm::sys::getHostCPUName().str(),
                          features.getString()};
  }();
  return *host;
}

std::unique_ptr<llvm::TargetMachine> hostTargetMachine() {
  const HostTarget &host = hostTarget();
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(llvm::Triple(host.triple), error);
  if (!target)
    throw Error("legato: no LLVM target for " + host.triple + ": " + error);
  llvm::TargetOptions options;
  return std::unique_ptr<llvm::TargetMachine>(target->createTargetMachine(
      llvm::Triple(host.triple), host.cpu, host.features, options, llvm::Reloc::PIC_,
      std::nullopt, llvm::CodeGenOptLevel::Aggressive, /*JIT=*/true));
}

//===-- Compile cache key and format --------------------------------------===//

/// The object code depends on the module (locations included: OpenMP
/// translation writes them into the object) and on the entry's wrapper.
std::string cacheKey(mlir::ModuleOp module, const std::string &entry) {
  std::string key = "entry " + entry + "\n";
  llvm::raw_string_ostream os(key);
  mlir::OpPrintingFlags flags;
  flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
  flags.assumeVerified(); // (the lowering pipeline has just verified it)
  module->print(os, flags);
  return key;
}

//===-- Compilation to objects --------------------------------------------===//

/// Adds `_mlir_<f>(void **args)`, which calls `f` with `*args[i]` as its i-th
/// argument and stores a result, if any, to `*args[n]`: the one signature
/// the backend calls every program through (MLIR's ExecutionEngine
/// generates the same wrapper and `lookupPacked` finds it).
void addPackedWrapper(llvm::Function &f) {
  llvm::Module &module = *f.getParent();
  llvm::IRBuilder<> b(module.getContext());
  auto *type = llvm::FunctionType::get(b.getVoidTy(), b.getPtrTy(), /*isVarArg=*/false);
  auto *wrapper = llvm::Function::Create(type, llvm::GlobalValue::ExternalLinkage,
                                         "_mlir_" + f.getName(), module);
  b.SetInsertPoint(llvm::BasicBlock::Create(module.getContext(), "entry", wrapper));
  llvm::Value *slots = wrapper->getArg(0);
  auto slot = [&](uint64_t i) {
    return b.CreateLoad(b.getPtrTy(), b.CreateGEP(b.getPtrTy(), slots, b.getInt64(i)));
  };
  llvm::SmallVector<llvm::Value *> args;
  for (llvm::Argument &arg : f.args())
    args.push_back(b.CreateLoad(arg.getType(), slot(arg.getArgNo())));
  llvm::Value *result = b.CreateCall(&f, args);
  if (!result->getType()->isVoidTy())
    b.CreateStore(result, slot(f.arg_size()));
  b.CreateRetVoid();
}

/// The JIT runs no initialisers (see link()); code needing them would run
/// with uninitialised state, so refuse it rather than miscompute.
void checkNoInitializers(const llvm::Module &module) {
  for (const char *name : {"llvm.global_ctors", "llvm.global_dtors"})
    if (module.getNamedGlobal(name))
      throw Error(std::string("legato: internal compiler error: a CPU program has ") + name +
                  ", which the JIT does not run");
}

/// glibc's AVX-512 variants of the functions whose loops are exp/log bound.
/// LLVM's LIBMVEC table stops at AVX2 (4 doubles); with these and 512-bit
/// vectors the exp/log-bound Black-Scholes kernel runs markedly faster on an
/// AVX-512 host (docs/PERFORMANCE.md, "CPU, session 5"). The names are
/// glibc's vector ABI; the prefix tells the vectoriser the shape (8 or 16
/// lanes, one vector argument).
void addAvx512VectorMath(llvm::TargetLibraryInfoImpl &tlii) {
  auto lanes = [](unsigned n) { return llvm::ElementCount::getFixed(n); };
  static const llvm::VecDesc functions[] = {
      {"exp", "_ZGVeN8v_exp", lanes(8), false, "_ZGV_LLVM_N8v", std::nullopt},
      {"llvm.exp.f64", "_ZGVeN8v_exp", lanes(8), false, "_ZGV_LLVM_N8v", std::nullopt},
      {"log", "_ZGVeN8v_log", lanes(8), false, "_ZGV_LLVM_N8v", std::nullopt},
      {"llvm.log.f64", "_ZGVeN8v_log", lanes(8), false, "_ZGV_LLVM_N8v", std::nullopt},
      {"expf", "_ZGVeN16v_expf", lanes(16), false, "_ZGV_LLVM_N16v", std::nullopt},
      {"llvm.exp.f32", "_ZGVeN16v_expf", lanes(16), false, "_ZGV_LLVM_N16v", std::nullopt},
      {"logf", "_ZGVeN16v_logf", lanes(16), false, "_ZGV_LLVM_N16v", std::nullopt},
      {"llvm.log.f32", "_ZGVeN16v_logf", lanes(16), false, "_ZGV_LLVM_N16v", std::nullopt},
  };
  tlii.addVectorizableFunctions(functions);
}

/// O3 with libmvec: `exp`/`log` loops vectorise into glibc's vector calls,
/// 512 bits wide where the host has AVX-512 (LLVM's default stays at 256).
void optimize(llvm::Module &module, llvm::TargetMachine &tm) {
  std::string cpu = tm.getTargetCPU().str(), features = tm.getTargetFeatureString().str();
  bool avx512 = llvm::StringRef(features).contains("+avx512f");
  for (llvm::Function &f : module) {
    if (f.isDeclaration())
      continue;
    f.addFnAttr("target-cpu", cpu);
    f.addFnAttr("target-features", features);
    if (avx512)
      f.addFnAttr("prefer-vector-width", "512");
  }

  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PipelineTuningOptions tuning;
  tuning.LoopVectorization = true;
  tuning.SLPVectorization = true;
  llvm::PassBuilder pb(&tm, tuning);
  llvm::TargetLibraryInfoImpl tlii(tm.getTargetTriple());
  tlii.addVectorizableFunctionsFromVecLib(llvm::VectorLibrary::LIBMVEC, tm.getTargetTriple());
  if (avx512)
    addAvx512VectorMath(tlii);
  fam.registerPass([&] { return llvm::TargetLibraryAnalysis(tlii); });
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager mpm = pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3);
  mpm.run(module, mam);
}

/// The object code of `module`, generated by `tm`.
std::string generateObject(llvm::Module &module, llvm::TargetMachine &tm) {
  llvm::orc::SimpleCompiler compiler(tm);
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> object = compiler(module);
  if (!object)
    throw Error("legato: JIT compilation failed: " + llvm::toString(object.takeError()));
  return (*object)->getBuffer().str();
}

/// Below this many instructions a module is generated in one piece: a
/// partition costs a bitcode round trip and a target machine (~ms).
constexpr size_t kMinInstructionsToSplit = 2000;

/// The objects of optimised `module`, generated on up to `threads` threads.
/// After O3 a program's functions (the entry, each outlined OpenMP kernel)
/// are independent, and their code generation is most of a compile, so the
/// module is split by function (llvm::SplitModule, which makes internal
/// symbols hidden globals that the JIT links across objects); each part goes
/// through bitcode into an LLVMContext of its own, as contexts are not
/// thread-safe. The parts depend on the module only, so the objects are the
/// same on every run with as many threads.
std::vector<std::string> generateObjects(llvm::Module &module, llvm::TargetMachine &tm,
                                         unsigned threads) {
  size_t functions = 0, instructions = 0;
  for (llvm::Function &f : module)
    if (!f.isDeclaration()) {
      ++functions;
      instructions += f.getInstructionCount();
    }
  unsigned parts = unsigned(std::min<size_t>({threads, functions, 16}));
  if (parts < 2 || instructions < kMinInstructionsToSplit)
    return {generateObject(module, tm)};

  std::vector<llvm::SmallString<0>> bitcode;
  llvm::SplitModule(module, parts, [&](std::unique_ptr<llvm::Module> part) {
    llvm::raw_svector_ostream os(bitcode.emplace_back());
    llvm::WriteBitcodeToFile(*part, os);
  });
  std::vector<std::string> objects(bitcode.size());
  std::vector<std::string> errors(bitcode.size());
  auto generatePart = [&](size_t i) {
    try {
      llvm::LLVMContext context;
      llvm::Expected<std::unique_ptr<llvm::Module>> part = llvm::parseBitcodeFile(
          llvm::MemoryBufferRef(llvm::StringRef(bitcode[i].data(), bitcode[i].size()), "part"),
          context);
      if (!part)
        throw Error("legato: JIT compilation failed: " + llvm::toString(part.takeError()));
      // (a target machine is not thread-safe: the workers make their own)
      objects[i] = generateObject(**part, i == 0 ? tm : *hostTargetMachine());
    } catch (const Error &e) {
      errors[i] = e.what();
    }
  };
  std::vector<std::thread> workers;
  for (size_t i = 1; i < bitcode.size(); ++i)
    workers.emplace_back(generatePart, i);
  generatePart(0);
  for (std::thread &worker : workers)
    worker.join();
  for (const std::string &error : errors)
    if (!error.empty())
      throw Error(error);
  return objects;
}

/// Several objects as one string (the unit the cache keeps), and back.
std::string packObjects(const std::vector<std::string> &objects) {
  ImageWriter code;
  code.integer(objects.size());
  for (const std::string &object : objects)
    code.bytes(object);
  return code.take();
}

std::optional<std::vector<llvm::StringRef>> unpackObjects(std::string_view code) {
  ImageReader reader(code);
  std::vector<llvm::StringRef> objects;
  uint64_t count = reader.integer();
  for (uint64_t i = 0; i < count && !reader.failed(); ++i) {
    std::string_view object = reader.bytes();
    objects.emplace_back(object.data(), object.size());
  }
  if (!reader.ok() || objects.empty())
    return std::nullopt;
  return objects;
}

/// Translates, wraps `entry`, optimises and generates code: the objects'
/// bytes, packed.
std::string compileToCode(mlir::ModuleOp module, const std::string &entry, unsigned threads) {
  std::unique_ptr<llvm::TargetMachine> tm = hostTargetMachine();
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> llvmModule = mlir::translateModuleToLLVMIR(module, context);
  if (!llvmModule)
    throw Error("legato: JIT compilation failed: could not convert to LLVM IR");
  llvmModule->setDataLayout(tm->createDataLayout());
  llvmModule->setTargetTriple(tm->getTargetTriple());
  checkNoInitializers(*llvmModule);

  llvm::Function *interface = llvmModule->getFunction("_mlir_ciface_" + entry);
  if (!interface || interface->isDeclaration())
    throw Error("legato: compiled program lacks its entry point: no _mlir_ciface_" + entry);
  addPackedWrapper(*interface); // before O3, which inlines the interface into it
  optimize(*llvmModule, *tm);
  return packObjects(generateObjects(*llvmModule, *tm, threads));
}

//===-- Linking into the process ------------------------------------------===//

/// What generated code calls besides libc, libm, libmvec and OpenMP (found
/// in the process): our allocator, BLAS, LAPACK, FFT and sort entry points.
llvm::orc::SymbolMap runtimeSymbols(llvm::orc::LLJIT &jit) {
  llvm::orc::MangleAndInterner mangle(jit.getExecutionSession(), jit.getDataLayout());
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
  add("_mlir_ciface_legato_gemm_c64", &_mlir_ciface_legato_gemm_c64);
  add("_mlir_ciface_legato_gemm_c128", &_mlir_ciface_legato_gemm_c128);
  add("_mlir_ciface_legato_gemv_c64", &_mlir_ciface_legato_gemv_c64);
  add("_mlir_ciface_legato_gemv_c128", &_mlir_ciface_legato_gemv_c128);
  add("_mlir_ciface_legato_gevm_c64", &_mlir_ciface_legato_gevm_c64);
  add("_mlir_ciface_legato_gevm_c128", &_mlir_ciface_legato_gevm_c128);
  add("_mlir_ciface_legato_lapack_f32", &_mlir_ciface_legato_lapack_f32);
  add("_mlir_ciface_legato_lapack_f64", &_mlir_ciface_legato_lapack_f64);
  add("_mlir_ciface_legato_lapack_c64", &_mlir_ciface_legato_lapack_c64);
  add("_mlir_ciface_legato_lapack_c128", &_mlir_ciface_legato_lapack_c128);
  add("_mlir_ciface_legato_lapack_eig_f32", &_mlir_ciface_legato_lapack_eig_f32);
  add("_mlir_ciface_legato_lapack_eig_f64", &_mlir_ciface_legato_lapack_eig_f64);
  add("_mlir_ciface_legato_lapack_eig_c64", &_mlir_ciface_legato_lapack_eig_c64);
  add("_mlir_ciface_legato_lapack_eig_c128", &_mlir_ciface_legato_lapack_eig_c128);
  add("_mlir_ciface_legato_fft_c2c_f32", &_mlir_ciface_legato_fft_c2c_f32);
  add("_mlir_ciface_legato_fft_c2c_f64", &_mlir_ciface_legato_fft_c2c_f64);
  add("_mlir_ciface_legato_fft_r2c_f32", &_mlir_ciface_legato_fft_r2c_f32);
  add("_mlir_ciface_legato_fft_r2c_f64", &_mlir_ciface_legato_fft_r2c_f64);
  add("_mlir_ciface_legato_fft_c2r_f32", &_mlir_ciface_legato_fft_c2r_f32);
  add("_mlir_ciface_legato_fft_c2r_f64", &_mlir_ciface_legato_fft_c2r_f64);
#define LEGATO_SORT_SYMBOLS(name, T)                                                               \
  add("_mlir_ciface_legato_sort_" #name, &_mlir_ciface_legato_sort_##name);                        \
  add("_mlir_ciface_legato_argsort_" #name, &_mlir_ciface_legato_argsort_##name);              \
  add("_mlir_ciface_legato_partition_" #name, &_mlir_ciface_legato_partition_##name);          \
  add("_mlir_ciface_legato_argpartition_" #name, &_mlir_ciface_legato_argpartition_##name);
  LEGATO_SORT_TYPES(LEGATO_SORT_SYMBOLS)
#undef LEGATO_SORT_SYMBOLS
  return symbols;
}

/// A JIT holding the objects packed in `code`, with `entry`'s packed wrapper
/// resolved; an error when they cannot be loaded or linked.
llvm::Expected<std::unique_ptr<CpuExecutable>> link(std::string_view code,
                                                    const std::string &entry) {
  std::optional<std::vector<llvm::StringRef>> objects = unpackObjects(code);
  if (!objects)
    return llvm::createStringError("damaged object code");
  auto jit =
      llvm::orc::LLJITBuilder()
          // The inactive platform runs no initialisers or deinitialisers, so
          // destroying a JIT runs and compiles nothing (lib/API/ExecutableCache.h).
          .setPlatformSetUp(llvm::orc::setUpInactivePlatform)
          .setLinkProcessSymbolsByDefault(false) // the main JITDylib searches the process
          // The linker MLIR's ExecutionEngine uses.
          .setObjectLinkingLayerCreator([](llvm::orc::ExecutionSession &session)
                                            -> llvm::Expected<std::unique_ptr<llvm::orc::ObjectLayer>> {
            return std::make_unique<llvm::orc::RTDyldObjectLinkingLayer>(
                session, [](const llvm::MemoryBuffer &) {
                  return std::make_unique<llvm::SectionMemoryManager>();
                });
          })
          .create();
  if (!jit)
    return jit.takeError();
  llvm::orc::JITDylib &main = (*jit)->getMainJITDylib();
  if (llvm::Error error = main.define(llvm::orc::absoluteSymbols(runtimeSymbols(**jit))))
    return std::move(error);
  auto process = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      (*jit)->getDataLayout().getGlobalPrefix());
  if (!process)
    return process.takeError();
  main.addGenerator(std::move(*process));
  for (llvm::StringRef object : *objects)
    if (llvm::Error error = (*jit)->addObjectFile(llvm::MemoryBuffer::getMemBufferCopy(object)))
      return std::move(error);
  auto fn = (*jit)->lookup("_mlir__mlir_ciface_" + entry);
  if (!fn)
    return fn.takeError();
  auto exe = std::make_unique<CpuExecutable>();
  exe->entry = fn->toPtr<void (*)(void **)>();
  exe->jit = std::move(*jit);
  return exe;
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

/// Everything else the object depends on, except the LLVM version, which the
/// cache stamps itself. Bump the revision whenever this file changes the code
/// it emits for a given module (the pipeline, the wrapper, the options).
std::string cpuObjectFormat() {
  const HostTarget &host = hostTarget();
  std::array<uint8_t, 32> featureHash =
      llvm::SHA256::hash(llvm::arrayRefFromStringRef(host.features));
  return "cpu-object-" + host.triple + "-" + host.cpu + "-" +
         llvm::toHex(llvm::ArrayRef(featureHash).take_front(8), /*LowerCase=*/true) + "-r3";
}

std::unique_ptr<CpuExecutable> loadCpuCode(std::string_view code, const std::string &entry) {
  auto exe = link(code, entry);
  if (exe)
    return std::move(*exe);
  llvm::consumeError(exe.takeError());
  return nullptr;
}

std::unique_ptr<CpuExecutable> compileForCpu(mlir::ModuleOp module, const std::string &entry,
                                             unsigned threads, runtime::DiskCache *cache,
                                             std::string *codeOut) {
  std::string key, format;
  if (cache) {
    key = cacheKey(module, entry);
    format = cpuObjectFormat();
    if (std::optional<std::string> code = cache->load(key, format))
      // An entry that passed the checks but does not link is a miss too.
      if (std::unique_ptr<CpuExecutable> exe = loadCpuCode(*code, entry)) {
        if (codeOut)
          *codeOut = std::move(*code);
        return exe;
      }
  }
  std::string code = compileToCode(module, entry, threads);
  auto exe = link(code, entry);
  if (!exe)
    throw Error("legato: compiled program lacks its entry point: " +
                llvm::toString(exe.takeError()));
  if (cache) // (only code that linked)
    cache->store(key, format, code);
  if (codeOut)
    *codeOut = std::move(code);
  return std::move(*exe);
}

} // namespace legato::codegen
