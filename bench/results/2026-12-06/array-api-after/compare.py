"""The array API suite's results after this session's changes beside those
before (../array-api, the same command without --deselect, stopped at
test_solve):
    /usr/bin/python3 compare.py
prints the totals, the tests whose result changed, and the failures by cause."""
import collections, os, re
here = os.path.dirname(os.path.abspath(__file__))
new = {}
for line in open(os.path.join(here, "results.txt")):
    status, name, message = line.rstrip("\n").split("\t")
    new[name] = (status, message)
old = {}
for part in "abc":
    for line in open(os.path.join(here, "..", "array-api", f"legato-part-{part}.log")):
        m = re.match(r"(array_api_tests/.*?) (PASSED|FAILED|SKIPPED|XFAIL|ERROR)\s+\[", line)
        if m:
            old[m.group(1)] = m.group(2)
print("after:", dict(collections.Counter(s for s, _ in new.values())), "of", len(new))
print("before:", dict(collections.Counter(old.values())), "of", len(old))
both = [n for n in new if n in old]
print("of the", len(both), "tests in both runs:",
      dict(collections.Counter(f"{old[n]} -> {new[n][0]}" for n in both)))
for n in both:
    if old[n] == "PASSED" and new[n][0] != "PASSED":
        print("  now failing:", n, "|", new[n][1])
causes = collections.Counter()
for status, message in new.values():
    if status == "FAILED":
        causes[re.sub(r"[0-9]+", "N", message)[:100]] += 1
print("failures by first line:")
for cause, n in causes.most_common():
    print(f"  {n:3d} {cause}")
