#!/bin/bash
# Session 18: pairs of sweeps on each rank, on the GPU. One H200 shared by
# 2 and 3 ranks (round-robin), collectives staged through the host
# (LEGATO_NCCL=0: NCCL takes one rank per GPU): the examples' checksums
# against one rank's, and the stencil's launches per rank.
set -u
tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
export LEGATO_BACKEND=cuda LEGATO_NCCL=0 LD_LIBRARY_PATH=.gpu/build/lib/API:$LD_LIBRARY_PATH
launch() { mpirun -n $1 --oversubscribe --bind-to none -x LD_LIBRARY_PATH -x LEGATO_BACKEND -x LEGATO_NCCL -x LEGATO_FUSE_SWEEPS "${@:2}"; }
for config in "stencil 1001 10" "cfd 129 4 8" "swe 257 5" "stencil 33 10" "cfd 33 3 8" "swe 29 5"; do
  read -r app args <<< "$config"
  for ranks in 1 2 3; do
    echo "$app $args ranks $ranks: $(launch $ranks .gpu/build/examples/$app $args | grep '^checksum')"
  done
done
for ranks in 1 2 3; do
  for fs in 0 1; do
    echo -n "stencil 4096 jit ranks $ranks fuse_sweeps=$fs: "
    LEGATO_FUSE_SWEEPS=$fs launch $ranks .gpu/build/tools/legato-bench --app stencil --n 4096 --mode jit --reps 5 | head -1 | python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["median_ms"], d["kernels"], d["bytes_moved"], d["bytes_sent"], repr(d["checksum"]))'
  done
done
