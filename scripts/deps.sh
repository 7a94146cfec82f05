#!/bin/sh
# deps.sh - install the Debian packages dcnet needs, when they are missing.
# Run by `make demo` and `make check`. As root it installs with apt-get;
# otherwise it prints the command to run. Required for building: a C
# compiler and make (present if you got here). For tests: cmocka, valgrind,
# clang (libFuzzer). Optional parts: planarity (dcnet net --planar), SCOTCH
# (dcnet embed --map scotch), Graphviz (dcnet embed --svg on file graphs),
# Open MPI (dcnet exec --backend mpi; its tests run under mpirun), GLPK
# (dcnet balance --algo optimal). For `make check`'s report test: Chromium
# (headless) with a font, and python3 for its claims check; help2man and
# groff for the man page; SCOTCH's tools (gmtst reads dcnet's mapping files
# in the tests), networkx (the independent dilation cross-check),
# jsonschema (the JSON of README's examples against docs/schema). For
# `make bench`: Intel TBB (a parallel sort baseline of
# bench_runtime). For the Python package (python/) and its pytest stage:
# python3-dev, numpy, pandas, pytest. For the SimGrid replay stage:
# python3-simgrid. For the Slurm stage: munge, slurmctld, slurmd,
# slurm-client (started by the test in a temporary directory, never by
# systemd). MPICH beside Open MPI (its broadcast checked against dcnet's
# trees); Open MPI stays the default mpicc/mpirun (update-alternatives).
set -u
pkgs="libcmocka-dev libplanarity-dev libscotch-dev graphviz pkg-config valgrind clang libopenmpi-dev openmpi-bin libglpk-dev chromium fonts-dejavu-core help2man groff-base python3 python3-networkx python3-jsonschema libtbb-dev scotch python3-dev python3-numpy python3-pandas python3-pytest python3-simgrid munge slurmctld slurmd slurm-client mpich libmpich-dev"
missing=""
for p in $pkgs; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
        missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "deps: installing$missing" >&2
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -q && apt-get install -y -q --no-install-recommends $missing; } >/tmp/dcnet-apt.log 2>&1 || {
        echo "deps: apt-get failed (see /tmp/dcnet-apt.log):" >&2
        tail -n 20 /tmp/dcnet-apt.log >&2
        exit 1
    }
    # Installing mpich must not make it the default MPI: dcnet's MPI
    # backend and its tests are built with Open MPI's mpicc.
    if [ -x /usr/bin/mpicc.openmpi ]; then
        update-alternatives --set mpi /usr/bin/mpicc.openmpi >/dev/null 2>&1 || true
        update-alternatives --set mpirun /usr/bin/mpirun.openmpi >/dev/null 2>&1 || true
    fi
else
    echo "deps: missing Debian packages:$missing" >&2
    echo "deps: install them with: sudo apt-get install$missing" >&2
fi
exit 0
