// The PTX of each app's jit program (small sizes, few iterations), one file per
// app in the folder argv[1]; no GPU needed. ab81/README.txt says how it was used.
#include <legato/legato.h>
#include "apps.h"
#include <fstream>
#include <string>
using legato::Array;
using V = std::vector<Array>;
static void put(const std::string &dir, const char *name, const std::string &ptx) {
  std::ofstream(dir + "/" + name + ".ptx") << ptx;
}
int main(int, char **argv) {
  legato::Runtime rt;
  std::string dir = argv[1];
  for (auto dt : {legato::f64, legato::f32}) {
    std::string s = dt == legato::f64 ? "64" : "32";
    auto [S, X, T] = apps::black_scholes_inputs(1 << 20, dt);
    put(dir, ("bs" + s).c_str(), legato::jit([](const Array &s, const Array &x, const Array &t) {
      auto [c, p] = apps::black_scholes(s, x, t); return V{c, p}; }).ptx(S, X, T));
  }
  Array g = apps::stencil_input(1024, legato::f64);
  put(dir, "stencil", legato::jit([](const Array &g) { return V{apps::stencil(g)}; }).ptx(g));
  Array b = apps::cg_input(512, legato::f64);
  put(dir, "cg", legato::jit([](const Array &b) { auto [x, r] = apps::cg(b, 3); return V{x, r}; }).ptx(b));
  auto [A, jb] = apps::jacobi_inputs(1024, legato::f64);
  put(dir, "jacobi", legato::jit([](const Array &A, const Array &b) { return V{apps::jacobi(A, b, 3)}; }).ptx(A, jb));
  Array bb = apps::bicgstab_input(512, legato::f64);
  put(dir, "bicgstab", legato::jit([](const Array &b) { auto [x, r] = apps::bicgstab(b, 3); return V{x, r}; }).ptx(bb));
  auto [u, v, p] = apps::cfd_inputs(256, legato::f64);
  auto c = apps::channel_flow(256, 5);
  put(dir, "cfd", legato::jit([&](const Array &u, const Array &v, const Array &p) {
    auto [a, b2, d] = apps::cfd(u, v, p, c, 1); return V{a, b2, d}; }).ptx(u, v, p));
  auto [h, hu, hv] = apps::swe_inputs(512, legato::f64);
  put(dir, "swe", legato::jit([](const Array &h, const Array &hu, const Array &hv) {
    auto [a, b2, d] = apps::shallow_water(h, hu, hv, {}, 1); return V{a, b2, d}; }).ptx(h, hu, hv));
}
