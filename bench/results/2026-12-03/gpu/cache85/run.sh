#!/bin/bash
# Session 26: whole compiled programs in the compile cache on the GPU. The
# GPU suite (test/gpu/run.sh, with api.compile_cache on the CUDA backend);
# then each app in jit mode at bench/gpu.sh's sizes, three processes sharing
# one fresh LEGATO_CACHE_DIR (cold, warm, warm), then one without a cache:
# compile_ms, median_ms and checksums. The new build bundled by
# test/gpu/bundle.sh into .gpu/build.tar.xz.
set -u
rm -rf .gpu/build && tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
echo "== GPU suite"
bash test/gpu/run.sh .gpu/build 2>&1 | tail -30
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:$LD_LIBRARY_PATH
cache=$(mktemp -d)/cache
bench() {
  .gpu/build/tools/legato-bench "$@" --mode jit --reps 5 --warmup 1 |
    python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["app"], d["n"], "compile_ms", d["compile_ms"], "compiles", d["compiles"], "median_ms", d["median_ms"], "checksum", repr(d["checksum"]))'
}
for a in "black_scholes --n 67108864" "stencil --n 8192" "cg --n 4096" "jacobi --n 8192" "bicgstab --n 2048" "cfd --n 2048" "swe --n 2048"; do
  for run in cold warm warm; do
    echo -n "$run: "; LEGATO_CACHE_DIR=$cache bench --app $a
  done
  echo -n "none: "; bench --app $a
done
ls $cache | wc -l
