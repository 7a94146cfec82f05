#!/bin/sh
# placement_table.sh DCNET - placements on today's networks (issue 31,
# "Measured"): the issue's rows, each placed by every general mapping
# (greedy, random, SCOTCH, dcnet's drb), by
# --map best, and by --map best with --refine (20 moves a task for every
# candidate, objective dilation), with the average dilation and its lower
# bound (docs/placement.md, "Bounds"), phase conflicts, congestion
# (most messages on one link over the run) and the simulated wormhole time
# of the divide stage (t_s = t_e = 1, alpha = 1/2, the tree's own bytes
# for a tree file; "deadlock" where the worms lock up). Rows:
#  - B(12) on fattree:16:3, the whole machine;
#  - B(5) in a random half of fattree:4:3 (docs/data/fattree43-half.txt);
#  - B(8) on fattree:4:3 with 4 slots a processor;
#  - a recorded irregular tree: the search tree of nqueens 9 (300 tasks,
#    docs/data/nqueens9.csv) on fattree:8:3.
# Every value is deterministic (seed 1). Prints one markdown table.
set -eu
dcnet=$1
top=$(cd "$(dirname "$0")/.." && pwd)
maps=${PLACEMENT_MAPS:-greedy,random,scotch,drb,best,best+refine}
echo "| network | tree | given | mapping | average dilation | bound | phase conflicts | congestion | wormhole divide time |"
echo "|---|---|---|---|---|---|---|---|---|"
row() { # NET TREE GIVEN [OPTION...]
    net=$1 tree=$2 given=$3
    shift 3
    for map in $(echo "$maps" | tr , ' '); do
        m=${map%+refine}
        r=$([ "$m" != "$map" ] && echo --refine || true)
        e=$("$dcnet" embed --net "$net" --tree "$tree" --map "$m" $r "$@" --json 2>/dev/null) ||
            continue
        s=$("$dcnet" simulate --net "$net" --tree "$tree" --map "$m" $r "$@" -w wormhole \
            --stage divide --tree-work ignore --json 2>/dev/null) || s='{"failed":true}'
        python3 - "$net" "$tree" "$given" "$map" "$e" "$s" <<'PY'
import json, sys
net, tree, given, map_, e, s = sys.argv[1:]
e, s = json.loads(e), json.loads(s)
name = map_
if "best" in e:
    name = "%s (%s)" % (map_.replace("+refine", " --refine"), e["best"]["origin"])
time = "failed" if s.get("failed") else "deadlock" if s.get("deadlock") else "%.4g" % s["time"]
print("| %s | %s | %s | %s | %.4f | %.4f | %d | %d | %s |" % (
    net, tree.replace("file:docs/data/", ""), given, name, e["dilation"]["average"],
    e["bound"]["dilation_average"], e["contention"]["conflicts"], e["congestion"], time))
PY
    done
}
cd "$top"
row fattree:16:3 binomial:12 "whole machine"
row fattree:4:3 binomial:5 "32 of 64 processors" --alloc docs/data/fattree43-half.txt
row fattree:4:3 binomial:8 "4 slots" --slots 4
row fattree:8:3 file:docs/data/nqueens9.csv "whole machine"
