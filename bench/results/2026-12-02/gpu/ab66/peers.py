"""sum(arange(0.5, n)) * scale, n = 2^26 f64, as gensum.cpp: JAX jit and
torch.compile on the same GPU, the best of 50 calls (each ends with the
result on the host, as legato's to_vector)."""
import time
import numpy as np

n = 1 << 26


def best(f, *args):
    f(*args)  # compile
    times = []
    for _ in range(50):
        t0 = time.perf_counter()
        r = f(*args)
        times.append(time.perf_counter() - t0)
    return min(times) * 1e3, r


import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
jf = jax.jit(lambda s: jnp.sum(jnp.arange(0.5, n, 1, dtype=jnp.float64)) * s)
ms, r = best(lambda s: float(jf(s)), jnp.float64(0.5))
print("jax: best %.4f ms result %.6e" % (ms, r))

import torch
tf = torch.compile(lambda s: torch.sum(torch.arange(0.5, n, 1, dtype=torch.float64, device="cuda")) * s)
ms, r = best(lambda s: float(tf(s)), torch.tensor(0.5, dtype=torch.float64, device="cuda"))
print("torch.compile: best %.4f ms result %.6e" % (ms, r))
print("numpy:", np.sum(np.arange(0.5, n, 1, dtype=np.float64)) * 0.5)
