//===- main.cpp - legato-fuzz: differential fuzzing against NumPy ----------===//
//
//   legato-fuzz [--seed=S] [--count=N | --seconds=T | --soak] [--save=DIR]
//       generates programs S, S+1, ..., runs each on NumPy and in eager, lazy
//       and jit mode, shrinks disagreements and saves the reproducers
//       (DIR/seed<S>-<mode>.fuzz); exits 1 when anything disagreed. --soak:
//       LEGATO_FUZZ_SECONDS (600) from LEGATO_FUZZ_SEED or a fresh seed
//   legato-fuzz --replay FILE...     runs saved programs; exits 1 on a mismatch
//   legato-fuzz --print FILE | --print-seed=S
//       shows a program and its NumPy translation
// Common options: --modes=eager,lazy,jit --jobs=J --batch=B --python=PATH
// --evaluator=numpy_eval.py --keep-temp -v, --launch="mpirun -n N ..." (run
// the legato workers distributed). See docs/RELIABILITY.md.
//
//===----------------------------------------------------------------------===//
#include "Analysis.h"
#include "Driver.h"
#include "Generator.h"
#include "NumpyPrinter.h"
#include "OpenBugs.h"
#include "Shrinker.h"

#include <cctype>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <thread>
#include <unistd.h>

#ifndef LEGATO_FUZZ_EVALUATOR
#define LEGATO_FUZZ_EVALUATOR "numpy_eval.py"
#endif

using namespace legato_fuzz;
namespace fs = std::filesystem;

