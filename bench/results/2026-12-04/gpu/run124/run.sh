#!/bin/bash
# Session 35: the GPU suite on 2a91467 (an array's own shape; x / c kept a
# division where 1/c overflows; float32 sqrt as sqrt.rn.f32); Black-Scholes
# f32 (its one sqrt per element is now correctly rounded) and shallow water
# against 737b7eb, alternating, three rounds; then the fuzzer with its
# remixed seeds and new scalars (-0.0, subnormals, the largest double) for
# 240 s from seed 700000 on the CUDA backend.
# .gpu/base.tar.xz: 737b7eb bundled by test/gpu/bundle.sh.
set -u
rm -rf .gpu/build .gpu/base && mkdir -p .gpu/base
tar xJf .gpu/build.tar.xz -C .gpu && tar xJf .gpu/base.tar.xz -C .gpu/base
source .devpack/env.sh
echo "== GPU suite"
bash test/gpu/run.sh .gpu/build 2>&1 | grep -v "^PASS" | tail -25
run() { # lib args...
  local lib=$1; shift
  LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/$lib/lib/API:$LD_LIBRARY_PATH $lib/tools/legato-bench "$@" |
    python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["app"], d["dtype"], d["mode"], d["n"], d["median_ms"], d["min_ms"], d["kernels"], d["bytes_moved"], repr(d["checksum"]))'
}
for round in 1 2 3; do
  for lib in .gpu/base/build .gpu/build; do
    echo "== $lib, round $round"
    run $lib --app black_scholes --n 67108864 --dtype f32 --mode jit --reps 20
    run $lib --app swe --n 2048 --mode jit --reps 10
  done
done
bash test/gpu/fuzz.sh "$OUT" 700000 240
ls "$OUT"/fuzz 2>/dev/null | head -20
