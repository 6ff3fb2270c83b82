//===- bicgstab.cpp - BiCGSTAB on the 2-D Poisson problem ------------------===//
//
// Usage: bicgstab [n] [iters]     (n x n grid, default 256; 50 iterations)
//
// The system of cg.cpp, solved as if it were nonsymmetric: two matrix-free
// Laplacians and four dot products per iteration, every scalar a 0-d Array,
// so the loop never waits on a host read.
//
//===----------------------------------------------------------------------===//
#include "apps.h"
#include "cli.h"

#include <cstdio>
#include <exception>

int main(int argc, char **argv) {
  cli::Arg n{"n", "grid points per side", 256};
  cli::Arg iters{"iters", "iterations", apps::kBicgstabIters, 0};
  cli::parse(argc, argv, "BiCGSTAB on the 2-D Poisson problem of an n x n grid.", {&n, &iters});
  try {
    legato::Runtime rt(argc, argv);

    auto [x, rs] = apps::bicgstab(apps::bicgstab_input(n.value, legato::f64), int(iters.value));

    double checksum = legato::sum(x).item<double>();
    if (rt.rank() == 0)
      std::printf("squared residual %.6g\nchecksum %.17g\n",
                  rs.item<double>(), checksum);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "bicgstab: %s\n", e.what());
    return 1;
  }
}