namespace {

struct Flags {
  uint64_t seed = 1;
  uint64_t count = 100;
  double seconds = 0;
  size_t batch = 250;
  std::string save;
  bool shrink = true;
  bool keepTemp = false;
  bool verbose = false;
  bool openBugs = false;
  int shrinkPerKind = 2;
  std::vector<std::string> replay;
  std::string print;
  std::optional<uint64_t> printSeed;
  // Worker.
  std::optional<RunMode> worker;
  std::string batchFile, results;
  uint64_t from = 0;
  int threads = 1;
  DriverOptions driver;
};

[[noreturn]] void usage(const std::string &problem) {
  std::cerr << "legato-fuzz: " << problem
            << "\nusage: legato-fuzz [--seed=S] [--count=N | --seconds=T] [--save=DIR] "
               "[--no-shrink] [--modes=eager,lazy,jit]\n"
               "       legato-fuzz --replay FILE...\n"
               "       legato-fuzz --print FILE | --print-seed=S\n";
  std::exit(2);
}

[[noreturn]] void help() {
  std::cout << "usage: legato-fuzz [--seed=S] [--count=N | --seconds=T | --soak] [--save=DIR]\n"
               "                   [--no-shrink] [--modes=eager,lazy,jit] [--jobs=J] [--batch=B]\n"
               "                   [--launch=\"mpirun -n N ...\"] [--python=PATH] [-v]\n"
               "       legato-fuzz --replay FILE...\n"
               "       legato-fuzz --print FILE | --print-seed=S\n\n"
               "Generates programs S, S+1, ... (default seed 1, count 100), runs each on NumPy\n"
               "and in eager, lazy and jit mode, shrinks disagreements and saves reproducers\n"
               "to DIR; exits 1 when anything disagreed. --soak fuzzes LEGATO_FUZZ_SECONDS\n"
               "(600) from LEGATO_FUZZ_SEED or a fresh seed. --jobs defaults to the cores,\n"
               "--batch to 250 programs per worker, --python to /usr/bin/python3.\n"
               "docs/RELIABILITY.md says more.\n";
  std::exit(0);
}

/// The whole number (or, with `real`, number) `text` of flag `name`, or a
/// usage error naming both.
double numberOf(const char *name, const std::string &text, double least, bool real = false) {
  char *end = nullptr;
  errno = 0;
  double v = real ? std::strtod(text.c_str(), &end) : double(std::strtoull(text.c_str(), &end, 10));
  if (text.empty() || *end || errno == ERANGE || (!real && text[0] == '-') || v < least)
    usage(std::string(name) + " needs " + (real ? "a number" : "a whole number") + " of at least " +
          std::to_string(int64_t(least)) + ", not '" + text + "'");
  return v;
}
uint64_t wholeOf(const char *name, const std::string &text, uint64_t least = 0) {
  numberOf(name, text, double(least));
  return std::strtoull(text.c_str(), nullptr, 10); // (exact past 2^53)
}

std::optional<RunMode> parseMode(const std::string &s) {
  for (RunMode m : {RunMode::eager, RunMode::lazy, RunMode::jit})
    if (s == runModeName(m))
      return m;
  return std::nullopt;
}

Flags parseFlags(int argc, char **argv) {
  Flags f;
  f.driver.evaluator = LEGATO_FUZZ_EVALUATOR;
  f.driver.jobs = int(std::max(1u, std::thread::hardware_concurrency()));
  bool replaying = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](const char *name) -> std::optional<std::string> {
      std::string prefix = std::string(name) + "=";
      if (a.rfind(prefix, 0) == 0)
        return a.substr(prefix.size());
      return std::nullopt;
    };
    if (a == "--help" || a == "-h")
      help();
    if (auto v = value("--seed"))
      f.seed = wholeOf("--seed", *v);
    else if (a == "--soak") {
      // `make fuzz`: LEGATO_FUZZ_SECONDS (600) from LEGATO_FUZZ_SEED or a
      // seed that differs between runs.
      const char *seconds = std::getenv("LEGATO_FUZZ_SECONDS");
      const char *seed = std::getenv("LEGATO_FUZZ_SEED");
      f.seconds = seconds ? std::atof(seconds) : 600;
      f.seed = seed ? std::strtoull(seed, nullptr, 10)
                    : uint64_t(std::time(nullptr)) % 1000000000 * 1000;
    } else if (auto v = value("--count"))
      f.count = wholeOf("--count", *v);
    else if (auto v = value("--seconds"))
      f.seconds = numberOf("--seconds", *v, 0, /*real=*/true);
    else if (auto v = value("--batch"))
      f.batch = wholeOf("--batch", *v, 1);
    else if (auto v = value("--save"))
      f.save = *v;
    else if (auto v = value("--jobs"))
      f.driver.jobs = int(wholeOf("--jobs", *v, 1));
    else if (auto v = value("--launch")) { // e.g. --launch="mpirun -n 3 --oversubscribe"
      std::istringstream words(*v);
      for (std::string w; words >> w;)
        f.driver.launch.push_back(w);
    } else if (auto v = value("--python"))
      f.driver.python = *v;
    else if (auto v = value("--evaluator"))
      f.driver.evaluator = *v;
    else if (auto v = value("--print-seed"))
      f.printSeed = wholeOf("--print-seed", *v);
    else if (auto v = value("--worker")) {
      if (!(f.worker = parseMode(*v)))
        usage("unknown mode '" + *v + "'");
    }
    else if (auto v = value("--batch-file"))
      f.batchFile = *v;
    else if (auto v = value("--results"))
      f.results = *v;
    else if (auto v = value("--from"))
      f.from = wholeOf("--from", *v);
    else if (auto v = value("--threads"))
      f.threads = int(wholeOf("--threads", *v, 1));
    else if (auto v = value("--modes")) {
      f.driver.modes.clear();
      std::stringstream ss(*v);
      std::string m;
      while (std::getline(ss, m, ','))
        if (auto mode = parseMode(m))
          f.driver.modes.push_back(*mode);
        else
          usage("unknown mode '" + m + "'");
    } else if (a == "--no-shrink")
      f.shrink = false;
    else if (a == "--keep-temp")
      f.keepTemp = true;
    else if (a == "--open-bugs")
      f.openBugs = true;
    else if (auto v = value("--shrink-per-kind"))
      f.shrinkPerKind = int(wholeOf("--shrink-per-kind", *v));
    else if (a == "-v" || a == "--verbose")
      f.verbose = true;
    else if (a == "--replay")
      replaying = true;
    else if (a == "--print" && i + 1 < argc)
      f.print = argv[++i];
    else if (replaying && a[0] != '-')
      f.replay.push_back(a);
    else
      usage("unknown argument '" + a + "'");
  }
  return f;
}

std::string selfPath(const char *argv0) {
  std::error_code ec;
  fs::path p = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string(argv0) : p.string();
}

