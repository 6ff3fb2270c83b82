#!/bin/bash
# Session 29, on the build of run96: api.distributed with the CUDA backend at
# 2 and 3 ranks sharing one H200 (LEGATO_NCCL=0: NCCL takes one rank per
# GPU), eager and lazy (run95 had PeakMemoryIsABlockPerRank fail at 3 ranks:
# the GPU allocator's size classes, now in its bound); then the
# differential fuzzer with its legato workers at 2 ranks on the GPU for 60 s.
# Carried: .devpack, .gpu/build.tar.xz.
set -u
[ -d .gpu/build ] || tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
export LEGATO_BACKEND=cuda LEGATO_NCCL=0 LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:$LD_LIBRARY_PATH
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
for mode in eager lazy; do
  for ranks in 2 3; do
    echo "api.distributed $mode ranks $ranks: $(LEGATO_MODE=$mode timeout 150 mpirun -n $ranks \
      --oversubscribe --bind-to none -x LD_LIBRARY_PATH -x LEGATO_BACKEND -x LEGATO_NCCL -x LEGATO_MODE \
      .gpu/build/test/API/distributed_test --gtest_color=no 2>&1 | grep -E '^\[  (PASSED|FAILED) ' |
      sort | uniq -c | tr '\n' ' ')"
  done
done
python=
for p in python3 /usr/bin/python3; do
  if "$p" -c 'import numpy' 2>/dev/null; then python=$(command -v "$p"); break; fi
done
echo "== fuzz at 2 ranks: python $python"
timeout 100 .gpu/build/tools/legato-fuzz/legato-fuzz --python=$python \
  --evaluator=tools/legato-fuzz/numpy_eval.py --seed=472501 --seconds=60 --jobs=4 \
  --launch="mpirun -n 2 --oversubscribe --bind-to none -x LD_LIBRARY_PATH -x LEGATO_BACKEND -x LEGATO_NCCL" \
  --save=$OUT/fuzz 2>&1 | tail -4
echo "rc ${PIPESTATUS[0]}"
