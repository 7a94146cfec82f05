#!/bin/sh
# test-readme.sh - every `build/dcnet ...` example of README.md runs as
# printed: exit 0, or the status its comment names ("(exit N)"), and
# prints what its comment says it prints ("(prints TEXT)": TEXT on its
# standard output), within 120 s, in a scratch directory where examples/ is the repository's (so
# the files the examples name ship with dcnet and outputs land nowhere).
# The JSON of every example of a command that prints records (its own
# --json, or the example run again with --json) is checked against the
# command's schema, docs/schema/CMD.json (scripts/check-schema.py, Debian's
# python3-jsonschema), and each schema must refuse that JSON with a
# required key renamed or a key retyped (issue 29, item 15).
# Usage: scripts/test-readme.sh path/to/dcnet   Prints "readme: N passed, M failed".
set -u
dcnet=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
top=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mktemp -d)
ln -s "$top/examples" "$dir/examples"
pass=0 fail=0 schemas=0
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
    # its JSON against the command's schema
    set -- $cmd
    sub=$2
    [ -f "$top/docs/schema/$sub.json" ] || continue
    case " $cmd " in
    *" --json "*) ;;
    *) # shellcheck disable=SC2086
        (cd "$dir" && timeout 120 "$dcnet" ${cmd#build/dcnet } --json >"$dir/out" 2>"$dir/err")
        # (an output that is not a record, e.g. net --format: --json does not apply)
        [ $? = 2 ] && grep -q -- "--json" "$dir/err" && continue ;;
    esac
    json=$dir/out
    if [ ! -s "$json" ] && [ "$sub" = sweep ]; then # -o FILE: the rows are there
        json=$dir/$(echo "$cmd" | sed -n 's/.* -o \([^ ]*\).*/\1/p')
    fi
    if [ ! -s "$json" ]; then
        fail=$((fail + 1)); echo "readme: '$cmd --json' printed no JSON: $(head -c 300 "$dir/err")" >&2
    elif ! python3 "$top/scripts/check-schema.py" --planted "$top/docs/schema" "$sub" "$json" >&2; then
        fail=$((fail + 1)); echo "readme: '$cmd': its JSON and docs/schema/$sub.json disagree" >&2
    else
        pass=$((pass + 1)); schemas=$((schemas + 1))
    fi
done <"$dir/lines"
# every schema has been used on an example, and refuses a planted bad
# document (a renamed required key) on its own (demo.json: test-demo.sh;
# shard.json, a sweep shard's sidecar: tests/test_shard.c)
for s in "$top"/docs/schema/*.json; do
    sub=$(basename "$s" .json)
    grep -q "^build/dcnet $sub " "$dir/lines" || [ "$sub" = demo ] || [ "$sub" = shard ] || {
        fail=$((fail + 1)); echo "readme: no README example of '$sub' to check docs/schema/$sub.json on" >&2; }
done
printf '{"app":"max","n":100,"workers":2,"backend":"threads","mode":"static","shared":true,"seconds":0.001,"verified":"true","verify":"fast","messages":1,"byte":32}\n' >"$dir/planted.json"
if python3 "$top/scripts/check-schema.py" "$top/docs/schema" exec "$dir/planted.json" >"$dir/err" 2>&1 ||
    ! grep -q "verified: 'true' is not of type 'boolean'" "$dir/err" ||
    ! grep -q "'bytes' is a required property" "$dir/err"; then
    fail=$((fail + 1)); echo "readme: docs/schema/exec.json accepts a planted bad document: $(head -c 300 "$dir/err")" >&2
else pass=$((pass + 1)); fi
# the demo's run time is stated once: README, guide and `demo --help` agree
q=$(sed -n 's/.*`dcnet demo --quick` about \([0-9]*\) s, the full run about \([0-9]*\) s.*/\1 \2/p' "$top/README.md")
g=$(tr '\n' ' ' <"$top/docs/guide.md" | sed -n 's/.*`dcnet demo --quick` about \([0-9]*\) s, the full run about \([0-9]*\) s.*/\1 \2/p')
h=$("$dcnet" demo --help | sed -n 's/.*about \([0-9]*\) s on 2 cores (full: about \([0-9]*\) s).*/\1 \2/p')
if [ -n "$q" ] && [ "$q" = "$g" ] && [ "$q" = "$h" ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "readme: demo times differ: README '$q', guide '$g', demo --help '$h'" >&2; fi
[ "$pass" -ge 20 ] || { fail=$((fail + 1)); echo "readme: only $pass examples found" >&2; }
rm -rf "$dir"
echo "readme: $pass passed, $fail failed ($schemas examples' JSON checked against docs/schema)"
[ -n "${DCNET_TALLY:-}" ] && echo "$pass $fail" >>"$DCNET_TALLY"
[ "$fail" = 0 ]
