#!/bin/sh
# test-corpus.sh - the bad-input corpus (issue 18): every case of
# tests/corpus/cases.txt ("EXIT | FRAGMENT | ARGS") runs under a time bound
# (timeout 10) and, for the release build, a memory bound (ulimit -v 2 GB;
# ASan and valgrind reserve address space of their own, so there only the
# time bound applies). Each must exit with EXIT, say FRAGMENT on stderr,
# print nothing on stdout when it fails, and leave no file behind. Then the
# output-file cases: a write past `ulimit -f`, every fatal signal in the
# middle of a write (but SIGHUP under nohup, which must not stop a sweep),
# a sweep stopped by SIGTERM (its runs stop too) or by
# SIGKILL (they stop all the same), the demo stopped by SIGHUP (its sweep,
# their runs and its work directory go), and a full disk (a small tmpfs,
# when this user may mount one) leave no file under the final name and no
# temporary file. Last, a check of the source: no file is created outside
# the one output path (src/cli/outfile.c).
# Usage: scripts/test-corpus.sh path/to/dcnet   Prints "corpus: N passed, M failed".
set -u
dcnet=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
top=$(cd "$(dirname "$0")/.." && pwd)
corpus=$top/tests/corpus
scratch=$(mktemp -d)
trap 'umount "$scratch/small" 2>/dev/null; rm -rf "$scratch"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "corpus: $1" >&2; }
limit="ulimit -v 2000000;"
case "$dcnet" in *asan*) limit="" ;; esac
[ -n "${DCNET_WRAPPER:-}" ] && limit=""

mkdir -p "$scratch/run"
while IFS= read -r line; do
    case $line in '#'* | '') continue ;; esac
    want=$(echo "$line" | cut -d'|' -f1 | tr -d ' ')
    report=0 # "1*": exit 1 with a report on stdout (a deadlocked simulation)
    case $want in *'*') want=${want%'*'}; report=1 ;; esac
    frag=$(echo "$line" | cut -d'|' -f2 | sed 's/^ //; s/ $//')
    args=$(echo "$line" | cut -d'|' -f3- | sed "s/^ //; s|@|$corpus|g; s|%|$scratch/run|g")
    (cd "$scratch/run" && eval "$limit timeout 10 ${DCNET_WRAPPER:-} \"$dcnet\" $args" \
        </dev/null >"$scratch/out" 2>"$scratch/err")
    got=$?
    frag_here=$(echo "$frag" | sed "s|@|$corpus|g; s|%|$scratch/run|g")
    left=$(ls -A "$scratch/run")
    if [ "$got" != "$want" ]; then
        bad "'$args': exit $got, expected $want: $(head -c 200 "$scratch/err")"
    elif [ "$frag" != "-" ] && ! grep -qF -- "$frag_here" "$scratch/err"; then
        bad "'$args': stderr lacks '$frag': $(head -c 200 "$scratch/err")"
    elif [ "$want" != 0 ] && [ "$report" = 0 ] && [ -s "$scratch/out" ]; then
        bad "'$args': failed but printed on stdout: $(head -c 100 "$scratch/out")"
    elif [ -n "$left" ]; then
        bad "'$args': left files behind: $left"
    else
        ok
    fi
    rm -rf "$scratch/run" && mkdir -p "$scratch/run"
done <"$corpus/cases.txt"

# output files: never a partial file under the final name, no temporary left
cd "$scratch/run" || exit 2
(ulimit -f 64; "$dcnet" net --net debruijn:16 --format edgelist -o big.txt 2>"$scratch/err")
got=$?
if [ "$got" = 1 ] && [ -z "$(ls -A)" ] && grep -q "File too large" "$scratch/err"; then ok; else
    bad "ulimit -f: exit $got, files '$(ls -A)': $(cat "$scratch/err")"; fi
