//===- Compare.h - legato's answer against NumPy's ----------------*- C++ -*-===//
#ifndef LEGATO_FUZZ_COMPARE_H
#define LEGATO_FUZZ_COMPARE_H

#include "Analysis.h"
#include "Program.h"
#include "Results.h"

#include <string>

namespace legato_fuzz {

/// Bool and integer results, and float results the analysis calls exact,
/// must be equal (NaN equals NaN, -0.0 equals 0.0); other float results
/// must satisfy |legato - numpy| <= rtol * (|numpy| + scale), where rtol is
/// kFloat32Tolerance or kFloat64Tolerance (Analysis.h) -- the float32 one
/// when the value was rounded in float32 anywhere on its way -- and scale
/// the largest magnitude the analysis saw on that way.
/// An empty string when `legato` agrees with `numpy` for `program`, else a
/// description of the first disagreement. Both raising counts as agreement
/// only when NumPy raised (legato::Error for a call NumPy rejects).
std::string compareResults(const Program &program, const ProgramResult &numpy,
                           const ProgramResult &legato);

} // namespace legato_fuzz

#endif // LEGATO_FUZZ_COMPARE_H
