//===- OpenBugs.h - Known open compiler bugs the generator steers around -*- C++ -*-===//
//
// An open bug keeps showing up in a large share of the programs until it is
// fixed, drowning everything else. Each has a reproducer in
// test/regressions/open/ and a predicate here. By default the generator and
// the shrinker keep away from programs that may hit a bug of every mode;
// a bug of one mode whose predicate would exclude too much instead explains
// that mode's disagreements, which are then counted
// as known, not reported. So fuzz.ci stays green and keeps looking for new
// bugs. `legato-fuzz --open-bugs` turns all this off (to check a fix).
// Delete the predicate when the reproducer moves to test/regressions/.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_FUZZ_OPENBUGS_H
#define LEGATO_FUZZ_OPENBUGS_H

#include "LegatoRunner.h"
#include "Program.h"

#include <optional>
#include <string>

namespace legato_fuzz {

/// The reproducer of an open bug `program` may hit and that the generator
/// keeps away from, or nullopt.
std::optional<std::string> matchesOpenBug(const Program &program);

/// The reproducer of an open bug of `mode` that may explain a disagreement
/// of `program` in that mode, or nullopt.
std::optional<std::string> explainingOpenBug(const Program &program, RunMode mode);

} // namespace legato_fuzz

#endif // LEGATO_FUZZ_OPENBUGS_H
