#!/bin/bash
# Session 21: legato-store-in-place (lazy and jit at the benchmark sizes
# of bench/gpu.sh, no peers) against run62's legato.jsonl (session 20):
# kernels, bytes moved and checksums per app and mode, and the time ratio.
set -u
tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:${LD_LIBRARY_PATH:-} LEGATO_BACKEND=cuda
bench=.gpu/build/tools/legato-bench
run() { timeout 120 $bench "$@" | tee -a $OUT/legato.jsonl; }
for mode in lazy jit; do
  for dtype in f32 f64; do run --app black_scholes --n 67108864 --dtype $dtype --mode $mode --reps 10; done
  run --app stencil --n 8192 --mode $mode --reps 5
  run --app cg --n 4096 --mode $mode --reps 3
  run --app jacobi --n 8192 --mode $mode --reps 3
  for app in bicgstab cfd swe; do run --app $app --n 2048 --mode $mode --reps 3; done
done > /dev/null
python3 - $OUT/legato.jsonl bench/results/2026-12-02/gpu/run62/legato.jsonl <<'PY'
import json, sys
def load(p):
    return {(d["app"], d["dtype"], d["mode"]): d for d in map(json.loads, open(p)) }
new, old = load(sys.argv[1]), load(sys.argv[2])
print("app dtype mode | kernels new/old | bytes new/old | checksum same | ms new/old")
for k, d in new.items():
    o = old[k]
    print(*k, "|", d["kernels"], o["kernels"], "|", d["bytes_moved"], o["bytes_moved"], "|",
          d["checksum"] == o["checksum"], "|", f'{d["median_ms"]:.3f} {o["median_ms"]:.3f} ({d["median_ms"]/o["median_ms"]:.3f})')
PY
