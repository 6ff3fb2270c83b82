#!/bin/bash
# Session 18: the full GPU benchmark beside the peers (bench/gpu.sh) on the
# session's code (79fa8bc: jit traces cut a chunk in and where loops end).
set -u
tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
bash bench/gpu.sh .gpu/build .gpu/bench $OUT > $OUT/bench.log 2>&1
tail -14 $OUT/table.md
