#!/bin/sh
# networks_table.sh DCNET - B(n) on today's networks (issue 20, item 5):
# for every network, every n whose 2^n tasks fit its processors (n = 6..16;
# torus:16x16x16 up to 12) and every mapping that applies (greedy and
# random and SCOTCH everywhere (on switches its terminals are the
# processors; on directed networks it sees the links undirected), the DC-cube
# as the hypercube embedding of the whole torus where 2^n fills it, and the
# seed's mesh mappings on the torus's face 0,1 where 2^n fills the face,
# seed 000's mapping D on ddb:n and lifted onto kautz:2:n with B(n-1)),
# dcnet's drb on the tori, fat trees and dragonflies, reflecting-nd and
# growing-nd on the tori (the seed's mappings on the smallest sub-box),
# and --map best (every mapping that applies, polished, the fewest conflicts
# winning; its row names the winner), the average dilation and its lower
# bound (docs/placement.md, "Bounds"), the phase and timed contention
# (conflicting pairs), and the
# simulated wormhole time of the divide stage (t_s = t_e = 1, alpha = 1/2;
# "deadlock" where the worms lock up). Each network's rows come from two
# `dcnet sweep` runs (embed, simulate) that a user can edit; every value is
# deterministic (seed 1). Prints one markdown table.
set -eu
dcnet=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "| network | processors | n | mapping | average dilation | bound | phase conflicts | timed conflicts | wormhole divide time |"
echo "|---|---|---|---|---|---|---|---|---|"
row() { # NET NMIN NMAX MAPS [SUFFIX OPTION...]: SUFFIX follows the mapping's name
    net=$1 lo=$2 hi=$3 maps=$4
    shift 4
    suffix=${1:-}
    [ $# -gt 0 ] && shift
    "$dcnet" sweep embed --var n="$lo..$hi" --var map="$maps" --net "$net" \
        --tree 'binomial:{n}' --map '{map}' "$@" --json -o "$tmp/e.jsonl" >/dev/null 2>&1 || true
    "$dcnet" sweep embed --var n="$lo..$hi" --var map="$maps" --net "$net" \
        --tree 'binomial:{n}' --map '{map}' "$@" --contention timed --json -o "$tmp/t.jsonl" \
        >/dev/null 2>&1 || true
    "$dcnet" sweep simulate --var n="$lo..$hi" --var map="$maps" --net "$net" \
        --tree 'binomial:{n}' --map '{map}' "$@" -w wormhole --json -o "$tmp/s.jsonl" \
        >/dev/null 2>&1 || true
    python3 - "$net" "$tmp/e.jsonl" "$tmp/t.jsonl" "$tmp/s.jsonl" "$suffix" <<'PY'
import json, sys
net, e, t, s, suffix = sys.argv[1:]
rows = lambda p: [json.loads(l) for l in open(p) if l.strip()]
for a, b, c in zip(rows(e), rows(t), rows(s)):
    if a.get("exit") != 0:
        continue
    time = "deadlock" if c.get("deadlock") else "%.4g" % c["time"] if c.get("exit") == 0 else "failed"
    name = a["map"] + suffix
    if a.get("best.origin"):
        name = "best (%s)" % a["best.origin"]
    print("| %s | %d | %d | %s | %.4f | %.4f | %d | %d | %s |" % (
        net, a["processors"], a["n"], name, a["dilation.average"],
        a["bound.dilation_average"], a["contention.conflicts"], b["contention.conflicts"], time))
PY
}
row torus:8x8x8 6 9 greedy,random,scotch,drb,reflecting-nd,growing-nd,dccube,best
row torus:8x8x8 6 6 dccube,reflecting,growing " (face 0,1)" --face 0,1
row torus:16x16x16 6 12 greedy,random,scotch,drb,reflecting-nd,growing-nd,dccube,best
row torus:16x16x16 8 8 dccube,reflecting,growing " (face 0,1)" --face 0,1
row fattree:4:3 6 6 greedy,random,scotch,drb,best
row fattree:8:3 6 9 greedy,random,scotch,drb,best
row dragonfly:4:2:2 6 6 greedy,random,scotch,drb,best
row dragonfly:8:4:4 6 10 greedy,random,scotch,drb,best
# SCOTCH to n = 12 here: its deco 2 target took 2.9 s a run on ddb:14 and
# 25.7 s on ddb:16 (measured), three runs a row
# and --map best (which tries SCOTCH too) to n = 12 as well
for n in 6 8 10 12 14 16; do
    sc=$([ "$n" -le 12 ] && echo ,scotch,best || true)
    row "kautz:2:$n" "$n" "$n" "greedy,random$sc"
    row "kautz:2:$n" $((n - 1)) $((n - 1)) zrl " (lifted)"
done
for n in 6 8 10 12 14 16; do
    sc=$([ "$n" -le 12 ] && echo ,scotch || true)
    bs=$([ "$n" -le 12 ] && echo ,best || true)
    row "ddb:$n" "$n" "$n" "greedy,random$sc,zrl$bs"
done
