#!/bin/sh
# The exhaustive-search table of docs/papers/000-debruijn.md (seed 000's
# open question, end of section 6: is mapping D optimal in maximum
# dilation?). For B(n) on BDG(n): the shell bound the search starts from,
# the least maximum dilation found (--map exact, distances), the largest
# refuted d, whether they meet (settled), the search nodes, the witness's
# dilation and its conflicting pairs as the metrics measure them (D has
# none: Property 5.4), and mapping D's maximum dilation on
# shortest routes and on its own walks. n <= NMAX run with the default
# search limit; n = NMAX + 1 .. 10 with --search-limit 100000 (rows that
# show an undecided search; 10 is the largest n the search takes, 1024
# processors). Every column is deterministic (--budget 0:
# no time budget).
# Usage: scripts/seed000_exact.sh [path/to/dcnet] [NMAX]   (prints Markdown)
set -eu
D=${1:-build/dcnet}
NMAX=${2:-7}
field() { sed -n "s/.*\"$1\":\([^,}]*\).*/\1/p"; }
# the value of KEY inside the JSON object "OBJ":{...}
sub() { sed -n "s/.*\"$1\":{\([^}]*\)}.*/\1/p" | field "$2"; }

echo "| n | search limit | shell bound | least max dilation found | refuted up to | settled | search nodes | witness's max dilation (metrics) | witness's conflicts | mapping D, shortest routes | mapping D, its walks |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
n=2
while [ "$n" -le 10 ] || [ "$n" -le $((NMAX + 1)) ]; do
    set -- --net "debruijn:$n" --tree "binomial:$n"
    if [ "$n" -le "$NMAX" ]; then lim=default; else lim=100000; fi
    # --budget 0: no time budget, so every row is reproducible (the node
    # limit alone bounds the search)
    if [ "$lim" = default ]; then x=$("$D" embed "$@" --map exact --budget 0 --json)
    else x=$("$D" embed "$@" --map exact --search-limit "$lim" --budget 0 --json); fi
    s=$(echo "$x" | sed -n 's/.*"search":{\([^}]*\)}.*/\1/p')
    ds=$("$D" embed "$@" --map zrl --routes shortest --json | sub dilation max)
    dw=$("$D" embed "$@" --map zrl --json | sub dilation max)
    echo "| $n | $lim | $(echo "$s" | field lower_bound) | $(echo "$s" | field max_dilation) | $(echo "$s" | field refuted) | $(echo "$s" | field settled) | $(echo "$s" | field nodes) | $(echo "$x" | sub dilation max) | $(echo "$x" | sub contention conflicts) | $ds | $dw |"
    n=$((n + 1))
done
