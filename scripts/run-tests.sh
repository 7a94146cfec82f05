#!/bin/sh
# run-tests.sh LABEL DCNET_BIN WRAPPER TEST... - runs cmocka test programs,
# passing the CLI binary (and an optional wrapper such as valgrind) through
# the environment, and prints one closing summary line.
set -u
label=$1 bin=$2 wrapper=$3
shift 3
pass=0 fail=0
for t in "$@"; do
    if DCNET_BIN="$bin" DCNET_WRAPPER="$wrapper" "$t"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAILED: $t ($label)" >&2
    fi
done
echo "$label: $pass passed, $fail failed"
[ "$fail" = 0 ]
