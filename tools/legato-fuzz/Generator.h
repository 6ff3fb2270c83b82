//===- Generator.h - Random well-typed fuzzer programs ----------*- C++ -*-===//
#ifndef LEGATO_FUZZ_GENERATOR_H
#define LEGATO_FUZZ_GENERATOR_H

#include "Program.h"

#include <cstdint>

namespace legato_fuzz {

struct GeneratorOptions {
  int minStatements = 2;
  int maxStatements = 9;
  int maxInputs = 4;         ///< legato::jit takes at most 8 arguments
  bool avoidOpenBugs = true; ///< skip statements that hit OpenBugs.h's bugs
};

/// The program of `seed`: the same seed gives the same program on every
/// machine (the generator uses its own integer PRNG, no std distributions).
Program generateProgram(uint64_t seed, const GeneratorOptions &options = {});

} // namespace legato_fuzz

#endif // LEGATO_FUZZ_GENERATOR_H
