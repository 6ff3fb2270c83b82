#!/usr/bin/env python3
"""BiCGSTAB on the 2-D Poisson problem (matrix-free Laplacian)."""
import argparse

import apps

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("n", type=apps.count, nargs="?", default=256, help="grid size (256)")
parser.add_argument("iters", type=apps.count, nargs="?", default=50, help="iterations (50)")
args = parser.parse_args()
x, rs = apps.bicgstab(apps.bicgstab_input(args.n), args.iters)
apps.report(f"squared residual {float(rs):.6g}", f"checksum {float(apps.np.sum(x)):.17g}")
