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
#include "cli.h"

#include <cstdio>
#include <exception>

int main(int argc, char **argv) {
  // (n >= 3: two walls and a row between.)
  cli::Arg n{"n", "grid points per side", 128, 3};
  cli::Arg steps{"steps", "time steps", apps::kCfdSteps, 0};
  cli::Arg nit{"nit", "pressure sweeps per step", apps::kCfdPressureIters};
  cli::parse(argc, argv, "Channel flow (Navier-Stokes, CFD Python step 12) on an n x n grid.",
             {&n, &steps, &nit});
  try {
    legato::Runtime rt(argc, argv);

    auto [u0, v0, p0] = apps::cfd_inputs(n.value, legato::f64);
    auto [u, v, p] = apps::cfd(u0, v0, p0, apps::channel_flow(n.value, int(nit.value)),
                               int(steps.value));

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
