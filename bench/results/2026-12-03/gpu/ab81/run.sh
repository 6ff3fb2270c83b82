#!/bin/bash
# Session 25: f64 Black-Scholes with its loads held ahead of libdevice's
# branches (issueLoadsHere) against run79's library. The GPU suite on the new
# build; then Black-Scholes f64 (jit, lazy) and f32 (jit, a control: its PTX
# is unchanged) with the base and the new library, alternating, three
# rounds, torch.compile's Black-Scholes before and after (peers_gpu.py
# torch); then the fuzzer for 60 s from seed 463751. The libraries in
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
    python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["app"], d["dtype"], d["mode"], d["n"], d["median_ms"], d["min_ms"], d["kernels"], d["bytes_moved"], repr(d["checksum"]))'
}
# (the other apps at small sizes: only Black-Scholes is kept)
torch_bs() { N_ST=256 N_CG=256 N_JD=256 python3 .gpu/bench/peers_gpu.py torch 2>/dev/null | grep black_scholes; }
echo "== torch, before"; torch_bs
for round in 1 2 3; do
  for lib in base new; do
    echo "== $lib, round $round"
    run --app black_scholes --n 67108864 --dtype f64 --mode jit --reps 20
    run --app black_scholes --n 67108864 --dtype f64 --mode lazy --reps 20
    run --app black_scholes --n 67108864 --dtype f32 --mode jit --reps 20
  done
done
echo "== torch, after"; torch_bs
bash test/gpu/fuzz.sh "$OUT" 463751 60
