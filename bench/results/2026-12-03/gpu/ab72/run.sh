#!/bin/bash
# Session 23 A/B: the lazy host path (program keys in binary, the loop
# detector's candidate periods, held values counted by Arrays, nodes numbered
# in place: 3bc54e0 to b81bcbc) against base (a603be6), on the CUDA backend at the benchmark's
# sizes, lazy (and eager CFD, which records through the same path), three
# alternating rounds. Built here, each library copied to .gpu/ab/<name>/,
# legato-bench from the new build, then
#   tar cJf .gpu/ab.tar.xz -C .gpu ab
# run on the GPU machine carrying .devpack and .gpu/ab.tar.xz.
set -u
tar xJf .gpu/ab.tar.xz -C .gpu
source .devpack/env.sh
export LEGATO_BACKEND=cuda LEGATO_CACHE_DIR=/tmp/legato-cache
nvidia-smi -L
run() {
  LD_LIBRARY_PATH=$PWD/.gpu/ab/$lib:$LD_LIBRARY_PATH .gpu/ab/legato-bench "$@" |
    python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["app"], d["mode"], d["n"], d["median_ms"], d["min_ms"], d["kernels"], d["bytes_moved"], repr(d["checksum"]))'
}
for round in 1 2 3; do
  for lib in base new; do
    echo "== $lib, round $round"
    run --app cfd --n 2048 --mode lazy --reps 5
    run --app swe --n 2048 --mode lazy --reps 5
    run --app bicgstab --n 2048 --mode lazy --reps 5
    run --app cg --n 4096 --mode lazy --reps 5
    run --app stencil --n 8192 --mode lazy --reps 5
    run --app black_scholes --n 67108864 --dtype f32 --mode lazy --reps 10
    run --app cfd --n 2048 --mode eager --reps 3
    [ $round = 1 ] && run --app cfd --n 2048 --mode jit --reps 5
  done
done
