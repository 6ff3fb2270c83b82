#!/bin/bash
# Session 9, device call 5 (nvidia-h200-x2): test/gpu/mpi.sh on main's build
# (run20's plus the mesh checks in mpi.sh).
set -u
source .devpack/env.sh
bash test/gpu/mpi.sh .gpu/build $OUT > $OUT/mpi.txt 2>&1; echo "mpi.sh rc=$?" >> $OUT/mpi.txt
grep -v "^{" $OUT/mpi.txt | tail -40
