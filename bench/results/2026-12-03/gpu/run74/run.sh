#!/bin/bash
# Session 23, final code (45b7bdf: ab72's host path plus inline operands and
# index windows): the GPU suite, then lazy CFD, shallow water and f32
# Black-Scholes with three libraries, alternating: base (a603be6), new
# (b81bcbc, ab72's) and final (45b7bdf), two rounds. Built here; the
# libraries in .gpu/ab/<name>/ (tar cJf .gpu/ab.tar.xz -C .gpu ab), the final
# build bundled by test/gpu/bundle.sh into .gpu/build.tar.xz.
set -u
tar xJf .gpu/ab.tar.xz -C .gpu
tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
echo "== GPU suite"
bash test/gpu/run.sh .gpu/build 2>&1 | grep -v "^PASS" | tail -25
export LEGATO_BACKEND=cuda LEGATO_CACHE_DIR=/tmp/legato-cache
run() {
  LD_LIBRARY_PATH=$PWD/.gpu/ab/$lib:$LD_LIBRARY_PATH .gpu/ab/legato-bench "$@" |
    python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["app"], d["mode"], d["n"], d["median_ms"], d["min_ms"], d["kernels"], d["bytes_moved"], repr(d["checksum"]))'
}
for round in 1 2; do
  for lib in base new final; do
    echo "== $lib, round $round"
    run --app cfd --n 2048 --mode lazy --reps 5
    run --app swe --n 2048 --mode lazy --reps 5
    run --app black_scholes --n 67108864 --dtype f32 --mode lazy --reps 10
  done
done
