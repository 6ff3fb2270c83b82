#!/bin/bash
# Session 35: CFD's sweep-pair kernel is latency-bound at 112 registers (2
# blocks of 256 per SM, prof121). Temporary switches in the build
# (hooks.patch; removed in issue 52, it is in git history at commit 07f8e7d):
# LEGATO_X_MINCTA=N adds `.minnctapersm N` to the PTX of
# kernels that divide in f64 (CFD's sweeps), LEGATO_X_ROWS=R makes kernels
# of more than 8 inputs compute R rows per thread instead of 4. Two rounds.
set -u
rm -rf .gpu/build && tar xJf .gpu/exp.tar.xz -C .gpu
source .devpack/env.sh
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:$LD_LIBRARY_PATH
run() {
  .gpu/build/tools/legato-bench "$@" |
    python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["app"], d["dtype"], d["mode"], d["n"], d["median_ms"], d["min_ms"], d["kernels"], d["bytes_moved"], repr(d["checksum"]))'
}
for round in 1 2; do
  for cfg in "" "LEGATO_X_MINCTA=3" "LEGATO_X_MINCTA=4" "LEGATO_X_ROWS=2" "LEGATO_X_ROWS=2 LEGATO_X_MINCTA=3" "LEGATO_X_ROWS=1"; do
    echo "== [$cfg] round $round"
    for app in "cfd --n 2048" "swe --n 2048" "bicgstab --n 2048" "stencil --n 8192" "black_scholes --n 67108864 --dtype f64"; do
      env $cfg bash -c "$(declare -f run); run --app $app --mode jit --reps 20"
    done
  done
done
