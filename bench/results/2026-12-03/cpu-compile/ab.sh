#!/bin/bash
# Session 25: compile time (cold: no LEGATO_CACHE_DIR) and run time per call
# of each app, jit and lazy, with unrolling allowed in every loop (base) or
# turned off in the loops of kernels too small for threads (new), interleaved
# rounds. Each argument is a folder holding one build's liblegato.so; BENCH
# is a legato-bench (public API only, so it runs against every library).
# Prints compile ms, ms per call (median of 10), kernels and the checksum,
# which must agree between the libraries. SIZES=small runs every app at
# n = 64 (every loop small) instead of the CPU report's sizes.
#   BENCH=build/tools/legato-bench/legato-bench bench/results/2026-12-03/cpu-compile/ab.sh LIB...
set -eu
bench=${BENCH:-build/tools/legato-bench/legato-bench}
rounds=${ROUNDS:-3}
field() { python3 -c 'import json,sys; d=json.loads(sys.stdin.read().splitlines()[-1]); print(round(d["compile_ms"]), d["median_ms"], d["kernels"], repr(d["checksum"]))'; }
size() {
  if [ "${SIZES:-}" = small ]; then [ $1 = black_scholes ] && echo 4096 || echo 64; return; fi
  case $1 in black_scholes) echo 4194304;; stencil|jacobi) echo 2048;; cg|bicgstab) echo 1024;; cfd) echo 256;; swe) echo 512;; esac
}
for round in $(seq $rounds); do
  for app in ${APPS:-black_scholes stencil cg jacobi bicgstab cfd swe}; do
    for mode in ${MODES:-jit lazy}; do
      line="round $round $app $mode:"
      for lib in "$@"; do
        line="$line | $(basename $lib) $(LD_LIBRARY_PATH=$lib $bench --app $app --n $(size $app) --mode $mode --reps 10 --warmup 1 | field)"
      done
      echo "$line"
    done
  done
done
