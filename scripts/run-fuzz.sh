#!/bin/sh
# run-fuzz.sh SECONDS FUZZER... - runs each libFuzzer target for a bounded
# time on its seed corpus (fuzz/corpus/NAME); any crash fails the run.
set -u
secs=$1
shift
n=0
for f in "$@"; do
    name=$(basename "$f")
    corpus=build/fuzz/corpus-$name
    mkdir -p "$corpus"
    [ -d "fuzz/corpus/$name" ] && cp -r "fuzz/corpus/$name/." "$corpus/"
    echo "fuzz: $name for ${secs}s"
    "$f" -max_total_time="$secs" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=0 "$corpus" >"build/fuzz/$name.log" 2>&1 || {
        echo "fuzz: $name FAILED; see build/fuzz/$name.log" >&2
        tail -n 30 "build/fuzz/$name.log" >&2
        exit 1
    }
    grep -E '^#[0-9]+.*DONE' "build/fuzz/$name.log" | tail -n 1
    n=$((n + 1))
done
echo "fuzz: $n passed, 0 failed"
[ -n "${DCNET_TALLY:-}" ] && echo "$n 0" >>"$DCNET_TALLY"
exit 0
