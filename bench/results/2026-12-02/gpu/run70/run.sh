#!/bin/bash
# Session 22: the GPU suite, then the full GPU benchmark beside the peers
# (bench/gpu.sh), on the session's code (legato-fuse-sweeps: several first
# sweeps per second sweep, arrays assembled from copies read from their
# pieces: shallow water's ghost cells).
set -u
tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
echo "== GPU suite"
bash test/gpu/run.sh .gpu/build 2>&1 | grep -v "^PASS" | tail -25
echo "== benchmark"
bash bench/gpu.sh .gpu/build .gpu/bench $OUT > $OUT/bench.log 2>&1
tail -14 $OUT/table.md
