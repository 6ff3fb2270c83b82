#!/usr/bin/env bash
# run110: session 32's failure agreement on the GPU (one H200, 2 ranks
# sharing it, LEGATO_NCCL=0): launch_fault_test alone and at 2 ranks
# (a fault seen by one rank's wait is an error on every rank),
# rank_fault_test and api.distributed at 2 ranks in lazy mode, the fuzz
# reproducers alone and at 2 ranks, then the fuzzer at 2 ranks from SEED
# for SECONDS.
#   source .devpack/env.sh && bash bench/results/2026-12-04/gpu/run110/run.sh OUT SEED SECONDS
set -uo pipefail
out=$1 seed=$2 seconds=$3
mkdir -p "$out"
[ -d .gpu/build ] || (cd .gpu && tar xJf build.tar.xz)
build=.gpu/build
export LEGATO_BACKEND=cuda LEGATO_NCCL=0 LD_LIBRARY_PATH=$PWD/$build/lib/API:${LD_LIBRARY_PATH:-}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
launch="mpirun -n 2 --oversubscribe --bind-to none -x LD_LIBRARY_PATH -x LEGATO_BACKEND -x LEGATO_NCCL -x LEGATO_MODE"
py=/opt/torch/.venv/bin/python3
check() { # name command...
  local name=$1; shift
  local log; log=$("$@" 2>&1); local rc=$?
  if [ $rc = 0 ]; then echo "PASS $name"; else echo "FAIL $name (rc $rc)"; echo "$log" | tail -30; fi
  echo "$log" | grep -E "^\[  (PASSED|FAILED)" | sort | uniq -c | sed "s/^/    $name: /"
}
nvidia-smi -L
for mode in eager lazy; do
  check "launch_fault.$mode" env LEGATO_MODE=$mode timeout 120 $build/test/API/launch_fault_test
  check "launch_fault.2ranks.$mode" env LEGATO_MODE=$mode timeout 120 $launch $build/test/API/launch_fault_test
  check "rank_fault.2ranks.$mode" env LEGATO_MODE=$mode timeout 120 $launch $build/test/API/rank_fault_test
done
check "distributed.2ranks.lazy" env LEGATO_MODE=lazy timeout 300 $launch $build/test/API/distributed_test
check "regressions" timeout 300 $build/tools/legato-fuzz/legato-fuzz --python=$py \
  --evaluator=tools/legato-fuzz/numpy_eval.py --replay test/regressions/*.fuzz
check "regressions.2ranks" timeout 300 $build/tools/legato-fuzz/legato-fuzz --python=$py \
  --evaluator=tools/legato-fuzz/numpy_eval.py --jobs=8 "--launch=$launch" --replay test/regressions/*.fuzz
echo "== fuzz at 2 ranks from $seed for $seconds s"
timeout $((seconds + 60)) $build/tools/legato-fuzz/legato-fuzz --seed=$seed --seconds=$seconds --jobs=8 \
  --python=$py --evaluator=tools/legato-fuzz/numpy_eval.py --save="$out/fuzz" "--launch=$launch" 2>&1 | tail -6
echo "rc ${PIPESTATUS[0]}"
