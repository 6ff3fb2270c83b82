#!/bin/bash
# Planned for the first session with a GPU (written in session 36, when none
# was lent; not run yet): Options::fast_math on the H200.
#   1. the GPU suite (api.fast_math and example.*.fast_math among it);
#   2. Black-Scholes 2^26, f32 and f64, jit: default, LEGATO_FP_CONTRACT=1
#      and LEGATO_FAST_MATH=1, alternating, three rounds (same build);
#   3. torch.compile and JAX on the same inputs' sizes, in the same run.
# On the device, carrying .devpack, .gpu/build.tar.xz (test/gpu/bundle.sh)
# and .gpu/peers (a copy of ../shared/bench):
#   source .devpack/env.sh && bash bench/results/2026-12-04/fast-math/run.sh > $OUT/output.txt 2>&1
set -u
rm -rf .gpu/build && tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
echo "== GPU suite"
bash test/gpu/run.sh .gpu/build 2>&1 | grep -v "^PASS" | tail -25
run() { # VAR=value args...
  env LEGATO_BACKEND=cuda "$1" LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:$LD_LIBRARY_PATH \
    .gpu/build/tools/legato-bench "${@:2}" |
    python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["app"], d["dtype"], d["median_ms"], d["min_ms"], repr(d["checksum"]))'
}
for round in 1 2 3; do
  for setting in LEGATO_FAST_MATH=0 LEGATO_FP_CONTRACT=1 LEGATO_FAST_MATH=1; do
    for dtype in f32 f64; do
      echo -n "round $round $setting: "
      run $setting --app black_scholes --n 67108864 --dtype $dtype --mode jit --reps 20
    done
  done
done
echo "== peers"
python3 .gpu/peers/peers_gpu.py jax torch 2>&1 | grep black_scholes
