// The wall time of an app's first call in lazy mode (recording its ops,
// compiling every window's program, running them, reading a sum back), after
// its inputs are computed:
//   first_lazy_call APP N   (APP: swe, cfd, bicgstab, cg, stencil; the backend
//                            from LEGATO_BACKEND). Prints "APP N first lazy
//                            call MS ms, compiles C, compile_ms T, checksum S".
#include "apps.h"

#include <legato/legato.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

using legato::Array;

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  legato::Runtime rt;
  std::string app = argv[1];
  int64_t n = std::atoll(argv[2]);
  std::vector<Array> in;
  if (app == "swe") {
    auto [h, hu, hv] = apps::swe_inputs(n, legato::f64);
    in = {h, hu, hv};
  } else if (app == "cfd") {
    auto [u, v, p] = apps::cfd_inputs(n, legato::f64);
    in = {u, v, p};
  } else if (app == "cg") {
    in = {apps::cg_input(n, legato::f64)};
  } else if (app == "bicgstab") {
    in = {apps::bicgstab_input(n, legato::f64)};
  } else if (app == "stencil") {
    in = {apps::stencil_input(n, legato::f64)};
  } else {
    return 2;
  }
  for (Array &a : in)
    a.to_vector<double>(); // computed (and compiled) before the clock starts
  legato::Stats before = legato::stats();
  auto start = std::chrono::steady_clock::now();
  Array out;
  if (app == "swe")
    out = std::get<0>(apps::shallow_water(in[0], in[1], in[2]));
  else if (app == "cfd")
    out = std::get<0>(apps::cfd(in[0], in[1], in[2], apps::channel_flow(n)));
  else if (app == "cg")
    out = std::get<0>(apps::cg(in[0]));
  else if (app == "bicgstab")
    out = std::get<0>(apps::bicgstab(in[0]));
  else
    out = apps::stencil(in[0]);
  double checksum = legato::sum(out).item<double>();
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                  .count();
  legato::Stats after = legato::stats();
  std::printf("%s %lld first lazy call %.0f ms, compiles %lld, compile_ms %.0f, checksum %.17g\n",
              app.c_str(), (long long)n, ms, (long long)(after.compiles - before.compiles),
              after.compile_ms - before.compile_ms, checksum);
}
