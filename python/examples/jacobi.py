#!/usr/bin/env python3
"""Dense Jacobi iterations x <- (b - R x) / d on a diagonally dominant system."""
import argparse

import apps

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("n", type=apps.count, nargs="?", default=1024, help="unknowns (1024)")
parser.add_argument("iters", type=apps.count, nargs="?", default=10, help="iterations (10)")
args = parser.parse_args()
x = apps.jacobi(*apps.jacobi_inputs(args.n), args.iters)
apps.report(f"checksum {float(apps.np.sum(x)):.17g}")
