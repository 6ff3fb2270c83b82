#!/bin/bash
# Session 11, device call 8 (nvidia-h200-x2): test/gpu/mpi.sh on the final
# build (two sweeps per kernel on by default with CUDA; the roll fix).
set -u
source .devpack/env.sh
timeout 500 bash test/gpu/mpi.sh .gpu/build $OUT > $OUT/mpi.txt 2>&1; echo "mpi.sh rc=$?" >> $OUT/mpi.txt
grep -v "^{" $OUT/mpi.txt | tail -45
