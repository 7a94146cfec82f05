#!/bin/sh
# bench_search.sh DCNET - issue 39's rows against the outside mappers
# (docs/placement.md, "Against the outside mappers"): complete:2:8 on
# fattree:8:3 and on torus:8x8x8, and the recorded nqueens 9 tree on
# torus:8x8x8. Each placed by SCOTCH (--map scotch: the baseline of the same
# run), by --map hier (the top-down construction alone), by --map best and
# by --map best --objective hop-bytes (best's search
# from hier, default budget). Each run's user CPU seconds (GNU time's %U;
# the machine is shared, so CPU seconds and the ratios matter, not the wall
# clock), its wall seconds, the ratio of its CPU seconds to SCOTCH's, the
# total hops over the tree's edges (the issue's figure: hop-bytes at
# weight 1), phase conflicts and the winner.
set -eu
dcnet=$1
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "## Issue 39's rows: SCOTCH against --map best and its search"
echo
echo "| network | tree | mapping | CPU seconds | wall seconds | CPU / scotch | total hops | phase conflicts |"
echo "|---|---|---|---|---|---|---|---|"
for row in "fattree:8:3 complete:2:8" "torus:8x8x8 complete:2:8" \
    "torus:8x8x8 file:docs/data/nqueens9.csv"; do
    set -- $row
    net=$1 tree=$2
    base=""
    for map in scotch hier best best-hop-bytes; do
        case $map in
        best-hop-bytes) set -- --map best --objective hop-bytes ;;
        *) set -- --map "$map" ;;
        esac
        t0=$(date +%s.%N)
        /usr/bin/time -f %U -o "$tmp/t" "$dcnet" embed --net "$net" --tree "$tree" "$@" \
            --json >"$tmp/out"
        t1=$(date +%s.%N)
        python3 - "$net" "$tree" "$map" "$(tail -n 1 "$tmp/t")" "$t0" "$t1" "${base:-0}" \
            "$tmp/out" <<'PY'
import json, sys
net, tree, map_, cpu, t0, t1, base, out = sys.argv[1:]
d = json.load(open(out))
cpu = float(cpu)
ratio = "1" if map_ == "scotch" else ("%.2f" % (cpu / float(base)) if float(base) > 0 else "-")
name = map_.replace("best-hop-bytes", "best --objective hop-bytes")
if "best" in d:
    name += " (%s)" % d["best"]["origin"]
print("| %s | %s | %s | %.2f | %.2f | %s | %d | %d |" % (
    net, tree.replace("file:docs/data/", ""), name, cpu, float(t1) - float(t0), ratio,
    d["dilation"]["total"], d["contention"]["conflicts"]))
PY
        [ "$map" = scotch ] && base=$(tail -n 1 "$tmp/t")
    done
done
