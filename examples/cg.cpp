//===- cg.cpp - Conjugate gradients on the 2-D Poisson problem ------------===//
//
// Usage: cg [n] [iters]           (n x n grid, default 256; 50 iterations)
//
// Matrix-free: the Laplacian is pad + four shifted slices. The step sizes
// stay 0-d Arrays, so the loop never waits on a host read.
//
//===----------------------------------------------------------------------===//
#include "apps.h"
#include "cli.h"

#include <cstdio>
#include <exception>

int main(int argc, char **argv) {
  cli::Arg n{"n", "grid points per side", 256};
  cli::Arg iters{"iters", "iterations", apps::kCgIters, 0};
  cli::parse(argc, argv, "Conjugate gradients on the 2-D Poisson problem of an n x n grid.",
             {&n, &iters});
  try {
    legato::Runtime rt(argc, argv);

    auto [x, rs] = apps::cg(apps::cg_input(n.value, legato::f64), int(iters.value));

    double checksum = legato::sum(x).item<double>();
    if (rt.rank() == 0)
      std::printf("squared residual %.6g\nchecksum %.17g\n",
                  rs.item<double>(), checksum);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "cg: %s\n", e.what());
    return 1;
  }
}
