// The PTX of one shallow-water step (jit, 2048^2 f64) on any machine with a
// build, no GPU needed; README.txt says how the instruction counts were made.
#include <legato/legato.h>
#include "apps.h"
#include <cstdio>
int main() {
  legato::Runtime rt;
  auto [h, hu, hv] = apps::swe_inputs(2048, legato::f64);
  legato::flush();
  auto f = legato::jit([](const legato::Array &h, const legato::Array &hu, const legato::Array &hv) {
    auto [a, b, c] = apps::shallow_water(h, hu, hv, {}, 1);
    return std::vector<legato::Array>{a, b, c};
  });
  std::fputs(f.ptx(h, hu, hv).c_str(), stdout);
}
