//===- NumpyPrinter.h - A fuzzer program as a NumPy program -----*- C++ -*-===//
#ifndef LEGATO_FUZZ_NUMPYPRINTER_H
#define LEGATO_FUZZ_NUMPYPRINTER_H

#include "Program.h"

#include <string>

namespace legato_fuzz {

/// Definitions every printed program relies on: NEP 50 promotion on NumPy 1.x,
/// erf (NumPy has none) and legato::random's generator.
const std::string &numpyPrelude();

/// The statements of `program` as Python/NumPy code, without the prelude.
/// Every variable keeps its name (x0, v5, ...); views stay views, and every
/// other result is a fresh array, as in legato.
std::string printNumpyBody(const Program &program);

/// A standalone script: prelude, body, and a print of every variable.
std::string printNumpyScript(const Program &program);

} // namespace legato_fuzz

#endif // LEGATO_FUZZ_NUMPYPRINTER_H
