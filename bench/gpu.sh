#!/usr/bin/env bash
# legato on the CUDA backend beside the GPU peers (CuPy, JAX jit, PyTorch eager,
# torch.compile), in one run on the GPU machine:
#   bench/gpu.sh <build dir> <peers dir> [out dir]
# <peers dir> holds ../shared/bench (apps.py, peers_gpu.py). Writes
# legato.jsonl (legato-bench lines) and peers.jsonl to the out dir and prints
# the table of bench/gpu_table.py. Sizes are the issue's: Black-Scholes 2^26
# (f32, f64), stencil 8192^2 x 10 sweeps, CG 4096^2 x 50, dense Jacobi 8192 x 10.
set -uo pipefail
build=${1:?build dir}
peers=${2:?peers dir}
out=${3:-.}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
export LD_LIBRARY_PATH="$build/lib/API:${LD_LIBRARY_PATH:-}" LEGATO_BACKEND=cuda
bench=$build/tools/legato-bench
if [ -x "$build/tools/legato-bench/legato-bench" ]; then bench=$build/tools/legato-bench/legato-bench; fi
: > "$out/legato.jsonl"
run() { timeout 300 "$bench" "$@" | tee -a "$out/legato.jsonl"; }
for mode in eager lazy jit; do
  for dtype in f32 f64; do run --app black_scholes --n 67108864 --dtype $dtype --mode $mode --reps 10; done
  run --app stencil --n 8192 --mode $mode --reps 5
  run --app cg --n 4096 --mode $mode --reps 3
  run --app jacobi --n 8192 --mode $mode --reps 3
  for app in bicgstab cfd swe; do run --app $app --n 2048 --mode $mode --reps 3; done
done
python3 "$peers/peers_gpu.py" | tee "$out/peers.jsonl"
python3 "$here/gpu_table.py" "$out/legato.jsonl" "$out/peers.jsonl" | tee "$out/table.md"
