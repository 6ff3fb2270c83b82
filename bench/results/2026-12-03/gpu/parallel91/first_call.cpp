// The wall time of a jit function's first call (tracing, compiling every
// segment, running it once), after its inputs are computed:
//   first_call APP N   (APP: swe, cfd, bicgstab, cg, stencil; the backend from
//                       LEGATO_BACKEND). Prints "APP N first call MS ms,
//                       compiles C, checksum S".
#include "apps.h"

#include <legato/legato.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>

using legato::Array;

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  legato::Runtime rt;
  std::string app = argv[1];
  int64_t n = std::atoll(argv[2]);
  std::vector<Array> inputs;
  std::function<std::vector<Array>(const std::vector<Array> &)> body;
  if (app == "swe") {
    auto [h, hu, hv] = apps::swe_inputs(n, legato::f64);
    inputs = {h, hu, hv};
    body = [](const std::vector<Array> &a) {
      auto [h, hu, hv] = apps::shallow_water(a[0], a[1], a[2]);
      return std::vector<Array>{h, hu, hv};
    };
  } else if (app == "cfd") {
    auto [u, v, p] = apps::cfd_inputs(n, legato::f64);
    inputs = {u, v, p};
    body = [n](const std::vector<Array> &a) {
      auto [u, v, p] = apps::cfd(a[0], a[1], a[2], apps::channel_flow(n));
      return std::vector<Array>{u, v, p};
    };
  } else if (app == "bicgstab" || app == "cg") {
    inputs = {app == "cg" ? apps::cg_input(n, legato::f64) : apps::bicgstab_input(n, legato::f64)};
    body = [app](const std::vector<Array> &a) {
      auto [x, r] = app == "cg" ? apps::cg(a[0]) : apps::bicgstab(a[0]);
      return std::vector<Array>{x, r};
    };
  } else if (app == "stencil") {
    inputs = {apps::stencil_input(n, legato::f64)};
    body = [](const std::vector<Array> &a) { return std::vector<Array>{apps::stencil(a[0])}; };
  } else {
    return 2;
  }
  for (Array &a : inputs)
    a.to_vector<double>(); // computed (and compiled) before the clock starts
  auto f = legato::jit([&](const Array &a, const Array &b, const Array &c) {
    return body({a, b, c});
  });
  while (inputs.size() < 3)
    inputs.push_back(inputs[0]);
  int64_t compilesBefore = legato::stats().compiles;
  auto start = std::chrono::steady_clock::now();
  std::vector<Array> out = f(inputs[0], inputs[1], inputs[2]);
  double checksum = legato::sum(out[0]).item<double>();
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                  .count();
  std::printf("%s %lld first call %.0f ms, compiles %lld, checksum %.17g\n", app.c_str(),
              (long long)n, ms, (long long)(legato::stats().compiles - compilesBefore), checksum);
}
