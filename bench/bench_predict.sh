#!/bin/sh
# bench_predict.sh DCNET - predictions checked against runs (issue 21): each
# app runs on the emulated debruijn:4 (16 workers, mapping D, links of
# BW MB/s) recording its tree (--record-tree), then dcnet simulate replays
# that tree on the same network and mapping with the same links
# (debruijn:4@bw=BWMB/s,lat=0: seconds and bytes, t_s = 0, both stages,
# the tasks' work as compute time, async);
# the error is (predicted - measured) / measured. Three runs each; the
# medians are reported. Sizes chosen so that every run takes at least 1 s.
set -eu
dcnet=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "## Predicted against measured: the emulated debruijn:4, mapping D (zrl)"
echo
echo "| app | size | link MB/s | measured s (median of 3) | predicted s | error |"
echo "|---|---|---|---|---|---|"
for run in "mergesort 4000000 50" "matchain 1000000 100" "nqueens 16 1000"; do
    set -- $run
    app=$1 n=$2 bw=$3
    rows=""
    for k in 1 2 3; do
        m=$("$dcnet" exec "$app" --n "$n" --workers 16 --net debruijn:4 --map zrl \
            --bandwidth "${bw}MB/s" --record-tree "$tmp/t.csv" --json |
            python3 -c 'import json,sys; print(json.load(sys.stdin)["seconds"])')
        p=$("$dcnet" simulate --net "debruijn:4@bw=${bw}MB/s,lat=0" --tree "file:$tmp/t.csv" \
            --map zrl --json |
            python3 -c 'import json,sys; print(json.load(sys.stdin)["time"])')
        rows="$rows$m $p
"
    done
    printf '%s' "$rows" | python3 -c "
import sys
r = [tuple(map(float, l.split())) for l in sys.stdin if l.strip()]
m = sorted(x[0] for x in r)[1]
p = sorted(x[1] for x in r)[1]
print('| $app | $n | $bw | %.3f | %.3f | %+.1f%% |' % (m, p, 100 * (p - m) / m))"
done
