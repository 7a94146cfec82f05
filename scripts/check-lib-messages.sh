#!/bin/sh
# check-lib-messages.sh - the library's messages speak of its own parameters
# (issue 30, item 6; docs/architecture.md "Error messages"): no string in
# the library's sources (src/base .. src/runtime) names a command-line flag
# ("--mem-limit", "--map zrl"). The library records the parameter at fault in
# dn_err.param and the CLI adds the flag (src/cli/suggest.c, cli_errmsg).
# Checks itself first on a planted line, then the sources.
# Usage: scripts/check-lib-messages.sh   Prints "lib-messages: ok" or the lines.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
# a C string literal holding "--" and a letter: a flag (whole strings
# first, so that the text between two strings is not taken for one)
pattern='^([^"]*"([^"\\]|\\.)*")*[^"]*"([^"\\]|\\.)*--[a-zA-Z]'
planted='        return dn_fail(err, DN_ELIMIT, "over %s (raise --mem-limit)", b);'
if ! printf '%s\n' "$planted" | grep -qE "$pattern"; then
    echo "lib-messages: the pattern misses a planted flag" >&2
    exit 1
fi
if printf '%s\n' '    return dn_fail(err, DN_ELIMIT, "over %s (raise it)", b); /* --mem-limit */' |
    grep -qE "$pattern"; then
    echo "lib-messages: the pattern flags a comment" >&2
    exit 1
fi
hits=$(cd "$top" && grep -nE "$pattern" src/base/*.c src/net/*.c src/tree/*.c src/embed/*.c \
    src/route/*.c src/metric/*.c src/search/*.c src/analysis/*.c src/sim/*.c src/balance/*.c \
    src/runtime/*.c src/*/*.h 2>/dev/null | grep -vE '^src/(cli|report)/')
if [ -n "$hits" ]; then
    echo "lib-messages: library strings name CLI flags (say the library's parameter," >&2
    echo "  dn_fail_param, and let the CLI add the flag):" >&2
    printf '%s\n' "$hits" >&2
    exit 1
fi
# every parameter the library names (dn_fail_param's third argument) has
# its option in the CLI's table (src/cli/suggest.c, param_flags)
missing=""
for p in $(cd "$top" && grep -ohE 'dn_fail_param\([^,]+, [A-Z_]+, "[a-z_ ]+"' src/*/*.c |
    sed 's/.*"\([a-z_ ]*\)"$/\1/' | tr ' ' '\n' | sort -u); do
    grep -q "{\"$p\", \"--" "$top/src/cli/suggest.c" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    echo "lib-messages: parameters without an option in src/cli/suggest.c:$missing" >&2
    exit 1
fi
echo "lib-messages: ok"

