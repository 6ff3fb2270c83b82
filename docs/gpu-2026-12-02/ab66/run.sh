#!/bin/bash
# Session 21: sum(arange(0.5, n)) * scale with jit on the CUDA backend, n =
# 2^26 f64, the best of 50 calls, with the library before (old: 1ad0264, the
# generator's values stored, then read from registers by its fused sum) and
# after (new: d2d113a, not stored); four alternating runs of each. The
# peers on the same program: peers.py (its output in peers.txt).
# Built from /tmp/repro/gensum.cpp, an example not committed (its source is
# in this folder).
set -u
source .devpack/env.sh
for round in 1 2 3 4; do
  for lib in old new; do
    echo -n "$lib: "
    LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/ab/$lib:$LD_LIBRARY_PATH .gpu/ab/gensum $((1 << 26))
  done
done
