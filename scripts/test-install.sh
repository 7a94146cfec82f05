#!/bin/sh
# test-install.sh - `make install` into a scratch prefix, then build and run
# a program against the installed library through pkg-config (static and
# shared), and the installed tool. Prints "install: N passed, M failed".
set -u
prefix=$(mktemp -d)
pass=0 fail=0
check() { # name command...
    name=$1
    shift
    if "$@" >/dev/null 2>"$prefix/err"; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "install: $name FAILED" >&2; cat "$prefix/err" >&2; fi
}
check "make install" make --no-print-directory install PREFIX="$prefix"
cat >"$prefix/t.c" <<'C'
#include <dcnet/dcnet.h>
#include <stdio.h>
int main(void)
{
    dn_net n;
    dn_err e;
    if (dn_net_init(&n, "debruijn:5", &e)) { puts(e.msg); return 1; }
    int ok = n.n == 32 && n.edges == 61;
    dn_net_free(&n);
    return !ok;
}
C
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
static_libs=$(pkg-config --libs --static dcnet | sed 's/-ldcnet/-Wl,-Bstatic -ldcnet -Wl,-Bdynamic/')
check "pkg-config static link" sh -c "cc -std=c11 '$prefix/t.c' -o '$prefix/t' \$(pkg-config --cflags dcnet) $static_libs && '$prefix/t'"
check "pkg-config shared link" sh -c "cc -std=c11 '$prefix/t.c' -o '$prefix/ts' \$(pkg-config --cflags --libs dcnet) -Wl,-rpath,'$prefix/lib' && '$prefix/ts'"
check "installed tool" sh -c "'$prefix/bin/dcnet' net --net ddb:4 --json | grep -q '\"edges\":32'"
# the Python package (issue 40), where it was built: Debian's python3 imports
# it from PREFIX's dist-packages and runs a command in-process
pydir=$prefix/lib/$(/usr/bin/python3 -c 'import sys; print("python%d.%d" % sys.version_info[:2])' 2>/dev/null)/dist-packages
if ls python/dcnet/_dcnet*.so >/dev/null 2>&1; then
    check "installed Python package" sh -c "cd / && PYTHONPATH='$pydir' /usr/bin/python3 -c 'import dcnet; assert dcnet.__file__.startswith(\"$pydir\"); assert dcnet.net(net=\"ddb:4\")[\"edges\"] == 32'"
fi
major=$(sed -n 's/^#define DN_VERSION_MAJOR \([0-9]*\)/\1/p' include/dcnet/base.h)
check "SONAME and symlinks" sh -c "[ -L '$prefix/lib/libdcnet.so' ] && [ -L '$prefix/lib/libdcnet.so.$major' ] &&
  readelf -d '$prefix/lib/libdcnet.so' | grep -q 'SONAME.*libdcnet.so.$major'"
# uninstall removes exactly what install wrote (the test's own files aside)
rm -f "$prefix/t.c" "$prefix/t" "$prefix/ts" "$prefix/err"
make --no-print-directory uninstall PREFIX="$prefix" >/dev/null 2>&1
left=$(find "$prefix" -not -type d)
if [ -z "$left" ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "install: uninstall left $left" >&2; fi
rm -rf "$prefix"
echo "install: $pass passed, $fail failed"
[ -n "${DCNET_TALLY:-}" ] && echo "$pass $fail" >>"$DCNET_TALLY"
[ "$fail" = 0 ]
