#!/bin/bash
# Session 27: the segments of a jit trace compiled at once on the compiler's
# threads (Engine::compileAll). The GPU suite on the new build; then the
# wall time of each app's first jit call (first_call.cpp: tracing, compiling
# every segment, one run; built on the build machine, in .gpu/first_call) at
# bench/gpu.sh's sizes, with the library before (main: 218e6e5) and after
# (seg), alternating, three rounds, without legato's cache and with the
# driver's JIT cache off (CUDA_CACHE_DISABLE=1). The libraries in
# .gpu/ab/<name>/ (tar cJf .gpu/ab.tar.xz -C .gpu ab), the new build
# bundled by test/gpu/bundle.sh into .gpu/build.tar.xz.
set -u
[ -d .gpu/build ] || tar xJf .gpu/build.tar.xz -C .gpu
[ -d .gpu/ab ] || tar xJf .gpu/ab.tar.xz -C .gpu
source .devpack/env.sh
echo "== GPU suite"
bash test/gpu/run.sh .gpu/build 2>&1 | grep -v "^PASS" | tail -25
export LEGATO_BACKEND=cuda CUDA_CACHE_DISABLE=1
for round in 1 2 3; do
  for lib in main seg; do
    for a in "swe 2048" "cfd 2048" "bicgstab 2048" "cg 4096" "stencil 8192"; do
      echo -n "round $round $lib: "
      LD_LIBRARY_PATH=$PWD/.gpu/ab/$lib:$LD_LIBRARY_PATH .gpu/first_call $a
    done
  done
done
