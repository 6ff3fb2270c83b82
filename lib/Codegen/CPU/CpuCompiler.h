//===- CpuCompiler.h - LLVM-dialect modules to native code ------*- C++ -*-===//
#ifndef LEGATO_CODEGEN_CPU_CPUCOMPILER_H
#define LEGATO_CODEGEN_CPU_CPUCOMPILER_H

#include "mlir/IR/BuiltinOps.h"

#include <memory>
#include <string>
#include <string_view>

namespace llvm::orc {
class LLJIT;
} // namespace llvm::orc

namespace legato::runtime {
class DiskCache;
} // namespace legato::runtime

namespace legato::codegen {

/// A JIT-compiled program: call `entry` with one pointer per argument, each
/// pointing at a pointer to that argument's memref descriptor. The JIT holds
/// the code; destroying the executable frees it and runs no JIT'd code (no
/// static destructors, nothing compiled on the way out).
struct CpuExecutable {
  std::unique_ptr<llvm::orc::LLJIT> jit;
  void (*entry)(void **) = nullptr;

  CpuExecutable();
  ~CpuExecutable();
};

/// Loads the libraries generated code calls (OpenMP, the vector math
/// library) and sets the worker count. Idempotent.
void initializeCpuCodegen(int threads);

/// Compiles `module` (LLVM dialect) for the host CPU at O3 with vectorised
/// math, generating code on up to `threads` threads, and looks up the packed
/// C-interface wrapper of `entry`. The program's code is one or more objects
/// packed into one string (its "code"). With a `cache` (may be null) the
/// code is taken from it when this module was compiled for this CPU before,
/// and stored in it otherwise (docs/RELIABILITY.md, "Compile cache"). With
/// `code`, the code is copied there too. Throws legato::Error on failure.
std::unique_ptr<CpuExecutable> compileForCpu(mlir::ModuleOp module, const std::string &entry,
                                             unsigned threads, runtime::DiskCache *cache,
                                             std::string *code = nullptr);

/// The executable of code that compileForCpu made on a CPU of the same
/// cpuObjectFormat(), with `entry` looked up; null when it does not load.
std::unique_ptr<CpuExecutable> loadCpuCode(std::string_view code, const std::string &entry);

/// The host CPU an object is compiled for, and the revision of the code
/// generator: objects of another format never load.
std::string cpuObjectFormat();

} // namespace legato::codegen

#endif // LEGATO_CODEGEN_CPU_CPUCOMPILER_H
