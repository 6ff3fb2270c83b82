#!/bin/bash
# CPU, this 2-core machine: legato-fuse-sweeps off (0) and on (1), jit,
# n = 256, median of 3 after 1 warm-up; two rounds, interleaved.
B=${1:-build}/tools/legato-bench/legato-bench
for r in 1 2; do
  for f in 0 1; do
    for app in cfd swe; do
      LEGATO_FUSE_SWEEPS=$f $B --app $app --mode jit --n 256 --reps 3 --warmup 1 |
        sed "s/^{/{\"fuse_sweeps\": $f, /"
    done
  done
done
