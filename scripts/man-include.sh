#!/bin/sh
# man-include.sh - the help2man include file for dcnet.1: a COMMANDS section
# with every command's --help text verbatim (roff-escaped), so the man page
# says what `dcnet CMD --help` says and cannot drift from it. The verbatim
# blocks start at column 0 (.in 0), so that a help line of 80 columns is a
# man line of 80 columns too (issue 29, item 13).
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
    echo ".in 0"
    "$dcnet" "$c" --help | esc
    echo ".fi"
    echo ".in"
done
echo "[TOPICS]"
for t in nets trees maps apps formats; do
    echo ".SS \"dcnet help $t\""
    echo ".nf"
    echo ".in 0"
    "$dcnet" help "$t" | esc
    echo ".fi"
    echo ".in"
done
echo "[SEE ALSO]"
echo "The user guide docs/guide.md, one page per seed paper under docs/papers/, and docs/architecture.md in the dcnet sources."
