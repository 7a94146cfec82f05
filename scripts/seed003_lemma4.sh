#!/bin/sh
# Seed 003's Lemma 4 (task reassignment in O(log^2 N)) measured with dcnet:
# the request phase of the seed's protocol (--algo spanning) on DDB(k) with
# constant loads, under length-k and shortest routes, against k^2 = log^2 N.
# Usage: scripts/seed003_lemma4.sh [path/to/dcnet] [max k]   (prints Markdown)
set -eu
D=${1:-build/dcnet}
KMAX=${2:-16}
# the number after "KEY": inside the object named OBJ
get() { sed -n "s/.*\"$1\": *{[^}]*\"$2\": *\([0-9.e+-]*\).*/\1/p"; }
echo "| k | k^2 | requests start | end, length-k | length, length-k | after the collection | length, shortest |"
echo "|---|---|---|---|---|---|---|"
k=2
while [ "$k" -le "$KMAX" ]; do
    a=$("$D" balance --net "ddb:$k" --loads const:1 --json)
    b=$("$D" balance --net "ddb:$k" --loads const:1 --routes shortest --json)
    s=$(echo "$a" | get phase_start request)
    e=$(echo "$a" | get phase_end request)
    c=$(echo "$a" | get phase_end collect)
    sb=$(echo "$b" | get phase_start request)
    eb=$(echo "$b" | get phase_end request)
    echo "| $k | $((k * k)) | $s | $e | $((e - s)) | $((e - c)) | $((eb - sb)) |"
    k=$((k + 1))
done
