//===- Results.h - What one side computed for a batch of programs -*- C++ -*-===//
//
// The legato workers and the NumPy evaluator write the same text format:
//   start ID                       (workers only: the program is about to run)
//   program ID ok COUNT            then COUNT lines
//   array NAME DTYPE SHAPE V...    integers in decimal, floats in C99 hex
//                                  (complex: real, imaginary parts)
//   program ID error MESSAGE       the call raised (legato::Error / a NumPy
//                                  exception); MESSAGE is one line
// A program that was started but has no `program` line crashed the worker.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_FUZZ_RESULTS_H
#define LEGATO_FUZZ_RESULTS_H

#include <legato/legato.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace legato_fuzz {

/// The final value of one variable.
struct ArrayResult {
  std::string name;
  std::string dtype; ///< NumPy's name; may be one legato lacks
  legato::Shape shape;
  std::vector<int64_t> ints;  ///< bool and integer values
  std::vector<double> floats; ///< float values (complex: real, imaginary, ...)
};

struct ProgramResult {
  enum class Status { ok, error, crash, missing } status = Status::missing;
  std::string message; ///< error text, or how the worker died
  std::vector<ArrayResult> arrays;
};

/// Program id -> result.
using BatchResults = std::map<uint64_t, ProgramResult>;

std::string formatProgramResult(uint64_t id, const ProgramResult &result);
/// Parses a results file. Programs with a `start` line and no result are
/// returned as crashes; `lastStarted` receives the last started id (or
/// stays unchanged when there is none).
BatchResults parseResults(const std::string &text, uint64_t *lastStarted = nullptr);

} // namespace legato_fuzz

#endif // LEGATO_FUZZ_RESULTS_H
