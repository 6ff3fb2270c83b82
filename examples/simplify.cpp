//===- simplify.cpp - What algebraic simplification saves on products ------===//
//
// Usage: simplify [n] [reps]       (default n = 1024, 3 timed runs each)
//
// Four programs over n x n matrices, each compiled with legato::jit twice in
// one run: by a Runtime with simplification off (LEGATO_SIMPLIFY=0's
// setting), then by one with it on. Printed per program: the GEMM FLOPs and
// GEMM launches of the compiled program (read from its optimized IR) and the
// best run time; the results of the two runtimes must agree.
//   identity   A @ eye(n)                  the product vanishes
//   last10     (A @ B)[-10:]               a 10-row product (n/10 x fewer FLOPs)
//   sharedA    A @ B1, A @ B2, A @ B3      one GEMM on [B1 B2 B3]
//   factored   A @ X + B @ X               (A + B) @ X
//
//===----------------------------------------------------------------------===//
#include "cli.h"

#include <legato/legato.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <regex>
#include <string>
#include <vector>

using legato::Array;

namespace {

struct Program {
  const char *name;
  int inputs;
  std::function<std::vector<Array>(const std::vector<Array> &)> body;
};

struct Measured {
  double gflop = 0;
  int gemms = 0;
  double ms = 0;
  std::vector<std::vector<double>> results;
};

/// GEMM FLOPs and launches of a program: its float contractions, read from
/// the optimized IR (`ins(%a, %b : tensor<MxKxf64>, tensor<KxNxf64>)`).
void countGemms(const std::string &ir, Measured &m) {
  static const std::regex product(
      R"(linalg\.(matmul|matvec|vecmat)[^\n]*ins\([^:]*: tensor<([0-9x]+)xf(?:32|64)>, tensor<([0-9x]+)xf(?:32|64)>)");
  auto dims = [](const std::string &s) {
    std::vector<double> d;
    size_t at = 0;
    while (at <= s.size()) {
      size_t x = s.find('x', at);
      d.push_back(std::stod(s.substr(at, x - at)));
      if (x == std::string::npos)
        break;
      at = x + 1;
    }
    return d;
  };
  for (std::sregex_iterator it(ir.begin(), ir.end(), product), end; it != end; ++it) {
    std::vector<double> a = dims((*it)[2]), b = dims((*it)[3]);
    double flops = 2 * a[0] * a.back() * (b.size() == 2 ? b[1] : 1);
    m.gflop += flops / 1e9;
    m.gemms++;
  }
}

Measured measure(const Program &p, const std::vector<Array> &args, int reps) {
  legato::detail::JitFunction f(p.body);
  Measured m;
  countGemms(f.ir(args, legato::Stage::Optimized), m);
  std::vector<Array> out = f.call(args); // compiles
  for (Array &a : out)
    a.to_vector<double>();
  m.ms = INFINITY;
  for (int r = 0; r < reps; ++r) {
    auto start = std::chrono::steady_clock::now();
    out = f.call(args);
    for (Array &a : out)
      a.to_vector<double>(); // waits for the values
    m.ms = std::min(m.ms, std::chrono::duration<double, std::milli>(
                              std::chrono::steady_clock::now() - start).count());
  }
  for (Array &a : out)
    m.results.push_back(a.to_vector<double>());
  return m;
}

std::vector<Program> programs() {
  return {
      {"identity", 1,
       [](const std::vector<Array> &x) {
         return std::vector<Array>{legato::matmul(x[0], legato::eye(x[0].shape()[0]))};
       }},
      {"last10", 2,
       [](const std::vector<Array> &x) {
         Array p = legato::matmul(x[0], x[1]);
         return std::vector<Array>{p[{legato::slice(-10, legato::none), legato::all}]};
       }},
      {"sharedA", 4,
       [](const std::vector<Array> &x) {
         return std::vector<Array>{legato::matmul(x[0], x[1]), legato::matmul(x[0], x[2]),
                                   legato::matmul(x[0], x[3])};
       }},
      {"factored", 3,
       [](const std::vector<Array> &x) {
         return std::vector<Array>{legato::matmul(x[0], x[2]) + legato::matmul(x[1], x[2])};
       }},
  };
}

/// Every program measured by a Runtime with simplification `on` or off.
std::vector<Measured> runAll(bool on, int64_t n, int reps) {
  legato::Options options;
  options.simplify = on;
  legato::Runtime rt(options);
  std::vector<Measured> all;
  for (const Program &p : programs()) {
    std::vector<Array> args;
    for (int i = 0; i < p.inputs; ++i) {
      // sharedA's right operands are n x n/4 panels.
      legato::Shape shape = {n, std::string(p.name) == "sharedA" && i > 0 ? n / 4 : n};
      args.push_back(legato::random(shape, legato::f64, uint64_t(i + 1)));
    }
    all.push_back(measure(p, args, reps));
  }
  return all;
}

} // namespace

int main(int argc, char **argv) {
  // (n >= 10: last10 keeps ten rows.)
  cli::Arg n{"n", "rows and columns of the matrices", 1024, 10};
  cli::Arg reps{"reps", "timed runs of each program (the best counts)", 3};
  cli::parse(argc, argv,
             "Runs four matrix-product programs with algebraic simplification off and on\n"
             "and prints the GEMM FLOPs, GEMM launches and best time of each.",
             {&n, &reps});
  try {
    std::vector<Measured> off = runAll(false, n.value, int(reps.value)),
                          on = runAll(true, n.value, int(reps.value));
    std::printf("n = %lld, best of %d runs\n", (long long)n.value, int(reps.value));
    std::printf("%-10s %12s %12s %8s %8s %10s %10s %9s\n", "program", "GFLOP off",
                "GFLOP on", "GEMMs", "GEMMs", "ms off", "ms on", "FLOPs /");
    bool agree = true;
    std::vector<Program> ps = programs();
    for (size_t i = 0; i < ps.size(); ++i) {
      double ratio = on[i].gflop > 0 ? off[i].gflop / on[i].gflop : INFINITY;
      std::printf("%-10s %12.4f %12.4f %8d %8d %10.2f %10.2f %9.1f\n", ps[i].name,
                  off[i].gflop, on[i].gflop, off[i].gemms, on[i].gemms, off[i].ms,
                  on[i].ms, ratio);
      for (size_t r = 0; r < off[i].results.size(); ++r)
        for (size_t e = 0; e < off[i].results[r].size(); ++e) {
          double a = off[i].results[r][e], b = on[i].results[r][e];
          if (!(std::fabs(a - b) <= 1e-9 * (1 + std::fabs(a)))) {
            if (agree)
              std::fprintf(stderr, "simplify: %s result %zu element %zu: %.17g vs %.17g\n",
                           ps[i].name, r, e, a, b);
            agree = false;
          }
        }
    }
    std::printf("results %s\n", agree ? "agree" : "DIFFER");
    return agree ? 0 : 1;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "simplify: %s\n", e.what());
    return 1;
  }
}
