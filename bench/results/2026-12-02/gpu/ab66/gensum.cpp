// sum(arange(0.5, n)) * scale with jit: the best time per call of 50.
#include <legato/legato.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
int main(int argc, char **argv) {
  legato::Runtime rt;
  int64_t n = argc > 1 ? std::atoll(argv[1]) : (int64_t(1) << 26);
  auto f = legato::jit([n](const legato::Array &scale) {
    return legato::sum(legato::arange(0.5, double(n), 1, legato::f64)) * scale;
  });
  legato::Array s = legato::full({}, 0.5, legato::f64);
  double best = 1e9, v = 0;
  for (int i = 0; i < 50; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    legato::Array r = f(s);
    v = r.to_vector<double>()[0];
    best = std::min(best, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::printf("n=%lld best %.4f ms result %.6e\n", (long long)n, best, v);
}
