#!/bin/sh
# compare_best.sh BEFORE AFTER - `--map best` before and after a change
# (issue 39: the search never behind today's best): every --map best row of
# docs/networks.md (scripts/networks_table.sh) and docs/placement.md
# (scripts/placement_table.sh, plain and with --refine) placed by both
# binaries, seed 1, and compared by best's own lexicographic rule (phase
# conflicts, max link load, hop-bytes, congestion, average dilation). Prints
# one line a row (before, after, "same", "better" or "WORSE", and both
# user CPU times) and exits 1 if any row is worse. Build the before binary
# from the commit to compare with, e.g.
#   git worktree add /tmp/before ad7af3e && make -C /tmp/before build/dcnet
# Runs every row twice: minutes on a loaded machine.
set -eu
before=$1 after=$2
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
worse=0
one() { # BIN OUT ARGS...: the JSON, and the user CPU seconds in OUT.t
    bin=$1 out=$2
    shift 2
    /usr/bin/time -f %U -o "$out.t" "$bin" embed "$@" --json >"$out" 2>/dev/null || echo '{}' >"$out"
}
row() { # ARGS...
    one "$before" "$tmp/b" "$@"
    one "$after" "$tmp/a" "$@"
    python3 - "$tmp/b" "$tmp/a" "$*" <<'PY' || worse=1
import json, sys
b, a, args = sys.argv[1:]
def key(p):
    d = json.load(open(p))
    if "contention" not in d:
        return None, "-"
    c = d["contention"]
    return (c["conflicts"], c["max_link_load"], round(d["hop_bytes"], 9), d["congestion"],
            round(d["dilation"]["average"], 12)), d.get("best", {}).get("origin", "-")
kb, ob = key(b)
ka, oa = key(a)
tb = open(b + ".t").read().strip().splitlines()[-1]
ta = open(a + ".t").read().strip().splitlines()[-1]
if kb is None and ka is None:
    verdict = "same (refused)"
elif kb is None or ka is None:
    verdict = "WORSE" if ka is None else "better"
else:
    verdict = "same" if ka == kb else "better" if ka < kb else "WORSE"
print("%-70s | %s %s | %s %s | %s | %ss %ss" % (args, kb, ob, ka, oa, verdict, tb, ta))
sys.exit(1 if verdict == "WORSE" else 0)
PY
}
# docs/networks.md: B(n) rows with best
for n in 6 7 8 9; do row --net torus:8x8x8 --tree binomial:$n --map best; done
for n in 6 7 8 9 10 11 12; do row --net torus:16x16x16 --tree binomial:$n --map best; done
row --net fattree:4:3 --tree binomial:6 --map best
for n in 6 7 8 9; do row --net fattree:8:3 --tree binomial:$n --map best; done
row --net dragonfly:4:2:2 --tree binomial:6 --map best
for n in 6 7 8 9 10; do row --net dragonfly:8:4:4 --tree binomial:$n --map best; done
for n in 6 8 10 12; do
    row --net kautz:2:$n --tree binomial:$n --map best
    row --net ddb:$n --tree binomial:$n --map best
done
# docs/placement.md: the issue-31 rows, plain and with --refine, and the
# issue-39 rows
for r in "" --refine; do
    row --net fattree:16:3 --tree binomial:12 --map best $r
    row --net fattree:4:3 --tree binomial:5 --alloc docs/data/fattree43-half.txt --map best $r
    row --net fattree:4:3 --tree binomial:8 --slots 4 --map best $r
    row --net fattree:8:3 --tree file:docs/data/nqueens9.csv --map best $r
done
row --net fattree:8:3 --tree complete:2:8 --map best
row --net torus:8x8x8 --tree complete:2:8 --map best
row --net torus:8x8x8 --tree file:docs/data/nqueens9.csv --map best
exit $worse
