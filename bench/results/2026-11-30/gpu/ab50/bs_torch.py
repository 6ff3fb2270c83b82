# torch.compile's Black-Scholes f64 kernel, for ncu (3 calls; the third profiled).
import sys, torch
sys.path.insert(0, sys.argv[1]); import apps
dt = torch.float64 if sys.argv[2] == "f64" else torch.float32
n = 1 << 26
S = torch.rand(n, device="cuda", dtype=dt) * 25 + 5
X = torch.rand(n, device="cuda", dtype=dt) * 99 + 1
T = torch.rand(n, device="cuda", dtype=dt) * 9.75 + 0.25
cf = torch.compile(lambda S, X, T: apps.black_scholes(torch, S, X, T))
for _ in range(3):
    cf(S, X, T); torch.cuda.synchronize()
