//===- black_scholes.cpp - Price European options -------------------------===//
//
// Usage: black_scholes [n]        (n options, default 2^20)
//
// About 60 elementwise operations per call; lazily (the default) they fuse
// into one kernel, with LEGATO_MODE=eager each runs on its own. This is
// `make demo`: it prices the options both ways, says what each cost, and
// prints the checksum of the mode LEGATO_MODE chooses (the tests compare it
// with NumPy's).
//
//===----------------------------------------------------------------------===//
#include "apps.h"
#include "cli.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <optional>
#include <string>
#include <utility>

namespace {

/// What one way of running cost, and where it ran.
struct Priced {
  legato::Mode mode;
  legato::Backend backend;
  int rank, ranks;
  double checksum = 0, ms = 0;
  legato::Stats stats;
};

/// Prices the n options in `mode` (unset: LEGATO_MODE's, lazy by default)
/// twice and measures the second call: the first compiles.
Priced price(int64_t n, std::optional<legato::Mode> mode) {
  legato::Options options;
  options.mode = mode;
  legato::Runtime rt(options);
  Priced p{rt.mode(), rt.backend(), rt.rank(), rt.size()};
  auto [S, X, T] = apps::black_scholes_inputs(n, legato::f64);
  legato::flush(); // the inputs exist before the clock starts
  for (int call = 0; call < 2; ++call) {
    legato::reset_stats();
    auto start = std::chrono::steady_clock::now();
    auto [calls, puts] = apps::black_scholes(S, X, T);
    p.checksum = (legato::sum(calls) + legato::sum(puts)).item<double>();
    p.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
               .count();
    p.stats = legato::stats();
  }
  return p;
}

void report(const char *how, const Priced &p) {
  std::printf("  %-36s %4lld kernel%s %10.1f MB moved %9.2f ms\n", how,
              (long long)p.stats.kernels, p.stats.kernels == 1 ? ", " : "s,",
              double(p.stats.bytes_moved) / 1e6, p.ms);
}

} // namespace

int main(int argc, char **argv) {
  cli::Arg n{"n", "options to price", int64_t(1) << 20};
  cli::parse(argc, argv,
             "Prices n European options (a call and a put each) with the Black-Scholes\n"
             "formula, once with every operation its own kernel (eager) and once fused\n"
             "by the compiler (lazy), and prints what each cost and the checksum (the sum\n"
             "of all prices) of the mode LEGATO_MODE chooses.",
             {&n});
  try {
    // The mode LEGATO_MODE chooses, then the other one for comparison.
    Priced chosen = price(n.value, std::nullopt);
    bool chosenEager = chosen.mode == legato::Mode::eager;
    Priced other = price(n.value, chosenEager ? legato::Mode::lazy : legato::Mode::eager);
    const Priced &eager = chosenEager ? chosen : other, &fused = chosenEager ? other : chosen;
    if (chosen.rank != 0)
      return 0;
    std::printf("Priced %lld European options (a call and a put each, float64) on the %s "
                "backend, %d rank%s.\n",
                (long long)n.value, chosen.backend == legato::Backend::cuda ? "cuda" : "cpu",
                chosen.ranks, chosen.ranks == 1 ? "" : "s");
    report("eager (one kernel per operation):", eager);
    report("lazy (fused by the compiler):", fused);
    double fewer = double(eager.stats.bytes_moved) /
                   double(std::max<int64_t>(fused.stats.bytes_moved, 1));
    std::printf("  fused is %.1fx faster and moves %.1fx fewer bytes (second calls: the first "
                "compiles)\n",
                eager.ms / fused.ms, fewer);
    double gap = std::fabs(eager.checksum - fused.checksum) / std::fabs(fused.checksum);
    if (!(gap <= 1e-9)) {
      std::fprintf(stderr, "black_scholes: eager and lazy disagree: %.17g vs %.17g\n",
                   eager.checksum, fused.checksum);
      return 1;
    }
    std::printf("checksum %.17g\n", chosen.checksum);
    std::string self = argv[0];
    const std::pair<std::string, const char *> next[] = {
        {"LEGATO_BACKEND=cuda " + self, "the same on an NVIDIA GPU"},
        {"mpirun -n 4 " + self, "over 4 MPI ranks"},
        {self + " --help", "the arguments"},
        {"make test", "every test (docs/RELIABILITY.md)"}};
    std::printf("next:\n");
    for (const auto &[command, what] : next)
      std::printf("  %-*s  %s\n", int(next[0].first.size()), command.c_str(), what);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "black_scholes: %s\n", e.what());
    return 1;
  }
}
