#!/bin/bash
# Session 24: float maximum and minimum in GPU kernels as NumPy's select
# (legato-gpu-numpy-min-max) against arith.maximumf's lowering. The GPU suite
# on the new build, then shallow water (jit and lazy; its flux kernels hold
# 75 max/min per face pair), CFD and f64 Black-Scholes (no max: controls)
# with the base library (d51534a, run75's) and the new one, alternating,
# three rounds; then the fuzzer for 60 s from seed 462501. The libraries in
# .gpu/ab/<name>/ (tar cJf .gpu/ab.tar.xz -C .gpu ab), the new build bundled
# by test/gpu/bundle.sh into .gpu/build.tar.xz.
set -u
tar xJf .gpu/ab.tar.xz -C .gpu
rm -rf .gpu/build && tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
echo "== GPU suite"
bash test/gpu/run.sh .gpu/build 2>&1 | grep -v "^PASS" | tail -25
export LEGATO_BACKEND=cuda LEGATO_CACHE_DIR=/tmp/legato-cache
run() {
  LD_LIBRARY_PATH=$PWD/.gpu/ab/$lib:$LD_LIBRARY_PATH .gpu/build/tools/legato-bench "$@" |
    python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["app"], d["mode"], d["n"], d["median_ms"], d["min_ms"], d["kernels"], d["bytes_moved"], repr(d["checksum"]))'
}
for round in 1 2 3; do
  for lib in base new; do
    echo "== $lib, round $round"
    run --app swe --n 2048 --mode jit --reps 10
    run --app swe --n 2048 --mode lazy --reps 10
    run --app cfd --n 2048 --mode jit --reps 5
    run --app black_scholes --n 67108864 --dtype f64 --mode jit --reps 10
  done
done
# (These lines ran as the fuzzer block that test/gpu/fuzz.sh now holds.)
bash test/gpu/fuzz.sh "$OUT" 462501 60
