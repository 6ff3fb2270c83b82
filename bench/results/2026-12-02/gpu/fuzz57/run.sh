#!/bin/bash
# Session 19: the differential fuzzer (tools/legato-fuzz, every program in
# eager, lazy and jit against NumPy) on the CUDA backend, for 300 s from seed
# 300001, 4 jobs; disagreements are saved under $OUT/fuzz. legato-fuzz is
# added to the bundle by hand (test/gpu/bundle.sh does not copy it).
set -u
tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
python=
for p in python3 /usr/bin/python3; do
  if "$p" -c 'import numpy' 2>/dev/null; then python=$(command -v "$p"); break; fi
done
echo "python: $python"
timeout 420 .gpu/build/tools/legato-fuzz --seed=300001 --seconds=300 --jobs=4 \
  --python="$python" --evaluator=tools/legato-fuzz/numpy_eval.py --save=$OUT/fuzz 2>&1 | tail -40
echo "rc ${PIPESTATUS[0]}"
