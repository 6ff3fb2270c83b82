#!/bin/bash
# The part of run.sh that run1 missed (its bundle lacked fast_math_test, and
# run.sh named legato-bench by a wrong path): api.fast_math on the CUDA
# backend, then legato's cumsum beside the peers again.
#   source .devpack/env.sh && bash bench/results/2026-12-05/scan/run2.sh > $OUT/output.txt 2>&1
set -u
rm -rf .gpu/build && tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:$LD_LIBRARY_PATH
echo "== api.fast_math on the GPU"
LEGATO_BACKEND=cuda .gpu/build/test/API/fast_math_test 2>&1 | tail -4
echo "== cumsum: legato (jit), f32 and f64"
for round in 1 2; do
  for n in 16777216 67108864; do
    for dtype in f32 f64; do
      LEGATO_BACKEND=cuda .gpu/build/tools/legato-bench --app cumsum --n $n --dtype $dtype --mode jit --reps 20
    done
  done
done
