#!/bin/bash
# Session 19: after the fixes of fuzz57's findings, fuzz57's reproducers
# replayed on the CUDA backend, then the differential fuzzer for 240 s from
# seed 303001 (fuzz57 ran up to 303000), 4 jobs.
set -u
tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
python=
for p in python3 /usr/bin/python3; do
  if "$p" -c 'import numpy' 2>/dev/null; then python=$(command -v "$p"); break; fi
done
echo "python: $python, NumPy $($python -c 'import numpy; print(numpy.__version__)')"
F=".gpu/build/tools/legato-fuzz --python=$python --evaluator=tools/legato-fuzz/numpy_eval.py"
for f in bench/results/2026-12-02/gpu/fuzz57/*.fuzz; do $F --replay $f 2>&1 | tail -1; done
timeout 330 $F --seed=303001 --seconds=240 --jobs=4 --save=$OUT/fuzz 2>&1 | tail -40
echo "rc ${PIPESTATUS[0]}"
