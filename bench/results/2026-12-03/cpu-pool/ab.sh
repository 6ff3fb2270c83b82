#!/bin/bash
# Session 24: host allocations pooled from 1 MiB (base) or from a lower size,
# at the CPU report's sizes, interleaved rounds. Each argument is a folder
# holding one build's liblegato.so; BENCH is a legato-bench (public API only,
# so it runs against every library). Prints ms per call (median), the
# kernels and the checksum, which must agree between the libraries.
#   BENCH=build/tools/legato-bench/legato-bench bench/results/2026-12-03/cpu-pool/ab.sh LIB...
# ab.txt: base = 7a40c90's library, p128k = the same with the pool starting
# at 128 KiB (the session's change); p16k (16 KiB) was tried on CFD and
# shallow water lazy only.
set -eu
bench=${BENCH:-build/tools/legato-bench/legato-bench}
rounds=${ROUNDS:-2}
modes=${MODES:-"eager lazy jit"}
field() { python3 -c 'import json,sys; d=json.loads(sys.stdin.read().splitlines()[-1]); print(d["median_ms"], d["kernels"], repr(d["checksum"]))'; }
size() { case $1 in black_scholes) echo 4194304;; stencil|jacobi) echo 2048;; cg|bicgstab) echo 1024;; cfd) echo 256;; swe) echo 512;; esac; }
for round in $(seq $rounds); do
  for app in ${APPS:-black_scholes stencil cg jacobi bicgstab cfd swe}; do
    for mode in $modes; do
      line="round $round $app $mode:"
      for lib in "$@"; do
        line="$line | $(basename $lib) $(LD_LIBRARY_PATH=$lib $bench --app $app --n $(size $app) --mode $mode --reps 10 --warmup 2 | field)"
      done
      echo "$line"
    done
  done
done
