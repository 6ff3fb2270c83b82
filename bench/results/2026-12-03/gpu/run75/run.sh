#!/bin/bash
# Session 24 (d51534a: the host pool from 128 KiB): the GPU suite, the full
# GPU benchmark beside the peers, then the differential fuzzer for 100 s
# from seed 461501.
bash test/gpu/validate.sh "$OUT" 461501 100
