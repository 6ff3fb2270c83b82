#!/usr/bin/env bash
# Three alternating rounds of each app's first lazy call with two builds of
# liblegato.so (no compile cache):
#   run.sh FIRST_LAZY_CALL N LIBDIR_A LIBDIR_B
# where FIRST_LAZY_CALL is first_lazy_call.cpp built against either, e.g.
#   g++ -O2 -std=c++17 -Iinclude -Iexamples first_lazy_call.cpp -o first_lazy_call \
#       -Lbuild/lib/API -llegato
set -u
bin=$1 n=$2; shift 2
unset LEGATO_CACHE_DIR
for round in 1 2 3; do
  for app in swe cfd bicgstab cg stencil; do
    for lib in "$@"; do
      echo "round $round $(basename "$lib"): $(LD_LIBRARY_PATH=$lib "$bin" "$app" "$n")"
    done
  done
done
