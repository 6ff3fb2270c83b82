#!/bin/bash
# Session 20: the GPU suite on the landed code (5a593d0), now with the fuzz
# reproducers replayed (fuzz.regressions), then the differential fuzzer on
# the CUDA backend for 270 s from seed 400001, 8 jobs.
set -u
tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
echo "== GPU suite"
start=$SECONDS
bash test/gpu/run.sh .gpu/build 2>&1 | tail -40
echo "suite: $((SECONDS - start)) s"
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
python=
for p in python3 /usr/bin/python3; do
  if "$p" -c 'import numpy' 2>/dev/null; then python=$(command -v "$p"); break; fi
done
echo "== fuzz: python $python, NumPy $($python -c 'import numpy; print(numpy.__version__)')"
timeout 320 .gpu/build/tools/legato-fuzz/legato-fuzz --python=$python \
  --evaluator=tools/legato-fuzz/numpy_eval.py --seed=400001 --seconds=270 --jobs=8 \
  --save=$OUT/fuzz 2>&1 | tail -40
echo "rc ${PIPESTATUS[0]}"
