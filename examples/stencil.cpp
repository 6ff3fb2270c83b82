//===- stencil.cpp - 5-point Jacobi sweeps on a grid ----------------------===//
//
// Usage: stencil [n] [iters]      (n x n grid, default 1024; 10 sweeps)
//
// Each sweep averages every interior point with its four neighbours and
// writes the interior back by slice assignment; the boundary stays fixed.
//
//===----------------------------------------------------------------------===//
#include "apps.h"

#include <cstdio>
#include <exception>
#include <string>

int main(int argc, char **argv) {
  try {
    legato::Runtime rt(argc, argv);
    int64_t n = argc > 1 ? std::stoll(argv[1]) : 1024;
    int iters = argc > 2 ? std::stoi(argv[2]) : apps::kStencilIters;

    legato::Array g = apps::stencil(apps::stencil_input(n, legato::f64), iters);

    double checksum = legato::sum(g).item<double>();
    if (rt.rank() == 0)
      std::printf("checksum %.17g\n", checksum);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "stencil: %s\n", e.what());
    return 1;
  }
}
