#!/usr/bin/env bash
# run120: session 34's final build (groups; np.diag's strided slice sent
# instead of the matrix gathered) on one H200 shared by the ranks
# (LEGATO_NCCL=0): each example's checksum at 2 ranks against 1, dense
# Jacobi's bytes and time per call at 1 and 2 ranks (legato-bench, jit,
# n = 8192), api.distributed at 2 ranks, then the fuzzer at 2 ranks from
# SEED for SECONDS.
#   source .devpack/env.sh && bash bench/results/2026-12-04/gpu/run120/run.sh OUT SEED SECONDS
set -uo pipefail
out=$1 seed=$2 seconds=$3
mkdir -p "$out"
rm -rf .gpu/build && (cd .gpu && tar xJf build.tar.xz)
build=.gpu/build
export LEGATO_BACKEND=cuda LEGATO_NCCL=0 LD_LIBRARY_PATH=$PWD/$build/lib/API:${LD_LIBRARY_PATH:-}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 GTEST_COLOR=no
pass="-x LD_LIBRARY_PATH -x LEGATO_BACKEND -x LEGATO_NCCL -x GTEST_COLOR"
launch="mpirun -n 2 --oversubscribe --bind-to none $pass"
checksum() { grep '^checksum' | awk '{print $2}'; }
for config in "black_scholes 1000003" "stencil 1001 10" "cg 999 50" "jacobi 1001 10" \
              "bicgstab 257 15" "cfd 129 4 8" "swe 257 5"; do
  read -r app args <<< "$config"
  one=$(timeout 120 "$build/examples/$app" $args | checksum)
  two=$(timeout 120 $launch "$build/examples/$app" $args | checksum | sort -u | tr '\n' ' ')
  echo "$app $args: 1 rank $one, 2 ranks $two"
done
echo "== jacobi, legato-bench --n 8192 --mode jit"
$build/tools/legato-bench --app jacobi --n 8192 --mode jit --reps 5 --warmup 1 | tee "$out/jacobi-1.jsonl"
$launch $build/tools/legato-bench --app jacobi --n 8192 --mode jit --reps 5 --warmup 1 | tee "$out/jacobi-2.jsonl"
echo "== distributed at 2 ranks (lazy)"
LEGATO_MODE=lazy timeout 300 $launch -x LEGATO_MODE $build/test/API/distributed_test 2>&1 |
  grep -E "^\[  (PASSED|FAILED)|Failure|Which is" | sort | uniq -c
echo "rc ${PIPESTATUS[0]}"
echo "== fuzz at 2 ranks from $seed for $seconds s"
bash test/gpu/fuzz.sh "$out" "$seed" "$seconds" --shrink-per-kind=1 \
  "--launch=mpirun -n 2 --oversubscribe --bind-to none -x LD_LIBRARY_PATH -x LEGATO_BACKEND -x LEGATO_NCCL"