std::string readFile(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    throw std::runtime_error("cannot read " + path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void printBoth(const Program &p) {
  std::cout << printProgram(p) << "\n" << printNumpyScript(p);
  if (auto why = checkProgram(p))
    std::cout << "# note: not well-typed for the generator: " << *why << "\n";
}

/// Writes the reproducer with a header saying what it showed.
std::string saveReproducer(const Program &p, RunMode mode, const std::string &what,
                           const std::string &dir) {
  fs::create_directories(dir);
  std::string path = dir + "/seed" + std::to_string(p.seed) + "-" + runModeName(mode) + ".fuzz";
  std::ofstream out(path);
  std::string summary = what.size() > 300 ? what.substr(0, 300) + " ..." : what;
  out << "# Found by legato-fuzz --seed=" << p.seed << " (" << runModeName(mode)
      << " mode), shrunk automatically.\n# " << summary << "\n"
      << "# Replay: legato-fuzz --replay " << fs::path(path).filename().string()
      << "    NumPy version: legato-fuzz --print " << fs::path(path).filename().string() << "\n"
      << printProgram(p);
  return path;
}

int replay(const Flags &f) {
  std::vector<Program> programs;
  for (const std::string &file : f.replay)
    programs.push_back(parseProgram(readFile(file)));
  std::vector<Verdict> verdicts = runBatch(programs, f.driver);
  int failures = 0;
  for (size_t i = 0; i < programs.size(); ++i) {
    for (const auto &[mode, why] : verdicts[i]) {
      std::cout << f.replay[i] << ": " << runModeName(mode) << ": " << why << "\n";
      ++failures;
    }
    if (verdicts[i].empty())
      std::cout << f.replay[i] << ": agrees with NumPy in every mode\n";
  }
  return failures ? 1 : 0;
}

/// Disagreements that look alike (digits and the tail ignored) are shrunk
/// only a few times per run: one bug tends to show up in many programs.
std::string kindOf(const std::string &description) {
  std::string k;
  for (char c : description.substr(0, 90))
    k += std::isdigit(static_cast<unsigned char>(c)) ? '#' : c;
  return k;
}

int fuzz(const Flags &f) {
  auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  uint64_t seed = f.seed, ran = 0;
  int found = 0, known = 0;
  std::vector<std::string> saved;
  std::map<std::string, int> kinds;
  GeneratorOptions generator;
  generator.avoidOpenBugs = !f.openBugs;
  while (f.seconds > 0 ? elapsed() < f.seconds : ran < f.count) {
    size_t n = f.seconds > 0 ? f.batch : size_t(std::min<uint64_t>(f.batch, f.count - ran));
    std::vector<Program> programs;
    for (size_t i = 0; i < n; ++i)
      programs.push_back(generateProgram(seed + i, generator));
    std::vector<Verdict> verdicts = runBatch(programs, f.driver);
    for (size_t i = 0; i < n; ++i) {
      if (!f.openBugs)
        for (auto it = verdicts[i].begin(); it != verdicts[i].end();)
          if (explainingOpenBug(programs[i], it->first)) {
            ++known;
            it = verdicts[i].erase(it);
          } else {
            ++it;
          }
      if (verdicts[i].empty())
        continue;
      ++found;
      const auto &[mode, why] = *verdicts[i].begin();
      std::cout << "seed " << programs[i].seed << ": " << verdicts[i].size()
                << " mode(s) disagree; " << runModeName(mode) << ": " << why.substr(0, 400) << "\n";
      if (f.verbose)
        std::cout << printProgram(programs[i]);
      if (f.save.empty() || kinds[kindOf(why)]++ >= f.shrinkPerKind)
        continue;
      Program small = programs[i];
      std::string what = why;
      if (f.shrink)
        small = shrinkProgram(programs[i], mode, what, f.driver);
      saved.push_back(saveReproducer(small, mode, what, f.save));
      std::cout << "  reproducer: " << saved.back() << " (" << small.statements.size()
                << " statements): " << what.substr(0, 400) << "\n";
    }
    seed += n;
    ran += n;
    std::cout << "ran " << ran << " programs (seeds " << f.seed << ".." << seed - 1 << ") in "
              << int(elapsed()) << " s; " << found << " disagreed";
    if (known)
      std::cout << " (and " << known << " disagreements explained by open bugs)";
    std::cout << std::endl;
  }
  return found ? 1 : 0;
}

} // namespace

int main(int argc, char **argv) {
  Flags f = parseFlags(argc, argv);
  try {
    if (f.worker)
      return workerMain(*f.worker, f.batchFile, f.results, f.from, f.threads);
    if (!f.print.empty()) {
      printBoth(parseProgram(readFile(f.print)));
      return 0;
    }
    if (f.printSeed) {
      printBoth(generateProgram(*f.printSeed));
      return 0;
    }
    f.driver.self = selfPath(argv[0]);
    f.driver.avoidOpenBugs = !f.openBugs;
    std::string tmp = (fs::temp_directory_path() / "legato-fuzz-XXXXXX").string();
    if (!mkdtemp(tmp.data()))
      throw std::runtime_error("cannot create a temporary directory");
    f.driver.workDir = tmp;
    int rc = !f.replay.empty() ? replay(f) : fuzz(f);
    if (!f.keepTemp)
      fs::remove_all(tmp);
    else
      std::cerr << "scratch files kept in " << tmp << "\n";
    return rc;
  } catch (const std::exception &e) {
    std::cerr << "legato-fuzz: " << e.what() << "\n";
    return 2;
  }
}
