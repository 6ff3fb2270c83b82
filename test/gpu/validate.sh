#!/usr/bin/env bash
# A session's check of a build on the GPU machine, in one device call: the
# GPU suite (test/gpu/run.sh; its failures and summary printed), the full
# benchmark beside the peers (bench/gpu.sh; its table printed), then the
# differential fuzzer against NumPy for SECONDS from SEED (programs that
# disagree saved under OUT/fuzz). On the device, carrying .devpack and .gpu
# (test/gpu/bundle.sh, packed as .gpu/build.tar.xz; ../shared/bench as
# .gpu/bench):
#   test/gpu/validate.sh OUT SEED [SECONDS]
set -u
out=$1 seed=$2 seconds=${3:-100}
[ -d .gpu/build ] || tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
echo "== GPU suite"
bash test/gpu/run.sh .gpu/build 2>&1 | grep -v "^PASS" | tail -25
echo "== benchmark"
bash bench/gpu.sh .gpu/build .gpu/bench "$out" > "$out/bench.log" 2>&1
tail -14 "$out/table.md"
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
python=
for p in python3 /usr/bin/python3; do
  if "$p" -c 'import numpy' 2>/dev/null; then python=$(command -v "$p"); break; fi
done
echo "== fuzz: python $python"
timeout $((seconds + 30)) .gpu/build/tools/legato-fuzz/legato-fuzz --python="$python" \
  --evaluator=tools/legato-fuzz/numpy_eval.py --seed="$seed" --seconds="$seconds" --jobs=8 \
  --save="$out/fuzz" 2>&1 | tail -3
echo "rc ${PIPESTATUS[0]}"
