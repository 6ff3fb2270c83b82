#!/bin/bash
# Session 15: the GPU suite, then the full GPU benchmark beside the peers
# (bench/gpu.sh), on the build with CPU sweep tiles (the CUDA pipeline keeps
# recomputed sweeps: its kernels should be unchanged since run44).
set -u
source .devpack/env.sh
test/gpu/run.sh .gpu/build > $OUT/test-gpu.txt 2>&1; echo "test/gpu/run.sh rc=$?" >> $OUT/test-gpu.txt
tail -2 $OUT/test-gpu.txt
bash bench/gpu.sh .gpu/build .gpu/bench $OUT > $OUT/bench.log 2>&1
tail -15 $OUT/table.md
