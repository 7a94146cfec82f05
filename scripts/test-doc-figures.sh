#!/bin/sh
# test-doc-figures.sh - scripts/check-doc-figures.py catches what it is for
# (issue 28 item 14): a copy of README.md and docs/ with one computed figure
# made stale, one benchmark time typed in without a date or a source, and
# one quoted from docs/bench-results.md that the file does not hold, must
# fail with each named; the same copy unplanted must pass. Only one cheap
# computed figure is rerun (the copy's own doc-figures.txt), so this takes
# a second. Run by make test-docs.
# Usage: scripts/test-doc-figures.sh path/to/dcnet
# Prints "doc-figures self-test: N passed, M failed".
set -u
dcnet=$1
# the checker adds its own counts to make check's tally: its runs here on
# planted copies must not (their failures are this test's passes)
tally=${DCNET_TALLY:-}
unset DCNET_TALLY
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "doc-figures self-test: $1 FAILED" >&2; }

mkdir -p "$tmp/clean/scripts"
cp -r "$top/docs" "$top/README.md" "$tmp/clean/"
ln -s "$top/tests" "$tmp/clean/tests" # figures a test asserts are read there
grep '^docs/embeddings.md | table: ' "$top/scripts/doc-figures.txt" | head -1 \
    >"$tmp/clean/scripts/doc-figures.txt"
[ -s "$tmp/clean/scripts/doc-figures.txt" ] || bad "the registry line used as the sample"

# the unplanted copy passes (so a failure below is the plant's)
if python3 "$here/check-doc-figures.py" "$dcnet" "$tmp/clean" >"$tmp/clean.txt" 2>&1; then ok; else
    bad "the unplanted copy: $(tail -3 "$tmp/clean.txt")"; fi

# 1. a computed figure the code no longer gives (the demo's 0 conflicts at
# n = 4 made 3)
cp -r "$tmp/clean" "$tmp/stale"
sed -i 's/table: 0 phase conflicts at n = 4/table: 3 phase conflicts at n = 4/' \
    "$tmp/stale/docs/embeddings.md"
python3 "$here/check-doc-figures.py" "$dcnet" "$tmp/stale" >"$tmp/stale.txt" 2>&1
if [ $? = 1 ] && grep -q 'does not say "table: 0 phase conflicts at n = 4' "$tmp/stale.txt"
then ok; else bad "a stale computed figure: $(tail -3 "$tmp/stale.txt")"; fi

# 2. a benchmark time typed in by hand (the old "2.13 s" for all 4,096
# mesh roots), neither dated nor quoted from bench-results.md
cp -r "$tmp/clean" "$tmp/typed"
printf '\nAll 4,096 roots of a 64 x 64 mesh take 2.13 s.\n' >>"$tmp/typed/docs/simulator.md"
python3 "$here/check-doc-figures.py" "$dcnet" "$tmp/typed" >"$tmp/typed.txt" 2>&1
if [ $? = 1 ] && grep -q 'simulator.md:[0-9]*: 2.13 s without a date or docs/bench-results.md' \
    "$tmp/typed.txt"; then ok; else bad "a typed-in benchmark time: $(tail -3 "$tmp/typed.txt")"; fi

# 3. a figure said to come from bench-results.md that the file does not
# hold; the same sentence dated as a past measurement is accepted
cp -r "$tmp/clean" "$tmp/quoted"
printf '\nThe radix kernel is 987.25x std::sort (bench-results.md).\n' >>"$tmp/quoted/docs/benchmarks.md"
python3 "$here/check-doc-figures.py" "$dcnet" "$tmp/quoted" >"$tmp/quoted.txt" 2>&1
if [ $? = 1 ] && grep -q 'quotes bench-results.md but it does not hold 987.25x' "$tmp/quoted.txt"
then ok; else bad "a quote bench-results.md does not hold: $(tail -3 "$tmp/quoted.txt")"; fi
sed -i 's/(bench-results.md)/(measured 2026-11-21)/' "$tmp/quoted/docs/benchmarks.md"
if python3 "$here/check-doc-figures.py" "$dcnet" "$tmp/quoted" >"$tmp/dated.txt" 2>&1; then ok; else
    bad "a dated past measurement refused: $(tail -3 "$tmp/dated.txt")"; fi

echo "doc-figures self-test: $pass passed, $fail failed"
[ -n "$tally" ] && echo "$pass $fail" >>"$tally"
[ "$fail" = 0 ]
