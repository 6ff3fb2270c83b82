#!/bin/bash
# Kernels, bytes moved, peak bytes, compiles and checksum of every app, lazy
# and jit, n = 256, sweeps fused off (LEGATO_FUSE_SWEEPS=0 bash run.sh BUILD).
# Run on the builds of f19c5f9 (before) and bc13aaa (after: jit cuts where
# the fewest bytes are read across).
B=${1:-build}/tools/legato-bench/legato-bench
for app in black_scholes stencil cg jacobi bicgstab cfd swe; do
  for mode in lazy jit; do
    $B --app $app --n 256 --mode $mode --reps 1 --warmup 0 | python3 -c "import json,sys; d=json.load(sys.stdin); print(d['app'], d['mode'], d['kernels'], d['bytes_moved'], d['peak_bytes'], d['compiles'], d['checksum'])"
  done
done
