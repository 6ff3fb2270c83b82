#!/usr/bin/env bash
# Copies what test/gpu/run.sh and the GPU benchmarks need from a build folder
# into a small one (stripped binaries, the shared library, the NumPy oracle's
# data) to carry to the GPU machine with .devpack (64 MiB per call in all):
#   test/gpu/bundle.sh [build] [.gpu/build]
set -euo pipefail
build=${1:-build}
out=${2:-.gpu/build}
rm -rf "$out"
mkdir -p "$out/lib/API" "$out/examples" "$out/test/API" "$out/test/numpy" "$out/tools/legato-fuzz"
cp "$build/lib/API/liblegato.so" "$out/lib/API/"
for app in black_scholes stencil cg jacobi bicgstab cfd swe; do
  cp "$build/examples/$app" "$out/examples/"
done
cp "$build"/test/API/{modes,errors,lifetime,lazy_queue,distributed,rank_fault,launch_fault,device_memory,compile_cache,fast_math,linalg,fft,random}_test "$out/test/API/"
# FFTW (Debian's libfftw3-*, which the GPU machine's image need not have) beside liblegato.so.
cp -L /usr/lib/x86_64-linux-gnu/libfftw3{,f}{,_threads}.so.3 "$out/lib/API/"
cp "$build/test/numpy/numpy_test" "$out/test/numpy/"
cp -r "$build/test/numpy/oracle" "$out/test/numpy/"
cp "$build/tools/legato-bench/legato-bench" "$out/tools/"
cp "$build/tools/legato-fuzz/legato-fuzz" "$out/tools/legato-fuzz/"
strip "$out/lib/API/liblegato.so" "$out"/examples/* "$out"/test/API/* "$out/test/numpy/numpy_test" \
  "$out/tools/legato-bench" "$out/tools/legato-fuzz/legato-fuzz"
du -sh "$out"
