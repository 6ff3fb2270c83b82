#!/bin/bash
# np.take on the H200 (session 38): legato's gather (one kernel, jit, mode
# clip) beside torch.take, cupy.take and jnp.take (mode clip) at 2^24 and
# 2^26 random positions, f32 and f64, two rounds; then the GPU suite
# (test/gpu/run.sh: the 'gather' NumPy suite on the CUDA backend too).
#   source .devpack/env.sh && bash bench/results/2026-12-05/gather/run.sh > $OUT/output.txt 2>&1
set -u
rm -rf .gpu/build && tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:$LD_LIBRARY_PATH
echo "== take: legato (jit), f32 and f64"
for round in 1 2; do
  for n in 16777216 67108864; do
    for dtype in f32 f64; do
      LEGATO_BACKEND=cuda .gpu/build/tools/legato-bench --app take --n $n --dtype $dtype --mode jit --reps 20
    done
  done
done
echo "== take: peers"
python3 - <<'PY'
import json, time
def timed(f, *args, reps=20):
    f(*args)
    ts = []
    for _ in range(reps):
        t = time.perf_counter(); f(*args); ts.append((time.perf_counter() - t) * 1e3)
    return sorted(ts)[len(ts) // 2]
for round_ in (1, 2):
    for n in (1 << 24, 1 << 26):
        for name in ("float32", "float64"):
            row = {"round": round_, "n": n, "dtype": name}
            try:
                import torch
                x = torch.rand(n, dtype=getattr(torch, name), device="cuda")
                i = (torch.rand(n, dtype=torch.float64, device="cuda") * n).to(torch.int64)
                f = lambda x, i: (torch.take(x, i), torch.cuda.synchronize())
                row["torch_ms"] = timed(f, x, i)
            except Exception as e:
                row["torch"] = str(e)[:80]
            try:
                import cupy as cp
                x = cp.random.random(n).astype(name)
                i = (cp.random.random(n) * n).astype(cp.int64)
                f = lambda x, i: (cp.take(x, i, mode="clip"), cp.cuda.runtime.deviceSynchronize())
                row["cupy_ms"] = timed(f, x, i)
            except Exception as e:
                row["cupy"] = str(e)[:80]
            try:
                import jax, jax.numpy as jnp
                jax.config.update("jax_enable_x64", True)
                x = jnp.asarray(jax.random.uniform(jax.random.PRNGKey(0), (n,), dtype=name))
                i = (jax.random.uniform(jax.random.PRNGKey(1), (n,)) * n).astype(jnp.int64)
                g = jax.jit(lambda x, i: jnp.take(x, i, mode="clip"))
                f = lambda x, i: g(x, i).block_until_ready()
                row["jax_ms"] = timed(f, x, i)
            except Exception as e:
                row["jax"] = str(e)[:80]
            print(json.dumps(row), flush=True)
PY
echo "== GPU suite"
bash test/gpu/run.sh .gpu/build 2>&1 | tail -25
