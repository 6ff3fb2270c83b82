// The PTX of f32 and f64 Black-Scholes (one fused kernel each) with the
// Runtime's options as the environment sets them (LEGATO_FAST_MATH,
// LEGATO_FP_CONTRACT): per dtype, the PTX instructions of the kernel and
// how many of them are approximate (`.approx`) or IEEE-rounded divisions
// and square roots. No GPU needed. Build and run: see README.txt.
#include "apps.h"

#include <legato/legato.h>

#include <cstdio>
#include <sstream>
#include <string>

namespace {

struct Counts {
  int instructions = 0, approximate = 0, ieeeDivisionsAndRoots = 0;
};

Counts count(const std::string &ptx) {
  Counts c;
  std::istringstream lines(ptx);
  bool inBody = false; // after the kernel's opening brace
  for (std::string line; std::getline(lines, line);) {
    inBody = inBody || line == "{";
    size_t first = line.find_first_not_of(" \t");
    if (!inBody || first == std::string::npos)
      continue;
    std::string code = line.substr(first);
    // Instructions end in ';' and are not declarations or labels.
    if (code.back() != ';' || code[0] == '.' || code[0] == '/' || code[0] == '$')
      continue;
    ++c.instructions;
    c.approximate += code.find(".approx") != std::string::npos;
    c.ieeeDivisionsAndRoots +=
        code.rfind("div.rn.", 0) == 0 || code.rfind("sqrt.rn.", 0) == 0 ||
        code.rfind("rcp.rn.", 0) == 0;
  }
  return c;
}

} // namespace

int main(int argc, char **argv) {
  legato::Runtime rt(argc, argv);
  for (legato::DType dtype : {legato::f32, legato::f64}) {
    auto [S, X, T] = apps::black_scholes_inputs(1 << 20, dtype);
    auto f = legato::jit([](const legato::Array &s, const legato::Array &x, const legato::Array &t) {
      auto [call, put] = apps::black_scholes(s, x, t);
      return std::vector<legato::Array>{call, put};
    });
    Counts c = count(f.ptx(S, X, T));
    std::printf("%s: %d instructions, %d approximate, %d IEEE div/sqrt/rcp\n",
                dtype == legato::f32 ? "f32" : "f64", c.instructions, c.approximate,
                c.ieeeDivisionsAndRoots);
  }
}
