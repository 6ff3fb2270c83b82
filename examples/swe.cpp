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

#include <cstdio>
#include <exception>
#include <string>

int main(int argc, char **argv) {
  try {
    legato::Runtime rt(argc, argv);
    int64_t n = argc > 1 ? std::stoll(argv[1]) : 256;
    int steps = argc > 2 ? std::stoi(argv[2]) : apps::kSweSteps;
    if (n < 2)
      throw legato::Error("the grid needs n >= 2 (MUSCL's ghost cells mirror two cells)");

    apps::ShallowWater config;
    auto [h0, hu0, hv0] = apps::swe_inputs(n, legato::f64);
    auto [h, hu, hv] = apps::shallow_water(h0, hu0, hv0, config, steps);

    double mass = legato::sum(h).item<double>();
    double energy = apps::swe_energy(h, hu, hv, config).item<double>();
    if (rt.rank() == 0)
      std::printf("mass %.17g\nchecksum %.17g\n", mass, energy);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "swe: %s\n", e.what());
    return 1;
  }
}
