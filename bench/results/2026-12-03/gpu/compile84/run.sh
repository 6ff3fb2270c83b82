#!/bin/bash
# Session 26: where a GPU program's cold compile time goes. The build carries
# bench/results/2026-12-03/gpu/compile84/timing.patch (LEGATO_X_TIMING=1 prints the
# milliseconds of PTX generation, of the driver's PTX-to-cubin JIT and of
# loading the module; LEGATO_X_SPLIT=N passes CU_JIT_SPLIT_COMPILE,
# LEGATO_X_OPT=N CU_JIT_OPTIMIZATION_LEVEL; LEGATO_X_PTXDIR keeps the PTX).
# Each app once in jit mode, no compile cache, at bench/gpu.sh's sizes.
set -u
rm -rf .gpu/build && tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
export LEGATO_BACKEND=cuda LEGATO_X_TIMING=1 LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:$LD_LIBRARY_PATH
nproc; ls /usr/local/cuda/bin 2>&1 | head; nvidia-smi --query-gpu=driver_version --format=csv
bench() {
  .gpu/build/tools/legato-bench "$@" --mode jit --reps 1 --warmup 0 2>/tmp/err |
    python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["app"], d["n"], "compile_ms", d["compile_ms"], "compiles", d["compiles"], "median_ms", d["median_ms"])'
  awk '{c[$2]+=$4} END {for (k in c) printf "  sum %s %.0f\n", k, c[k]}' /tmp/err
}
apps="--app swe --n 2048|--app cfd --n 2048|--app bicgstab --n 2048|--app cg --n 4096|--app stencil --n 8192|--app black_scholes --n 67108864"
IFS='|'
for a in $apps; do
  unset IFS
  echo "== $a default"; mkdir -p $OUT/ptx/$(echo $a | cut -d' ' -f2)
  LEGATO_X_PTXDIR=$OUT/ptx/$(echo $a | cut -d' ' -f2) bench $a
  echo "== $a split 0"; LEGATO_X_SPLIT=0 bench $a
  echo "== $a opt 3"; LEGATO_X_OPT=3 bench $a
  echo "== $a default again"; bench $a
  IFS='|'
done
unset IFS
cd $OUT && tar czf ptx.tgz ptx && rm -rf ptx
