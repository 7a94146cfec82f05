#!/bin/sh
# test-tsan.sh DCNET TEST_RUNTIME [TEST...] - the ThreadSanitizer stage of make check
# (issue 26, section 3). Both binaries are built with -fsanitize=thread
# (build/tsan); a data race ends the run with exit 66 and its report.
#  - the runtime's tests (tests/test_runtime.c: the static schedule, the
#    emulated networks' router threads, the dynamic policies), and the
#    other suites given (test_base: the thread pool behind dn_parallel_for);
#  - exec with every dynamic policy (walk, lazy, two-choices, steal, steal
#    taking one), on threads and on an emulated network, and a static run
#    whose messages cross an emulated network;
#  - parallel sweeps: the workers share the table of running children
#    (src/cli/spawn.c), where TSan found `live_pid[slot] = 0` written
#    outside the lock that another worker's scan holds.
# Prints "tsan: N passed, M failed" (the cmocka tests and the runs) and adds
# it to $DCNET_TALLY for make check's closing line.
set -u
dcnet=$1
shift
suites="$*"
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 ${TSAN_OPTIONS:-}"
pass=0 fail=0
log=$(mktemp)
out=$(mktemp)
trap 'rm -f "$log" "$out"' EXIT

for runtime in $suites; do
    if "$runtime" >"$log" 2>&1; then ok=1; else ok=0; fi
    p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test(s)\..*/\1/p' "$log" | tail -n 1)
    f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test(s), listed below.*/\1/p' "$log" | tail -n 1)
    pass=$((pass + ${p:-0}))
    fail=$((fail + ${f:-0}))
    if [ "$ok" = 0 ] || grep -q "ThreadSanitizer" "$log"; then
        [ -z "$f" ] && fail=$((fail + 1))
        echo "tsan: $runtime FAILED" >&2
        grep -A 30 "WARNING: ThreadSanitizer" "$log" | head -n 40 >&2
    fi
done

# run ROWS ARGS...: dcnet ARGS exits 0 with no race reported, and prints
# ROWS lines (- for any number)
run() {
    rows=$1
    shift
    "$dcnet" "$@" >"$out" 2>"$log"
    got=$?
    lines=$(wc -l <"$out")
    if [ "$got" = 0 ] && ! grep -q "ThreadSanitizer" "$log" &&
        { [ "$rows" = - ] || [ "$lines" = "$rows" ]; }; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "tsan: dcnet $*: exit $got, $lines lines" >&2
        grep -A 30 "WARNING: ThreadSanitizer" "$log" | head -n 40 >&2
        tail -n 3 "$log" >&2
    fi
}

for policy in walk lazy two-choices steal steal:one; do
    run - exec nqueens --n 10 --dynamic --workers 4 --policy "$policy" --json
    run - exec nqueens --n 10 --dynamic --net debruijn:2 --policy "$policy" --json
done
run - exec search --dynamic --workers 4 --policy two-choices --work 200 --json
run - exec search --dynamic --net ring:4 --policy steal --work 200 --json
run - exec mergesort --n 200000 --workers 4 --net debruijn:2 --map zrl --json
run - exec matchain --workers 4 --net mesh:2x2 --map dccube --json
# a header and 28 rows; then runs that are themselves threaded
run 29 sweep net --var n=3..30 --net ring:{n} --jobs 4
run 4 sweep exec --var p=steal,walk,two-choices --jobs 3 nqueens --n 9 --dynamic \
    --workers 2 --policy {p} --csv

echo "tsan: $pass passed, $fail failed"
[ -n "${DCNET_TALLY:-}" ] && echo "$pass $fail" >>"$DCNET_TALLY"
[ "$fail" = 0 ]
