#!/bin/sh
# test-readme.sh - every `build/dcnet ...` example of README.md runs as
# printed: exit 0, or the status its comment names ("(exit N)"), and
# prints what its comment says it prints ("(prints TEXT)": TEXT on its
# standard output), within 120 s, in a scratch directory where examples/ is the repository's (so
# the files the examples name ship with dcnet and outputs land nowhere).
# Usage: scripts/test-readme.sh path/to/dcnet   Prints "readme: N passed, M failed".
set -u
dcnet=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
top=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mktemp -d)
ln -s "$top/examples" "$dir/examples"
pass=0 fail=0
grep '^build/dcnet ' "$top/README.md" >"$dir/lines"
while IFS= read -r line; do
    cmd=${line%%#*}
    want=0
    case $line in *"(exit "[0-9]*) want=$(echo "$line" | sed 's/.*(exit \([0-9]*\)).*/\1/') ;; esac
    # shellcheck disable=SC2086
    (cd "$dir" && timeout 120 "$dcnet" ${cmd#build/dcnet } >"$dir/out" 2>"$dir/err")
    got=$?
    prints=
    case $line in *"(prints "*")"*) prints=$(echo "$line" | sed 's/.*(prints \([^)]*\)).*/\1/') ;; esac
    if [ "$got" != "$want" ]; then
        fail=$((fail + 1)); echo "readme: '$cmd' exited $got, expected $want: $(head -c 300 "$dir/err")" >&2
    elif [ -n "$prints" ] && ! grep -qF -- "$prints" "$dir/out"; then
        fail=$((fail + 1)); echo "readme: '$cmd' does not print '$prints': $(head -c 300 "$dir/out")" >&2
    else pass=$((pass + 1)); fi
done <"$dir/lines"
# the demo's run time is stated once: README, guide and `demo --help` agree
q=$(sed -n 's/.*`dcnet demo --quick` about \([0-9]*\) s, the full run about \([0-9]*\) s.*/\1 \2/p' "$top/README.md")
g=$(tr '\n' ' ' <"$top/docs/guide.md" | sed -n 's/.*`dcnet demo --quick` about \([0-9]*\) s, the full run about \([0-9]*\) s.*/\1 \2/p')
h=$("$dcnet" demo --help | sed -n 's/.*about \([0-9]*\) s on 2 cores (full: about \([0-9]*\) s).*/\1 \2/p')
if [ -n "$q" ] && [ "$q" = "$g" ] && [ "$q" = "$h" ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "readme: demo times differ: README '$q', guide '$g', demo --help '$h'" >&2; fi
[ "$pass" -ge 20 ] || { fail=$((fail + 1)); echo "readme: only $pass examples found" >&2; }
rm -rf "$dir"
echo "readme: $pass passed, $fail failed"
[ -n "${DCNET_TALLY:-}" ] && echo "$pass $fail" >>"$DCNET_TALLY"
[ "$fail" = 0 ]
