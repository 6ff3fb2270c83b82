#!/bin/bash
# Session 21: the GPU suite on legato-store-in-place (results stored into
# tensors of their output buffers; two-results-of-one-pad.fuzz replayed by
# its fuzz.regressions step) and on fused reductions that keep their
# producer's values in registers when nothing else reads them, then the
# differential fuzzer for 150 s from seed 430001.
set -u
tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
echo "== GPU suite"
bash test/gpu/run.sh .gpu/build 2>&1 | grep -v "^PASS" | tail -30
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
python=
for p in python3 /usr/bin/python3; do
  if "$p" -c 'import numpy' 2>/dev/null; then python=$(command -v "$p"); break; fi
done
echo "== replay of two-results-of-one-pad"
.gpu/build/tools/legato-fuzz/legato-fuzz --python=$python --evaluator=tools/legato-fuzz/numpy_eval.py \
  --replay test/regressions/two-results-of-one-pad.fuzz 2>&1 | tail -1
echo "== fuzz: python $python"
timeout 180 .gpu/build/tools/legato-fuzz/legato-fuzz --python=$python \
  --evaluator=tools/legato-fuzz/numpy_eval.py --seed=430001 --seconds=150 --jobs=8 \
  --save=$OUT/fuzz 2>&1 | tail -4
echo "rc ${PIPESTATUS[0]}"
