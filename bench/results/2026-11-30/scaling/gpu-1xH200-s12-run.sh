#!/bin/bash
# Session 12, device call 3: as call 2 (ab40), on the build that also reads a
# value padded in its own segment through the pad in later segments; every
# example at 2 ranks sharing the one GPU (host-staged) against 1 rank, and
# 3 ranks for CG and BiCGSTAB; per-rank launches and bytes of CG and
# BiCGSTAB at 2 ranks: main (LEGATO_AB_OLD=1 LEGATO_AB_OLD2=1, temporary
# switches), s12a (the build of call 2: LEGATO_AB_OLD2=1) and new.
set -u
source .devpack/env.sh
test/gpu/run.sh .gpu/build > $OUT/test-gpu.txt 2>&1; echo "test/gpu/run.sh rc=$?" >> $OUT/test-gpu.txt
tail -2 $OUT/test-gpu.txt
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 LEGATO_NCCL=0
E=$PWD/.gpu/build/examples B=$PWD/.gpu/build/tools/legato-bench
launch="mpirun --bind-to none -x LD_LIBRARY_PATH -x LEGATO_BACKEND -x LEGATO_NCCL -x LEGATO_AB_OLD -x LEGATO_AB_OLD2"
for config in "black_scholes 1000003" "stencil 1001 10" "cg 999 50" "jacobi 1001 10" \
              "bicgstab 257 15" "cfd 129 4 8" "swe 257 5"; do
  read -r app args <<< "$config"
  one=$($E/$app $args 2>&1 | grep '^checksum'); two=$($launch -n 2 $E/$app $args 2>&1 | grep '^checksum' | head -1)
  three=""; case $app in cg|bicgstab) three=$($launch -n 3 $E/$app $args 2>&1 | grep '^checksum' | head -1);; esac
  echo "$app $args: 1 rank [$one] 2 ranks [$two] 3 ranks [$three]"
done
for v in main s12a new; do
  unset LEGATO_AB_OLD LEGATO_AB_OLD2
  [ $v = main ] && export LEGATO_AB_OLD=1 LEGATO_AB_OLD2=1
  [ $v = s12a ] && export LEGATO_AB_OLD2=1
  for app in "cg --n 5793" "bicgstab --n 2896"; do
    timeout 200 $launch -n 2 $B --app $app --mode jit --reps 1 --warmup 0 | sed "s/^{/{\"variant\": \"$v\", /"
  done
done > $OUT/ranks2.jsonl
python3 - $OUT/ranks2.jsonl <<'PY'
import json, sys
for l in open(sys.argv[1]):
    d = json.loads(l)
    print(d["variant"], d["app"], d["n"], "rank", d["rank"], "launches", d["kernels"], "GB %.2f" % (d["bytes_moved"] / 1e9), "checksum", d["checksum"])
PY
