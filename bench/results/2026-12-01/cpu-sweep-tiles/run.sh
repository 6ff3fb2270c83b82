#!/bin/bash
# Session 15, this 2-core machine: two pressure sweeps per CPU launch in
# tiles of rows (fuse_sweeps on, the default since) against one sweep per
# launch (LEGATO_FUSE_SWEEPS=0), in one build, jit, interleaved rounds.
# Usage: bash run.sh BUILD [ROUNDS] > cpu.jsonl
B=${1:-build}/tools/legato-bench/legato-bench
for r in $(seq ${2:-3}); do
  for f in 0 1; do
    for n in 256 1024; do
      reps=7; [ $n -gt 256 ] && reps=3
      LEGATO_FUSE_SWEEPS=$f $B --app cfd --mode jit --n $n --reps $reps --warmup 1 |
        sed "s/^{/{\"fuse_sweeps\": $f, \"round\": $r, /"
    done
  done
done
