#!/bin/bash
# Session 27: the build with a module, PTX module and cubin per kernel,
# generated and compiled on the compiler's threads (parallel88), and the
# compiler's threads bounded by Options::threads (test/gpu/validate.sh): the
# GPU suite, the full benchmark beside the peers, the fuzzer for 60 s from
# seed 466251.
rm -rf .gpu/build && tar xJf .gpu/build.tar.xz -C .gpu
bash test/gpu/validate.sh "$OUT" 466251 60