# the processes under pid $1, and those under them, now
descendants() {
    for st in /proc/[0-9]*/stat; do
        p=${st#/proc/}
        echo "${p%/stat} $(sed 's/.*) [A-Za-z] //; s/ .*//' "$st" 2>/dev/null)"
    done | awk -v root="$1" '{ pp[$1] = $2 } END {
        for (p in pp) { q = pp[p]; for (n = 0; q != "" && q != root && (q in pp) && n < 64; n++) q = pp[q];
                        if (q == root) printf "%s ", p } }'
}
# those of pids $* that still run (a zombie has ended)
running() {
    for k in "$@"; do
        st=$(sed 's/.*) //; s/ .*//' "/proc/$k/stat" 2>/dev/null)
        case $st in '' | Z) ;; *) printf "%s " "$k" ;; esac
    done
}
# every fatal signal is handled as SIGTERM is (the list: src/cli/outfile.c;
# 34 and 64 are SIGRTMIN and SIGRTMAX under glibc): exit 1, the signal
# named, no file (issue 26, item 11). A shell starts a background job with
# SIGINT and SIGQUIT ignored, and dcnet keeps a signal ignored at its start
# ignored (nohup relies on it; checked after): env restores them, and
# SIGHUP's too, which is ignored when the suite itself runs under nohup.
dfl=""
env --default-signal=INT true 2>/dev/null && dfl="env --default-signal=HUP,INT,QUIT"
[ -z "$dfl" ] && echo "corpus: SIGHUP, SIGINT and SIGQUIT cases skipped: env has no --default-signal"
for sig in HUP INT QUIT TERM ALRM USR1 USR2 VTALRM PROF XCPU IO PWR 34 64; do
    case $sig in HUP | INT | QUIT) [ -z "$dfl" ] && continue ;; esac
    $dfl "$dcnet" net --net debruijn:22 --format edgelist -o big.txt 2>"$scratch/err" &
    pid=$!
    sleep 0.3
    kill -$sig "$pid" 2>/dev/null
    wait "$pid"
    got=$?
    case $sig in [0-9]*) name="signal $sig" ;; *) name=SIG$sig ;; esac
    if [ "$got" = 1 ] && [ -z "$(ls -A)" ] && grep -q "stopped by $name\$" "$scratch/err"; then ok; else
        bad "SIG$sig mid-write: exit $got, files '$(ls -A)': $(cat "$scratch/err")"; fi
    rm -f ./* ./.[!.]* 2>/dev/null
done
# under nohup (SIGHUP ignored from the start), SIGHUP stops neither a
# sweep nor its run (one of about 2 s)
nohup "$dcnet" sweep exec --var n=15 nqueens --n {n} --workers 1 -o rows.csv >/dev/null 2>&1 &
pid=$!
sleep 0.5
kill -HUP "$pid" 2>/dev/null
sent=$?
kill -HUP $(descendants "$pid") 2>/dev/null
wait "$pid"
got=$?
if [ "$sent" = 0 ] && [ "$got" = 0 ] && grep -q '^15,0,' rows.csv; then ok; else
    bad "SIGHUP under nohup: signal sent: $sent (0: yes), exit $got, files '$(ls -A)'"; fi
rm -f rows.csv rows.csv.runs nohup.out
# a sweep stopped by SIGTERM stops its runs too (they must not go on
# without it), exits 1 and writes no rows file; its journal stays for --resume
"$dcnet" sweep exec --var k=1,2 --jobs 2 nqueens --n 17 --workers 1 -o rows.csv 2>/dev/null &
pid=$!
kids=""
for i in 1 2 3 4 5 6 7 8 9 10; do
    sleep 0.2
    kids=$(awk -v p="$pid" '$4 == p { printf "%s ", $1 }' /proc/[0-9]*/stat 2>/dev/null)
    [ "$(echo $kids | wc -w)" = 2 ] && break
done
kill -TERM "$pid" 2>/dev/null
wait "$pid"
got=$?
sleep 0.5
alive=""
for k in $kids; do
    st=$(cut -d' ' -f3 "/proc/$k/stat" 2>/dev/null)
    case $st in '' | Z) ;; *) alive="$alive $k"; kill -KILL "$k" ;; esac
done
if [ "$got" = 1 ] && [ -n "$kids" ] && [ -z "$alive" ] && [ ! -e rows.csv ]; then ok; else
    bad "SIGTERM to a sweep: exit $got, runs '$kids', still running '$alive', files '$(ls -A)'"; fi
