//===- legato-bench.cpp - Time the example applications -------------------===//
//
// legato-bench --app black_scholes|stencil|cg|jacobi --n N [--dtype f64|f32]
//              [--mode eager|lazy|jit] [--reps R] [--warmup W]
//
// Runs the app of examples/apps.h W times untimed and R times timed, and
// prints one JSON line: median and minimum milliseconds per call, kernels and
// peak bytes of the last call, compile time and count over the whole run, and
// the app's checksum (equal across modes, and to bench/hand_fused's).
//
//===----------------------------------------------------------------------===//
#include "apps.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <string>
#include <vector>

namespace {
using legato::Array;

struct Config {
  std::string app, dtype = "f64", mode = "lazy";
  int64_t n = 0;
  int reps = 5, warmup = 2;
  bool print = true; ///< only rank 0 prints
};

[[noreturn]] void usage(const std::string &why) {
  std::fprintf(stderr,
               "legato-bench: %s\nusage: legato-bench --app "
               "black_scholes|stencil|cg|jacobi --n N [--dtype f64|f32] "
               "[--mode eager|lazy|jit] [--reps R] [--warmup W]\n",
               why.c_str());
  std::exit(2);
}

Config parse(int argc, char **argv) {
  Config c;
  for (int i = 1; i < argc; i += 2) {
    std::string key = argv[i];
    if (i + 1 == argc)
      usage(key + " needs a value");
    std::string value = argv[i + 1];
    if (key == "--app") c.app = value;
    else if (key == "--dtype") c.dtype = value;
    else if (key == "--mode") c.mode = value;
    else if (key == "--n") c.n = std::atoll(value.c_str());
    else if (key == "--reps") c.reps = std::atoi(value.c_str());
    else if (key == "--warmup") c.warmup = std::atoi(value.c_str());
    else usage("unknown option " + key);
  }
  if (c.app != "black_scholes" && c.app != "stencil" && c.app != "cg" &&
      c.app != "jacobi")
    usage("--app must be black_scholes, stencil, cg or jacobi");
  if (c.dtype != "f64" && c.dtype != "f32")
    usage("--dtype must be f64 or f32");
  if (c.mode != "eager" && c.mode != "lazy" && c.mode != "jit")
    usage("--mode must be eager, lazy or jit");
  if (c.n < 1 || c.reps < 1 || c.warmup < 0)
    usage("need --n >= 1, --reps >= 1, --warmup >= 0");
  return c;
}

double total(const Array &a) { return legato::sum(a).item<double>(); }

/// Times `run`, which calls the app and returns its outputs.
template <class Run, class Checksum>
void measure(const Config &c, Run run, Checksum checksum) {
  using Clock = std::chrono::steady_clock;
  legato::reset_stats();
  for (int i = 0; i < c.warmup; ++i) {
    auto out = run(); // kept alive across flush: lazily, dead values never run
    legato::flush();
  }
  legato::Stats all = legato::stats(), last;
  std::vector<double> ms;
  std::optional<decltype(run())> out;
  for (int i = 0; i < c.reps; ++i) {
    out.reset(); // free the previous outputs before the next call allocates
    legato::reset_stats();
    auto t0 = Clock::now();
    out = run();
    legato::flush();
    ms.push_back(
        std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    last = legato::stats();
    all.compiles += last.compiles;
    all.compile_ms += last.compile_ms;
  }
  double sum = checksum(*out);
  if (!c.print)
    return;
  std::sort(ms.begin(), ms.end());
  size_t h = ms.size() / 2;
  double median = ms.size() % 2 ? ms[h] : (ms[h - 1] + ms[h]) / 2;
  std::printf("{\"app\": \"%s\", \"mode\": \"%s\", \"n\": %lld, \"dtype\": "
              "\"%s\", \"median_ms\": %.4f, \"min_ms\": %.4f, \"kernels\": "
              "%lld, \"peak_bytes\": %lld, \"compile_ms\": %.3f, "
              "\"compiles\": %lld, \"checksum\": %.17g}\n",
              c.app.c_str(), c.mode.c_str(), (long long)c.n, c.dtype.c_str(),
              median, ms[0], (long long)last.kernels,
              (long long)last.peak_bytes, all.compile_ms,
              (long long)all.compiles, sum);
  std::fflush(stdout);
}

/// Benchmarks f(inputs...) as written (eager/lazy) or through legato::jit.
template <class F, class Checksum, class... In>
void bench(const Config &c, F f, Checksum checksum, const In &...in) {
  legato::flush(); // the inputs exist before the clock starts
  if (c.mode == "jit") {
    auto compiled = legato::jit(f);
    measure(c, [&] { return compiled(in...); }, checksum);
  } else {
    measure(c, [&] { return f(in...); }, checksum);
  }
}

void run(const Config &c) {
  legato::DType dt = c.dtype == "f32" ? legato::f32 : legato::f64;
  using Pair = std::pair<Array, Array>;
  if (c.app == "black_scholes") {
    auto [S, X, T] = apps::black_scholes_inputs(c.n, dt);
    bench(
        c,
        [](const Array &S, const Array &X, const Array &T) {
          return apps::black_scholes(S, X, T);
        },
        [](const Pair &o) { return total(o.first) + total(o.second); }, S, X,
        T);
  } else if (c.app == "stencil") {
    bench(
        c, [](const Array &g) { return apps::stencil(g); },
        [](const Array &g) { return total(g); }, apps::stencil_input(c.n, dt));
  } else if (c.app == "cg") {
    bench(
        c, [](const Array &b) { return apps::cg(b); },
        [](const Pair &o) { return total(o.first); }, apps::cg_input(c.n, dt));
  } else {
    auto [A, b] = apps::jacobi_inputs(c.n, dt);
    bench(
        c, [](const Array &A, const Array &b) { return apps::jacobi(A, b); },
        [](const Array &x) { return total(x); }, A, b);
  }
}

} // namespace

int main(int argc, char **argv) {
  Config c = parse(argc, argv);
  try {
    legato::Options options;
    options.mode = c.mode == "eager" ? legato::Mode::eager : legato::Mode::lazy;
    legato::Runtime rt(argc, argv, options);
    c.print = rt.rank() == 0;
    run(c);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "legato-bench: %s\n", e.what());
    return 1;
  }
}
