#!/usr/bin/env bash
# run112: session 32's final build on one H200: the GPU suite
# (test/gpu/run.sh, now with launch_fault_test at 2 ranks), that test's
# own output at 2 ranks, fuzz seed 486439 (run110's crash) at 2 ranks, then
# the fuzzer at 2 ranks sharing the GPU from SEED for SECONDS.
#   source .devpack/env.sh && bash bench/results/2026-12-04/gpu/run112/run.sh OUT SEED SECONDS
set -uo pipefail
out=$1 seed=$2 seconds=$3
mkdir -p "$out"
[ -d .gpu/build ] || (cd .gpu && tar xJf build.tar.xz)
build=.gpu/build
start=$SECONDS
bash test/gpu/run.sh $build 2>&1 | grep -E "^(PASS|FAIL|test-gpu)|Failure|Which is|Expected" | head -80
echo "suite: $((SECONDS - start)) s"
export LEGATO_BACKEND=cuda LEGATO_NCCL=0 LD_LIBRARY_PATH=$PWD/$build/lib/API:${LD_LIBRARY_PATH:-}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
launch="mpirun -n 2 --oversubscribe --bind-to none -x LD_LIBRARY_PATH -x LEGATO_BACKEND -x LEGATO_NCCL"
echo "== launch_fault_test at 2 ranks"
timeout 120 $launch $build/test/API/launch_fault_test 2>&1 | grep -E "^\[|rank" | sort | uniq -c
py=/opt/torch/.venv/bin/python3
fuzz="$build/tools/legato-fuzz/legato-fuzz --python=$py --evaluator=tools/legato-fuzz/numpy_eval.py --jobs=8"
echo "== seed 486439 at 2 ranks"
timeout 120 $fuzz --seed=486439 --count=1 --no-shrink "--launch=$launch" --save="$out/fuzz-486439" 2>&1 | tail -3
echo "== fuzz at 2 ranks from $seed for $seconds s"
timeout $((seconds + 90)) $fuzz --seed=$seed --seconds=$seconds --shrink-per-kind=1 \
  --save="$out/fuzz" "--launch=$launch" 2>&1 | tail -8
echo "rc ${PIPESTATUS[0]}"
