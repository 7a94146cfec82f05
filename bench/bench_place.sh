#!/bin/sh
# bench_place.sh DCNET - placement on a fat tree at size (issue 31,
# "Measured"): B(n) for n = 12..16 on fattree:16:3 (4096 processors, 768
# switches) with 2^(n-12) slots a processor, so that every tree fills the
# machine: SCOTCH (the baseline of the same run) against --map best and,
# where the build has it, --map best with --refine. Each run's wall
# seconds (one run, `date` before and after: the machine is shared, so
# the ratios matter, not the seconds), average dilation, phase conflicts
# and congestion; the last column is best's time over SCOTCH's.
set -eu
dcnet=$1
echo "## Placement at size: B(n) filling fattree:16:3, SCOTCH against --map best"
echo
echo "| n | tasks | slots | mapping | seconds | time / scotch | average dilation | phase conflicts | congestion |"
echo "|---|---|---|---|---|---|---|---|---|"
refine=$("$dcnet" embed --help | grep -q -- '--refine' && echo yes || echo no)
for n in 12 13 14 15 16; do
    slots=$((1 << (n - 12)))
    base=""
    for map in scotch best best-refine; do
        set -- --map "$map"
        if [ "$map" = best-refine ]; then
            [ "$refine" = yes ] || continue
            set -- --map best --refine
        fi
        t0=$(date +%s.%N)
        out=$("$dcnet" embed --net fattree:16:3 --tree "binomial:$n" --slots "$slots" "$@" \
            --json)
        t1=$(date +%s.%N)
        python3 - "$n" "$slots" "$map" "$t0" "$t1" "${base:-0}" "$out" <<'PY'
import json, sys
n, slots, map_, t0, t1, base, out = sys.argv[1:]
d = json.loads(out)
sec = float(t1) - float(t0)
ratio = "1" if map_ == "scotch" else "%.2f" % (sec / float(base))
name = map_ if "best" not in d else "%s (%s)" % (map_, d["best"]["origin"])
print("| %s | %d | %s | %s | %.2f | %s | %.4f | %d | %d |" % (
    n, 1 << int(n), slots, name, sec, ratio, d["dilation"]["average"],
    d["contention"]["conflicts"], d["congestion"]))
PY
        [ "$map" = scotch ] && base=$(python3 -c "print($t1 - $t0)")
    done
done
