#!/bin/bash
# Session 27: a GPU program's kernels generated and compiled in parallel (a
# gpu.module, PTX module and cubin per kernel, legato-gpu-modules-to-ptx and
# the driver's JIT on the MLIR context's threads), after legato-fuse-kernels
# stopped inverting every kernel's maps. `run.sh suite`: the GPU suite on the
# new build. `run.sh ab`: each app in jit mode at bench/gpu.sh's sizes with
# the library before both changes (base), with the fusion fix (fuse) and
# with both (new), alternating, two rounds, without legato's cache and with
# the driver's JIT cache off (CUDA_CACHE_DISABLE=1), so every run generates
# its PTX and compiles its cubins: compile_ms, median_ms, checksum. The
# libraries in .gpu/ab/<name>/ (tar cJf .gpu/ab.tar.xz -C .gpu ab), the new
# build bundled by test/gpu/bundle.sh into .gpu/build.tar.xz.
set -u
[ -d .gpu/build ] || tar xJf .gpu/build.tar.xz -C .gpu
[ -d .gpu/ab ] || tar xJf .gpu/ab.tar.xz -C .gpu
source .devpack/env.sh
if [ "$1" = suite ]; then
  nproc
  time bash test/gpu/run.sh .gpu/build 2>&1 | tail -6
  exit
fi
export LEGATO_BACKEND=cuda CUDA_CACHE_DISABLE=1
for round in 1 2; do
  for lib in base fuse new; do
    for a in "swe --n 2048" "cfd --n 2048" "bicgstab --n 2048" "cg --n 4096" "stencil --n 8192" "jacobi --n 8192" "black_scholes --n 67108864"; do
      echo -n "round $round $lib: "
      LD_LIBRARY_PATH=$PWD/.gpu/ab/$lib:$LD_LIBRARY_PATH .gpu/build/tools/legato-bench --app $a --mode jit --reps 10 --warmup 1 |
        python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["app"], "compile_ms", d["compile_ms"], "median_ms", d["median_ms"], "kernels", d["kernels"], "checksum", repr(d["checksum"]))'
    done
  done
done
