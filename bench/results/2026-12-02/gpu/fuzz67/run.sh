#!/bin/bash
# Session 21: the differential fuzzer on the CUDA backend for 360 s from
# seed 440001 (run64's build: legato-store-in-place and the unstored values
# of fused reductions).
set -u
tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
python=/opt/torch/.venv/bin/python3
timeout 420 .gpu/build/tools/legato-fuzz/legato-fuzz --python=$python \
  --evaluator=tools/legato-fuzz/numpy_eval.py --seed=440001 --seconds=360 --jobs=8 \
  --save=$OUT/fuzz 2>&1 | tail -4
echo "rc ${PIPESTATUS[0]}"
