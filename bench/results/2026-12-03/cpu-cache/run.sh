#!/bin/bash
# Session 26: compile_ms of each app in a new process, without a cache, with
# an empty one (cold: filled by the run) and with the filled one (warm),
# three rounds, interleaved; every run's checksum printed.
#   bash bench/results/2026-12-03/cpu-cache/run.sh build > bench/results/2026-12-03/cpu-cache/out.txt
set -u
build=${1:-build}
bench() {
  "$build/tools/legato-bench/legato-bench" "$@" --n 1000 --reps 1 --warmup 0 |
    python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["app"], d["mode"], d["compile_ms"], d["compiles"], repr(d["checksum"]))'
}
for round in 1 2 3; do
  for app in cg bicgstab swe cfd stencil jacobi black_scholes; do
    dir=$(mktemp -d)
    echo "round $round none $(bench --app $app --mode jit)"
    echo "round $round cold $(LEGATO_CACHE_DIR=$dir/c bench --app $app --mode jit)"
    echo "round $round warm $(LEGATO_CACHE_DIR=$dir/c bench --app $app --mode jit)"
    rm -rf "$dir"
  done
done
