#!/bin/bash
# Session 19: the GPU suite, then the full GPU benchmark beside the peers
# (bench/gpu.sh), on the session's code (4 vertically adjacent outputs per
# thread where a kernel's windows overlap from row to row).
set -u
tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
echo "== GPU suite"
bash test/gpu/run.sh .gpu/build 2>&1 | tail -25
echo "== benchmark"
bash bench/gpu.sh .gpu/build .gpu/bench $OUT > $OUT/bench.log 2>&1
tail -14 $OUT/table.md
