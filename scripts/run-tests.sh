#!/bin/sh
# run-tests.sh LABEL DCNET_BIN WRAPPER TEST... - runs cmocka test programs,
# passing the CLI binary (and an optional wrapper such as valgrind) through
# the environment, counts the individual tests from cmocka's summaries, and
# prints one closing line "LABEL: N passed, M failed, K skipped (NAMES)": a
# test whose optional part is not built (SCOTCH, MPI, GLPK, planarity) or
# that cannot run under the wrapper calls cmocka's skip() and is counted
# as skipped, never as passed.
set -u
label=$1 bin=$2 wrapper=$3
shift 3
pass=0 fail=0 skipped=0 skipnames=""
log=$(mktemp)
for t in "$@"; do
    if DCNET_BIN="$bin" DCNET_WRAPPER="$wrapper" "$t" >"$log" 2>&1; then ok=1; else ok=0; fi
    cat "$log"
    p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test(s)\..*/\1/p' "$log" | tail -n 1)
    f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test(s), listed below.*/\1/p' "$log" | tail -n 1)
    k=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) test(s), listed below.*/\1/p' "$log" | tail -n 1)
    names=$(sed -n 's/^\[  SKIPPED \] \([a-z_0-9]*\)$/\1/p' "$log" | sort -u | tr '\n' ' ')
    skipped=$((skipped + ${k:-0}))
    [ -n "$names" ] && skipnames="$skipnames$names"
    pass=$((pass + ${p:-0})) # (cmocka's passed exclude the skipped)
    fail=$((fail + ${f:-0}))
    if [ "$ok" = 0 ]; then
        [ -z "$f" ] && fail=$((fail + 1)) # crashed before cmocka's summary
        echo "FAILED: $t ($label)" >&2
    fi
done
rm -f "$log"
if [ "$skipped" -gt 0 ]; then
    echo "$label: $pass passed, $fail failed, $skipped skipped (${skipnames% })"
else
    echo "$label: $pass passed, $fail failed"
fi
# tallied by `make check` for its closing line (passed, failed, skipped)
[ -n "${DCNET_TALLY:-}" ] && echo "$pass $fail $skipped" >>"$DCNET_TALLY"
[ "$fail" = 0 ]
