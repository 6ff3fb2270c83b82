//===- OpenBugs.cpp - Known open compiler bugs the generator steers around ===//
//
// No bug is open at present. To steer around a new one while it is being
// fixed, match the statements that trigger it in matchesOpenBug (every mode)
// or explainingOpenBug (one mode) and return the path of its reproducer in
// test/regressions/open/. Fixed bugs (their reproducers in test/regressions/)
// had predicates here; see git history for examples.
//
//===----------------------------------------------------------------------===//
#include "OpenBugs.h"

namespace legato_fuzz {

std::optional<std::string> matchesOpenBug(const Program &) { return std::nullopt; }

std::optional<std::string> explainingOpenBug(const Program &, RunMode) { return std::nullopt; }

} // namespace legato_fuzz
