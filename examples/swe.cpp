//===- swe.cpp - Shallow water: finite volumes in the style of TorchSWE ---===//
//
// Usage: swe [n] [steps]          (n x n cells, default 256; 10 time steps)
//
// A hump of water spreads over a rippled pool closed by reflective walls:
// MUSCL-minmod faces, Rusanov fluxes, SSP-RK2 in time with a fixed dt. Mass
// is conserved; the checksum is the total energy, which the scheme's
// dissipation lowers a little each step.
//
//===----------------------------------------------------------------------===//
#include "apps.h"
#include "cli.h"

#include <cstdio>
#include <exception>

int main(int argc, char **argv) {
  // (n >= 2: MUSCL's ghost cells mirror two cells.)
  cli::Arg n{"n", "cells per side", 256, 2};
  cli::Arg steps{"steps", "time steps", apps::kSweSteps, 0};
  cli::parse(argc, argv, "Shallow water equations (finite volumes, TorchSWE's scheme) on n x n cells.",
             {&n, &steps});
  try {
    legato::Runtime rt(argc, argv);

    apps::ShallowWater config;
    auto [h0, hu0, hv0] = apps::swe_inputs(n.value, legato::f64);
    auto [h, hu, hv] = apps::shallow_water(h0, hu0, hv0, config, int(steps.value));

    double mass = legato::sum(h).item<double>();
    double energy = apps::swe_energy(h, hu, hv, config).item<double>();
    if (rt.rank() == 0)
      std::printf("mass %.17g\nchecksum %.17g\n", mass, energy);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "swe: %s\n", e.what());
    return 1;
  }
}
