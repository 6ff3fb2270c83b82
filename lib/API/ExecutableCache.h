//===- ExecutableCache.h - compiled programs, kept for the process -*- C++ -*-===//
//
// Compiled programs outlive any one Runtime: a Runtime created again finds its
// programs compiled, and no executable is ever destroyed. The latter is
// deliberate: a JIT's teardown may run code during static destruction (a
// Runtime or jit function held in a static), when LLVM's lazily built globals
// may already be gone (MLIR's ExecutionEngine crashed there once). JIT'd code
// and loaded GPU modules live until the process ends, as LLVM's own tools
// keep them.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_API_EXECUTABLECACHE_H
#define LEGATO_API_EXECUTABLECACHE_H

#include "API/DistributedProgram.h"
#include "Codegen/Backend.h"

#include <memory>
#include <string>

namespace legato::detail {

/// A compiled program (its stats: what one run of it costs).
struct Executable {
  std::unique_ptr<codegen::CompiledProgram> program;
  /// Over several ranks: `program` is this one (and owns it), and where each
  /// output lives. Null on one rank.
  DistributedProgram *distributed = nullptr;
};

/// The executable compiled for `key` (program key, backend and compiler
/// options), or null.
std::shared_ptr<Executable> findExecutable(const std::string &key);
/// Keeps `exe` for the rest of the process.
void keepExecutable(const std::string &key, std::shared_ptr<Executable> exe);

} // namespace legato::detail

#endif // LEGATO_API_EXECUTABLECACHE_H
