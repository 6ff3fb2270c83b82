// Kernels, parameters and global loads in the PTX of jitted stencil and CFD
// pressure sweeps, produced on a machine without a GPU (jit(f).ptx()):
//   g++ -std=c++20 -O1 -Iinclude -Iexamples bench/results/2026-11-30/gpu/ab52/ptx_counts.cpp \
//       -Lbuild/lib/API -llegato -Wl,-rpath,$PWD/build/lib/API -o /tmp/ptx_counts
//   /tmp/ptx_counts
#include "apps.h"

#include <cstdio>
#include <string>

using namespace legato;

static int count(const std::string &ptx, const char *what) {
  int n = 0;
  for (size_t at = ptx.find(what); at != std::string::npos; at = ptx.find(what, at + 1))
    ++n;
  return n;
}

static void report(const char *name, const std::string &ptx) {
  std::printf("%-22s kernels %3d  parameters %5d  global loads %5d\n", name, count(ptx, ".entry"),
              count(ptx, ".param ."), count(ptx, "ld.global"));
}

int main(int argc, char **argv) {
  Runtime rt(argc, argv);
  for (int sweeps : {2, 10}) {
    auto f = jit([sweeps](const Array &g) { return apps::stencil(g, sweeps); });
    std::string name = "stencil 256^2 x " + std::to_string(sweeps);
    report(name.c_str(), f.ptx(apps::stencil_input(256, f64)));
  }
  auto pressure = jit([](const Array &p0, const Array &b) {
    Array p = p0;
    apps::pressure_poisson(p, b, apps::channel_flow(64));
    return p;
  });
  report("cfd pressure 64^2", pressure.ptx(random({64, 64}, f64, 1), random({62, 64}, f64, 2)));
}
