#!/bin/bash
# Lazy mode at n = 16 (only the host path left: recording, cutting windows,
# keying and launching), the same legato-bench binary with two libraries:
# three rounds base first, then three rounds of bicgstab and swe with more
# reps, new first. Output: cpu-host-path.txt.
#   host_path.sh LEGATO_BENCH BASE_LIBDIR NEW_LIBDIR
set -eu
bench=$1 base=$2 new=$3
ms() { # libdir app reps
  LD_LIBRARY_PATH=$1 "$bench" --app "$2" --n 16 --mode lazy --reps "$3" --warmup 2 | tail -1 |
    python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print(d["median_ms"], d["kernels"])'
}
for round in 1 2 3; do
  for app in stencil cg bicgstab cfd swe; do
    echo "round $round $app lazy n=16 ms/call kernels: base $(ms "$base" $app 20) new $(ms "$new" $app 20)"
  done
done
for round in 1 2 3; do
  for app in bicgstab swe; do
    c=$(ms "$new" $app 40); b=$(ms "$base" $app 40)
    echo "round $round (new first) $app: new ${c% *} base ${b% *}"
  done
done
