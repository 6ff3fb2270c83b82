#!/bin/bash
# Session 29: Black-Scholes (2^26 options, f32 and f64) with legato jit and
# torch.compile alternating, four rounds, on the build of run96 (whose
# benchmark had torch.compile 4% ahead, where run92 had it 7% behind:
# torch.compile's medians moved between 0.363 and 0.480 ms (f32) over this
# session's and the last sessions' runs, legato's between 0.372 and 0.382).
# Each legato line: median of 50 calls after 5 warm-ups (legato-bench); each
# torch line: median of 50 calls after 2 warm-ups (peers_gpu.py, REPS=50).
# Carried: .devpack, .gpu/build.tar.xz, .gpu/bench.
set -u
[ -d .gpu/build ] || tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:$LD_LIBRARY_PATH LEGATO_BACKEND=cuda
for round in 1 2 3 4; do
  for dtype in f32 f64; do
    echo "round $round legato $(.gpu/build/tools/legato-bench --app black_scholes --n 67108864 \
      --dtype $dtype --mode jit --reps 50 --warmup 5 | head -1)"
  done
  REPS=50 python3 .gpu/bench/peers_gpu.py torch 2>/dev/null | grep torch_compile |
    sed "s/^/round $round torch /"
done
