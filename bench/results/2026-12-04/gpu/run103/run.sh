#!/usr/bin/env bash
# run103: the NumPy functions added in session 31 (argmax argmin ptp nan-
# reductions fmax fmin diff meshgrid) on the CUDA backend, on one H200:
# suite `functions` in eager/lazy/jit and at 2 ranks sharing the GPU,
# api.errors, api.distributed's argmax test at 2 ranks, then the fuzzer
# with the GPU machine's NumPy from SEED for SECONDS.
#   source .devpack/env.sh && bash bench/results/2026-12-04/gpu/run103/run.sh OUT SEED SECONDS
set -uo pipefail
out=$1 seed=$2 seconds=$3
mkdir -p "$out"
(cd .gpu && tar xJf build.tar.xz)
build=.gpu/build
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/$build/lib/API:${LD_LIBRARY_PATH:-}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
oracle=$build/test/numpy/oracle
launch="mpirun -n 2 --oversubscribe --bind-to none -x LD_LIBRARY_PATH -x LEGATO_BACKEND -x LEGATO_NCCL -x LEGATO_MODE -x LEGATO_TEST_JIT"
summary=$out/summary.txt
check() { # name command...
  local name=$1; shift
  local log; log=$("$@" 2>&1); local rc=$?
  if [ $rc = 0 ]; then echo "PASS $name" >> "$summary"
  else echo "FAIL $name (rc $rc)" >> "$summary"; echo "$log" | grep -A8 "Failure$" | head -40 >> "$summary"
       echo "$log" | tail -5 >> "$summary"; fi
  echo "$log" | grep -E "^\[  (PASSED|FAILED)" | sort | uniq -c | sed "s/^/    $name: /" >> "$summary"
}
nvidia-smi -L > "$summary"
for mode in eager lazy jit; do
  jit=0; m=$mode; [ $mode = jit ] && { jit=1; m=lazy; }
  check "numpy.functions.$mode" env LEGATO_MODE=$m LEGATO_TEST_JIT=$jit \
    $build/test/numpy/numpy_test --oracle=$oracle --suite=functions
  check "api.errors.$mode" env LEGATO_MODE=$m LEGATO_TEST_JIT=$jit $build/test/API/errors_test
done
for mode in lazy jit; do
  jit=0; [ $mode = jit ] && jit=1
  check "numpy.functions.2ranks.$mode" env LEGATO_NCCL=0 LEGATO_MODE=lazy LEGATO_TEST_JIT=$jit \
    timeout 300 $launch $build/test/numpy/numpy_test --oracle=$oracle --suite=functions
  check "api.distributed.argmax.2ranks.$mode" env LEGATO_NCCL=0 LEGATO_MODE=lazy LEGATO_TEST_JIT=$jit \
    timeout 120 $launch $build/test/API/distributed_test --gtest_filter='*Argmax*'
done
bash test/gpu/fuzz.sh "$out" "$seed" "$seconds" > "$out/fuzz.txt" 2>&1
cat "$out/fuzz.txt" >> "$summary"
