#!/usr/bin/env bash
# run105: after legato-partition's reshapeBox (session 31): the whole NumPy
# suite and api.distributed at 2 ranks sharing one H200 (LEGATO_NCCL=0), in
# lazy and jit mode, against NumPy and against the gathered results.
#   source .devpack/env.sh && bash bench/results/2026-12-04/gpu/run105/run.sh OUT
set -uo pipefail
out=$1
mkdir -p "$out"
(cd .gpu && tar xJf build.tar.xz)
build=.gpu/build
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/$build/lib/API:${LD_LIBRARY_PATH:-}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 LEGATO_NCCL=0
launch="mpirun -n 2 --oversubscribe --bind-to none -x LD_LIBRARY_PATH -x LEGATO_BACKEND -x LEGATO_NCCL -x LEGATO_MODE -x LEGATO_TEST_JIT"
summary=$out/summary.txt
nvidia-smi -L > "$summary"
for mode in lazy jit; do
  jit=0; [ $mode = jit ] && jit=1
  for t in "numpy $build/test/numpy/numpy_test --oracle=$build/test/numpy/oracle" \
           "distributed $build/test/API/distributed_test"; do
    read -r name cmd <<< "$t"
    log=$(LEGATO_MODE=lazy LEGATO_TEST_JIT=$jit timeout 280 $launch $cmd 2>&1); rc=$?
    echo "$([ $rc = 0 ] && echo PASS || echo FAIL) $name.2ranks.$mode (rc $rc)" >> "$summary"
    echo "$log" | sed 's/\x1b\[[0-9;]*m//g' | grep -E "^\[  (PASSED|FAILED)|Failure$" -A3 | sort | uniq -c | head -20 >> "$summary"
  done
done
