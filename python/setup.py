"""Builds dcnet's extension for pip (pyproject.toml): libdcnet's sources and
the CLI's (src/cli and src/report without main.c) compiled into
dcnet/_dcnet, from the checkout this directory sits in. The optional parts
(SCOTCH, planarity, GLPK, MPI) are left out here: `make` finds and links
them for the in-tree build. The version is include/dcnet/base.h's."""
import glob
import os
import re

from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)


def rel(path):
    return os.path.relpath(path, HERE)


with open(os.path.join(TOP, "include", "dcnet", "base.h"), encoding="utf-8") as f:
    VERSION = re.search(r'#define DN_VERSION "([^"]+)"', f.read()).group(1)

LIB = ["base", "net", "tree", "route", "embed", "metric", "analysis", "sim", "balance", "runtime"]
sources = ["dcnet/_dcnet.c"]
for d in LIB:
    sources += sorted(rel(p) for p in glob.glob(os.path.join(TOP, "src", d, "*.c")))
for d in ("cli", "report"):
    sources += sorted(rel(p) for p in glob.glob(os.path.join(TOP, "src", d, "*.c"))
                      if os.path.basename(p) != "main.c")

setup(
    version=VERSION,
    ext_modules=[Extension(
        "dcnet._dcnet",
        sources=sources,
        include_dirs=[rel(os.path.join(TOP, "include"))],
        define_macros=[("_POSIX_C_SOURCE", "200809L"), ("_DEFAULT_SOURCE", None)],
        extra_compile_args=["-std=c11", "-fvisibility=hidden", "-O2"],
        libraries=["pthread", "m"],
    )],
)
