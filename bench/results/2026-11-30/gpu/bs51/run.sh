#!/bin/bash
# Session 18: Black-Scholes (2^26, jit) beside torch.compile, interleaved,
# 4 rounds: run50 put f64 at 1.048 ms against torch.compile's 1.033
# (run48: 1.034 against 1.080).
set -u
tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=.gpu/build/lib/API:$LD_LIBRARY_PATH
for round in 1 2 3 4; do
  echo "== round $round"
  for dt in f32 f64; do
    .gpu/build/tools/legato-bench --app black_scholes --n 67108864 --dtype $dt --mode jit --reps 20 | python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print("legato", d["dtype"], d["median_ms"], d["min_ms"])'
  done
  python3 .gpu/bench/peers_gpu.py torch 2>/dev/null | grep torch_compile
done
