#!/bin/bash
# Session 25: the SASS of f64 Black-Scholes (n = 2^26, jit) as legato's runtime
# links it (cuLink, relocatable) and as torch.compile's Triton builds it, to
# compare instruction by instruction (Nsight Compute in ab50: torch.compile's
# kernel issues 16% fewer warp instructions, the same FP64 ones with FMA).
set -u
source .devpack/env.sh
[ -x .gpu/build/tools/legato-bench ] || tar xJf .gpu/build.tar.xz -C .gpu
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
B=$PWD/.gpu/build/tools/legato-bench
CU=/usr/local/cuda/bin
nvidia-smi --query-gpu=name,driver_version --format=csv
for dt in f64 f32; do
  LEGATO_CACHE_DIR=$OUT/legato_$dt $B --app black_scholes --n 67108864 --dtype $dt --mode jit --reps 3 | cut -c1-160
  LEGATO_FP_CONTRACT=1 LEGATO_CACHE_DIR=$OUT/legato_fma_$dt $B --app black_scholes --n 67108864 --dtype $dt --mode jit --reps 3 | cut -c1-160
  TORCH_LOGS=output_code TRITON_CACHE_DIR=$OUT/triton_$dt python3 bench/results/2026-11-30/gpu/ab50/bs_torch.py .gpu/bench $dt > $OUT/torch_$dt.log 2>&1
done
cd $OUT
# A cache entry (lib/Runtime/DiskCache.cpp): 48-byte header, stamp, format,
# key (the PTX), payload (the cubin).
python3 - <<'PY'
import glob, struct
for e in glob.glob('legato_*/**/*.entry', recursive=True):
    b = open(e, 'rb').read()
    S, F, K = struct.unpack_from('<III', b, 12); P, = struct.unpack_from('<Q', b, 24)
    o = 48 + S + F
    open(e + '.ptx', 'wb').write(b[o:o + K]); open(e + '.cubin', 'wb').write(b[o + K:o + K + P])
PY
for f in $(find . -name '*.cubin' | sort); do
  $CU/cuobjdump -sass $f > $f.sass 2>&1 || $CU/nvdisasm $f > $f.sass 2>&1
  echo "$f $(grep -c '^ */\*[0-9a-f]*\*/' $f.sass) sass lines"
done
ls $CU | tr '\n' ' '

tar czf sass.tgz $(find . -name '*.sass' -o -name '*.ptx' -o -name '*.log' -o -name '*.source' -o -name '*.ttgir') && \
  find . -mindepth 1 ! -name sass.tgz -delete
