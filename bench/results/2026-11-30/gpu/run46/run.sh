#!/bin/bash
# Session 17: the GPU suite, then the full GPU benchmark beside the peers
# (bench/gpu.sh), on fb8ee9f (row reductions with 8 loads in flight).
set -u
source .devpack/env.sh
test/gpu/run.sh .gpu/build > $OUT/test-gpu.txt 2>&1; echo "test/gpu/run.sh rc=$?" >> $OUT/test-gpu.txt
tail -2 $OUT/test-gpu.txt
bash bench/gpu.sh .gpu/build .gpu/bench $OUT > $OUT/bench.log 2>&1
tail -15 $OUT/table.md
