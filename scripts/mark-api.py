#!/usr/bin/env python3
"""mark-api.py - put DN_API before every function declared in include/dcnet.

A declaration starts in column 0 with its return type and names a dn_
function; static inline helpers and typedefs are not exported and are left
alone. Idempotent: a marked line stays as it is. The ABI check (scripts/
test-build.sh) fails on a declared function that is not exported, so a
forgotten mark cannot ship; this script is the quick way to add them.
Usage: scripts/mark-api.py include/dcnet/*.h
"""
import re, sys

DECL = re.compile(r'^(?!static\b|typedef\b|DN_API\b|return\b|#)[A-Za-z_][\w \*]*\bdn_\w+\s*\(')

for path in sys.argv[1:]:
    with open(path) as f:
        lines = f.readlines()
    out = [('DN_API ' + l) if DECL.match(l) else l for l in lines]
    if out != lines:
        with open(path, 'w') as f:
            f.writelines(out)
