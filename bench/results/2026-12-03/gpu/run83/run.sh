#!/bin/bash
# Session 25: the final build on the GPU machine (test/gpu/validate.sh): the
# GPU suite, the full benchmark beside the peers, the fuzzer for 30 s from
# seed 464751. Since run79: a round's loads held ahead of libdevice's
# branches (ab81), NumPy's maximum and minimum from lower-to-linalg, and the
# CPU's small loops not unrolled (no GPU kernel changes).
rm -rf .gpu/build && tar xJf .gpu/build.tar.xz -C .gpu
bash test/gpu/validate.sh "$OUT" 464751 30
