#!/usr/bin/env python3
"""Prices n European options with Black-Scholes (about 60 elementwise
operations per option; lazily they fuse into one kernel)."""
import argparse

import apps

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("n", type=apps.count, nargs="?", default=1 << 20, help="options (2^20)")
args = parser.parse_args()
call, put = apps.black_scholes(*apps.black_scholes_inputs(args.n))
apps.report(f"checksum {float(apps.np.sum(call) + apps.np.sum(put)):.17g}")
