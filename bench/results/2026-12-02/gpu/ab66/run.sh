#!/bin/bash
# Session 21: sum(arange(0.5, n)) * scale with jit on the CUDA backend, n =
# 2^26 f64, the best of 50 calls, with the library before (old: 1ad0264, the
# generator's values stored, then read from registers by its fused sum) and
# after (new: d2d113a, not stored); four alternating runs of each. The
# peers on the same program: peers.py (its output in peers.txt).
# Built here, in a checkout with build/ configured, from gensum.cpp (this
# folder) and liblegato.so at each commit (the backend is chosen at run
# time, so one gensum serves both):
#   for lib in old:1ad0264 new:d2d113a; do
#     git checkout -q ${lib#*:} && ninja -C build legato
#     mkdir -p .gpu/ab/${lib%:*} && cp build/lib/API/liblegato.so .gpu/ab/${lib%:*}/
#   done
#   c++ -std=c++17 -O2 bench/results/2026-12-02/gpu/ab66/gensum.cpp -Iinclude \
#     -L.gpu/ab/new -llegato -o .gpu/ab/gensum
# and run on the GPU machine carrying .devpack and .gpu/ab.
set -u
source .devpack/env.sh
for round in 1 2 3 4; do
  for lib in old new; do
    echo -n "$lib: "
    LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/ab/$lib:$LD_LIBRARY_PATH .gpu/ab/gensum $((1 << 26))
  done
done
