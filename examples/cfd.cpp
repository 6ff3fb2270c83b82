//===- cfd.cpp - Channel flow: Navier-Stokes, "CFD Python" step 12 --------===//
//
// Usage: cfd [n] [steps] [nit]    (n x n grid, default 128; 10 time steps of
//                                  50 pressure sweeps each)
//
// Periodic in x, no-slip walls in y, driven by a body force. Each step builds
// the pressure source, relaxes the pressure Poisson equation with nit Jacobi
// sweeps and advances the velocity; the checksum is the sum of u, v and p.
//
//===----------------------------------------------------------------------===//
#include "apps.h"

#include <cstdio>
#include <exception>
#include <string>

int main(int argc, char **argv) {
  try {
    legato::Runtime rt(argc, argv);
    int64_t n = argc > 1 ? std::stoll(argv[1]) : 128;
    int steps = argc > 2 ? std::stoi(argv[2]) : apps::kCfdSteps;
    int nit = argc > 3 ? std::stoi(argv[3]) : apps::kCfdPressureIters;
    if (n < 3)
      throw legato::Error("the grid needs n >= 3 (two walls and a row between)");

    auto [u0, v0, p0] = apps::cfd_inputs(n, legato::f64);
    auto [u, v, p] = apps::cfd(u0, v0, p0, apps::channel_flow(n, nit), steps);

    double su = legato::sum(u).item<double>();
    double sv = legato::sum(v).item<double>();
    double sp = legato::sum(p).item<double>();
    if (rt.rank() == 0)
      std::printf("sum u %.17g\nsum v %.17g\nsum p %.17g\nchecksum %.17g\n",
                  su, sv, sp, su + sv + sp);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "cfd: %s\n", e.what());
    return 1;
  }
}
