#!/bin/bash
# Session 10, device call 7: the GPU suite, then the full benchmark beside the
# peers (bench/gpu.sh) on the same build (a fused reduction combined in its
# producer's last block; 256 blocks of 4 elements per thread and round).
set -u
source .devpack/env.sh
test/gpu/run.sh .gpu/build > $OUT/test-gpu.txt 2>&1; echo "test/gpu/run.sh rc=$?" >> $OUT/test-gpu.txt
tail -2 $OUT/test-gpu.txt
bash bench/gpu.sh .gpu/build .gpu/bench $OUT > $OUT/bench.log 2>&1
tail -15 $OUT/table.md
