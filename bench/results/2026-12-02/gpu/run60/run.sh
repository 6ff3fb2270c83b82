#!/bin/bash
# Session 20: on 51fb415 (a generator that a reduction alone reads stays
# its own kernel; distributed windows hold an even number of iterations):
# the GPU suite; then one H200 shared by 1, 2 and 3 ranks (collectives
# through the host, LEGATO_NCCL=0, as NCCL takes one rank per GPU): the
# examples' checksums against one rank's, and the stencil's launches and
# bytes per rank (ranks52 in bench/results/2026-11-30/gpu measured them before);
# then the differential fuzzer for 120 s from seed 410001.
set -u
tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
echo "== GPU suite"
bash test/gpu/run.sh .gpu/build 2>&1 | grep -v "^PASS" | tail -30
export LEGATO_BACKEND=cuda LEGATO_NCCL=0 LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:$LD_LIBRARY_PATH
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
launch() { timeout 120 mpirun -n $1 --oversubscribe --bind-to none -x LD_LIBRARY_PATH -x LEGATO_BACKEND -x LEGATO_NCCL "${@:2}"; }
echo "== ranks on one GPU"
for config in "stencil 1001 10" "cfd 129 4 8" "swe 257 5" "stencil 33 10"; do
  read -r app args <<< "$config"
  for ranks in 1 2 3; do
    echo "$app $args ranks $ranks: $(launch $ranks .gpu/build/examples/$app $args | grep '^checksum')"
  done
done
for ranks in 1 2 3; do
  echo -n "stencil 4096 jit ranks $ranks: "
  launch $ranks .gpu/build/tools/legato-bench --app stencil --n 4096 --mode jit --reps 5 | head -1 | python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["median_ms"], d["kernels"], d["bytes_moved"], d["bytes_sent"], d["peak_bytes"], repr(d["checksum"]))'
done
unset LEGATO_NCCL
python=
for p in python3 /usr/bin/python3; do
  if "$p" -c 'import numpy' 2>/dev/null; then python=$(command -v "$p"); break; fi
done
echo "== fuzz: python $python"
timeout 150 .gpu/build/tools/legato-fuzz/legato-fuzz --python=$python \
  --evaluator=tools/legato-fuzz/numpy_eval.py --seed=410001 --seconds=120 --jobs=8 \
  --save=$OUT/fuzz 2>&1 | tail -8
echo "rc ${PIPESTATUS[0]}"
