#!/bin/bash
# Session 22, final code: the GPU suite, the full GPU benchmark beside the
# peers (bench/gpu.sh; eager now writes a held slice in the kernel that
# reads it), then the differential fuzzer for 150 s from seed 450001.
set -u
tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
echo "== GPU suite"
bash test/gpu/run.sh .gpu/build 2>&1 | grep -v "^PASS" | tail -25
echo "== benchmark"
bash bench/gpu.sh .gpu/build .gpu/bench $OUT > $OUT/bench.log 2>&1
tail -14 $OUT/table.md
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
python=
for p in python3 /usr/bin/python3; do
  if "$p" -c 'import numpy' 2>/dev/null; then python=$(command -v "$p"); break; fi
done
echo "== fuzz: python $python"
timeout 180 .gpu/build/tools/legato-fuzz/legato-fuzz --python=$python \
  --evaluator=tools/legato-fuzz/numpy_eval.py --seed=450001 --seconds=150 --jobs=8 \
  --save=$OUT/fuzz 2>&1 | tail -3
echo "rc ${PIPESTATUS[0]}"
