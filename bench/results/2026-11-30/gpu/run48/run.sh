#!/bin/bash
# Session 17: the GPU suite, then the full GPU benchmark beside the peers
# (bench/gpu.sh), on the session's final build (one element per thread and
# round for elementwise kernels of more than 8 inputs, ab53).
set -u
tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
test/gpu/run.sh .gpu/build > $OUT/test-gpu.txt 2>&1; echo "test/gpu/run.sh rc=$?" >> $OUT/test-gpu.txt
tail -2 $OUT/test-gpu.txt
bash .gpu/check52.sh > $OUT/numpy-check.txt 2>&1; grep -c PASSED $OUT/numpy-check.txt
bash bench/gpu.sh .gpu/build .gpu/bench $OUT > $OUT/bench.log 2>&1
tail -12 $OUT/table.md
