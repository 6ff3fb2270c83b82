//===- stencil.cpp - 5-point Jacobi sweeps on a grid ----------------------===//
//
// Usage: stencil [n] [iters]      (n x n grid, default 1024; 10 sweeps)
//
// Each sweep averages every interior point with its four neighbours and
// writes the interior back by slice assignment; the boundary stays fixed.
//
//===----------------------------------------------------------------------===//
#include "apps.h"
#include "cli.h"

#include <cstdio>
#include <exception>

int main(int argc, char **argv) {
  cli::Arg n{"n", "grid points per side", 1024};
  cli::Arg iters{"iters", "sweeps", apps::kStencilIters, 0};
  cli::parse(argc, argv, "5-point Jacobi sweeps over the interior of an n x n grid.", {&n, &iters});
  try {
    legato::Runtime rt(argc, argv);

    legato::Array g = apps::stencil(apps::stencil_input(n.value, legato::f64), int(iters.value));

    double checksum = legato::sum(g).item<double>();
    if (rt.rank() == 0)
      std::printf("checksum %.17g\n", checksum);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "stencil: %s\n", e.what());
    return 1;
  }
}
