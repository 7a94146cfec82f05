#!/bin/sh
# test-optional.sh - dcnet built without its optional parts (issue 30):
# WITH_SCOTCH=0 WITH_GLPK=0 in a build directory of its own; the suites
# that hold SCOTCH's and GLPK's tests pass, and those tests are reported
# as skipped (never as passed), while the refusals they stand for run.
# Prints "optional: N passed, M failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
b=$top/build/without-optional
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "optional: $1" >&2; }
cd "$top" || exit 2
if ! make --no-print-directory -j2 BUILD="$b" WITH_SCOTCH=0 WITH_GLPK=0 "$b/dcnet" \
    "$b/tests/test_embed" "$b/tests/test_balance" >"$b.log" 2>&1; then
    bad "the build failed: $(tail -n 5 "$b.log")"
else
    out=$(sh scripts/run-tests.sh without-optional "$b/dcnet" "" "$b/tests/test_embed" \
        "$b/tests/test_balance" 2>&1 | tail -n 1)
    echo "$out"
    case $out in *" 0 failed, "*" skipped ("*) ok ;; *) bad "suites: $out" ;; esac
    for t in test_scotch test_optimal; do
        case $out in *"$t "* | *"$t)"*) ok ;; *) bad "$t is not reported as skipped: $out" ;; esac
    done
    if "$b/dcnet" embed --net debruijn:4 --tree binomial:4 --map scotch 2>&1 >/dev/null |
        grep -q "needs SCOTCH"; then ok; else bad "--map scotch is not refused with the reason"; fi
fi
echo "optional: $pass passed, $fail failed"
[ -n "${DCNET_TALLY:-}" ] && echo "$pass $fail" >>"$DCNET_TALLY"
[ "$fail" = 0 ]
