#!/usr/bin/env bash
# The suite on the CUDA backend: `make test-gpu`, or on the GPU machine
#   test/gpu/run.sh <build dir>
# Runs every example against NumPy's checksum, the NumPy differential and
# API tests and the fuzz reproducers, all with LEGATO_BACKEND=cuda, in eager,
# lazy and jit modes.
# Exits 77 (CTest's "skipped") when the machine has no usable NVIDIA GPU.
set -uo pipefail
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
export LD_LIBRARY_PATH="$build/lib/API:${LD_LIBRARY_PATH:-}"

if ! [ -e /dev/nvidia0 ] && ! nvidia-smi -L >/dev/null 2>&1; then
  echo "skipped: no NVIDIA GPU on this machine"
  exit 77
fi

# A Python with NumPy (Debian's first, as in CI).
python=""
for p in /usr/bin/python3 python3; do
  if "$p" -c 'import numpy' 2>/dev/null; then python=$p; break; fi
done
[ -n "$python" ] || { echo "test-gpu: no python3 with numpy for the oracle" >&2; exit 1; }

export LEGATO_BACKEND=cuda
failed=()
run() { # name command...
  local name=$1; shift
  if out=$("$@" 2>&1); then
    echo "PASS $name"
  else
    echo "FAIL $name"; failed+=("$name")
    # gtest's assertion messages, or the tail of other output.
    if echo "$out" | grep -q "Failure$"; then echo "$out" | grep -A8 "Failure$" | head -60
    else echo "$out" | tail -20; fi
  fi
}

# The sizes of test/examples/CMakeLists.txt.
declare -A args=([black_scholes]="1000" [stencil]="33 10" [cg]="24 50" [jacobi]="50 10"
                 [bicgstab]="23 15" [cfd]="27 4 8" [swe]="29 5")
for app in black_scholes stencil cg jacobi bicgstab cfd swe; do
  for mode in eager lazy; do
    run "example.$app.$mode" env LEGATO_MODE=$mode \
      "$python" "$here/../examples/check_example.py" "$build/examples/$app" $app ${args[$app]}
  done
done

# Options::fast_math (the examples are float64: FMAs and the simplifier's
# assume-finite identities).
for app in black_scholes stencil cg jacobi bicgstab cfd swe; do
  run "example.$app.fast_math" env LEGATO_MODE=lazy LEGATO_FAST_MATH=1 \
    "$python" "$here/../examples/check_example.py" "$build/examples/$app" $app ${args[$app]}
done

oracle=$build/test/numpy/oracle
for mode in eager lazy jit; do
  jit=0; m=$mode
  if [ $mode = jit ]; then jit=1; m=lazy; fi
  run "numpy.$mode" env LEGATO_MODE=$m LEGATO_TEST_JIT=$jit \
    "$build/test/numpy/numpy_test" --oracle="$oracle"
  run "api.modes.$mode" env LEGATO_MODE=$m LEGATO_TEST_JIT=$jit "$build/test/API/modes_test"
  run "api.errors.$mode" env LEGATO_MODE=$m LEGATO_TEST_JIT=$jit "$build/test/API/errors_test"
  run "api.linalg.$mode" env LEGATO_MODE=$m LEGATO_TEST_JIT=$jit "$build/test/API/linalg_test"
  run "api.fft.$mode" env LEGATO_MODE=$m LEGATO_TEST_JIT=$jit "$build/test/API/fft_test"
  run "api.random.$mode" env LEGATO_MODE=$m LEGATO_TEST_JIT=$jit "$build/test/API/random_test"
done
# Every fuzz reproducer of a fixed bug (some were found on the GPU:
# bench/results/2026-12-02/gpu/fuzz57) in eager, lazy and jit against NumPy.
run "fuzz.regressions" "$build/tools/legato-fuzz/legato-fuzz" --python="$python" \
  --evaluator="$here/../../tools/legato-fuzz/numpy_eval.py" --replay "$here"/../regressions/*.fuzz
run "api.lifetime" "$build/test/API/lifetime_test"
run "api.lazy_queue" "$build/test/API/lazy_queue_test"
run "api.launch_fault" "$build/test/API/launch_fault_test"
# A fault seen by one rank is an error on both (2 ranks sharing the GPU).
if command -v mpirun >/dev/null; then
  run "api.launch_fault.2ranks" env LEGATO_NCCL=0 OMPI_ALLOW_RUN_AS_ROOT=1 \
    OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 timeout 300 mpirun -n 2 --oversubscribe --bind-to none \
    -x LD_LIBRARY_PATH -x LEGATO_BACKEND -x LEGATO_NCCL "$build/test/API/launch_fault_test"
fi
for mode in eager lazy; do
  run "api.device_memory.$mode" env LEGATO_MODE=$mode "$build/test/API/device_memory_test"
done

# The compile cache: later processes load the programs and cubins the first
# stored and compute the same bits; damaged entries are compiled again.
run "api.compile_cache" env LEGATO_CACHE_TEST_BACKEND=cuda "$build/test/API/compile_cache_test"
# Options::fast_math: approximate float32 kernels within a few ulp of the host.
run "api.fast_math" "$build/test/API/fast_math_test"

if [ ${#failed[@]} -gt 0 ]; then
  echo "test-gpu: ${#failed[@]} failed: ${failed[*]}"
  exit 1
fi
echo "test-gpu: all passed"
