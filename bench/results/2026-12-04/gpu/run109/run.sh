#!/usr/bin/env bash
# run109: is the misaligned-address bug of run108 gone (e1239d0)? On one
# H200 with 2 ranks sharing it (LEGATO_NCCL=0): replay the reproducer,
# then seeds 484001-484250 (run107/run108's), then fuzz on from SEED for
# SECONDS, all at 2 ranks.
#   source .devpack/env.sh && bash bench/results/2026-12-04/gpu/run109/run.sh OUT SEED SECONDS
set -uo pipefail
out=$1 seed=$2 seconds=$3
mkdir -p "$out"
[ -d .gpu/build ] || (cd .gpu && tar xJf build.tar.xz)
export LEGATO_BACKEND=cuda LEGATO_NCCL=0 LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
launch="--launch=mpirun -n 2 --oversubscribe --bind-to none -x LD_LIBRARY_PATH -x LEGATO_BACKEND -x LEGATO_NCCL"
fuzz=.gpu/build/tools/legato-fuzz/legato-fuzz
py=/opt/torch/.venv/bin/python3
nvidia-smi -L
echo "== replay test/regressions/open/gpu-ranks-misaligned-address.fuzz"
timeout 120 $fuzz --replay test/regressions/open/gpu-ranks-misaligned-address.fuzz \
  --python=$py --evaluator=tools/legato-fuzz/numpy_eval.py "$launch" 2>&1 | tail -5
echo "rc ${PIPESTATUS[0]}"
echo "== seeds 484001-484250 at 2 ranks"
timeout 300 $fuzz --seed=484001 --count=250 --batch=50 --jobs=8 --no-shrink \
  --python=$py --evaluator=tools/legato-fuzz/numpy_eval.py --save="$out/fuzz-484001" "$launch" 2>&1 | tail -6
echo "rc ${PIPESTATUS[0]}"
echo "== fuzz at 2 ranks from $seed for $seconds s"
timeout $((seconds + 60)) $fuzz --seed=$seed --seconds=$seconds --jobs=8 \
  --python=$py --evaluator=tools/legato-fuzz/numpy_eval.py --save="$out/fuzz" "$launch" 2>&1 | tail -6
echo "rc ${PIPESTATUS[0]}"
