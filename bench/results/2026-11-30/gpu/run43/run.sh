#!/bin/bash
# Session 13, device call 3 (the session's final build): the GPU suite and
# the 2-rank checks (bench/results/2026-11-30/scaling/gpu-1xH200-s13-check.sh, whose
# test-gpu.txt is copied here), then the full benchmark beside the peers
# (bench/gpu.sh) on the same build.
set -u
source .devpack/env.sh
mkdir -p $OUT/check $OUT/run43
OUT=$OUT/check bash bench/results/2026-11-30/scaling/gpu-1xH200-s13-check.sh 2>&1 | tail -14
bash bench/gpu.sh .gpu/build .gpu/bench $OUT/run43 > $OUT/run43/table.txt 2>&1
tail -30 $OUT/run43/table.txt
