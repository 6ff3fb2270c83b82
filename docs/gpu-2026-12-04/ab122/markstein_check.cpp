// The rewrite of uniform-division.patch checked on the CPU: a / b as the
// reciprocal y = 1 / b, q0 = a * y and one or two FMA corrections, against
// IEEE division, bit for bit. 20,000 divisors (any significand between
// 2^-126 and 2^126, near 1, tenths, near powers of two) times 20,000
// dividends (between 2^-800 and 2^800, near 1, and quotients next to a
// midpoint of two doubles): 400 million quotients.
//   g++ -O2 -march=native -ffp-contract=off -o /tmp/markstein_check \
//       docs/gpu-2026-12-04/ab122/markstein_check.cpp && /tmp/markstein_check 2
// Session 35's run (seed 2): a*y wrong 80868608, one correction wrong 0,
// two corrections wrong 0 (about 17 s on the development machine).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

static double corrected(double q, double a, double b, double y) {
  return std::fma(std::fma(-q, b, a), y, q);
}

int main(int argc, char **argv) {
  std::mt19937_64 g(argc > 1 ? std::atoi(argv[1]) : 1);
  long pairs = 0, wrong0 = 0, wrong1 = 0, wrong2 = 0;
  auto random = [&](int emin, int emax) { // a random significand in [2^emin, 2^emax]
    double m = 1.0 + std::ldexp(double(g() & ((1ull << 52) - 1)), -52);
    double v = std::ldexp(m, emin + int(g() % uint64_t(emax - emin + 1)));
    return (g() & 1) ? -v : v;
  };
  for (int bi = 0; bi < 20000; ++bi) {
    double b;
    switch (bi % 4) {
    case 0: b = random(-126, 126); break;
    case 1: b = random(-3, 3); break;
    case 2: b = double(int64_t(g() % 1000) + 1) * 0.1; break;
    default: b = std::ldexp(1.0 + std::ldexp(double(g() % 8), -52), int(g() % 20) - 10);
    }
    double y = 1.0 / b;
    for (int ai = 0; ai < 20000; ++ai) {
      double a;
      if (ai % 3 == 0) {
        a = random(-800, 800);
      } else if (ai % 3 == 1) { // a = b * (a midpoint of two doubles), give or take 2 ulps
        double q = random(-20, 20);
        a = b * (q + std::ldexp(std::nextafter(q, INFINITY) - q, -1));
        if (std::fabs(a) < 0x1p-800 || std::fabs(a) > 0x1p800)
          continue;
        uint64_t bits;
        std::memcpy(&bits, &a, 8);
        bits += int64_t(g() % 5) - 2;
        std::memcpy(&a, &bits, 8);
      } else {
        a = random(-5, 5);
      }
      ++pairs;
      double want = a / b, q0 = a * y, q1 = corrected(q0, a, b, y);
      wrong0 += q0 != want;
      wrong1 += q1 != want;
      wrong2 += corrected(q1, a, b, y) != want;
    }
  }
  std::printf("pairs %ld  a*y wrong %ld  one correction wrong %ld  two corrections wrong %ld\n",
              pairs, wrong0, wrong1, wrong2);
}
