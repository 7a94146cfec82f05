#!/bin/sh
# The SCOTCH table of docs/embeddings.md, recomputed with dcnet: seed 000's
# mapping D (zrl) and seed 001's DC-cube against SCOTCH with each of its two
# targets built from the network (deco 0 only up to 4096 processors) and,
# on meshes, its own mesh architecture (native).
# Every column is deterministic (SCOTCH runs in a seeded deterministic
# context); mapping times are in docs/benchmarks.md, not here.
# Usage: scripts/scotch_table.sh [path/to/dcnet]   (prints Markdown)
set -eu
D=${1:-build/dcnet}
row() { # net tree map-args label
    "$D" embed --net "$1" --tree "$2" $3 --json | python3 -c '
import json, sys
r = json.load(sys.stdin)
c = r["contention"]
print("| %s | %s | %s | %.4f | %d | %d | %d | %d..%d |" % (sys.argv[1], sys.argv[2], sys.argv[3],
      r["dilation"]["average"], r["dilation"]["max"], c["conflicts"], c["max_link_load"],
      r["load"]["min"], r["load"]["max"]))' "$1" "$2" "$4"
}
echo "| network | tree | map | avg dilation | max | phase conflicts | max link load | loads |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
for n in 8 10 12 14; do
    row debruijn:$n binomial:$n "--map zrl" zrl
    [ "$n" -le 12 ] && row debruijn:$n binomial:$n "--map scotch --scotch-target deco0" "scotch (deco 0)"
    row debruijn:$n binomial:$n "--map scotch --scotch-target deco2" "scotch (deco 2)"
done
for k in 3 4 5; do
    s=$((1 << k))
    row mesh:${s}x$s binomial:$((2 * k)) "--map dccube --order desc" "dccube (desc)"
    row mesh:${s}x$s binomial:$((2 * k)) "--map scotch --scotch-target deco0" "scotch (deco 0)"
    row mesh:${s}x$s binomial:$((2 * k)) "--map scotch --scotch-target deco2" "scotch (deco 2)"
    row mesh:${s}x$s binomial:$((2 * k)) "--map scotch --scotch-target native" "scotch (native)"
done
