#!/bin/bash
# Session 22 A/B/C: shallow water on the CUDA backend with three libraries:
# base (0460988), s1 (e8a5d73: face fluxes recompute the slopes of h, hu and
# hv, ab68) and s2 (the face fluxes also read the cells between the ghost
# cells from h, hu and hv themselves, so the ghosted copies are never made:
# the working tree before d2fe8f7, whose copy test then counted all uses and
# which had not yet remapped forwarded extractions; d2fe8f7 launches the
# same kernels with the same bytes and checksum: run70),
# jit and lazy at n = 2048, three alternating rounds; the other apps whose
# programs s2 changes (CG and BiCGSTAB lazy) with s1 and s2 (ab.txt).
# `run.sh suite` runs the GPU suite on s2's build (not run here: run70 ran
# it on the session's final code).
# Built here like ab68 (bench/results/2026-12-02/gpu/ab68/run.sh), each library
# copied to .gpu/ab/<name>/, legato-bench from s2, then
#   tar cJf .gpu/ab.tar.xz -C .gpu ab
#   test/gpu/bundle.sh build .gpu/build && (cd .gpu && tar cJf build.tar.xz build)
# run on the GPU machine carrying .devpack, .gpu/ab.tar.xz and .gpu/build.tar.xz.
set -u
tar xJf .gpu/ab.tar.xz -C .gpu
tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
export LEGATO_BACKEND=cuda
nvidia-smi -L
run() {
  LD_LIBRARY_PATH=$PWD/.gpu/ab/$lib:$LD_LIBRARY_PATH .gpu/ab/legato-bench "$@" |
    python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["app"], d["mode"], d["n"], d["median_ms"], d["min_ms"], d["kernels"], d["bytes_moved"], d["peak_bytes"], repr(d["checksum"]))'
}
if [ "${1:-ab}" = ab ]; then
for round in 1 2 3; do
  for lib in base s1 s2; do
    echo "== $lib, round $round"
    run --app swe --n 2048 --mode jit --reps 5
    run --app swe --n 2048 --mode lazy --reps 5
    if [ $lib != base ]; then
      run --app cg --n 4096 --mode lazy --reps 5
      run --app bicgstab --n 2048 --mode lazy --reps 5
    fi
  done
done
exit 0
fi
echo "== GPU suite (s2)"
bash test/gpu/run.sh .gpu/build 2>&1 | tail -25
