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

#include <cstdio>
#include <exception>
#include <string>

int main(int argc, char **argv) {
  try {
    legato::Runtime rt(argc, argv);
    int64_t n = argc > 1 ? std::stoll(argv[1]) : 256;
    int iters = argc > 2 ? std::stoi(argv[2]) : apps::kBicgstabIters;

    auto [x, rs] = apps::bicgstab(apps::bicgstab_input(n, legato::f64), iters);

    double checksum = legato::sum(x).item<double>();
    if (rt.rank() == 0)
      std::printf("squared residual %.6g\nchecksum %.17g\n",
                  rs.item<double>(), checksum);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "bicgstab: %s\n", e.what());
    return 1;
  }
}
