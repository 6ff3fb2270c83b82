#!/bin/bash
# Session 20 review: the GPU suite after legato-linalg-to-gpu began to
# reject reductions with outputs over their reduced dims (a diagnostic
# where it crashed): no program of the suite makes one.
set -u
tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
bash test/gpu/run.sh .gpu/build 2>&1 | grep -v "^PASS" | tail -30
