#!/bin/bash
# kernels, bytes moved, peak bytes and checksums of every app, mode and dtype: old build vs new
out=$1; shift
: > $out
# the builds before and after (see README.md)
for b in ${OLD:-/work/wtold/build} ${NEW:-/work/wt52/build}; do
  for mode in eager lazy jit; do
    for app in black_scholes stencil cg jacobi bicgstab cfd swe; do
      for dtype in f32 f64; do
        LD_LIBRARY_PATH=$b/lib/API $b/tools/legato-bench/legato-bench --app $app --n 256 --dtype $dtype --mode $mode --reps 1 --warmup 0 2>&1 | tail -1 | sed "s|^{|{\"build\": \"$b\", |" >> $out
      done
    done
  done
done
