#!/bin/bash
# Session 14: the full GPU benchmark beside the peers (bench/gpu.sh) on the
# build with overlapped exchanges (no change to the GPU's kernels since run43).
set -u
source .devpack/env.sh
bash bench/gpu.sh .gpu/build .gpu/bench $OUT > $OUT/bench.log 2>&1
tail -15 $OUT/table.md
