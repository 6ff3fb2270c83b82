//===- legato-overhead.cpp - host-side cost of running tiny programs --------===//
//
// What the runtime costs when the arrays are too small for the kernels to
// matter, at an executable-cache hit (JSON lines, one per measurement):
//   eager_op     one eager op on an 8-element array (record, look up, run)
//   jit_dispatch one call of a jitted 4-op function on 8-element arrays
//   lazy_window  a 5-op lazy window (ending in a sum) read by item()
//
//   legato-overhead [--reps N]
//
//===----------------------------------------------------------------------===//
#include <legato/legato.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <vector>

namespace {

/// Median over `rounds` of the mean time of `reps` calls, in microseconds.
double medianMicros(int rounds, int reps, const std::function<void()> &body) {
  body(); // compile: every measurement is at a cache hit
  std::vector<double> times;
  for (int r = 0; r < rounds; ++r) {
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < reps; ++i)
      body();
    std::chrono::duration<double, std::micro> elapsed = std::chrono::steady_clock::now() - start;
    times.push_back(elapsed.count() / reps);
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

void report(const char *what, const char *mode, double micros) {
  std::printf("{\"app\": \"overhead\", \"what\": \"%s\", \"mode\": \"%s\", \"median_us\": %.3f}\n",
              what, mode, micros);
  std::fflush(stdout);
}

} // namespace

int main(int argc, char **argv) {
  int reps = 2000;
  const char *usage = "usage: legato-overhead [--reps N]\n";
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h")) {
      std::printf("%s\nPrints JSON lines: the median microseconds of an eager op, a jit\n"
                  "dispatch and a lazy window on 8-element arrays (cache hits), each the\n"
                  "mean of N calls (default %d) over 9 rounds.\n",
                  usage, reps);
      return 0;
    }
    if (!std::strcmp(argv[i], "--reps")) {
      const char *text = i + 1 < argc ? argv[++i] : "";
      char *end = nullptr;
      long value = std::strtol(text, &end, 10);
      if (end == text || *end || value < 1 || value > 100000000) {
        std::fprintf(stderr, "legato-overhead: --reps needs a whole number from 1 to 1e8, not '%s'\n%s",
                     text, usage);
        return 2;
      }
      reps = int(value);
    } else {
      std::fprintf(stderr, "legato-overhead: unknown argument '%s'\n%s", argv[i], usage);
      return 2;
    }
  }
  try {
    legato::Runtime rt(legato::Options{.mode = legato::Mode::lazy});
    legato::Array a = legato::ones({8}), b = legato::full({8}, 2.0);
    legato::flush();

    auto f = legato::jit([](const legato::Array &x, const legato::Array &y) {
      return legato::sqrt(x * y + 1.0) - x;
    });
    legato::Array out;
    report("jit_dispatch", "jit", medianMicros(9, reps, [&] { out = f(a, b); }));

    report("lazy_window", "lazy", medianMicros(9, reps, [&] {
             (void)legato::sum(legato::sqrt(a * b + 1.0) - a).item<double>();
           }));
  } catch (const legato::Error &e) {
    std::fprintf(stderr, "legato-overhead: %s\n", e.what());
    return 1;
  }
  try {
    legato::Runtime rt(legato::Options{.mode = legato::Mode::eager});
    legato::Array a = legato::ones({8});
    legato::Array out;
    report("eager_op", "eager", medianMicros(9, reps, [&] { out = a + 1.0; }));
  } catch (const legato::Error &e) {
    std::fprintf(stderr, "legato-overhead: %s\n", e.what());
    return 1;
  }
  return 0;
}
