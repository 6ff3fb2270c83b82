#!/usr/bin/env bash
# The CPU benchmark of the issue's targets: legato eager, lazy and jit, the
# hand-fused loops and the NumPy/numexpr peers, all on the sizes of
# ../shared/bench/peers_cpu.py; then BiCGSTAB, CFD and shallow water against
# bench/numpy_apps.py; then the ratio table (bench/table.py).
# Run on a quiet machine. Knobs (environment): N_BS N_ST N_CG N_JD REPS, as
# peers_cpu.py reads them; BUILD (default build); PEERS (peers_cpu.py's path).
set -euo pipefail
cd "$(dirname "$0")/.."

export N_BS=${N_BS:-4194304} N_ST=${N_ST:-2048} N_CG=${N_CG:-1024} N_JD=${N_JD:-2048}
export REPS=${REPS:-5}
BUILD=${BUILD:-build}
PEERS=${PEERS:-../shared/bench/peers_cpu.py}
PYTHON=/usr/bin/python3 # Debian's, which has numpy and numexpr

[ -f "$BUILD/CMakeCache.txt" ] || cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=Release
cmake --build "$BUILD" --target legato-bench
mkdir -p "$BUILD/bench"
# -ffast-math lets GCC call glibc's vector exp/log (libmvec): DESIGN.md's
# honest hand-fused baseline (its scalar-libm loop is ~4x slower).
# On AVX-512 hosts it gets 512-bit vectors (glibc's _ZGVeN8v_exp), as legato's
# generated code does: GCC, like LLVM, stops at 256 bits by default.
wide=()
grep -qw avx512f /proc/cpuinfo && wide=(-mprefer-vector-width=512)
g++ -std=c++17 -O3 -march=native "${wide[@]}" -ffast-math -fopenmp bench/hand_fused.cpp \
    -o "$BUILD/bench/hand_fused" -lopenblas

out="$BUILD/bench/cpu.jsonl"
: > "$out"
# A failing run is reported and skipped: the table marks what is missing.
run() { "$@" | tee -a "$out" || echo "failed: $*" >&2; }

for config in "black_scholes $N_BS f64" "black_scholes $N_BS f32" \
              "stencil $N_ST f64" "cg $N_CG f64" "jacobi $N_JD f64"; do
  read -r app n dtype <<< "$config"
  args=(--app "$app" --n "$n" --dtype "$dtype" --reps "$REPS" --warmup 2)
  for mode in eager lazy jit; do
    run "$BUILD/tools/legato-bench/legato-bench" "${args[@]}" --mode "$mode"
  done
  run "$BUILD/bench/hand_fused" "${args[@]}"
done
run "$PYTHON" "$PEERS" numpy numexpr

# The Diffuse apps that apps.py lacks: legato against bench/numpy_apps.py
# (same math and inputs; no hand-fused version).
export N_BICG=${N_BICG:-1024} N_CFD=${N_CFD:-256} N_SWE=${N_SWE:-512}
for config in "bicgstab $N_BICG" "cfd $N_CFD" "swe $N_SWE"; do
  read -r app n <<< "$config"
  for mode in eager lazy jit; do
    run "$BUILD/tools/legato-bench/legato-bench" --app "$app" --n "$n" --dtype f64 \
        --reps "$REPS" --warmup 1 --mode "$mode"
  done
done
run "$PYTHON" bench/numpy_apps.py bicgstab cfd swe

"$PYTHON" bench/table.py "$out"
