#!/bin/sh
# The table of MPI's numberings in docs/trees.md (issue 29, item 8): one
# broadcast tree of 64 tasks numbered three ways (seed 000's binomial:6,
# Open MPI's binomial ompi-bcast:64@binomial, MPICH's mpich-bcast:64), and
# the tree Open MPI 4.1 runs by default on 64 ranks (ompi-bcast:64, its
# knomial tree of radix 4 at every size; issue 38), placed on a
# fat-tree and a de Bruijn graph. Identity is MPI's default layout (rank r
# on processor r); greedy sees only the tree's shape, so it cannot tell the
# numberings apart; SCOTCH sees the numbering through the graph it is given;
# zrl goes through the renaming onto B(6); the bit reversal (a placement
# file in examples/) puts Open MPI's rank r where identity puts MPICH's
# rank with r's bits reversed, the same tree drawn the same way. Times: simulate -w saf,
# every message the whole buffer (--alpha 1, as MPI_Bcast sends it), with the
# seeds' one send per phase (steps), and with every send of a task posted
# as soon as its data is in (--schedule async --ports all, Open MPI's
# isend-all). Every column is deterministic.
# Usage: scripts/mpi_table.sh [path/to/dcnet]   (prints Markdown)
set -eu
D=${1:-build/dcnet}
row() { # net tree map [label]
    e=$("$D" embed --net "$1" --tree "$2" --map "$3" --json)
    s=$("$D" simulate --net "$1" --tree "$2" --map "$3" -w saf --alpha 1 --json)
    a=$("$D" simulate --net "$1" --tree "$2" --map "$3" -w saf --alpha 1 --schedule async --ports all --json)
    printf '%s\n%s\n%s\n' "$e" "$s" "$a" | python3 -c '
import json, sys
e, s, a = (json.loads(l) for l in sys.stdin.read().splitlines())
c = e["contention"]
print("| %s | %s | %s | %.2f | %d | %d | %d | %.6g | %.6g |" % (sys.argv[1], sys.argv[2],
      sys.argv[3], e["dilation"]["average"], e["dilation"]["max"], c["conflicts"],
      c["max_link_load"], s["time"], a["time"]))' "$1" "$2" "${4:-$3}"
}
echo "| network | tree | map | avg dilation | max | phase conflicts | max link load | time (steps) | time (async, all ports) |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for map in identity greedy scotch; do
    for tree in binomial:6 ompi-bcast:64 ompi-bcast:64@binomial mpich-bcast:64; do
        row fattree:4:3 $tree $map
    done
done
row fattree:4:3 ompi-bcast:64@binomial file:examples/ompi-bcast64-bitrev.txt "bit reversal (file)"
for tree in binomial:6 ompi-bcast:64@binomial mpich-bcast:64; do
    row debruijn:6 $tree zrl
done
