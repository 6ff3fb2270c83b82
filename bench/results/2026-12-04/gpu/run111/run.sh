#!/usr/bin/env bash
# run111: fuzz seed 486439 crashed the lazy worker at 2 ranks on the GPU
# (run110; the CPU agrees). Each variant (X.batch: the program, parts of
# it) in the worker at 2 ranks sharing the GPU, lazy and jit, and alone;
# a SIGSEGV prints its stack (segv_backtrace.c, preloaded; removed in issue
# 52, it is in git history at commit 07f8e7d).
#   source .devpack/env.sh && bash bench/results/2026-12-04/gpu/run111/run.sh
set -u
here=bench/results/2026-12-04/gpu/run111
[ -d .gpu/build ] || (cd .gpu && tar xJf build.tar.xz)
build=.gpu/build
export LEGATO_BACKEND=cuda LEGATO_NCCL=0 LD_LIBRARY_PATH=$PWD/$build/lib/API:${LD_LIBRARY_PATH:-}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
launch="mpirun -n 2 --oversubscribe --bind-to none -x LD_LIBRARY_PATH -x LEGATO_BACKEND -x LEGATO_NCCL -x LD_PRELOAD"
for v in A B C D E F G; do
  for mode in lazy jit eager; do
    for ranks in 2 1; do
      if [ $ranks = 2 ]; then l=$launch; else l=; fi
      log=$(LD_PRELOAD=$PWD/.gpu/segv_backtrace.so timeout 60 $l $build/tools/legato-fuzz/legato-fuzz --worker=$mode \
        --batch-file=$here/$v.batch --results=/tmp/r.txt --from=0 2>&1)
      rc=$?
      echo "$v $mode ranks=$ranks rc=$rc $(grep -c '^array' /tmp/r.txt) arrays"
      [ $rc = 0 ] || echo "$log" | tail -40
    done
  done
done
