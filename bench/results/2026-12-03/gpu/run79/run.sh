#!/bin/bash
# Session 24: the full GPU benchmark beside the peers on the final build
# (legato-gpu-numpy-min-max; ab77's "new", whose GPU suite passed there).
[ -x .gpu/build/tools/legato-bench ] || tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh && bash bench/gpu.sh .gpu/build .gpu/bench $OUT > $OUT/bench.log 2>&1
tail -12 $OUT/table.md
