#!/usr/bin/python3
"""NumPy side of legato-fuzz: runs a whole batch of printed programs in one
process (starting Python and importing NumPy once is most of the cost).

    /usr/bin/python3 numpy_eval.py BATCH.json RESULTS.txt

BATCH.json: {"prelude": CODE, "programs": [{"id": N, "source": CODE,
"outputs": [NAME, ...]}, ...]}. RESULTS.txt uses legato-fuzz's results format
(tools/legato-fuzz/Results.h): per program `program ID ok COUNT` and one
`array NAME DTYPE SHAPE VALUES...` line per output, or `program ID error MSG`.
Run it with Debian's interpreter, which has python3-numpy.
"""

import json
import os
import sys

import numpy as np


def format_array(name, value):
    a = np.asarray(value)
    shape = "(" + ",".join(str(d) for d in a.shape) + ")"
    flat = a.reshape(-1).tolist()
    if a.dtype.kind == "f":
        values = [float(v).hex() for v in flat]
    elif a.dtype.kind == "c":  # each value as its real and imaginary parts
        values = [float(p).hex() for v in flat for p in (v.real, v.imag)]
    else:
        values = [str(int(v)) for v in flat]
    return " ".join(["array", name, a.dtype.name, shape] + values)


def run(program, prelude_names):
    names = dict(prelude_names)
    try:
        with np.errstate(all="ignore"):
            exec(program["source"], names)
        lines = [format_array(n, names[n]) for n in program["outputs"]]
    except Exception as e:  # the program is wrong or NumPy rejects it
        message = f"{type(e).__name__}: {e}".replace("\n", " ")
        return [f"program {program['id']} error {message}"]
    return [f"program {program['id']} ok {len(lines)}"] + lines


def main():
    with open(sys.argv[1]) as f:
        batch = json.load(f)
    prelude_names = {}
    exec(batch["prelude"], prelude_names)
    out = []
    for program in batch["programs"]:
        out.extend(run(program, prelude_names))
    with open(sys.argv[2] + ".tmp", "w") as f:
        f.write("\n".join(out) + "\n")
    os.replace(sys.argv[2] + ".tmp", sys.argv[2])


if __name__ == "__main__":
    main()
