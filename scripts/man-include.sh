#!/bin/sh
# man-include.sh - the help2man include file for dcnet.1: a COMMANDS section
# with every command's --help text verbatim (roff-escaped), so the man page
# says what `dcnet CMD --help` says and cannot drift from it.
# Usage: scripts/man-include.sh path/to/dcnet > dcnet.h2m
set -eu
dcnet=$1
esc() { sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"; }
echo "[COMMANDS]"
# printf, not echo: dash's echo turns backslash-f into a form feed
printf '%s\n' 'Each command has its own options; \fBdcnet\fR \fICOMMAND\fR \fB\-\-help\fR prints them.'
for c in $("$dcnet" help | sed -n '/^Commands:/,/^$/p' | awk 'NF && $1 != "Commands:" && $1 != "help" {print $1}'); do
    echo ".SS \"dcnet $c\""
    echo ".nf"
    "$dcnet" "$c" --help | esc
    echo ".fi"
done
echo "[TOPICS]"
for t in nets trees maps apps formats; do
    echo ".SS \"dcnet help $t\""
    echo ".nf"
    "$dcnet" help "$t" | esc
    echo ".fi"
done
echo "[SEE ALSO]"
echo "The user guide docs/guide.md, one page per seed paper under docs/papers/, and docs/architecture.md in the dcnet sources."
