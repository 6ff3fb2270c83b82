#!/usr/bin/env bash
# A session's check of a build on the GPU machine, in one device call: the
# GPU suite (test/gpu/run.sh; its failures and summary printed), the full
# benchmark beside the peers (bench/gpu.sh; its table printed), then the
# differential fuzzer against NumPy for SECONDS from SEED (test/gpu/fuzz.sh).
# On the device, carrying .devpack and .gpu (test/gpu/bundle.sh, packed as
# .gpu/build.tar.xz; ../shared/bench as .gpu/bench):
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
bash test/gpu/fuzz.sh "$out" "$seed" "$seconds"
