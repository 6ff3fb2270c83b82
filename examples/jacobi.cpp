//===- jacobi.cpp - Dense Jacobi iteration --------------------------------===//
//
// Usage: jacobi [n] [iters]       (n x n system, default 1024; 10 iterations)
//
// x <- (b - R x) / d with d the diagonal of A and R the rest: one
// matrix-vector product and two vector operations per iteration.
//
//===----------------------------------------------------------------------===//
#include "apps.h"
#include "cli.h"

#include <cstdio>
#include <exception>

int main(int argc, char **argv) {
  cli::Arg n{"n", "unknowns of the dense system", 1024};
  cli::Arg iters{"iters", "iterations", apps::kJacobiIters, 0};
  cli::parse(argc, argv, "Jacobi iteration on a dense, diagonally dominant n x n system.",
             {&n, &iters});
  try {
    legato::Runtime rt(argc, argv);

    auto [A, b] = apps::jacobi_inputs(n.value, legato::f64);
    legato::Array x = apps::jacobi(A, b, int(iters.value));

    double checksum = legato::sum(x).item<double>();
    if (rt.rank() == 0)
      std::printf("checksum %.17g\n", checksum);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "jacobi: %s\n", e.what());
    return 1;
  }
}
