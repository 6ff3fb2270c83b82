#!/bin/bash
# Session 29, on the build of a719365 (a slice read only from other ranks'
# blocks is sent as it is; docs/DISTRIBUTED.md): the GPU suite; then one
# H200 shared by 1, 2 and 3 ranks (collectives through the host,
# LEGATO_NCCL=0, as NCCL takes one rank per GPU): every example's checksum
# against one rank's, and api.distributed (eager, lazy) at 2 and 3 ranks;
# then the periodic smoothing of bench/results/2026-12-03/periodic at 4096² with the
# libraries before and after (.gpu/ab: old, new, and the periodic binary),
# alternating, two rounds; then the differential fuzzer for 60 s.
# Carried: .devpack, .gpu/build.tar.xz, .gpu/ab.tar.xz.
set -u
tar xJf .gpu/build.tar.xz -C .gpu
tar xJf .gpu/ab.tar.xz -C .gpu
source .devpack/env.sh
echo "== GPU suite"
bash test/gpu/run.sh .gpu/build 2>&1 | grep -v "^PASS" | tail -30
export LEGATO_BACKEND=cuda LEGATO_NCCL=0 LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:$LD_LIBRARY_PATH
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
launch() { timeout 150 mpirun -n $1 --oversubscribe --bind-to none -x LD_LIBRARY_PATH -x LEGATO_BACKEND -x LEGATO_NCCL -x LEGATO_MODE "${@:2}"; }
echo "== ranks on one GPU"
for config in "black_scholes 1000003" "stencil 1001 10" "cg 999 50" "jacobi 1001 10" \
              "bicgstab 257 15" "cfd 129 4 8" "swe 257 5"; do
  read -r app args <<< "$config"
  for ranks in 1 2 3; do
    echo "$app $args ranks $ranks: $(launch $ranks .gpu/build/examples/$app $args | grep '^checksum')"
  done
done
for mode in eager lazy; do
  for ranks in 2 3; do
    echo "api.distributed $mode ranks $ranks: $(LEGATO_MODE=$mode launch $ranks .gpu/build/test/API/distributed_test 2>&1 | grep -E '^\S*\[  (PASSED|FAILED) ' | sort | uniq -c | tr '\n' ' ')"
  done
done
echo "== periodic smoothing, 4096², before / after"
LD_LIBRARY_PATH=${LD_LIBRARY_PATH#$PWD/.gpu/build/lib/API:} bash bench/results/2026-12-03/periodic/run.sh .gpu/ab 4096 2 1 2
python=
for p in python3 /usr/bin/python3; do
  if "$p" -c 'import numpy' 2>/dev/null; then python=$(command -v "$p"); break; fi
done
echo "== fuzz: python $python"
timeout 80 .gpu/build/tools/legato-fuzz/legato-fuzz --python=$python \
  --evaluator=tools/legato-fuzz/numpy_eval.py --seed=470751 --seconds=60 --jobs=8 \
  --save=$OUT/fuzz 2>&1 | tail -6
echo "rc ${PIPESTATUS[0]}"
