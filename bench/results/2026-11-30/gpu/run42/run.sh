#!/bin/bash
# Session 12, device call 4: the GPU suite, then the full benchmark beside the
# peers (bench/gpu.sh) on the same build (commit 605498b: reductions of part
# of a kernel grown into it, a temporary copied twice written into one copy).
set -u
source .devpack/env.sh
test/gpu/run.sh .gpu/build > $OUT/test-gpu.txt 2>&1; echo "test/gpu/run.sh rc=$?" >> $OUT/test-gpu.txt
tail -2 $OUT/test-gpu.txt
bash bench/gpu.sh .gpu/build .gpu/bench $OUT > $OUT/bench.log 2>&1
tail -15 $OUT/table.md
