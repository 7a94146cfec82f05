#!/bin/sh
# Seed 002's butterfly observations, recomputed with dcnet (docs/dynamic.md).
# Usage: scripts/butterfly_observations.sh [path/to/dcnet]   (prints Markdown)
set -eu
D=${1:-build/dcnet}
H=12
field() { "$D" load "$@" --json | sed -n "s/.*\"$KEY\":\([^,}]*\).*/\1/p"; }
ratio() { KEY=ratio field "$@"; }
asym() { KEY=asymptotic field "$@"; }
echo "Complete b-ary trees of height $H: alpha_h from a level-0 and a level-1 start,"
echo "the computed alpha_inf, and the seed's conjecture (2b/(b+1))(1+1/c) (odd), 2(1+1/c) (even)."
echo
echo "| c | N | b | Delta | alpha_h, start 0,0 | alpha_h, start 1,0 | alpha_h, start c,0 | alpha_inf | conjecture |"
echo "|---|---|---|---|---|---|---|---|---|"
for c in 3 4 5 6 7 8; do
  n=$(( (c + 1) * (1 << c) ))
  for b in 2 3; do
    for d in 1 2 3 4; do
      t="complete:$b:$H"
      a0=$(ratio --net butterfly:$c --tree $t --walk $d --start 0,0)
      a1=$(ratio --net butterfly:$c --tree $t --walk $d --start 1,0)
      ac=$(ratio --net butterfly:$c --tree $t --walk $d --start $c,0)
      ai=$(asym --net butterfly:$c --tree $t --walk $d --start 0,0)
      conj=$(awk -v b=$b -v c=$c -v d=$d 'BEGIN{printf "%.6f", (d%2 ? 2*b/(b+1) : 2)*(1+1/c)}')
      printf "| %d | %d | %d | %d | %.4f | %.4f | %.4f | %.6f | %s |\n" $c $n $b $d "$a0" "$a1" "$ac" "$ai" "$conj"
    done
  done
done
echo
echo "Reproduction trees (0 or 2 children), start 0,0: alpha_M and the computed limit (1 + 1/c for odd walks)."
echo
echo "| c | Delta | M = 100 | M = 10^4 | M = 10^6 | alpha_inf (M -> inf) | 1 + 1/c |"
echo "|---|---|---|---|---|---|---|"
for c in 3 4 5 6 7 8; do
  for d in 2 3; do
    m2=$(ratio --net butterfly:$c --tree repro:100 --walk $d)
    m4=$(ratio --net butterfly:$c --tree repro:10000 --walk $d)
    m6=$(ratio --net butterfly:$c --tree repro:1000000 --walk $d)
    ai=$(asym --net butterfly:$c --tree repro:1000000 --walk $d)
    printf "| %d | %d | %.4f | %.4f | %.4f | %.6f | %.6f |\n" $c $d "$m2" "$m4" "$m6" "$ai" "$(awk -v c=$c 'BEGIN{printf "%.6f", 1+1/c}')"
  done
done
