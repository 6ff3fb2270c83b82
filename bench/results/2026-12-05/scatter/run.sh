#!/bin/bash
# Writing through index arrays on the H200 (session 39): legato (jit) beside
# torch, CuPy and JAX at 2^24 and 2^26 random positions of as many
# elements, f32 and f64, two rounds:
#   scatter: r = x.copy(); r[i] = v   torch index_put_, cupy r[i] = v,
#                                      jax x.at[i].set(v)
#   add_at:  np.add.at(r, i, v)       torch index_add_, cupyx.scatter_add,
#                                      jax x.at[i].add(v)
# (bench/results/2026-12-05/gather/run.sh runs the GPU suite, 'scatter' included.)
#   source .devpack/env.sh && bash bench/results/2026-12-05/scatter/run.sh > $OUT/output.txt 2>&1
set -u
rm -rf .gpu/build && tar xJf .gpu/build.tar.xz -C .gpu
source .devpack/env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/build/lib/API:$LD_LIBRARY_PATH
echo "== legato (jit)"
for round in 1 2; do
  for n in 16777216 67108864; do
    for dtype in f32 f64; do
      for app in scatter add_at; do
        LEGATO_BACKEND=cuda .gpu/build/tools/legato-bench --app $app --n $n --dtype $dtype --mode jit --reps 20
      done
    done
  done
done
echo "== peers"
python3 - <<'PY'
import json, time
def timed(f, reps=20):
    f()
    ts = []
    for _ in range(reps):
        t = time.perf_counter(); f(); ts.append((time.perf_counter() - t) * 1e3)
    return sorted(ts)[len(ts) // 2]
for round_ in (1, 2):
    for n in (1 << 24, 1 << 26):
        for name in ("float32", "float64"):
            row = {"round": round_, "n": n, "dtype": name}
            try:
                import torch
                x = torch.rand(n, dtype=getattr(torch, name), device="cuda")
                v = torch.rand(n, dtype=getattr(torch, name), device="cuda")
                i = (torch.rand(n, dtype=torch.float64, device="cuda") * n).to(torch.int64)
                row["torch_scatter_ms"] = timed(lambda: (x.clone().index_put_((i,), v), torch.cuda.synchronize()))
                row["torch_add_at_ms"] = timed(lambda: (x.clone().index_add_(0, i, v), torch.cuda.synchronize()))
            except Exception as e:
                row["torch"] = str(e)[:80]
            try:
                import cupy as cp, cupyx
                x = cp.random.random(n).astype(name)
                v = cp.random.random(n).astype(name)
                i = (cp.random.random(n) * n).astype(cp.int64)
                def store():
                    r = x.copy(); r[i] = v; cp.cuda.runtime.deviceSynchronize()
                def add():
                    r = x.copy(); cupyx.scatter_add(r, i, v); cp.cuda.runtime.deviceSynchronize()
                row["cupy_scatter_ms"] = timed(store)
                row["cupy_add_at_ms"] = timed(add)
            except Exception as e:
                row["cupy"] = str(e)[:80]
            try:
                import jax, jax.numpy as jnp
                jax.config.update("jax_enable_x64", True)
                x = jnp.asarray(jax.random.uniform(jax.random.PRNGKey(0), (n,), dtype=name))
                v = jnp.asarray(jax.random.uniform(jax.random.PRNGKey(2), (n,), dtype=name))
                i = (jax.random.uniform(jax.random.PRNGKey(1), (n,)) * n).astype(jnp.int64)
                s = jax.jit(lambda x, i, v: x.at[i].set(v))
                a = jax.jit(lambda x, i, v: x.at[i].add(v))
                row["jax_scatter_ms"] = timed(lambda: s(x, i, v).block_until_ready())
                row["jax_add_at_ms"] = timed(lambda: a(x, i, v).block_until_ready())
            except Exception as e:
                row["jax"] = str(e)[:80]
            print(json.dumps(row), flush=True)
PY
