#!/usr/bin/env python3
"""Shallow-water equations by finite volumes (MUSCL, Rusanov flux, SSP-RK2),
in the style of TorchSWE."""
import argparse

import apps

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("n", type=apps.count, nargs="?", default=256, help="grid size (256)")
parser.add_argument("steps", type=apps.count, nargs="?", default=10, help="time steps (10)")
args = parser.parse_args()
if args.n < 2:
    parser.error("the grid needs n >= 2 (MUSCL's ghost cells mirror two cells)")
h, hu, hv = apps.shallow_water(*apps.swe_inputs(args.n), steps=args.steps)
apps.report(f"mass {float(apps.np.sum(h)):.17g}",
            f"checksum {float(apps.swe_energy(h, hu, hv)):.17g}")
