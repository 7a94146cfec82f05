#!/bin/sh
# test-build.sh - the build itself, on two fresh clones of this checkout at
# different paths (issue 30): both build byte-identical libdcnet.a and
# libdcnet.so (no path of the checkout recorded: -ffile-prefix-map, ar D),
# the shared library carries its SONAME, a CLI-private header's change
# rebuilds nothing of the library, a public header's change rebuilds
# what includes it, and the library exports its interface and nothing else. Prints "build: N passed, M failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "build: $1" >&2; }
# the working tree as it is (committed or not), copied twice
for d in one two-at-another-path; do
    mkdir -p "$scratch/$d"
    (cd "$top" && git ls-files -z --cached --others --exclude-standard |
        xargs -0 tar cf - 2>/dev/null) | (cd "$scratch/$d" && tar xf -)
done
a=$scratch/one b=$scratch/two-at-another-path
for d in "$a" "$b"; do
    (cd "$d" && make --no-print-directory -j2 build/libdcnet.a build/libdcnet.so \
        >"$d.log" 2>&1) || bad "build in $d failed: $(tail -n 5 "$d.log")"
done
for f in libdcnet.a libdcnet.so; do
    if cmp -s "$a/build/$f" "$b/build/$f"; then ok; else
        bad "$f differs between two checkouts at different paths"; fi
done
ver=$(sed -n 's/^#define DN_VERSION "\(.*\)"/\1/p' "$top/include/dcnet/base.h")
major=$(sed -n 's/^#define DN_VERSION_MAJOR \([0-9]*\)/\1/p' "$top/include/dcnet/base.h")
soname=$(readelf -d "$a/build/libdcnet.so" 2>/dev/null | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
if [ "$soname" = "libdcnet.so.$major" ] && [ -L "$a/build/libdcnet.so" ] &&
    [ "$(readlink "$a/build/libdcnet.so.$major")" = "libdcnet.so.$ver" ]; then ok; else
    bad "SONAME '$soname' (want libdcnet.so.$major), or the symlinks are wrong"; fi
# the ABI (issue 30, item 1): libdcnet.so exports exactly the functions
# include/dcnet declares (GCC's -aux-info lists them, static inline ones
# aside), plus SCOTCH's three error handlers when SCOTCH is built in
# (embed.h says why); nothing internal (bal_*, rt_*, dn_spec_int, ...)
if command -v gcc >/dev/null 2>&1; then
    printf '#include <dcnet/dcnet.h>\n' >"$scratch/decl.c"
    gcc -std=c11 -I"$top/include" -fsyntax-only -aux-info "$scratch/aux.txt" "$scratch/decl.c"
    grep 'include/dcnet/' "$scratch/aux.txt" | grep -v ' static ' |
        sed -E 's/.*[ *](dn_[A-Za-z0-9_]+) *\(.*/\1/' >"$scratch/want"
    if [ -f /usr/include/scotch/scotch.h ]; then
        printf 'SCOTCH_errorPrint\nSCOTCH_errorPrintW\nSCOTCH_errorProg\n' >>"$scratch/want"
    fi
    sort -u -o "$scratch/want" "$scratch/want"
    nm -D --defined-only "$a/build/libdcnet.so" | awk '{print $3}' | sort -u >"$scratch/have"
    extra=$(comm -13 "$scratch/want" "$scratch/have" | tr '\n' ' ')
    missing=$(comm -23 "$scratch/want" "$scratch/have" | tr '\n' ' ')
    if [ "$(wc -l <"$scratch/want")" -gt 100 ] && [ -z "$extra$missing" ]; then ok; else
        bad "libdcnet.so exports symbols not in include/dcnet: [$extra]; declared but not exported (DN_API missing? scripts/mark-api.py): [$missing]"; fi
else
    echo "build: gcc not found, the ABI symbol check skipped" >&2
fi
# a CLI-private header rebuilds no library object; a public one rebuilds
# the library objects that include it
touch "$a/src/cli/plot.h"
rebuilt=$(cd "$a" && make -n build/libdcnet.a build/dcnet 2>/dev/null | grep -E -- '-c src/' |
    sed 's/.* -c \(src\/[^ ]*\).*/\1/')
if [ -n "$rebuilt" ] && ! echo "$rebuilt" | grep -qvE '^src/(cli|report)/'; then ok; else
    bad "touching src/cli/plot.h rebuilds: $(echo $rebuilt)"; fi
(cd "$a" && make -s build/libdcnet.a build/dcnet >/dev/null 2>&1)
touch "$a/include/dcnet/net.h"
rebuilt=$(cd "$a" && make -n build/libdcnet.a 2>/dev/null | grep -E -- '-c src/' |
    sed 's/.* -c \(src\/[^ ]*\).*/\1/')
if echo "$rebuilt" | grep -q '^src/net/registry.c' && ! echo "$rebuilt" | grep -q '^src/base/rng.c'; then
    ok; else bad "touching include/dcnet/net.h rebuilds: $(echo $rebuilt)"; fi
echo "build: $pass passed, $fail failed"
[ -n "${DCNET_TALLY:-}" ] && echo "$pass $fail" >>"$DCNET_TALLY"
[ "$fail" = 0 ]
