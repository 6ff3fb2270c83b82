#!/bin/bash
# Session 27: whole programs, now a cubin per kernel, from the compile cache
# on the GPU, checked by the differential fuzzer: 1,000 programs from seed
# 467001 on the CUDA backend with a fresh LEGATO_CACHE_DIR (each program
# compiled and stored), then the same 1,000 again (each loaded from the
# cache), every result against NumPy in eager, lazy and jit; entries counted
# after each pass. The build bundled by test/gpu/bundle.sh into
# .gpu/build.tar.xz (run89's).
set -u
[ -d .gpu/build ] || tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:$LD_LIBRARY_PATH
export LEGATO_CACHE_DIR=$(mktemp -d)/cache
python=$(command -v python3)
for pass in fill load; do
  echo "== pass $pass"
  .gpu/build/tools/legato-fuzz/legato-fuzz --python="$python" \
    --evaluator=tools/legato-fuzz/numpy_eval.py --seed=467001 --count=1000 --jobs=8 \
    --save="$OUT/fuzz-$pass" 2>&1 | tail -2
  echo "rc ${PIPESTATUS[0]}, $(ls $LEGATO_CACHE_DIR | wc -l) entries"
done
