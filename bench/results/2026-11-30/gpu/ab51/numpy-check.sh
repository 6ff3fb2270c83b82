#!/bin/bash
# Session 16: the NumPy differential suites on the CUDA backend with the long reductions
# (test/numpy/oracle.py's reduce_long: block reductions with 8 loads in flight and their tails).
set -u
source .devpack/env.sh
export LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:${LD_LIBRARY_PATH:-}
T=.gpu/build/test/numpy/numpy_test; O=.gpu/build/test/numpy/oracle
for m in eager lazy jit; do
  jit=0; mode=$m; if [ $m = jit ]; then jit=1; mode=lazy; fi
  LEGATO_MODE=$mode LEGATO_TEST_JIT=$jit $T --oracle=$O 2>&1 | tail -3 | sed "s/^/$m: /"
done
