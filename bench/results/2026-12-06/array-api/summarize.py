"""Counts the array API suite's results in pytest -v logs (docs/PYTHON.md):
    /usr/bin/python3 summarize.py legato-part-a.log legato-part-b.log legato-part-c.log
prints the totals, then passed/failed/skipped per test file."""
import re,sys,collections
logs=sys.argv[1:]
res={}
for p in logs:
    for line in open(p):
        m=re.match(r'(array_api_tests/.*?) (PASSED|FAILED|SKIPPED|XFAIL|ERROR)\s+\[',line)
        if m: res[m.group(1)]=m.group(2)
c=collections.Counter(res.values())
print(dict(c), 'total', len(res))
byfile=collections.defaultdict(collections.Counter)
for t,r in res.items(): byfile[t.split('::')[0]][r]+=1
for f in sorted(byfile): print(f, dict(byfile[f]))
