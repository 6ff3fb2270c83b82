#!/bin/bash
# Session 17: the A/B of ab52 again, its output kept (ab.txt), then the full GPU
# benchmark beside the peers (bench/gpu.sh) on this build (05f365e).
set -u
sed -e '/^start=/,$d' .gpu/ab52.sh > .gpu/ab52-only.sh
bash .gpu/ab52-only.sh > $OUT/ab.txt 2>&1
grep -c "" $OUT/ab.txt
source .devpack/env.sh
bash bench/gpu.sh .gpu/build .gpu/bench $OUT > $OUT/bench.log 2>&1
tail -12 $OUT/table.md
