#!/bin/bash
# Session 25: f64 Black-Scholes (jit, 2^26) in the shapes torch.compile's
# Triton kernel takes, against the committed lowering (ab81's "new"): FMA
# contraction, 2-lane f64 vectors (128-bit loads) with the round's loads held
# ahead of the math, one vector per thread and no grid-stride loop, and
# scalar elements with no loop. hooks.patch (on 3a5818e, not part of the
# library; removed in issue 52, it is in git history at commit 07f8e7d) adds the LEGATO_X_* switches; .gpu/ab/hooks is that build,
# .gpu/ab/new the commit. Three alternating rounds; torch.compile before and
# after.
set -u
tar xJf .gpu/ab.tar.xz -C .gpu
[ -x .gpu/build/tools/legato-bench ] || tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
export LEGATO_BACKEND=cuda LEGATO_CACHE_DIR=/tmp/legato-cache
run() {
  LD_LIBRARY_PATH=$PWD/.gpu/ab/$lib:$LD_LIBRARY_PATH env "$@" .gpu/build/tools/legato-bench \
      --app black_scholes --n 67108864 --dtype f64 --mode jit --reps 20 |
    python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["median_ms"], d["min_ms"], repr(d["checksum"]))'
}
torch_bs() { N_ST=256 N_CG=256 N_JD=256 python3 .gpu/bench/peers_gpu.py torch 2>/dev/null | grep '"torch_compile".*float64'; }
echo "== torch, before"; torch_bs
V=LEGATO_X_F64_LANES=1\ LEGATO_X_VECTOR_PINS=1
for round in 1 2 3; do
  echo "== round $round"
  lib=new;   echo "new                    $(run)"
  lib=new;   echo "new fma                $(run LEGATO_FP_CONTRACT=1)"
  lib=hooks; echo "vec2 x2/round 8192     $(run $V)"
  lib=hooks; echo "vec2 x2/round 65536    $(run $V LEGATO_X_VECTOR_BLOCKS=65536)"
  lib=hooks; echo "vec2 x1 131072 no loop $(run $V LEGATO_X_VECTORS_PER_ROUND=1 LEGATO_X_VECTOR_BLOCKS=131072)"
  lib=hooks; echo "same, fma              $(run $V LEGATO_X_VECTORS_PER_ROUND=1 LEGATO_X_VECTOR_BLOCKS=131072 LEGATO_FP_CONTRACT=1)"
  lib=hooks; echo "scalar 131072 no loop  $(run LEGATO_X_MAX_BLOCKS=131072)"
done
echo "== torch, after"; torch_bs
