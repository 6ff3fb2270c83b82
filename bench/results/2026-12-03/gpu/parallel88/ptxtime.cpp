// The PTX of one time step of CFD or shallow water at n = 256 (jit(f).ptx()),
// timed, written to APP.ptx: ptxtime cfd|swe. With timing.patch applied,
// LEGATO_X_TIMING=1 prints each pipeline's time and MLIR's pass timing, and
// LEGATO_X_MANY=1 generates a module per kernel (as the backend does).
#include "apps.h"
#include <legato/legato.h>
#include <chrono>
#include <cstdio>
int main(int argc, char **argv) {
  legato::Runtime rt;
  std::string app = argc > 1 ? argv[1] : "swe";
  int64_t n = 256;
  auto t0 = std::chrono::steady_clock::now();
  std::string ptx;
  if (app == "swe") {
    auto [h, hu, hv] = apps::swe_inputs(n, legato::f64);
    auto f = legato::jit([](const legato::Array &h, const legato::Array &hu, const legato::Array &hv) {
      auto [a, b, c] = apps::shallow_water(h, hu, hv, {}, 1);
      return std::vector<legato::Array>{a, b, c};
    });
    t0 = std::chrono::steady_clock::now();
    ptx = f.ptx(h, hu, hv);
  } else if (app == "cfd") {
    auto [u, v, p] = apps::cfd_inputs(n, legato::f64);
    auto f = legato::jit([](const legato::Array &u, const legato::Array &v, const legato::Array &p) {
      auto [a, b, c] = apps::cfd(u, v, p, apps::channel_flow(256), 1);
      return std::vector<legato::Array>{a, b, c};
    });
    t0 = std::chrono::steady_clock::now();
    ptx = f.ptx(u, v, p);
  }
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  size_t k = 0; for (size_t at = ptx.find(".entry"); at != std::string::npos; at = ptx.find(".entry", at + 1)) ++k;
  std::printf("%s: ptx %zu bytes, %zu entries, %.0f ms\n", app.c_str(), ptx.size(), k, ms);
  FILE *f = fopen((app + ".ptx").c_str(), "w"); fwrite(ptx.data(), 1, ptx.size(), f); fclose(f);
}
