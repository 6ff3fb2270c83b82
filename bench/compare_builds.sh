#!/bin/bash
# kernels, bytes moved, peak bytes, collectives and checksums of every app
# (n = 256, one rep) with two builds (OLD, NEW: build folders holding
# lib/API/liblegato.so and tools/legato-bench): on one process in every mode
# and dtype, under mpirun -n 2 and -n 3 in lazy and jit mode, and at 3 ranks
# with exchanges overlapped (LEGATO_OVERLAP=1: legato-split-for-overlap).
# A change that must leave every program as it was (a refactoring) shows
# it here. Usage: OLD=... NEW=... bench/compare_builds.sh OUT.jsonl; then
# /usr/bin/python3 bench/compare_builds.py OUT.jsonl.
out=$1; : > "$out"
bench() { # build mode app dtype [launcher...]
  local b=$1 mode=$2 app=$3 dtype=$4; shift 4
  LD_LIBRARY_PATH=$b/lib/API "$@" $b/tools/legato-bench/legato-bench --app $app --n 256 \
    --dtype $dtype --mode $mode --reps 1 --warmup 0 2>&1 | grep '^{' |
    sed "s|^{|{\"build\": \"$b\", \"launch\": \"$*\", |" >> "$out"
}
mpi="mpirun --oversubscribe --allow-run-as-root"
for b in ${OLD:?} ${NEW:?}; do
  for app in black_scholes stencil cg jacobi bicgstab cfd swe; do
    for mode in eager lazy jit; do
      for dtype in f32 f64; do bench $b $mode $app $dtype; done
    done
    for ranks in 2 3; do
      for mode in lazy jit; do bench $b $mode $app f64 $mpi -n $ranks; done
    done
    for mode in lazy jit; do bench $b $mode $app f64 $mpi -x LEGATO_OVERLAP=1 -n 3; done
  done
done
