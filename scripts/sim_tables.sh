#!/bin/sh
# The simulator tables of docs/simulator.md, recomputed with dcnet.
# Usage: scripts/sim_tables.sh [path/to/dcnet] [max k] [max n]   (prints Markdown)
# Defaults: k = 2..6 on 2^k x 2^k meshes (every root), n = 8..16 on BDG(n).
set -eu
D=${1:-build/dcnet}
KMAX=${2:-6}
NMAX=${3:-16}
field() { sed -n "s/.*\"$1\":\([^,}]*\).*/\1/p"; }
sim() { "$D" simulate "$@" --json; }

echo "Seed 001's arbitrary-root scenario: division stage of B(2k) on the 2^k x 2^k mesh,"
echo "averaged over all 4^k roots (t_s = t_e = 1; each cell: average t_s coefficient +"
echo "average t_e coefficient, i.e. the critical path's). S = DC-cube (paired order for"
echo "saf, descending for wormhole), A/B = Growing approaches, R = Reflecting (approach A)."
echo
echo "| k | alpha | switching | S | A | B | R | A/S (t_e) | B/S (t_e) |"
echo "|---|---|---|---|---|---|---|---|---|"
k=2
while [ "$k" -le "$KMAX" ]; do
  s=$((1 << k)); net="mesh:${s}x$s"; tree="binomial:$((2 * k))"
  for a in 1 1/2; do
    for sw in saf wormhole; do
      if [ "$sw" = saf ]; then ord=paired; else ord=desc; fi
      S=$(sim --net $net --tree $tree --map dccube --order $ord -w $sw --alpha $a --all-roots)
      A=$(sim --net $net --tree $tree --map growing --approach a -w $sw --alpha $a --all-roots)
      B=$(sim --net $net --tree $tree --map growing --approach b -w $sw --alpha $a --all-roots)
      R=$(sim --net $net --tree $tree --map reflecting -w $sw --alpha $a --all-roots)
      cell() { printf "%s t_s + %s t_e" "$(echo "$1" | field ts_coeff)" "$(echo "$1" | field te_coeff)"; }
      ra=$(awk -v x="$(echo "$A" | field te_coeff)" -v y="$(echo "$S" | field te_coeff)" 'BEGIN{printf "%.2f", x/y}')
      rb=$(awk -v x="$(echo "$B" | field te_coeff)" -v y="$(echo "$S" | field te_coeff)" 'BEGIN{printf "%.2f", x/y}')
      printf "| %d | %s | %s | %s | %s | %s | %s | %s | %s |\n" $k $a $sw "$(cell "$S")" \
        "$(cell "$A")" "$(cell "$B")" "$(cell "$R")" "$ra" "$rb"
    done
  done
  k=$((k + 1))
done

echo
echo "Mapping D (zrl) vs SCOTCH's placement (each of its two targets, deco 0 up to"
echo "4096 processors) vs a random placement: division stage of B(n) on BDG(n),"
echo "alpha = 1/2, t_s = t_e = 1, wormhole and saf; SCOTCH and random route by"
echo "shortest paths. Optimum under wormhole: n t_s + (1 - 2^-n) t_e."
echo
echo "| n | map | wormhole time | conflicts | saf time | conflicts |"
echo "|---|---|---|---|---|---|"
n=8
cell2() { # time and conflicts, or the deadlock
  if [ "$(echo "$1" | field deadlock)" = true ]; then
    printf "deadlock (%s of %s blocked) | %s" "$(echo "$1" | field blocked)" \
      "$(echo "$1" | field messages)" "$(echo "$1" | field conflicts)"
  else
    printf "%.4f | %s" "$(echo "$1" | field time)" "$(echo "$1" | field conflicts)"
  fi
}
while [ "$n" -le "$NMAX" ]; do
  for map in zrl scotch:deco0 scotch:deco2 random; do
    case $map in
      scotch:*) [ "${map#scotch:}" = deco0 ] && [ "$n" -gt 12 ] && continue
                args="--map scotch --scotch-target ${map#scotch:}"
                label="scotch (${map#scotch:})" ;;
      *) args="--map $map"; label=$map ;;
    esac
    # shellcheck disable=SC2086
    W=$(sim --net debruijn:$n --tree binomial:$n $args -w wormhole 2>/dev/null) || true
    if [ -z "$W" ]; then continue; fi
    # shellcheck disable=SC2086
    F=$(sim --net debruijn:$n --tree binomial:$n $args -w saf)
    printf "| %d | %s | %s | %s |\n" $n "$label" "$(cell2 "$W")" "$(cell2 "$F")"
  done
  n=$((n + 2))
done
