//===- Driver.h - Runs batches of programs on NumPy and legato --*- C++ -*-===//
//
// One batch = one NumPy process (numpy_eval.py runs every program) and one
// worker process per legato mode (this executable with --worker; only one
// legato::Runtime may exist per process, and a crash must not take the
// fuzzer down). A worker that crashes or stops making progress is restarted
// after the program it was running, which is reported as a crash.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_FUZZ_DRIVER_H
#define LEGATO_FUZZ_DRIVER_H

#include "LegatoRunner.h"
#include "Program.h"
#include "Results.h"

#include <map>
#include <string>
#include <vector>

namespace legato_fuzz {

struct DriverOptions {
  std::string self; ///< this executable, run as the workers
  std::string python = "/usr/bin/python3";
  std::string evaluator; ///< numpy_eval.py
  std::string workDir;   ///< scratch files of the batches
  std::vector<RunMode> modes = {RunMode::eager, RunMode::lazy, RunMode::jit};
  int jobs = 2;              ///< processes at a time
  int stallSeconds = 120;    ///< a worker without progress this long is killed
  bool avoidOpenBugs = true; ///< the shrinker keeps away from OpenBugs.h's bugs
  /// Put before each worker's command (e.g. {"mpirun", "-n", "3"}): the
  /// workers run distributed, and rank 0 reports (docs/DISTRIBUTED.md).
  std::vector<std::string> launch;
};

/// Disagreements of one program: mode -> description (empty map: agreement).
using Verdict = std::map<RunMode, std::string>;

/// Runs `programs` everywhere and compares; one verdict per program. Throws
/// std::runtime_error when the NumPy evaluator itself fails.
std::vector<Verdict> runBatch(const std::vector<Program> &programs, const DriverOptions &options);

/// The worker process: runs the programs of `batchFile` from index `from`,
/// appending to `resultsFile`. Returns the process exit code.
int workerMain(RunMode mode, const std::string &batchFile, const std::string &resultsFile,
               uint64_t from, int threads);

/// A coarse class of a disagreement ("crash", "legato raised", "mismatch",
/// ...), which a shrunk program must keep.
std::string verdictCategory(const std::string &description);

} // namespace legato_fuzz

#endif // LEGATO_FUZZ_DRIVER_H
