#!/bin/bash
# Session 26: the driver's JIT on every CPU (CU_JIT_SPLIT_COMPILE = 0)
# against one thread. The GPU suite on the new build; then each app in jit
# mode at bench/gpu.sh's sizes with the library before (base) and after
# (new), alternating, two rounds, without legato's cache and with the
# driver's JIT cache off (CUDA_CACHE_DISABLE=1), so every run compiles its
# cubins: compile_ms, median_ms, checksum. The libraries in
# .gpu/ab/<name>/ (tar cJf .gpu/ab.tar.xz -C .gpu ab), the new build bundled
# by test/gpu/bundle.sh into .gpu/build.tar.xz.
set -u
tar xJf .gpu/ab.tar.xz -C .gpu
rm -rf .gpu/build && tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
echo "== GPU suite"
bash test/gpu/run.sh .gpu/build 2>&1 | tail -4
export LEGATO_BACKEND=cuda CUDA_CACHE_DISABLE=1
for round in 1 2; do
  for lib in base new; do
    for a in "swe --n 2048" "cfd --n 2048" "bicgstab --n 2048" "cg --n 4096" "stencil --n 8192" "jacobi --n 8192" "black_scholes --n 67108864"; do
      echo -n "round $round $lib: "
      LD_LIBRARY_PATH=$PWD/.gpu/ab/$lib:$LD_LIBRARY_PATH .gpu/build/tools/legato-bench --app $a --mode jit --reps 10 --warmup 1 |
        python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["app"], "compile_ms", d["compile_ms"], "median_ms", d["median_ms"], "checksum", repr(d["checksum"]))'
    done
  done
done
