#!/bin/bash
# np.cumsum on the H200 (session 37): legato's scan (reductions over chunks
# of 8, docs/SIMPLIFY.md) beside torch.cumsum, cupy.cumsum and jnp.cumsum on
# the same sizes, in one run, after the fast-math run of session 36.
# On the device, carrying .devpack, .gpu/build.tar.xz (test/gpu/bundle.sh)
# and .gpu/peers (a copy of ../shared/bench):
#   source .devpack/env.sh && bash bench/results/2026-12-05/scan/run.sh > $OUT/output.txt 2>&1
set -u
bash bench/results/2026-12-04/fast-math/run.sh
echo "== cumsum: legato (jit), f32 and f64"
for n in 16777216 67108864; do
  for dtype in f32 f64; do
    env LEGATO_BACKEND=cuda LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:$LD_LIBRARY_PATH \
      .gpu/build/tools/legato-bench --app cumsum --n $n --dtype $dtype --mode jit --reps 20
  done
done
echo "== cumsum: peers"
python3 - <<'PY'
import time
def timed(f, x, reps=20):
    for _ in range(3):
        f(x)
    ts = []
    for _ in range(reps):
        t = time.perf_counter(); f(x); ts.append((time.perf_counter() - t) * 1e3)
    ts.sort()
    return ts[len(ts) // 2]
for n in (16777216, 67108864):
    for name in ("float32", "float64"):
        row = {"n": n, "dtype": name}
        try:
            import torch
            x = torch.rand(n, dtype=getattr(torch, name), device="cuda")
            f = lambda x: (torch.cumsum(x, 0), torch.cuda.synchronize())
            row["torch_ms"] = timed(f, x)
        except Exception as e:
            row["torch"] = str(e)[:80]
        try:
            import cupy as cp
            x = cp.random.random(n).astype(name)
            f = lambda x: (cp.cumsum(x), cp.cuda.runtime.deviceSynchronize())
            row["cupy_ms"] = timed(f, x)
        except Exception as e:
            row["cupy"] = str(e)[:80]
        try:
            import jax, jax.numpy as jnp
            jax.config.update("jax_enable_x64", True)
            x = jnp.asarray(__import__("numpy").random.rand(n).astype(name))
            g = jax.jit(jnp.cumsum)
            f = lambda x: g(x).block_until_ready()
            row["jax_ms"] = timed(f, x)
        except Exception as e:
            row["jax"] = str(e)[:80]
        print(row, flush=True)
PY
