#!/bin/bash
# Session 23: the lazy host path on this CPU, base (a603be6) against new
# (45b7bdf; ab.txt.b81bcbc: the same run with new = b81bcbc), interleaved:
# legato-bench lazy at n = 16 (kernels too small to matter: what is left is recording, cutting windows, keying and launching
# programs; same windows, kernels and checksums in both), then
# legato-overhead. BASE: a folder holding the base build's liblegato.so and
# legato-bench; the new build in build/. Both binaries use only the public
# API, so base's library also runs under the new legato-overhead.
#   bench/results/2026-12-03/cpu-host-path/ab.sh BASE > bench/results/2026-12-03/cpu-host-path/ab.txt
set -eu
base=$1
field() { python3 -c 'import json,sys; d=json.loads(sys.stdin.read().splitlines()[-1]); print(d["median_ms"], d["kernels"], repr(d["checksum"]))'; }
for round in 1 2 3; do
  for app in black_scholes stencil cg jacobi bicgstab cfd swe; do
    b=$(LD_LIBRARY_PATH=$base $base/legato-bench --app $app --n 16 --mode lazy --reps 20 --warmup 2 | field)
    c=$(build/tools/legato-bench/legato-bench --app $app --n 16 --mode lazy --reps 20 --warmup 2 | field)
    echo "round $round $app lazy ms/call: base $b new $c"
  done
done
for round in 1 2 3; do
  echo "round $round base: $(LD_LIBRARY_PATH=$base build/tools/legato-overhead/legato-overhead | tr '\n' ' ')"
  echo "round $round new:  $(build/tools/legato-overhead/legato-overhead | tr '\n' ' ')"
done
