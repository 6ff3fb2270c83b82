//===- Shrinker.h - Delta debugging of a failing program --------*- C++ -*-===//
#ifndef LEGATO_FUZZ_SHRINKER_H
#define LEGATO_FUZZ_SHRINKER_H

#include "Driver.h"
#include "Program.h"

namespace legato_fuzz {

/// Shrinks `program`, which disagrees with NumPy in `mode` as `description`
/// says, to a small program that still disagrees in that mode the same way
/// (same verdictCategory): it drops statements (with their dependents),
/// unused inputs and input dimensions, and simplifies input values. Each
/// round tries all candidates of a kind in one batch. Returns the smallest
/// failing program found and, in `description`, its disagreement.
Program shrinkProgram(const Program &program, RunMode mode, std::string &description,
                      const DriverOptions &options);

/// Renumbers variables densely (x0.. for inputs, then v<k> in order).
Program renumber(const Program &program);

} // namespace legato_fuzz

#endif // LEGATO_FUZZ_SHRINKER_H
