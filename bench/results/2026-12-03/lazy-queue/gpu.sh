#!/bin/bash
# On the lent H200, after test/gpu/validate.sh: each app's first lazy call
# (first_lazy_call.cpp, built on the build machine into .gpu/) at
# bench/gpu.sh's sizes with the library before (base: 3bf50d2) and after
# (new: the lazy queue), alternating, three rounds, without legato's cache
# and with the driver's JIT cache off. Libraries in .gpu/ab/<name>/ (tar cJf
# .gpu/ab.tar.xz -C .gpu ab).
set -u
[ -d .gpu/ab ] || tar xJf .gpu/ab.tar.xz -C .gpu
source .devpack/env.sh
export LEGATO_BACKEND=cuda CUDA_CACHE_DISABLE=1
unset LEGATO_CACHE_DIR
for round in 1 2 3; do
  for a in "swe 2048" "cfd 2048" "bicgstab 2048" "cg 4096" "stencil 8192"; do
    for lib in base new; do
      echo "round $round $lib: $(LD_LIBRARY_PATH=$PWD/.gpu/ab/$lib:$LD_LIBRARY_PATH .gpu/first_lazy_call $a)"
    done
  done
done
