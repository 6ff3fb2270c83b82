#!/bin/bash
# np.sort and np.argsort on the H200 (session 40): legato (jit; a bitonic
# network of compare-exchange kernels) beside torch.sort / torch.argsort
# (stable), cupy.sort / cupy.argsort and jnp.sort / jnp.argsort (stable),
# at 2^20, 2^24 and 2^26 random numbers, f32 and f64, two rounds.
#   source .devpack/env.sh && bash bench/results/2026-12-05/sort/run.sh > $OUT/sort.txt 2>&1
set -u
[ -d .gpu/build ] || tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:$LD_LIBRARY_PATH
# Round 2 loads the programs compiled in round 1 (compile_ms: the load).
export LEGATO_CACHE_DIR=/tmp/legato-cache
echo "== legato (jit)"
for round in 1 2; do
  for n in 1048576 16777216 67108864; do
    for dtype in f32 f64; do
      for app in sort argsort; do
        LEGATO_BACKEND=cuda .gpu/build/tools/legato-bench --app $app --n $n --dtype $dtype --mode jit --reps 10 --warmup 1
      done
    done
  done
done
echo "== peers"
python3 - <<'PY'
import json, time
def timed(f, reps=10):
    f()
    ts = []
    for _ in range(reps):
        t = time.perf_counter(); f(); ts.append((time.perf_counter() - t) * 1e3)
    return sorted(ts)[len(ts) // 2]
for round_ in (1, 2):
    for n in (1 << 20, 1 << 24, 1 << 26):
        for name in ("float32", "float64"):
            row = {"round": round_, "n": n, "dtype": name}
            try:
                import torch
                x = torch.rand(n, dtype=getattr(torch, name), device="cuda")
                row["torch_sort_ms"] = timed(lambda: (torch.sort(x), torch.cuda.synchronize()))
                row["torch_argsort_ms"] = timed(lambda: (torch.argsort(x, stable=True), torch.cuda.synchronize()))
            except Exception as e:
                row["torch"] = str(e)[:80]
            try:
                import cupy as cp
                x = cp.random.random(n).astype(name)
                row["cupy_sort_ms"] = timed(lambda: (cp.sort(x), cp.cuda.runtime.deviceSynchronize()))
                row["cupy_argsort_ms"] = timed(lambda: (cp.argsort(x), cp.cuda.runtime.deviceSynchronize()))
            except Exception as e:
                row["cupy"] = str(e)[:80]
            try:
                import jax, jax.numpy as jnp
                jax.config.update("jax_enable_x64", True)
                x = jnp.asarray(jax.random.uniform(jax.random.PRNGKey(0), (n,), dtype=name))
                s = jax.jit(jnp.sort)
                a = jax.jit(lambda x: jnp.argsort(x, stable=True))
                row["jax_sort_ms"] = timed(lambda: s(x).block_until_ready())
                row["jax_argsort_ms"] = timed(lambda: a(x).block_until_ready())
            except Exception as e:
                row["jax"] = str(e)[:80]
            print(json.dumps(row), flush=True)
PY
