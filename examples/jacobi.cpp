//===- jacobi.cpp - Dense Jacobi iteration --------------------------------===//
//
// Usage: jacobi [n] [iters]       (n x n system, default 1024; 10 iterations)
//
// x <- (b - R x) / d with d the diagonal of A and R the rest: one
// matrix-vector product and two vector operations per iteration.
//
//===----------------------------------------------------------------------===//
#include "apps.h"

#include <cstdio>
#include <exception>
#include <string>

int main(int argc, char **argv) {
  try {
    legato::Runtime rt(argc, argv);
    int64_t n = argc > 1 ? std::stoll(argv[1]) : 1024;
    int iters = argc > 2 ? std::stoi(argv[2]) : apps::kJacobiIters;

    auto [A, b] = apps::jacobi_inputs(n, legato::f64);
    legato::Array x = apps::jacobi(A, b, iters);

    double checksum = legato::sum(x).item<double>();
    if (rt.rank() == 0)
      std::printf("checksum %.17g\n", checksum);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "jacobi: %s\n", e.what());
    return 1;
  }
}
