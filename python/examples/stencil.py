#!/usr/bin/env python3
"""Runs 5-point Jacobi sweeps over an n x n grid with a fixed boundary."""
import argparse

import apps

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("n", type=apps.count, nargs="?", default=1024, help="grid size (1024)")
parser.add_argument("iters", type=apps.count, nargs="?", default=10, help="sweeps (10)")
args = parser.parse_args()
g = apps.stencil(apps.stencil_input(args.n), args.iters)
apps.report(f"checksum {float(apps.np.sum(g)):.17g}")
