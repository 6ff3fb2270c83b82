// The PTX of the 8192^2 stencil call and of one 2048^2 CFD step (jit), for
// ptxas's register counts per kernel, on a machine without a GPU:
//   g++ -std=c++20 -O1 -Iinclude -Iexamples bench/results/2026-12-02/gpu/ab55/ptx_registers.cpp \
//       -Lbuild/lib/API -llegato -Wl,-rpath,$PWD/build/lib/API -o /tmp/ptx_registers
//   /tmp/ptx_registers stencil > s.ptx && ptxas -arch=sm_90 -c -v s.ptx -o /dev/null
//   /tmp/ptx_registers cfd > c.ptx && ptxas -arch=sm_90 -c -v c.ptx -o /dev/null
// (-c as the runtime's cuLink compiles.) With hooks.patch applied (removed in
// issue 52; it is in git history at commit 07f8e7d),
// LEGATO_ROWS_PER_THREAD=R (and LEGATO_ROWS_SMALL=1) selects the variant.
#include "apps.h"

#include <cstdio>
#include <string>

using namespace legato;

int main(int argc, char **argv) {
  Runtime rt(argc, argv);
  std::string app = argc > 1 ? argv[1] : "stencil";
  if (app == "stencil") {
    auto f = jit([](const Array &g) { return apps::stencil(g, 10); });
    std::puts(f.ptx(apps::stencil_input(8192, f64)).c_str());
    return 0;
  }
  auto [u, v, p] = apps::cfd_inputs(2048, f64);
  apps::ChannelFlow c = apps::channel_flow(2048);
  auto f = jit([c](const Array &u, const Array &v, const Array &p) {
    auto [a, b, q] = apps::cfd(u, v, p, c, 1);
    return a + b + q;
  });
  std::puts(f.ptx(u, v, p).c_str());
}
