#!/usr/bin/env python3
"""Channel flow ("CFD Python" step 12): incompressible Navier-Stokes with
pressure Poisson sweeps, periodic in x, walls in y."""
import argparse

import apps

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("n", type=apps.count, nargs="?", default=128, help="grid size (128)")
parser.add_argument("steps", type=apps.count, nargs="?", default=10, help="time steps (10)")
parser.add_argument("nit", type=apps.count, nargs="?", default=50,
                    help="pressure sweeps per step (50)")
args = parser.parse_args()
if args.n < 3:
    parser.error("the grid needs n >= 3 (two walls and a row between)")
u, v, p = apps.cfd(*apps.cfd_inputs(args.n), apps.ChannelFlow(args.n, args.nit), args.steps)
su, sv, sp = (float(apps.np.sum(w)) for w in (u, v, p))
apps.report(f"sum u {su:.17g}", f"sum v {sv:.17g}", f"sum p {sp:.17g}",
            f"checksum {su + sv + sp:.17g}")
