//===- LegatoRunner.h - Runs a fuzzer program with legato -------*- C++ -*-===//
#ifndef LEGATO_FUZZ_LEGATORUNNER_H
#define LEGATO_FUZZ_LEGATORUNNER_H

#include "Program.h"
#include "Results.h"

#include <string>
#include <vector>

namespace legato_fuzz {

/// How a worker process runs programs: the Runtime's mode, and whether the
/// whole program is traced by legato::jit (in lazy mode).
enum class RunMode { eager, lazy, jit };
const char *runModeName(RunMode mode);

/// The variables a program defines, in order: its outputs on both sides.
std::vector<int> outputVariables(const Program &program);

/// Runs `program` with the process's legato::Runtime and reads every output
/// back. legato::Error becomes an `error` result.
ProgramResult runWithLegato(const Program &program, RunMode mode);

} // namespace legato_fuzz

#endif // LEGATO_FUZZ_LEGATORUNNER_H
