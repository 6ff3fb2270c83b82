#!/bin/bash
# Session 26: cold CPU compiles (no cache) with code generation on one
# thread against two, interleaved, three rounds. Needs a build with a
# temporary override in generateObjects (lib/Codegen/CPU/CpuCompiler.cpp),
# before `unsigned parts = ...`:
#   if (const char *v = std::getenv("LEGATO_X_CG_THREADS")) threads = unsigned(std::atoi(v));
#   bash bench/results/2026-12-03/cpu-compile/ab-threads.sh > bench/results/2026-12-03/cpu-compile/ab-threads.txt
for round in 1 2 3; do
  for app in cg bicgstab swe cfd stencil jacobi black_scholes; do
    for t in 1 2; do
      echo "round $round threads $t $(LEGATO_X_CG_THREADS=$t build/tools/legato-bench/legato-bench --app $app --n 1000 --mode jit --reps 3 --warmup 1 | python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["app"], d["compile_ms"], d["median_ms"], repr(d["checksum"]))')"
    done
  done
done
