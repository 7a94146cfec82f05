"""Shared setup of the dcnet Python tests (python/tests, issue 40).

The package is imported from the tree (python/, the extension built there by
`make python`); the CLI that the tests compare with is build/dcnet (or
$DCNET_BIN). Only the tests run the program: the package never does.
Skipped with the reason when the extension or numpy is missing.
"""
import os
import shlex
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
DCNET = os.environ.get("DCNET_BIN", os.path.join(ROOT, "build", "dcnet"))

try:
    import numpy  # noqa: F401
    import dcnet  # noqa: F401
    MISSING = None
except ImportError as e:  # no python3-dev (no extension) or no python3-numpy
    MISSING = str(e)


def pytest_collection_modifyitems(config, items):
    if MISSING:
        skip = pytest.mark.skip(reason="dcnet Python package unavailable: %s" % MISSING)
        for item in items:
            item.add_marker(skip)


@pytest.fixture
def scratch(tmp_path, monkeypatch):
    """A scratch directory with examples/ linked in, as the current directory
    (README examples name files under examples/ and write files here)."""
    os.symlink(os.path.join(ROOT, "examples"), tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def cli(words, cwd=None):
    """Runs build/dcnet WORDS: (exit status, stdout, stderr)."""
    p = subprocess.run([DCNET] + list(words), cwd=cwd, capture_output=True, text=True,
                       timeout=300)
    return p.returncode, p.stdout, p.stderr


# the CLI's short options the examples use, and their long names
SHORT = {"-w": "switching", "-o": "output", "-j": "jobs", "-n": "net", "-t": "tree",
         "-m": "map", "-s": "seed", "-r": "root"}


def to_call(words):
    """CLI words (CMD [APP] --opt VALUE --flag ...) as (cmd, positional,
    kwargs) of the Python function: long options with dashes as
    underscores, flags True, a repeated option (sweep's --var) a list."""
    cmd, pos, kw, i = words[0], [], {}, 1
    while i < len(words):
        w = words[i]
        if w in SHORT or w.startswith("--"):
            name = SHORT.get(w, w[2:])
            if "=" in name:
                name, val = name.split("=", 1)
                i += 1
            elif i + 1 < len(words) and not words[i + 1].startswith("-"):
                val = words[i + 1]
                i += 2
            else:
                val = True
                i += 1
            key = name.replace("-", "_")
            if key in kw:
                kw[key] = (kw[key] if isinstance(kw[key], list) else [kw[key]]) + [val]
            else:
                kw[key] = val
        else:
            pos.append(w)
            i += 1
    return cmd, pos, kw


def readme_examples():
    """Every `build/dcnet ...` line of README.md, its comment cut."""
    out = []
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("build/dcnet "):
                out.append(shlex.split(line.split("#", 1)[0])[1:])
    return out
