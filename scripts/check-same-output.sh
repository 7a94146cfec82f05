#!/bin/sh
# check-same-output.sh - a change that should change no behaviour changes
# none (issue 39 item 5): every `dcnet ...` example of README.md and docs/
# (fenced lines `build/dcnet ...`, `$ dcnet ...`, `dcnet ...`, continued
# lines joined; inline `dcnet SUB --net ...`), every figure that
# scripts/doc-figures.txt reruns, the placement table's rows
# (scripts/placement_table.sh: embed and simulate, every mapping, best and
# best --refine), --map best on the networks table's rows, and every help
# topic, run with two dcnet binaries; their standard output, standard
# error, exit status and the files they write must be equal byte for byte.
#
# The commands run in the order the pages give them, each binary in its own
# scratch directory (examples/ and docs/data/ linked from the checkout), so
# a file an example writes is there for the next one that reads it (guide's
# b6.csv, p.txt). What a run measures on the clock (exec's seconds, a
# sweep's timing) cannot be equal twice: where the two binaries' outputs
# differ, the old binary runs the command a second time in a third
# directory, and where its two runs differ the
# comparison is made with every number masked (counted apart, "equal up to
# run-dependent numbers"). A part (standard error, a file) whose two old
# runs differ beyond their numbers (a threads race orders a sweep's
# progress lines) is listed and left out; the command's other parts are
# still compared. A file written differently by two runs of the old binary
# (the tree a dynamic run recorded) is copied from the first run's
# directory to the others, so that the commands that read it next read
# the same input.
# Skipped, with the reason: the demo (minutes, and its report is compared
# by its own tests), MPI backends, and commands sized for a bigger machine.
#
# Usage: scripts/check-same-output.sh OLD_DCNET NEW_DCNET [--list]
#   --list: print the commands (one a line, without "dcnet") and stop;
#   SAME_FROM=I SAME_TO=J in the environment: only lines I .. J of that
#   list (a long comparison spread over several processes).
# Prints one line per difference and "same-output: N compared, E equal
# (M up to run-dependent numbers; V with a part that varies from run to
# run), D different, S skipped"; exits 1 when D > 0.
set -u
old=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
new=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
list=${3:-}
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# ---------------------------------------------------------------- commands
{
    # fenced examples and README's build/dcnet lines, continuations joined
    for f in "$top/README.md" "$top"/docs/*.md "$top"/docs/papers/*.md; do
        awk '
        /^[ \t]*```/ { fence = !fence; next }
        {
            line = $0
            if (cont) { cmd = cmd " " line }
            else if (line ~ /^[ \t]*(\$ )?(build\/)?dcnet [a-z]/ && (fence || line ~ /^build\/dcnet /)) {
                cmd = line
            } else next
            if (cmd ~ /\\[ \t]*$/) { sub(/\\[ \t]*$/, "", cmd); cont = 1; next }
            cont = 0
            print cmd
        }' "$f"
    done
    # inline examples that name a network: whole commands
    grep -ohE '`(build/)?dcnet [a-z]+ [^`]*--net [^`]*`' "$top/README.md" "$top"/docs/*.md \
        "$top"/docs/papers/*.md | tr -d '`'
    # the figures docs/ quotes from dcnet's output
    grep -v '^#' "$top/scripts/doc-figures.txt" | awk -F' [|] ' 'NF >= 4 { print "dcnet " $3 }'
    # the placement table (docs/placement.md): every mapping on its rows
    for row in "fattree:16:3 binomial:12" \
        "fattree:4:3 binomial:5 --alloc docs/data/fattree43-half.txt" \
        "fattree:4:3 binomial:8 --slots 4" "fattree:8:3 file:docs/data/nqueens9.csv"; do
        set -- $row
        net=$1 tree=$2
        shift 2
        for map in greedy random scotch drb best "best --refine"; do
            echo "dcnet embed --net $net --tree $tree --map $map $* --json"
            echo "dcnet simulate --net $net --tree $tree --map $map $* -w wormhole --stage divide --tree-work ignore --json"
        done
        echo "dcnet embed --net $net --tree $tree --map best $* --list-candidates"
    done
    # --map best on the networks table's rows (docs/networks.md), and the
    # issue's rows (issue 39)
    for n in 6 7 8 9; do echo "dcnet embed --net torus:8x8x8 --tree binomial:$n --map best --json"; done
    for n in 6 9 12; do echo "dcnet embed --net torus:16x16x16 --tree binomial:$n --map best --json"; done
    echo "dcnet embed --net fattree:4:3 --tree binomial:6 --map best --json"
    for n in 6 9; do echo "dcnet embed --net fattree:8:3 --tree binomial:$n --map best --json"; done
    for n in 6; do echo "dcnet embed --net dragonfly:4:2:2 --tree binomial:$n --map best --json"; done
    for n in 6 10; do echo "dcnet embed --net dragonfly:8:4:4 --tree binomial:$n --map best --json"; done
    for n in 6 8 10; do echo "dcnet embed --net kautz:2:$n --tree binomial:$n --map best --json"; done
    for n in 6 8; do echo "dcnet embed --net ddb:$n --tree binomial:$n --map best --json"; done
    echo "dcnet embed --net fattree:8:3 --tree complete:2:8 --map best --json"
    echo "dcnet embed --net fattree:8:3 --tree complete:2:8 --map best --objective hop-bytes --json"
    echo "dcnet embed --net torus:8x8x8 --tree complete:2:8 --map best --json"
    echo "dcnet embed --net torus:8x8x8 --tree file:docs/data/nqueens9.csv --map best --json"
    echo "dcnet embed --net fattree:4:3 --tree complete:2:5 --map best --json"
    # every mapping's refusal and help
    for t in nets trees maps formats apps; do echo "dcnet help $t"; done
    for c in net tree embed simulate load balance exec sweep; do echo "dcnet $c --help"; done
    echo "dcnet embed --net debruijn:4 --tree binomial:4 --map nosuch"
    for m in zrl cbt dccube xor reflecting growing reflecting-nd growing-nd binomial exact \
        sneptree identity random greedy scotch drb best; do
        echo "dcnet embed --net mesh:4x4 --tree binomial:4 --map $m --json"
        echo "dcnet embed --net debruijn:5 --tree binomial:5 --map $m --json"
        echo "dcnet embed --net hypercube:4 --tree cbt:3 --map $m --json"
        echo "dcnet embed --net fattree:4:2 --tree binomial:3 --map $m --root 2 --json"
    done
} | sed -e 's/^[ \t]*//' -e 's/^\$ //' -e 's/^build\///' -e 's/[ \t]#.*$//' -e 's/[ \t]*$//' \
    -e 's/^dcnet //' -e 's/  */ /g' >"$tmp/cmds"
# SAME_FROM / SAME_TO (line numbers of --list, 1-based): a part of the
# list, to spread a long comparison over several processes
sed -n "${SAME_FROM:-1},${SAME_TO:-\$}p" "$tmp/cmds" >"$tmp/cmds.part"
mv "$tmp/cmds.part" "$tmp/cmds"
if [ "$list" = --list ]; then
    cat "$tmp/cmds"
    exit 0
fi

# ------------------------------------------------------------------- runs
for d in a b c; do
    mkdir -p "$tmp/$d/docs"
    ln -s "$top/examples" "$tmp/$d/examples"
    ln -s "$top/docs/data" "$tmp/$d/docs/data"
done
# a file the examples name but do not make
for d in a b c; do
    printf 'node0 slots=2\nnode1 slots=2\nnode2 slots=2\nnode3 slots=2\n' >"$tmp/$d/hosts.txt"
    "$old" tree --tree binomial:6 --format csv -o "$tmp/$d/b6.csv" 2>/dev/null
    awk 'BEGIN { for (i = 0; i < 1024; i++) print (i * 7) % 31 }' >"$tmp/$d/loads.txt"
done
compared=0 equal=0 masked=0 differ=0 varying=0 skipped=0
mask() { sed -e 's/[0-9][0-9.e+-]*/#/g' "$1"; }
i=0
while IFS= read -r args; do
    i=$((i + 1))
    why=
    case " $args " in
    *" demo "*) why="the demo (minutes; its report has its own tests)" ;;
    *"--backend mpi"*) why="MPI backend" ;;
    *"--n 100000000 "*) why="sized for a bigger machine (800 MB)" ;;
    esac
    if [ -n "$why" ]; then
        skipped=$((skipped + 1))
        echo "same-output: skipped '$args': $why"
        continue
    fi
    run() { # DIR: runs the command there with its binary, lists the files it wrote
        bin=$old
        [ "$1" = c ] && bin=$new
        : >"$tmp/mark"
        sleep 0.01 2>/dev/null || sleep 1
        (cd "$tmp/$1" && eval "timeout 600 \"$bin\" $args" >"$tmp/$1.out" 2>"$tmp/$1.err" </dev/null
        echo $? >"$tmp/$1.rc")
        # the files this run wrote (newer than the mark), by name
        (cd "$tmp/$1" && find . -path ./examples -prune -o -path ./docs -prune -o -type f \
            -newer "$tmp/mark" -print | sort) >"$tmp/$1.files"
    }
    run a
    run c
    # the old binary's second run only where the two differ (it tells a
    # change from a run-to-run variation); else b takes a's files
    same=1
    for part in out err rc files; do cmp -s "$tmp/a.$part" "$tmp/c.$part" || same=0; done
    while IFS= read -r f; do cmp -s "$tmp/a/$f" "$tmp/c/$f" || same=0; done <"$tmp/a.files"
    if [ $same = 1 ]; then
        while IFS= read -r f; do cp "$tmp/a/$f" "$tmp/b/$f"; done <"$tmp/a.files"
        compared=$((compared + 1)) equal=$((equal + 1))
        continue
    fi
    run b
    compared=$((compared + 1))
    # each part (stdout, stderr, status, the names and the contents of the
    # files written): equal; equal up to numbers where the old binary's two
    # runs differ in numbers only; not comparable where they differ beyond
    # their numbers (listed); else different
    verdict=equal vary=
    for part in out err rc files $(sed 's|^|f:|' "$tmp/a.files"); do
        case $part in
        f:*) f=${part#f:} pa=$tmp/a/$f pb=$tmp/b/$f pc=$tmp/c/$f ;;
        *) pa=$tmp/a.$part pb=$tmp/b.$part pc=$tmp/c.$part ;;
        esac
        cmp -s "$pa" "$pc" && continue
        if cmp -s "$pa" "$pb"; then verdict="different $part"; break; fi
        if [ "$(mask "$pa")" = "$(mask "$pc")" ]; then
            [ "$verdict" = equal ] && verdict=masked
            continue
        fi
        if [ "$(mask "$pa")" = "$(mask "$pb")" ]; then verdict="different $part"; break; fi
        vary="$vary $part"
    done
    # a file that varies from run to run (the tree a dynamic run recorded)
    # is made the same in the three directories, so that the commands that
    # read it next read the same input
    while IFS= read -r f; do
        cmp -s "$tmp/a/$f" "$tmp/b/$f" && continue
        cp "$tmp/a/$f" "$tmp/b/$f" && cp "$tmp/a/$f" "$tmp/c/$f"
    done <"$tmp/a.files"
    case $verdict in
    equal | masked)
        equal=$((equal + 1))
        [ $verdict = masked ] && masked=$((masked + 1))
        if [ -n "$vary" ]; then
            varying=$((varying + 1))
            echo "same-output: '$args': the rest equal; not comparable (two runs of the old binary differ beyond numbers):$vary"
        fi ;;
    *)
        differ=$((differ + 1))
        echo "same-output: DIFFERENT ($verdict): '$args'"
        for part in out err; do
            cmp -s "$tmp/a.$part" "$tmp/c.$part" || diff "$tmp/a.$part" "$tmp/c.$part" | head -6
        done ;;
    esac
done <"$tmp/cmds"
echo "same-output: $compared compared, $equal equal ($masked up to run-dependent numbers;" \
    "$varying with a part that varies from run to run), $differ different, $skipped skipped"
[ "$differ" = 0 ]
