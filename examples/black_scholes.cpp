//===- black_scholes.cpp - Price European options -------------------------===//
//
// Usage: black_scholes [n]        (n options, default 2^20)
//
// About 60 elementwise operations per call; lazily (the default) they fuse
// into one kernel, with LEGATO_MODE=eager each runs on its own.
//
//===----------------------------------------------------------------------===//
#include "apps.h"

#include <cstdio>
#include <exception>
#include <string>

int main(int argc, char **argv) {
  try {
    legato::Runtime rt(argc, argv);
    int64_t n = argc > 1 ? std::stoll(argv[1]) : int64_t(1) << 20;

    auto [S, X, T] = apps::black_scholes_inputs(n, legato::f64);
    auto [call, put] = apps::black_scholes(S, X, T);

    double checksum = (legato::sum(call) + legato::sum(put)).item<double>();
    if (rt.rank() == 0)
      std::printf("checksum %.17g\n", checksum);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "black_scholes: %s\n", e.what());
    return 1;
  }
}
