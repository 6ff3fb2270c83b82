#!/usr/bin/env python3
"""Whether two PTX files hold the same kernels, in order, up to kernel names
and label numbers: same_kernels.py ONE.ptx MANY.ptx (ptxtime's output with
and without LEGATO_X_MANY=1)."""
import re
import sys


def kernels(path):
    text = open(path).read()
    out = []
    for m in re.finditer(r'\.entry (\w+)\(', text):
        body = text[m.start():text.index('\n}\n', m.start()) + 3]
        body = body.replace(m.group(1), 'K')
        out.append(re.sub(r'\$L__BB\d+_', '$L__BB_', body))
    return out


one, many = kernels(sys.argv[1]), kernels(sys.argv[2])
same = sum(a == b for a, b in zip(one, many))
print(f'{len(one)} and {len(many)} kernels, {same} the same')
sys.exit(0 if same == len(one) == len(many) else 1)
