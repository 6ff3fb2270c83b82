#!/bin/bash
# Session 11, device call 6: the GPU suite on the final build (after the fix
# of rolls of leading rows), and CFD / shallow water jit once more.
set -u
source .devpack/env.sh
test/gpu/run.sh .gpu/build > $OUT/test-gpu.txt 2>&1; echo "test/gpu/run.sh rc=$?" >> $OUT/test-gpu.txt
tail -2 $OUT/test-gpu.txt
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
for app in "cfd --n 2048" "swe --n 2048"; do .gpu/build/tools/legato-bench --app $app --mode jit --reps 3; done | tee $OUT/legato.jsonl | cut -c1-160
