//===- CpuCompiler.h - LLVM-dialect modules to native code ------*- C++ -*-===//
#ifndef LEGATO_CODEGEN_CPU_CPUCOMPILER_H
#define LEGATO_CODEGEN_CPU_CPUCOMPILER_H

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinOps.h"

#include <memory>
#include <string>

namespace legato::codegen {

/// A JIT-compiled program: call `entry` with one pointer per argument, each
/// pointing at a pointer to that argument's memref descriptor.
struct CpuExecutable {
  std::unique_ptr<mlir::ExecutionEngine> engine;
  void (*entry)(void **) = nullptr;
};

/// Loads the libraries generated code calls (OpenMP, the vector math
/// library) and sets the worker count. Idempotent.
void initializeCpuCodegen(int threads);

/// Compiles `module` (LLVM dialect) for the host CPU at O3 with vectorised
/// math, and looks up the C-interface wrapper of `entry`.
/// Throws legato::Error on failure.
std::unique_ptr<CpuExecutable> compileForCpu(mlir::ModuleOp module,
                                             const std::string &entry);

} // namespace legato::codegen

#endif // LEGATO_CODEGEN_CPU_CPUCOMPILER_H
