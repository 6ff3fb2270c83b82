#!/bin/bash
# On the lent H200: lazy mode's time per call once compiled (legato-bench,
# bench/gpu.sh's sizes and reps), the library before (base: 3bf50d2) and
# after (new), alternating, three rounds; then the GPU suite on the new
# build. Libraries in .gpu/ab/<name>/ (tar cJf .gpu/ab.tar.xz -C .gpu ab), the
# new build bundled by test/gpu/bundle.sh into .gpu/build.tar.xz.
set -u
[ -d .gpu/build ] || tar xJf .gpu/build.tar.xz -C .gpu
[ -d .gpu/ab ] || tar xJf .gpu/ab.tar.xz -C .gpu
source .devpack/env.sh
export LEGATO_BACKEND=cuda
bench=.gpu/build/tools/legato-bench
field() { python3 -c 'import json,sys; d=json.loads(sys.stdin.read().splitlines()[-1]); print(d["median_ms"], d["kernels"], repr(d["checksum"]))'; }
for round in 1 2 3; do
  for a in "black_scholes --n 67108864 --dtype f32 --reps 10" "stencil --n 8192 --reps 5" \
           "cg --n 4096 --reps 3" "bicgstab --n 2048 --reps 3" "cfd --n 2048 --reps 3" \
           "swe --n 2048 --reps 3"; do
    for lib in base new; do
      echo "round $round $lib ${a%% *} lazy ms kernels checksum:" \
        "$(LD_LIBRARY_PATH=$PWD/.gpu/ab/$lib:$LD_LIBRARY_PATH $bench --app $a --mode lazy | field)"
    done
  done
done
echo "== GPU suite"
bash test/gpu/run.sh .gpu/build 2>&1 | grep -v "^PASS" | tail -25
