#!/bin/bash
# Session 16: how the PTX becomes a cubin: cuLink (relocatable, today), cuModuleLoadDataEx on the PTX
# (the driver, whole program), the toolkit's ptxas whole program and with -c (relocatable).
set -u
source .devpack/env.sh
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
B=$PWD/.gpu/build/tools/legato-bench
P=/usr/local/cuda/bin/ptxas
run() { echo "$($B "$@" | cut -c1-110)"; }
set_v() {
  unset LEGATO_PTXAS_EXPERIMENT LEGATO_DIRECT_EXPERIMENT
  case $1 in direct) export LEGATO_DIRECT_EXPERIMENT=1;; ptxas) export LEGATO_PTXAS_EXPERIMENT=$P;; ptxas_c) export LEGATO_PTXAS_EXPERIMENT="$P -c";; esac
}
for round in 1 2; do
  for v in culink direct ptxas ptxas_c; do
    set_v $v; echo "== $v round $round"
    run --app black_scholes --n 67108864 --dtype f64 --mode jit --reps 10
    run --app cg --n 4096 --mode jit --reps 5
    run --app swe --n 4096 --mode jit --reps 5
    run --app cfd --n 2048 --mode jit --reps 3
  done
done
mkdir -p $OUT/n
for v in culink direct; do
  set_v $v
  /usr/local/cuda/bin/ncu --csv --metrics gpu__time_duration.sum,launch__registers_per_thread,launch__grid_size $B --app cg --n 4096 --mode jit --iters 4 --reps 1 --warmup 1 > $OUT/n/cg_$v.csv 2>&1
done
cd $OUT && tar czf n.tgz n && rm -rf n
