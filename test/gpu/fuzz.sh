#!/usr/bin/env bash
# The differential fuzzer against NumPy on the CUDA backend, on the GPU
# machine, for SECONDS from SEED; programs that disagree are saved (shrunk)
# under OUT/fuzz. Needs a bundle in .gpu/build (test/gpu/bundle.sh) and
# .devpack/env.sh sourced. Options after SECONDS go to legato-fuzz, e.g.
# --launch="mpirun -n 2 --oversubscribe -x LD_LIBRARY_PATH -x LEGATO_BACKEND
# -x LEGATO_NCCL" with LEGATO_NCCL=0: workers at 2 ranks sharing the GPU.
# The last batch starts before SECONDS and may take half a minute; a worker
# without progress is killed after 120 s: hence the timeout's margin.
#   test/gpu/fuzz.sh OUT SEED [SECONDS [OPTION...]]
set -u
out=$1 seed=$2 seconds=${3:-100}
shift $(($# < 3 ? $# : 3))
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
python=
for p in python3 /usr/bin/python3; do
  if "$p" -c 'import numpy' 2>/dev/null; then python=$(command -v "$p"); break; fi
done
echo "== fuzz: python $python"
timeout $((seconds + 180)) .gpu/build/tools/legato-fuzz/legato-fuzz --python="$python" \
  --evaluator=tools/legato-fuzz/numpy_eval.py --seed="$seed" --seconds="$seconds" --jobs=8 \
  --save="$out/fuzz" "$@" 2>&1 | tail -3
echo "rc ${PIPESTATUS[0]}"
