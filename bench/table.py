"""Tables of a CPU benchmark run, from the JSON lines of legato-bench,
hand_fused and shared/bench/peers_cpu.py: median ms per call (kernels per
call), the speed ratios, and the issue's targets checked against them.

Usage: /usr/bin/python3 table.py results.jsonl   (or the lines on stdin)
"""
import fileinput
import json
import sys

COLUMNS = ["eager", "lazy", "jit", "hand", "numpy", "numexpr"]
PEER_APPS = {"stencil10": "stencil", "cg50": "cg", "jacobi10": "jacobi"}
DTYPES = {"float64": "f64", "float32": "f32"}
# (slower, faster): the ratio slower/faster is how many times faster `faster` is.
RATIOS = [("eager", "lazy"), ("eager", "jit"), ("numpy", "lazy"), ("numpy", "jit"),
          ("hand", "lazy"), ("hand", "jit")]


def load(lines):
    """{(app, dtype, n): {who: (ms, kernels or None)}}"""
    runs = {}
    for line in lines:
        if not line.startswith("{"):
            continue
        r = json.loads(line)
        if "error" in r:
            print("note: %s failed: %s" % (r.get("peer", r.get("app")), r["error"]), file=sys.stderr)
        elif "peer" in r and r["app"] != "copy":
            key = (PEER_APPS.get(r["app"], r["app"]), DTYPES[r.get("dtype", "float64")], r["n"])
            runs.setdefault(key, {})[r["peer"]] = (r["ms"], None)
        elif "mode" in r:
            key = (r["app"], r["dtype"], r["n"])
            runs.setdefault(key, {})[r["mode"]] = (r["median_ms"], r["kernels"])
    return runs


def ratio(row, slower, faster):
    if slower in row and faster in row and row[faster][0] > 0:
        return row[slower][0] / row[faster][0]
    return None


def print_table(title, header, rows):
    print("\n" + title)
    rows = [header] + rows
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    for r in rows:
        print("  ".join(c.rjust(w) if i > 2 else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))))


def targets(runs):
    """The issue's targets, as (passed or None when unmeasured, description)."""
    def at_least(row, slower, faster, x, what):
        v = ratio(row, slower, faster)
        return (None if v is None else v >= x), "%s: %s >= %gx faster than %s (%s)" % (
            what, faster, x, slower, "-" if v is None else "%.2fx" % v)
    for (app, dtype, n), row in sorted(runs.items()):
        if not any(m in row for m in ("eager", "lazy", "jit")):
            continue  # peers alone at this size
        what = "%s %s n=%d" % (app, dtype, n)
        if app == "black_scholes" and dtype == "f64":
            for m in ("lazy", "jit"):
                yield at_least(row, "eager", m, 10, what)
                yield at_least(row, "numpy", m, 10, what)
                v = ratio(row, m, "hand")
                yield (None if v is None else v <= 1.3), "%s: %s within 1.3x of hand (%s)" % (
                    what, m, "-" if v is None else "%.2fx" % v)
            for m, ok, rule in (("eager", lambda k: k >= 60, ">= 60"),
                                ("lazy", lambda k: k == 1, "== 1"), ("jit", lambda k: k == 1, "== 1")):
                k = row.get(m, (0, None))[1]
                yield (None if k is None else ok(k)), "%s: %s kernels per call %s (%s)" % (
                    what, m, rule, "-" if k is None else k)
        if app in ("stencil", "cg"):
            for m in ("lazy", "jit"):
                yield at_least(row, "numpy", m, 3, what)


def main():
    runs = load(fileinput.input())
    keys = sorted(runs)
    print_table("median ms per call (kernels per call)", ["app", "dtype", "n"] + COLUMNS, [
        [a, d, str(n)] + ["%.2f" % runs[k][c][0] + ("" if runs[k][c][1] is None else " (%d)" % runs[k][c][1])
                          if c in runs[k] else "-" for c in COLUMNS]
        for k in keys for a, d, n in [k]])
    print_table("speed-ups (column a/b: how many times faster b is than a)", ["app", "dtype", "n"] +
                ["%s/%s" % r for r in RATIOS], [
        [a, d, str(n)] + ["-" if ratio(runs[k], *r) is None else "%.2f" % ratio(runs[k], *r) for r in RATIOS]
        for k in keys for a, d, n in [k]])
    print("\nissue targets")
    for ok, text in targets(runs):
        print("  %s  %s" % ({True: "PASS", False: "FAIL", None: "n/a "}[ok], text))


if __name__ == "__main__":
    main()
