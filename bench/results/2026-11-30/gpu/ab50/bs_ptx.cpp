#include <legato/legato.h>
#include "apps.h"
#include <cstdio>
#include <cstdlib>
int main(int argc, char **argv) {
  legato::Runtime rt;
  legato::DType dt = (argc > 1 && std::string(argv[1]) == "f32") ? legato::f32 : legato::f64;
  auto [S, X, T] = apps::black_scholes_inputs(1 << 26, dt);
  legato::flush();
  auto f = legato::jit([](const legato::Array &s, const legato::Array &x, const legato::Array &t) {
    auto [c, p] = apps::black_scholes(s, x, t);
    return std::vector<legato::Array>{c, p};
  });
  std::fputs(f.ptx(S, X, T).c_str(), stdout);
}
