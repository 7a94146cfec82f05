#!/bin/sh
# check-formats.sh - docs/formats.md names the commands and options that read
# and write each format; every `COMMAND --option ...` it names must be an
# option of that command's --help, so a renamed or removed option fails
# make check (test-docs) instead of leaving the page wrong. Prints
# "formats: N passed, M failed".
set -u
dcnet=$1
top=$(cd "$(dirname "$0")/.." && pwd)
page=$top/docs/formats.md
pass=0 fail=0
cmds="net tree embed simulate load balance exec sweep demo"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# every backquoted span that starts with a command name
grep -o '`[a-z]* -[^`]*`' "$page" | tr -d '`' | sort -u >"$tmp/spans"
[ -s "$tmp/spans" ] || { echo "formats: no command spans found in $page" >&2; exit 1; }
while read -r cmd rest; do
    case " $cmds " in *" $cmd "*) ;; *) continue ;; esac
    "$dcnet" "$cmd" --help >"$tmp/help" 2>&1
    for opt in $rest; do
        case $opt in -*) ;; *) continue ;; esac
        opt=${opt%%=*}
        if grep -qE -- "(^|[ ,])$opt([ =,]|\$)" "$tmp/help"; then pass=$((pass + 1)); else
            fail=$((fail + 1)); echo "formats: docs/formats.md names '$cmd $opt', which 'dcnet $cmd --help' does not list" >&2
        fi
    done
done <"$tmp/spans"
echo "formats: $pass passed, $fail failed"
[ -n "${DCNET_TALLY:-}" ] && echo "$pass $fail" >>"$DCNET_TALLY"
[ "$fail" = 0 ]
