#!/bin/sh
# test-man.sh - the generated man page documents every command and topic of
# `dcnet help`, renders with groff without warnings, and fits 80 columns.
# Usage: scripts/test-man.sh path/to/dcnet path/to/dcnet.1   Prints "man: N passed, M failed".
set -u
dcnet=$1 page=$2
pass=0 fail=0
for c in $("$dcnet" help | sed -n '/^Commands:/,/^$/p' | awk 'NF && $1 != "Commands:" && $1 != "help" {print $1}'); do
    if grep -q "^\\.SS \"dcnet $c\"" "$page" && grep -q "Usage: dcnet $c" "$page"; then
        pass=$((pass + 1)); else fail=$((fail + 1)); echo "man: command $c missing" >&2; fi
done
# no control character leaked into the page (dash's echo made "\f" a form
# feed once, and the page showed "BdcnetR ICOMMANDR")
if ! LC_ALL=C grep -q "$(printf '[\001-\010\013\014\016-\037]')" "$page"; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "man: control characters in the page" >&2; fi
if grep -q '^\.TH DCNET' "$page"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "man: no .TH" >&2; fi
if command -v groff >/dev/null; then
    warn=$(groff -man -Tutf8 -ww -z "$page" 2>&1)
    if [ -z "$warn" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "man: groff: $warn" >&2; fi
    if groff -man -Tutf8 "$page" 2>/dev/null | grep -q "dcnet exec APP"; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "man: rendered page lacks the exec usage" >&2; fi
    # every line fits 80 columns (issue 29, item 13): the help texts are
    # kept within 80 and set at column 0 (man-include.sh)
    long=$(groff -man -Tascii -rLL=80n "$page" 2>/dev/null | sed 's/.\x08//g' | awk 'length($0) > 80')
    if [ -z "$long" ]; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "man: lines over 80 columns: $(echo "$long" | head -3)" >&2; fi
    if groff -man -Tascii "$page" 2>/dev/null | sed 's/.\x08//g' | grep -q "dcnet COMMAND --help prints"; then
        pass=$((pass + 1)); else fail=$((fail + 1)); echo "man: the COMMANDS intro is garbled" >&2; fi
fi
echo "man: $pass passed, $fail failed"
[ -n "${DCNET_TALLY:-}" ] && echo "$pass $fail" >>"$DCNET_TALLY"
[ "$fail" = 0 ]
