#!/bin/sh
# test-python.sh - the Python package's tests (python/tests, issue 40) with
# Debian's /usr/bin/python3 (not another python3 earlier on PATH), against
# the CLI given: python's results equal the CLI's --json on every README
# and docs/python.md example, the errors, arrays, networkx, threads, Ctrl-C
# and docs/python.md's code blocks. The package is the one built in the
# tree (make python). Skipped, with the reason, where python3-dev,
# python3-pytest or python3-numpy is missing.
# Usage: scripts/test-python.sh path/to/dcnet   Prints pytest's summary and
# "python: N passed, M failed, K skipped"; appends the counts to $DCNET_TALLY.
set -u
py=${PYTHON:-/usr/bin/python3}
top=$(cd "$(dirname "$0")/.." && pwd)
dcnet=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
tally() { [ -n "${DCNET_TALLY:-}" ] && echo "$1 $2 $3" >>"$DCNET_TALLY"; return 0; }
why=
if ! "$py" -c 'import pytest' 2>/dev/null; then why="no pytest for $py (apt-get install python3-pytest)"
elif ! ls "$top"/python/dcnet/_dcnet*.so >/dev/null 2>&1; then why="the extension is not built (no python3-dev: apt-get install python3-dev, then make)"
elif ! "$py" -c 'import numpy, pandas, networkx' 2>/dev/null; then why="python3-numpy, python3-pandas or python3-networkx missing"
fi
if [ -n "$why" ]; then
    echo "python: skipped: $why"
    tally 0 0 1
    exit 0
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
DCNET_BIN=$dcnet PYTHONDONTWRITEBYTECODE=1 "$py" -m pytest -q -p no:cacheprovider \
    --junitxml="$dir/junit.xml" "$top/python/tests"
rc=$?
set -- $("$py" - "$dir/junit.xml" <<'PY'
import sys, xml.etree.ElementTree as ET
try:
    r = ET.parse(sys.argv[1]).getroot()
    s = r if r.tag == "testsuite" else r.find("testsuite")
    t, f, e, k = (int(s.get(a, 0)) for a in ("tests", "failures", "errors", "skipped"))
    print(t - f - e - k, f + e, k)
except Exception:
    print(0, 1, 0)
PY
)
[ "$rc" != 0 ] && [ "$2" = 0 ] && set -- "$1" 1 "$3" # pytest failed outside a test
echo "python: $1 passed, $2 failed, $3 skipped"
tally "$1" "$2" "$3"
[ "$2" = 0 ]