rm -f rows.csv.runs
# SIGKILL cannot be handled: the runs still stop with the sweep, by
# PR_SET_PDEATHSIG (they went on alone, reparented)
"$dcnet" sweep exec --var k=1,2 --jobs 2 nqueens --n 17 --workers 1 -o rows.csv 2>/dev/null &
pid=$!
kids=""
for i in 1 2 3 4 5 6 7 8 9 10; do
    sleep 0.2
    kids=$(descendants "$pid")
    [ "$(echo $kids | wc -w)" = 2 ] && break
done
kill -KILL "$pid" 2>/dev/null
wait "$pid" 2>/dev/null # (the shell says "Killed")
sleep 0.5
alive=$(running $kids)
[ -n "$alive" ] && kill -KILL $alive
if [ -n "$kids" ] && [ -z "$alive" ]; then ok; else
    bad "SIGKILL to a sweep: runs '$kids', still running '$alive'"; fi
rm -f rows.csv.runs
# SIGHUP to the demo while its first sweep runs: the sweep and its runs
# stop, the work directory goes, no report appears, exit 1 (a reparented
# sweep went on writing into a .demo.dcnet-tmp-* directory left behind)
$dfl "$dcnet" demo --quick --out demo >/dev/null 2>"$scratch/err" &
pid=$!
kids=""
for i in $(seq 1 50); do
    sleep 0.1
    kids=$(descendants "$pid")
    [ "$(echo $kids | wc -w)" -ge 2 ] && break # the sweep and a run of it
done
kill -HUP "$pid" 2>/dev/null
wait "$pid"
got=$?
sleep 0.3
alive=$(running $kids)
[ -n "$alive" ] && kill -KILL $alive
if [ "$got" = 1 ] && [ -n "$kids" ] && [ -z "$alive" ] && [ -z "$(ls -A)" ] &&
    grep -q "stopped by SIGHUP" "$scratch/err"; then ok; else
    bad "SIGHUP to the demo: exit $got, processes '$kids', still running '$alive', files '$(ls -A)': $(tail -n 2 "$scratch/err")"; fi
rm -rf ./* ./.[!.]*
ln -s "$scratch/target" link.svg
if "$dcnet" embed --net debruijn:4 --tree binomial:4 --map zrl --svg link.svg >/dev/null &&
    [ ! -e "$scratch/target" ] && [ -f link.svg ] && [ ! -L link.svg ]; then ok; else
    bad "an --svg over a symlink wrote through it"; fi
rm -f link.svg
mkdir -p "$scratch/small"
if mount -t tmpfs -o size=256k tmpfs "$scratch/small" 2>/dev/null; then
    "$dcnet" net --net debruijn:16 --format edgelist -o "$scratch/small/e.txt" 2>"$scratch/err"
    got=$?
    if [ "$got" = 1 ] && [ -z "$(ls -A "$scratch/small")" ] &&
        grep -q "No space left" "$scratch/err"; then ok; else
        bad "full disk: exit $got, files '$(ls -A "$scratch/small")': $(cat "$scratch/err")"; fi
    umount "$scratch/small"
else
    echo "corpus: full-disk case skipped: cannot mount a tmpfs here (needs root)"
fi
# the one output path (issue 26, section 3): no file is opened for writing
# or created anywhere but src/cli/outfile.c (tmpfile and memory streams
# have no name to follow)
hits=$(grep -nE 'fopen\([^;]*"[wa]|fopen\([^;]*"r\+|[^_a-z]creat\(|O_CREAT|O_WRONLY|O_RDWR' \
    "$top"/src/*/*.c | grep -v "^$top/src/cli/outfile.c:")
if [ -z "$hits" ]; then ok; else bad "files written outside src/cli/outfile.c: $hits"; fi
echo "corpus: $pass passed, $fail failed"
[ -n "${DCNET_TALLY:-}" ] && echo "$pass $fail" >>"$DCNET_TALLY"
[ "$fail" = 0 ]
